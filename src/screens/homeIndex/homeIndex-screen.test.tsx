// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPeso } from '#domain/money.ts';
import { quote } from '#domain/pricing.ts';
import { product } from '#src/config.ts';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { homeView, orderView, TODAY } from '#src/testing/loan-views.ts';
import { loanProduct, pricing } from '#src/loans/pricing.ts';
import { amountChoices } from '#src/loans/quote.ts';
import { HOME_POLL_MS } from '#src/loans/order-card.tsx';
import { catalogProblems, readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import { rememberReturn, takeReturn } from '#src/return-after-login.ts';
import HomeIndexScreen from './homeIndex-screen.tsx';

const en = readCatalogs('loan').en;
const errorsEn = readCatalogs('errors').en;
const text = (key: string) => en[key] ?? `missing ${key}`;
const sub = loanProduct.subProducts[0]!;
const figure = (id: string) => document.querySelector(`[data-figure="${id}"] dd`)?.textContent;
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

const renderHome = () => renderScreen(<HomeIndexScreen />, { namespaces: ['loan', 'errors'], path: '/homeIndex' });

beforeEach(() => logIn());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('loan catalogs', () => {
  it('have the same keys in every language and no number or product fact typed in', () => {
    expect(catalogProblems('loan')).toEqual([]);
  });
});

describe('HomeIndexScreen', () => {
  it('shows the credit limit and a live quote equal to the domain quote, updated as the amount and term change', async () => {
    const limit = 500000;
    mockApi({ 'GET /loans/home': { body: homeView({ creditLimitCentavos: limit }) } });
    await renderHome();
    expect((await screen.findByTestId('credit-limit')).textContent).toBe(formatPeso(limit, { wholeIfExact: true }));

    const choices = amountChoices(sub, limit);
    const top = choices[choices.length - 1]!;
    expect(top).toBeLessThanOrEqual(limit);
    // The offer is its own chunk (src/loans/lazy-offer.tsx): it shows a moment after the credit limit.
    expect((await screen.findByTestId('amount')).textContent).toBe(formatPeso(top, { wholeIfExact: true }));
    const expectFigures = (principal: number, term: number) => {
      const q = quote(pricing, sub, { principalCentavos: principal, termDays: term, loanDate: TODAY });
      expect(figure('received')).toBe(formatPeso(q.receivedCentavos));
      expect(figure('interest')).toBe(formatPeso(q.interestCentavos));
      expect(figure('serviceFee')).toBe(formatPeso(q.serviceFeeCentavos));
      expect(figure('creditReportFee')).toBe(formatPeso(q.creditReportFeeCentavos));
      // No tax line by default (config/pricing.json tax: null): the borrower's bill has none.
      expect(q.taxCentavos).toBe(0);
      expect(figure('tax')).toBeUndefined();
      expect(figure('amountDue')).toBe(formatPeso(q.amountDueCentavos));
      expect(figure('repaymentDate')).toContain(q.repaymentDate.slice(0, 4));
    };
    expectFigures(top, sub.termsDays[0]!);
    expect(screen.queryByText(text('tax.gst'))).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: text('picker.less') }));
    expect(screen.getByTestId('amount').textContent).toBe(
      formatPeso(choices[choices.length - 2]!, { wholeIfExact: true }),
    );
    const lastTerm = sub.termsDays[sub.termsDays.length - 1]!;
    fireEvent.click(
      screen.getByRole('radio', { name: text('picker.days_other').replace('{{count}}', String(lastTerm)) }),
    );
    expectFigures(choices[choices.length - 2]!, lastTerm);
    // The slider is capped at the limit: no request per move.
    fireEvent.change(screen.getByRole('slider'), { target: { value: '0' } });
    expectFigures(choices[0]!, lastTerm);
  });

  it('states the timings from config', async () => {
    mockApi({ 'GET /loans/home': { body: homeView() } });
    await renderHome();
    await screen.findByTestId('credit-limit');
    expect(
      await screen.findByText(
        text('timings.approval_other').replace('{{count}}', String(product.timings.approvalMinutes)),
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(text('timings.funds_other').replace('{{count}}', String(product.timings.fundsHours))),
    ).toBeTruthy();
  });

  it('applies with an Idempotency-Key, reuses it when the same pick is retried, and shows the order', async () => {
    const order = orderView({ principalCentavos: 500000 });
    const calls = mockApi({
      'GET /loans/home': [{ body: homeView() }, { body: homeView({ currentOrder: order, canApply: false }) }],
      'POST /loans': ['network', { status: 201, body: order }],
    });
    await renderHome();
    const apply = await screen.findByRole('button', { name: text('offer.apply') });
    fireEvent.click(apply);
    expect(await screen.findByText(errorsEn['NETWORK_ERROR']!)).toBeTruthy();
    apply.style.pointerEvents = '';
    delete apply.dataset['guarded'];
    fireEvent.click(apply);
    expect(await screen.findByTestId('order-card')).toBeTruthy();
    const posts = callsTo(calls, 'POST', '/loans');
    expect(posts).toHaveLength(2);
    const key = posts[0]!.headers['idempotency-key'];
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(posts[1]!.headers['idempotency-key']).toBe(key);
    expect(posts[0]!.body).toEqual({
      productId: loanProduct.id,
      subProductId: sub.id,
      principalCentavos: 500000,
      termDays: sub.termsDays[0],
    });
    expect(await within(screen.getByTestId('order-card')).findByText(text('state.under_review'))).toBeTruthy();
  });

  it("uses a new key for another pick, and shows a refusal in the borrower's language", async () => {
    const calls = mockApi({
      'GET /loans/home': { body: homeView() },
      'POST /loans': { status: 409, body: { code: 'REPAYMENT_OUTSTANDING', message: 'x' } },
    });
    await renderScreen(<HomeIndexScreen />, { namespaces: ['loan', 'errors'], path: '/homeIndex', language: 'fil' });
    const fil = readCatalogs('loan').fil;
    const apply = await screen.findByRole('button', { name: fil['offer.apply'] });
    fireEvent.click(apply);
    expect(await screen.findByText(readCatalogs('errors').fil['REPAYMENT_OUTSTANDING']!)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: fil['picker.less'] }));
    apply.style.pointerEvents = '';
    delete apply.dataset['guarded'];
    fireEvent.click(apply);
    await settle();
    const posts = callsTo(calls, 'POST', '/loans');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers['idempotency-key']).not.toBe(posts[0]!.headers['idempotency-key']);
  });

  it('shows REAPPLY_LATER with its date written for the language, keeping the pick', async () => {
    mockApi({
      'GET /loans/home': { body: homeView() },
      'POST /loans': { status: 409, body: { code: 'REAPPLY_LATER', message: 'x', reapplyAfter: '2026-06-03' } },
    });
    await renderHome();
    fireEvent.click(await screen.findByRole('button', { name: text('picker.less') }));
    const picked = screen.getByTestId('amount').textContent;
    fireEvent.click(screen.getByRole('button', { name: text('offer.apply') }));
    expect(
      await screen.findByText(errorsEn['REAPPLY_LATER']!.replace(/\{\{\s*\w+\s*\}\}/u, 'Jun 3, 2026')),
    ).toBeTruthy();
    expect(screen.getByTestId('amount').textContent).toBe(picked);
  });

  it('asks an incomplete profile to be finished instead of applying', async () => {
    mockApi({
      'GET /loans/home': {
        body: homeView({
          profile: { complete: false, next: '/workInfo' },
          canApply: false,
          applyBlockedCode: 'PROFILE_INCOMPLETE',
        }),
      },
    });
    await renderHome();
    const link = await screen.findByRole('link', { name: text('offer.completeProfile') });
    expect(link.getAttribute('href')).toBe('/workInfo');
    expect(screen.queryByRole('button', { name: text('offer.apply') })).toBeNull();
  });

  it('shows the reapply date after a rejection', async () => {
    mockApi({
      'GET /loans/home': {
        body: homeView({
          canApply: false,
          applyBlockedCode: 'REAPPLY_LATER',
          lastRejected: { reapplyAfter: '2026-06-03' },
        }),
      },
    });
    await renderHome();
    expect((await screen.findByTestId('apply-blocked')).textContent).toBe(
      text('offer.reapplyAfter').replace('{{date}}', 'Jun 3, 2026'),
    );
    expect((screen.getByRole('button', { name: text('offer.apply') }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows no amount to a profile not yet complete (home answers no limit), only how to finish it', async () => {
    mockApi({
      'GET /loans/home': {
        body: homeView({
          creditLimitCentavos: null,
          limitWithheld: { code: 'PROFILE_INCOMPLETE', reason: null, reapplyAfter: null },
          profile: { complete: false, next: '/contact' },
          canApply: false,
          applyBlockedCode: 'PROFILE_INCOMPLETE',
        }),
      },
    });
    await renderHome();
    expect((await screen.findByTestId('limit-incomplete')).textContent).toBe(text('home.limitAfterProfile'));
    // The offer (its own chunk) shows the way to finish the profile, and no picker, quote or range.
    const link = await screen.findByRole('link', { name: text('offer.completeProfile') });
    expect(link.getAttribute('href')).toBe('/contact');
    await settle();
    expect(screen.queryByTestId('credit-limit')).toBeNull();
    expect(screen.queryByTestId('amount')).toBeNull();
    expect(document.body.textContent).not.toContain('₱');
    expect(screen.queryByRole('button', { name: text('offer.apply') })).toBeNull();
  });

  it('offers nothing to a borrower underwriting would refuse: says why, kindly, and when they may apply', async () => {
    mockApi({
      'GET /loans/home': {
        body: homeView({
          creditLimitCentavos: null,
          limitWithheld: { code: 'WOULD_REJECT', reason: 'INCOME_BAND', reapplyAfter: '2026-06-03' },
          lastRejected: { reapplyAfter: '2026-06-03' },
          canApply: false,
          applyBlockedCode: 'REAPPLY_LATER',
        }),
      },
    });
    await renderHome();
    const card = await screen.findByTestId('limit-refused');
    expect(card.textContent).toContain(text('home.refusedTitle'));
    expect(card.textContent).toContain(text('home.refusedReason.INCOME_BAND'));
    expect(within(card).getByTestId('limit-reapply').textContent).toBe(
      text('offer.reapplyAfter').replace('{{date}}', 'Jun 3, 2026'),
    );
    await settle();
    await settle();
    expect(screen.queryByTestId('amount')).toBeNull();
    expect(screen.queryByRole('button', { name: text('offer.apply') })).toBeNull();
    expect(document.body.textContent).not.toContain('₱');
  });

  it('leaves out the reapply day when no refusal is on record', async () => {
    mockApi({
      'GET /loans/home': {
        body: homeView({
          creditLimitCentavos: null,
          limitWithheld: { code: 'WOULD_REJECT', reason: 'EMPLOYMENT_TYPE', reapplyAfter: null },
        }),
      },
    });
    await renderHome();
    expect((await screen.findByTestId('limit-refused')).textContent).toContain(
      text('home.refusedReason.EMPLOYMENT_TYPE'),
    );
    expect(screen.queryByTestId('limit-reapply')).toBeNull();
  });

  it('goes back, once, to the page that offered the sign-in the login came from', async () => {
    rememberReturn('/appointLoanList');
    mockApi({ 'GET /loans/home': { body: homeView() } });
    await renderHome();
    await settle();
    expect(screen.getByTestId('location').textContent).toBe('/appointLoanList');
    expect(takeReturn()).toBeNull();
  });

  it('links the sub-products to /subIndex', async () => {
    mockApi({ 'GET /loans/home': { body: homeView() } });
    await renderHome();
    await screen.findByTestId('credit-limit');
    for (const s of loanProduct.subProducts) {
      expect(document.querySelector(`a[data-sub="${s.id}"]`)?.getAttribute('href')).toBe(`/subIndex?sub=${s.id}`);
    }
  });

  it("shows each product up to the borrower's own limit when it is lower than the product's highest amount", async () => {
    const limit = 500000;
    mockApi({ 'GET /loans/home': { body: homeView({ creditLimitCentavos: limit }) } });
    await renderHome();
    await screen.findByTestId('credit-limit');
    for (const s of loanProduct.subProducts) {
      const range = document.querySelector(`a[data-sub="${s.id}"] .homeIndex-product-range`)?.textContent;
      const min = formatPeso(s.amount.minCentavos, { wholeIfExact: true });
      if (limit < s.amount.minCentavos) expect(range).toBe(text('home.productAboveLimit').replace('{{min}}', min));
      else
        expect(range).toBe(
          text('home.productRange')
            .replace('{{min}}', min)
            .replace('{{max}}', formatPeso(Math.min(limit, s.amount.maxCentavos), { wholeIfExact: true })),
        );
    }
    expect(document.body.textContent).not.toContain(
      formatPeso(Math.max(...loanProduct.subProducts.map((s) => s.amount.maxCentavos)), { wholeIfExact: true }),
    );
  });

  it.each([
    ['accepted', 'order.checkTerms', '/loan?order='],
    ['withdrawable', 'order.withdraw', '/withdrawPage?order='],
    ['disbursement_failed', 'order.changeBank', '/changeBank'],
  ] as const)('shows a %s order with its next step', async (state, label, href) => {
    const order = orderView({
      state,
      failureCode: state === 'disbursement_failed' ? 'DISBURSEMENT_ACCOUNT_UNAVAILABLE' : null,
    });
    mockApi({ 'GET /loans/home': { body: homeView({ currentOrder: order, canApply: false }) } });
    await renderHome();
    const link = await screen.findByRole('link', { name: text(label) });
    expect(link.getAttribute('href')).toContain(href);
    if (state === 'disbursement_failed')
      expect(screen.getByRole('alert').textContent).toBe(errorsEn['DISBURSEMENT_ACCOUNT_UNAVAILABLE']);
  });

  it("shows a repaying order's amount due, due date and overdue days, leading to its bill", async () => {
    const order = orderView({
      state: 'repaying',
      dueStatus: 'overdue',
      overdueDays: 3,
      dueDate: '2026-06-03',
      amountDueCentavos: 541234,
      amountAtDueCentavos: 541234,
    });
    mockApi({ 'GET /loans/home': { body: homeView({ currentOrder: order, canApply: false }) } });
    await renderHome();
    expect(await screen.findByText(text('due.overdue_other').replace('{{count}}', '3'))).toBeTruthy();
    expect(figure('amountDue')).toBe(formatPeso(541234));
    expect(figure('dueDate')).toBe('Jun 3, 2026');
    expect(screen.getByRole('link', { name: text('order.repay') }).getAttribute('href')).toBe(
      `/bill?order=${order.id}`,
    );
  });

  it("shows an instalment order's next instalment and its due date, then the remaining balance", async () => {
    const plus = loanProduct.subProducts.find((s) => s.id === 'plus')!;
    const q = quote(pricing, plus, { principalCentavos: 600000, termDays: 60, loanDate: TODAY });
    const [, second] = q.plan;
    const order = orderView({
      subProductId: 'plus',
      principalCentavos: 600000,
      termDays: 60,
      quote: q,
      state: 'repaying',
      dueStatus: 'pending',
      dueDate: second!.dueDate,
      amountDueCentavos: second!.amountCentavos,
      amountAtDueCentavos: second!.amountCentavos,
      paidPeriods: 1,
      instalment: {
        period: 2,
        count: 2,
        amountCentavos: second!.amountCentavos,
        amountAtDueCentavos: second!.amountCentavos,
        dueDate: second!.dueDate,
      },
    });
    mockApi({ 'GET /loans/home': { body: homeView({ currentOrder: order, canApply: false }) } });
    await renderHome();
    await screen.findByTestId('order-card');
    const label = document.querySelector('[data-figure="instalment"] dt')?.textContent;
    expect(label).toBe(text('instalment.label').replace('{{period}}', '2').replace('{{count}}', '2'));
    expect(figure('instalment')).toBe(formatPeso(second!.amountCentavos));
    expect(figure('dueDate')).toBe('Jul 3, 2026');
    expect(document.querySelector('[data-figure="amountDue"] dt')?.textContent).toBe(text('instalment.balance'));
    expect(screen.getByRole('link', { name: text('order.repay') }).getAttribute('href')).toBe(
      `/bill?order=${order.id}`,
    );
  });

  it('polls while the order is under review, and stops once it is decided', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reviewing = homeView({ currentOrder: orderView({ state: 'under_review' }), canApply: false });
    const accepted = homeView({ currentOrder: orderView({ state: 'accepted' }), canApply: false });
    const calls = mockApi({ 'GET /loans/home': [{ body: reviewing }, { body: accepted }] });
    await renderHome();
    await screen.findByText(text('state.under_review'));
    await act(() => vi.advanceTimersByTimeAsync(HOME_POLL_MS));
    expect(await screen.findByRole('link', { name: text('order.checkTerms') })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(HOME_POLL_MS * 3));
    expect(callsTo(calls, 'GET', '/loans/home')).toHaveLength(2);
  });
});
