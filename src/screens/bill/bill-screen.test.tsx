// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxConfig } from '#domain/loan-types.ts';
import { formatPeso } from '#domain/money.ts';
import { addDays } from '#domain/calendar-date.ts';
import { accrue, allocate, extend, extensionTerms, type Ledger } from '#domain/loan-ledger.ts';
import { capsFor } from '#domain/regulation.ts';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { disbursedView, paymentView, TODAY } from '#src/testing/loan-views.ts';
import { loanProduct, pricing } from '#src/loans/pricing.ts';
import { liveQuote } from '#src/loans/quote.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import BillScreen from './bill-screen.tsx';

const en = readCatalogs('loan').en;
const text = (key: string) => en[key] ?? `missing ${key}`;
const figure = (id: string) => document.querySelector(`[data-figure="${id}"] dd`)?.textContent;
// A ₱5,000 / 30-day loan made on April 1, three days overdue on May 4: penalties accrued, the extension offered.
const standardSub = loanProduct.subProducts[0]!;
const repaying = disbursedView(
  standardSub.id,
  500000,
  30,
  '2026-04-01',
  TODAY,
  (l) => accrue(l, standardSub, capsFor(pricing, '2026-04-01'), TODAY).ledger,
);
// An instalment order (Cash Plus, 2 instalments over 60 days) as the server answers it while repaying.
const plusSub = loanProduct.subProducts.find((s) => s.id === 'plus')!;
const plusQuote = liveQuote(plusSub, 600000, 60, '2026-04-01')!;
const [p1, p2] = plusQuote.plan as [(typeof plusQuote.plan)[0], (typeof plusQuote.plan)[0]];
/** Instalment 1 paid on its due date (its interest accrued to it first). */
const payFirst = (l: Ledger) =>
  allocate(accrue(l, plusSub, capsFor(pricing, '2026-04-01'), p1.dueDate).ledger, p1.amountCentavos, p1.dueDate).ledger;
const firstInstalment = disbursedView(plusSub.id, 600000, 60, '2026-04-01', '2026-04-20');
// Instalment 1 paid on its due date, instalment 2 three days overdue with its penalties.
const lateDay = addDays(p2.dueDate, 3);
const lateSecond = disbursedView(
  plusSub.id,
  600000,
  60,
  '2026-04-01',
  lateDay,
  (l) => accrue(payFirst(l), plusSub, capsFor(pricing, '2026-04-01'), lateDay).ledger,
);
const penalties = lateSecond.lateFineCentavos + lateSecond.damagesCentavos;
const planStatus = () =>
  [...document.querySelectorAll('.loan-plan tbody tr')].map((row) => [
    row.getAttribute('data-status'),
    row.querySelector('.loan-plan-status')?.textContent,
  ]);

const render = (order = repaying) => {
  return renderScreen(<BillScreen />, { namespaces: ['loan', 'errors'], path: `/bill?order=${order.id}` });
};

beforeEach(() => logIn());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BillScreen', () => {
  it('shows every figure of the order', async () => {
    mockApi({ [`GET /loans/${repaying.id}`]: { body: repaying } });
    await render();
    expect(repaying.overdueDays).toBe(3);
    expect((await screen.findByTestId('amount-due')).textContent).toBe(formatPeso(repaying.amountDueCentavos));
    expect(figure('orderNo')).toBe(repaying.orderNo);
    expect(figure('principal')).toBe(formatPeso(repaying.principalCentavos));
    expect(figure('interest')).toBe(formatPeso(repaying.quote.interestCentavos));
    expect(figure('received')).toBe(formatPeso(repaying.quote.receivedCentavos));
    expect(figure('lateFine')).toBe(formatPeso(repaying.lateFineCentavos));
    expect(figure('damages')).toBe(formatPeso(repaying.damagesCentavos));
    expect(figure('extensionAmount')).toBe(formatPeso(repaying.extension!.amountCentavos));
    expect(figure('amountRepaid')).toBe(formatPeso(0));
    expect(figure('overdueDays')).toBe(text('picker.days_other').replace('{{count}}', '3'));
    expect(figure('repaymentDate')).toBe('May 1, 2026');
    expect(figure('dailyRate')).toBe('0.1%');
    // The plan tells the headline's story: one period, overdue, all of it left.
    expect(planStatus()).toEqual([['overdue', text('plan.state.overdue')]]);
    expect(document.querySelector('[data-cell="left"]')!.textContent).toBe(formatPeso(repaying.amountDueCentavos));
    expect(screen.getAllByText(text('due.overdue_other').replace('{{count}}', '3')).length).toBeGreaterThan(0);
  });

  it('shows no tax line by default, and the configured label once a tax is switched on', async () => {
    mockApi({ [`GET /loans/${repaying.id}`]: { body: repaying } });
    await render();
    await screen.findByTestId('amount-due');
    expect(figure('tax')).toBeUndefined();
    cleanup();
    const config = pricing as { tax?: TaxConfig | null };
    const before = config.tax;
    config.tax = { labelKey: 'loan.tax.gst', ratePpm: 180_000, on: 'serviceFee' };
    try {
      const taxed = liveQuote(
        loanProduct.subProducts[0]!,
        repaying.principalCentavos,
        repaying.termDays,
        '2026-04-01',
      )!;
      const order = { ...repaying, quote: taxed };
      mockApi({ [`GET /loans/${order.id}`]: { body: order } });
      await render(order);
      await screen.findByTestId('amount-due');
      expect(figure('tax')).toBe(formatPeso(taxed.taxCentavos));
      expect(taxed.taxCentavos).toBeGreaterThan(0);
      expect(document.querySelector('[data-figure="tax"] dt')?.textContent).toBe(text('tax.gst'));
    } finally {
      config.tax = before;
    }
  });

  it('offers to settle and to extend with the new due date and amount, and pays through the chosen channel', async () => {
    const offer = repaying.extension!;
    const payment = paymentView({ kind: 'extend', channel: 'bank', amountCentavos: offer.amountCentavos });
    const calls = mockApi({
      [`GET /loans/${repaying.id}`]: { body: repaying },
      [`POST /loans/${repaying.id}/payments`]: { status: 201, body: payment },
    });
    await render();
    const settle = await screen.findByTestId('settle');
    expect(settle.textContent).toContain(text('bill.settle'));
    expect(settle.textContent).toContain(formatPeso(repaying.amountDueCentavos));
    const extend = screen.getByTestId('extend');
    expect(extend.textContent).toContain(text('bill.extend_other').replace('{{count}}', String(pricing.extensionDays)));
    expect(extend.textContent).toContain(formatPeso(offer.amountCentavos));
    expect(extend.textContent).toContain(
      text('bill.extendThen')
        .replace('{{date}}', 'May 9, 2026')
        .replace('{{amount}}', formatPeso(offer.newAmountDueCentavos)),
    );
    // What the amount covers: the fee for the extra days and the interest and fees due now; penalties waived, if any.
    const covers = screen.getByTestId('extend-covers').textContent;
    if (offer.amountCentavos > offer.feeCentavos) {
      expect(covers).toBe(
        text('bill.extendCovers_other')
          .replace('{{fee}}', formatPeso(offer.feeCentavos))
          .replace('{{count}}', String(pricing.extensionDays))
          .replace('{{interest}}', formatPeso(offer.amountCentavos - offer.feeCentavos)),
      );
    } else {
      expect(covers).toBe(text('bill.extendCoversFee_other').replace('{{count}}', String(pricing.extensionDays)));
    }
    if (offer.waivedCentavos > 0)
      expect(extend.textContent).toContain(
        text('bill.extendWaives').replace('{{amount}}', formatPeso(offer.waivedCentavos)),
      );
    else expect(extend.textContent).not.toContain(text('bill.extendWaives').split('{{')[0]!);

    fireEvent.click(extend.querySelector('input')!);
    fireEvent.click(screen.getByRole('radio', { name: text('payment.channel.bank') }));
    fireEvent.click(
      screen.getByRole('button', { name: text('bill.pay').replace('{{amount}}', formatPeso(offer.amountCentavos)) }),
    );
    await screen.findByText(`/repaidDetail?payment=${payment.id}`);
    const [post] = callsTo(calls, 'POST', `/loans/${repaying.id}/payments`);
    expect(post!.body).toEqual({ kind: 'extend', channel: 'bank' });
    expect(post!.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });

  it('offers no extension when the order has none', async () => {
    const noExtension = { ...repaying, extension: null };
    mockApi({ [`GET /loans/${repaying.id}`]: { body: noExtension } });
    await render(noExtension);
    expect(await screen.findByTestId('settle')).toBeTruthy();
    expect(screen.queryByTestId('extend')).toBeNull();
    expect(screen.queryByTestId('instalment')).toBeNull();
    // Five columns on a phone: each period's state sits under its due date.
    expect(document.querySelectorAll('.loan-plan thead th')).toHaveLength(5);
    expect(document.querySelector('.loan-plan tbody .loan-plan-date .loan-plan-status')).not.toBeNull();
  });

  it('shows a refusal and retries the same choice with the same key', async () => {
    const calls = mockApi({
      [`GET /loans/${repaying.id}`]: { body: repaying },
      [`POST /loans/${repaying.id}/payments`]: ['network', { status: 201, body: paymentView() }],
    });
    await render();
    fireEvent.click((await screen.findByTestId('settle')).querySelector('input')!);
    const pay = screen.getByRole('button', {
      name: text('bill.pay').replace('{{amount}}', formatPeso(repaying.amountDueCentavos)),
    });
    fireEvent.click(pay);
    expect(await screen.findByText(readCatalogs('errors').en['NETWORK_ERROR']!)).toBeTruthy();
    pay.style.pointerEvents = '';
    delete pay.dataset['guarded'];
    fireEvent.click(pay);
    await screen.findByText(`/repaidDetail?payment=${paymentView().id}`);
    const posts = callsTo(calls, 'POST', `/loans/${repaying.id}/payments`);
    expect(posts.map((p) => p.body)).toEqual([
      { kind: 'settle', channel: 'eWallet' },
      { kind: 'settle', channel: 'eWallet' },
    ]);
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
  });

  it('shows the term, the interest and the extension fees as they stand once a loan was extended', async () => {
    const caps = capsFor(pricing, '2026-04-01');
    const rules = { caps, extensionDays: pricing.extensionDays, windowDays: pricing.expiringDays };
    // Extended on its due date (May 1), seen on May 4: 38 days, 38 days of interest on the plan, one fee.
    const extended = disbursedView(standardSub.id, 500000, 30, '2026-04-01', TODAY, (l) => {
      const due = accrue(l, standardSub, caps, '2026-05-01').ledger;
      return extend(due, extensionTerms(due, standardSub, rules, '2026-05-01')!, pricing.extensionDays, '2026-05-01')
        .ledger;
    });
    mockApi({ [`GET /loans/${extended.id}`]: { body: extended } });
    await render(extended);
    await screen.findByTestId('amount-due');
    expect(extended.extensionCount).toBe(1);
    expect(figure('term')).toBe(text('picker.days_other').replace('{{count}}', '38'));
    expect(figure('interest')).toBe(formatPeso(Math.round(500000 * 0.001 * 38)));
    expect(figure('extensionFees')).toBe(formatPeso(500000 * 0.02));
  });

  it('offers the next instalment by default on an instalment order, beside repaying in full, and pays it', async () => {
    // On day 19 of 30 the instalment takes its interest to that day; the head shows what it asks on its due date.
    const today = firstInstalment.instalment!.amountCentavos;
    expect(today).toBeLessThan(p1.amountCentavos);
    const payment = paymentView({ kind: 'instalment', channel: 'eWallet', amountCentavos: today });
    const calls = mockApi({
      [`GET /loans/${firstInstalment.id}`]: { body: firstInstalment },
      [`POST /loans/${firstInstalment.id}/payments`]: { status: 201, body: payment },
    });
    await render(firstInstalment);
    // The head shows the instalment to pay and its date; the whole balance stays among the figures.
    expect((await screen.findByTestId('instalment-due')).textContent).toBe(formatPeso(p1.amountCentavos));
    expect(screen.queryByTestId('amount-due')).toBeNull();
    expect(
      screen.getAllByText(text('instalment.label').replace('{{period}}', '1').replace('{{count}}', '2')).length,
    ).toBeGreaterThan(0);
    expect(figure('amountDue')).toBe(formatPeso(plusQuote.amountDueCentavos));
    expect(figure('repaymentDate')).toBe('May 31, 2026');

    const instalment = screen.getByTestId('instalment');
    expect(instalment.textContent).toContain(
      text('instalment.pay').replace('{{period}}', '1').replace('{{count}}', '2'),
    );
    expect(instalment.textContent).toContain(formatPeso(today));
    expect(instalment.textContent).toContain(text('bill.dueOn').replace('{{date}}', 'May 1, 2026'));
    expect(instalment.textContent).not.toContain(text('instalment.penalties').split('{{')[0]!);
    expect(instalment.querySelector('input')!.checked).toBe(true);
    // Repaying in full today pays the interest to today, and says so.
    expect(screen.getByTestId('settle').textContent).toContain(formatPeso(firstInstalment.amountDueCentavos));
    expect(firstInstalment.amountDueCentavos).toBeLessThan(plusQuote.amountDueCentavos);
    expect(screen.getByTestId('settle-today').textContent).toBe(text('bill.settleToday'));
    expect(figure('payoffToday')).toBe(formatPeso(firstInstalment.amountDueCentavos));
    expect(screen.queryByTestId('extend')).toBeNull();
    expect(planStatus()).toEqual([
      ['due', text('plan.state.due')],
      ['upcoming', text('plan.state.upcoming')],
    ]);

    // The channels are already there: the instalment is the default choice.
    fireEvent.click(screen.getByRole('button', { name: text('bill.pay').replace('{{amount}}', formatPeso(today)) }));
    await screen.findByText(`/repaidDetail?payment=${payment.id}`);
    const [post] = callsTo(calls, 'POST', `/loans/${firstInstalment.id}/payments`);
    expect(post!.body).toEqual({ kind: 'instalment', channel: 'eWallet' });
    expect(post!.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });

  it('marks paid periods, shows an overdue instalment with its penalties, and can still repay in full', async () => {
    const calls = mockApi({
      [`GET /loans/${lateSecond.id}`]: { body: lateSecond },
      [`POST /loans/${lateSecond.id}/payments`]: { status: 201, body: paymentView() },
    });
    await render(lateSecond);
    const late = p2.amountCentavos + penalties;
    expect(penalties).toBeGreaterThan(0);
    expect((await screen.findByTestId('instalment-due')).textContent).toBe(formatPeso(late));
    const instalment = screen.getByTestId('instalment');
    expect(instalment.textContent).toContain(
      text('instalment.pay').replace('{{period}}', '2').replace('{{count}}', '2'),
    );
    expect(instalment.textContent).toContain(text('instalment.penalties').replace('{{amount}}', formatPeso(penalties)));
    expect(planStatus()).toEqual([
      ['paid', text('plan.state.paid')],
      ['overdue', text('plan.state.overdue')],
    ]);
    expect(document.querySelector('.loan-plan tbody tr')!.classList.contains('is-paid')).toBe(true);

    fireEvent.click(screen.getByTestId('settle').querySelector('input')!);
    fireEvent.click(
      screen.getByRole('button', {
        name: text('bill.pay').replace('{{amount}}', formatPeso(lateSecond.amountDueCentavos)),
      }),
    );
    await screen.findByText(`/repaidDetail?payment=${paymentView().id}`);
    expect(callsTo(calls, 'POST', `/loans/${lateSecond.id}/payments`)[0]!.body).toEqual({
      kind: 'settle',
      channel: 'eWallet',
    });
  });

  it('marks every period paid once an instalment order is settled, shows what was repaid and when, and offers nothing to pay', async () => {
    const settled = disbursedView(plusSub.id, 600000, 60, '2026-04-01', lateDay, (l) => {
      const late = accrue(payFirst(l), plusSub, capsFor(pricing, '2026-04-01'), lateDay).ledger;
      return allocate(late, p2.amountCentavos + penalties, lateDay).ledger;
    });
    mockApi({ [`GET /loans/${settled.id}`]: { body: settled } });
    await render(settled);
    expect((await screen.findByTestId('amount-repaid')).textContent).toBe(
      formatPeso(p1.amountCentavos + p2.amountCentavos + penalties),
    );
    expect(screen.getByText(text('bill.settledOn').replace('{{date}}', 'Jun 3, 2026'))).toBeTruthy();
    expect(screen.queryByTestId('amount-due')).toBeNull();
    expect(planStatus()).toEqual([
      ['paid', text('plan.state.paid')],
      ['paid', text('plan.state.paid')],
    ]);
    expect([...document.querySelectorAll('[data-cell="paid"]')].map((c) => c.textContent)).toEqual([
      formatPeso(p1.amountCentavos),
      formatPeso(p2.amountCentavos + penalties),
    ]);
    expect(screen.queryByTestId('instalment')).toBeNull();
    expect(screen.queryByTestId('settle')).toBeNull();
  });

  it('points to a payment in progress instead of offering another', async () => {
    const pending = paymentView({ expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    mockApi({ [`GET /loans/${repaying.id}`]: { body: { ...repaying, payments: [pending] } } });
    await render();
    expect((await screen.findByTestId('pending-payment')).getAttribute('href')).toBe(
      `/repaidDetail?payment=${pending.id}`,
    );
    expect(screen.queryByTestId('settle')).toBeNull();
  });

  it('never shows an expired code as in progress: it says so and offers to pay again', async () => {
    // Released by the server (EXPIRED), or still in progress past its expiry: both are expired.
    const released = paymentView({ channel: 'eWallet', state: 'fail', failureCode: 'EXPIRED' });
    const lapsed = paymentView({ id: '9a1b2c3d-2222-4c2b-9a51-000000000003', channel: 'bank' });
    for (const expired of [released, lapsed]) {
      cleanup();
      mockApi({ [`GET /loans/${repaying.id}`]: { body: { ...repaying, payments: [expired] } } });
      await render();
      expect((await screen.findByTestId('expired-payment')).textContent).toBe(
        text('bill.paymentExpired').replace('{{amount}}', formatPeso(expired.amountCentavos)),
      );
      expect(screen.queryByTestId('pending-payment')).toBeNull();
      expect(screen.getByTestId('settle')).toBeTruthy();
      expect(document.querySelector(`[data-payment="${expired.id}"]`)?.textContent).toContain(
        text('payment.state.expired'),
      );
    }
  });

  it('says the last payment was declined, and why, and offers to pay again at once', async () => {
    const declined = paymentView({
      channel: 'eWallet',
      state: 'fail',
      failureCode: 'DECLINED',
      declineCode: 'card_declined',
      declinedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    mockApi({ [`GET /loans/${repaying.id}`]: { body: { ...repaying, payments: [declined] } } });
    await render();
    const note = await screen.findByTestId('declined-payment');
    expect(note.textContent).toBe(
      text('bill.paymentDeclined')
        .replace('{{amount}}', formatPeso(declined.amountCentavos))
        .replace('{{reason}}', text('payment.declineReason.cardDeclined')),
    );
    expect(note.getAttribute('href')).toBe(`/repaidDetail?payment=${declined.id}`);
    expect(screen.queryByTestId('pending-payment')).toBeNull();
    expect(screen.getByTestId('settle')).toBeTruthy();
    expect(document.querySelector(`[data-payment="${declined.id}"]`)?.textContent).toContain(
      text('payment.state.fail'),
    );
  });

  it("counts a pending code's expiry by the server's clock, not the device's", async () => {
    // The server two days behind the device (a demonstration's DEMO_CLOCK): its code is payable 30 more minutes.
    const serverTime = Date.now() - 2 * 86_400_000;
    const pending = paymentView({ channel: 'eWallet', expiresAt: new Date(serverTime + 30 * 60_000).toISOString() });
    mockApi({
      [`GET /loans/${repaying.id}`]: {
        body: { ...repaying, payments: [pending], serverTime: new Date(serverTime).toISOString() },
      },
    });
    await render();
    await screen.findByTestId('pending-payment');
    expect(screen.queryByTestId('expired-payment')).toBeNull();
    expect(screen.queryByTestId('settle')).toBeNull();
  });

  it('offers to pay again the moment the pending code expires', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const pending = paymentView({ channel: 'eWallet', expiresAt: new Date(Date.now() + 5_000).toISOString() });
      mockApi({ [`GET /loans/${repaying.id}`]: { body: { ...repaying, payments: [pending] } } });
      await render();
      await screen.findByTestId('pending-payment');
      expect(screen.queryByTestId('settle')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(6_000));
      expect(screen.queryByTestId('pending-payment')).toBeNull();
      expect(screen.getByTestId('expired-payment')).toBeTruthy();
      expect(screen.getByTestId('settle')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('BillScreen: disputing an overdue loan', () => {
  const noDisputes = { body: { items: [], disputes: [] } };
  const dispute = (state: 'open' | 'resolved' = 'open') => ({
    id: '00000000-0000-4000-8000-0000000000d1',
    orderId: repaying.id,
    orderNo: repaying.orderNo,
    reason: 'alreadyPaid',
    state,
    openedAt: '2026-05-04T02:30:00.000Z',
    resolution: state === 'resolved' ? 'confirmed' : null,
    resolvedAt: state === 'resolved' ? '2026-05-05T02:30:00.000Z' : null,
  });

  it('posts the reason and note; a refusal shows the translated error and keeps the input; then the bill says collection is paused', async () => {
    const errors = readCatalogs('errors').en;
    const calls = mockApi({
      [`GET /loans/${repaying.id}`]: { body: repaying },
      'GET /collection-contacts': noDisputes,
      [`POST /loans/${repaying.id}/dispute`]: [
        { status: 409, body: { code: 'DISPUTE_OPEN', message: 'open' } },
        { status: 201, body: dispute() },
      ],
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: text('collections.disputeAction') }));
    const send = screen.getByRole('button', { name: text('collections.disputeSend') }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const group = screen.getByRole('group', { name: text('collections.reasonLabel') });
    expect(group.querySelectorAll('input[type="radio"]')).toHaveLength(4);
    fireEvent.click(screen.getByRole('radio', { name: text('collections.disputeReasons.alreadyPaid') }));
    const note = screen.getByRole('textbox', { name: text('collections.noteLabel') }) as HTMLTextAreaElement;
    fireEvent.change(note, { target: { value: '  Paid at the counter  ' } });
    fireEvent.click(send);

    expect((await screen.findByRole('alert')).textContent).toBe(errors['DISPUTE_OPEN']);
    expect(
      (screen.getByRole('radio', { name: text('collections.disputeReasons.alreadyPaid') }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(note.value).toBe('  Paid at the counter  ');

    fireEvent.click(screen.getByRole('button', { name: text('collections.disputeSend') }));
    const disputed = await screen.findByTestId('disputed');
    expect(disputed.textContent).toContain(text('collections.disputedNote'));
    expect(disputed.textContent).toContain(text('collections.disputeReasons.alreadyPaid'));
    expect(screen.queryByRole('button', { name: text('collections.disputeAction') })).toBeNull();
    expect(screen.getByTestId('contacts-link').getAttribute('href')).toBe('/collectionContacts');
    const posts = callsTo(calls, 'POST', `/loans/${repaying.id}/dispute`);
    expect(posts.map((c) => c.body)).toEqual([
      { reason: 'alreadyPaid', note: 'Paid at the counter' },
      { reason: 'alreadyPaid', note: 'Paid at the counter' },
    ]);
  });

  it('sends no note when none is typed, and can be cancelled', async () => {
    const calls = mockApi({
      [`GET /loans/${repaying.id}`]: { body: repaying },
      'GET /collection-contacts': noDisputes,
      [`POST /loans/${repaying.id}/dispute`]: { status: 201, body: { ...dispute(), reason: 'other' } },
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: text('collections.disputeAction') }));
    fireEvent.click(screen.getByRole('button', { name: text('collections.disputeCancel') }));
    expect(screen.queryByRole('group', { name: text('collections.reasonLabel') })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: text('collections.disputeAction') }));
    fireEvent.click(screen.getByRole('radio', { name: text('collections.disputeReasons.other') }));
    fireEvent.click(screen.getByRole('button', { name: text('collections.disputeSend') }));
    await screen.findByTestId('disputed');
    expect(callsTo(calls, 'POST', `/loans/${repaying.id}/dispute`).map((c) => c.body)).toEqual([{ reason: 'other' }]);
  });

  it('says a loan disputed before is disputed, with no second dispute offered', async () => {
    mockApi({
      [`GET /loans/${repaying.id}`]: { body: repaying },
      'GET /collection-contacts': { body: { items: [], disputes: [dispute('resolved'), dispute()] } },
    });
    await render();
    expect((await screen.findByTestId('disputed')).textContent).toContain(text('collections.disputedTitle'));
    expect(screen.queryByRole('button', { name: text('collections.disputeAction') })).toBeNull();
  });

  it('offers no dispute on a loan that is not overdue, and asks for no contacts', async () => {
    const calls = mockApi({ [`GET /loans/${firstInstalment.id}`]: { body: firstInstalment } });
    expect(firstInstalment.overdueDays).toBe(0);
    await render(firstInstalment);
    await screen.findByTestId('instalment-due');
    expect(screen.queryByTestId('dispute-open')).toBeNull();
    expect(callsTo(calls, 'GET', '/collection-contacts')).toEqual([]);
  });
});
