// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chargesDisclosure } from '#domain/disclosure.ts';
import type { PricingConfig, TaxConfig } from '#domain/loan-types.ts';
import { formatPeso } from '#domain/money.ts';
import { quote as quoteOf } from '#domain/pricing.ts';
import type { EasyReloanView, ReloanView } from '#src/api/easy-reloan.ts';
import { pricing, subProductOf } from '#src/loans/pricing.ts';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { homeView } from '#src/testing/loan-views.ts';
import { catalogProblems, readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen, signedInScreenSuite } from '#src/testing/render-screen.tsx';
import { takeReturn } from '#src/return-after-login.ts';
import { useCoreStore } from '#src/store/core-store.ts';
import EasyReloanScreen from './appointLoan-screen.tsx';

const reloan = readCatalogs('reloan');
const errorTexts = readCatalogs('errors');
const en = reloan.en;
const errors = errorTexts.en;
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

function status(overrides: Partial<EasyReloanView> = {}): EasyReloanView {
  return {
    available: true,
    eligible: true,
    enabled: false,
    noLoanOpen: false,
    offReason: null,
    principalCentavos: null,
    termDays: null,
    productId: 'cash',
    subProductId: 'standard',
    limitCentavos: 620000,
    nextAmountCentavos: 600000,
    amount: { minCentavos: 100000, maxCentavos: 1000000, stepCentavos: 100000 },
    termsDays: [14, 30],
    payout: { method: 'bank', label: 'bdo', accountMasked: '******7890' },
    voucherCentavos: 10000,
    cancelWindowMinutes: 120,
    disbursementsBeforeTurnOff: 2,
    disbursedInCycle: 0,
    voucherUsed: false,
    ...overrides,
  };
}

signedInScreenSuite(logIn);

describe('Easy Re-loan catalogs', () => {
  it('have the same keys and placeholders in every language and no product facts typed in', () => {
    expect(catalogProblems('reloan')).toEqual([]);
  });
});

describe('/appointLoan', () => {
  it('refuses to turn on without the agreement (no request), then turns on with the limit as the amount and the chosen term', async () => {
    const calls = mockApi({
      'GET /easy-reloan': { body: status() },
      'PUT /easy-reloan': { body: status({ enabled: true, termDays: 14 }) },
    });
    await renderScreen(<EasyReloanScreen routeName="appointLoan" />, { namespaces: ['reloan', 'forms', 'errors'] });
    expect((await screen.findByTestId('reloan-next')).textContent).toBe(
      en['setting.next']!.replace('{{amount}}', formatPeso(600000)),
    );
    expect(screen.getByTestId('reloan-intro').textContent).toContain(formatPeso(10000));
    fireEvent.change(screen.getByTestId('reloan-term'), { target: { value: '14' } });
    fireEvent.click(screen.getByTestId('reloan-submit'));
    expect((await screen.findByTestId('reloan-error')).textContent).toBe(errors['RELOAN_AGREEMENT_REQUIRED']);
    expect(callsTo(calls, 'PUT', '/easy-reloan')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('reloan-agree'));
    fireEvent.click(screen.getByTestId('reloan-submit'));
    await settle();
    expect(callsTo(calls, 'PUT', '/easy-reloan').map((c) => c.body)).toEqual([
      { principalCentavos: null, termDays: 14, agreeAgreement: true },
    ]);
    expect((await screen.findByTestId('reloan-state')).getAttribute('data-enabled')).toBe('true');
  });

  it("asks before turning off, warning of the rewards lost, and shows the server's refusal once the voucher was used", async () => {
    const calls = mockApi({
      'GET /easy-reloan': {
        body: status({
          enabled: true,
          principalCentavos: 300000,
          termDays: 30,
          disbursedInCycle: 1,
          voucherUsed: true,
        }),
      },
      'DELETE /easy-reloan': { status: 409, body: { code: 'RELOAN_VOUCHER_USED', message: 'used' } },
    });
    await renderScreen(<EasyReloanScreen routeName="appointLoan" />, { namespaces: ['reloan', 'forms', 'errors'] });
    fireEvent.click(await screen.findByTestId('reloan-turn-off'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      en['turnOff.confirmMessage']!.replace('{{voucher}}', formatPeso(10000)).replace('{{total}}', '2'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: en['turnOff.keep'] }));
    await settle();
    expect(callsTo(calls, 'DELETE', '/easy-reloan')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('reloan-turn-off'));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: en['turnOff.confirm'] }),
    );
    // Said on the screen under the button, not in a toast: the refusal and what happens instead.
    const said = await screen.findByTestId('reloan-turn-off-error');
    expect(said.textContent).toBe(
      `${errors['RELOAN_VOUCHER_USED']} ${en['turnOff.staysOn']!.replace('{{total}}', '2').replace('{{done}}', '1')}`,
    );
    expect(said.getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('reloan-turn-off').getAttribute('aria-describedby')).toBe(said.id);
    expect(
      [...document.querySelectorAll('.ui-toast')].filter((t) =>
        t.textContent?.includes(errors['RELOAN_VOUCHER_USED']!),
      ),
    ).toEqual([]);
    expect(callsTo(calls, 'DELETE', '/easy-reloan')).toHaveLength(1);
    expect(screen.getByTestId('reloan-state').getAttribute('data-enabled')).toBe('true');
    // It stays: long after a toast would have gone.
    vi.useFakeTimers();
    act(() => vi.advanceTimersByTime(60_000));
    vi.useRealTimers();
    expect(screen.getByTestId('reloan-turn-off-error').textContent).toBe(said.textContent);
  });

  it("says the refusal in the borrower's language (zh-CN), once however often it is tried", async () => {
    const calls = mockApi({
      'GET /easy-reloan': { body: status({ enabled: true, termDays: 30, disbursedInCycle: 1, voucherUsed: true }) },
      'DELETE /easy-reloan': { status: 409, body: { code: 'RELOAN_VOUCHER_USED', message: 'used' } },
    });
    await renderScreen(<EasyReloanScreen routeName="appointLoan" />, {
      language: 'zh-CN',
      namespaces: ['reloan', 'forms', 'errors'],
    });
    const zh = reloan['zh-CN'];
    const expected = `${errorTexts['zh-CN']['RELOAN_VOUCHER_USED']} ${zh['turnOff.staysOn']!.replace('{{total}}', '2').replace('{{done}}', '1')}`;
    for (const attempt of [1, 2]) {
      fireEvent.click(await screen.findByTestId('reloan-turn-off'));
      const dialog = await screen.findByRole('alertdialog');
      fireEvent.click(within(dialog).getByRole('button', { name: zh['turnOff.confirm'] }));
      await vi.waitFor(() => expect(callsTo(calls, 'DELETE', '/easy-reloan')).toHaveLength(attempt));
      await vi.waitFor(() =>
        expect(screen.getAllByTestId('reloan-turn-off-error').map((p) => p.textContent)).toEqual([expected]),
      );
    }
  });

  it('asks to turn it on again after it turned itself off', async () => {
    mockApi({ 'GET /easy-reloan': { body: status({ offReason: 'auto', principalCentavos: null, termDays: 30 }) } });
    await renderScreen(<EasyReloanScreen routeName="appointLoan" />, { namespaces: ['reloan', 'forms', 'errors'] });
    expect((await screen.findByTestId('reloan-reenable')).textContent).toBe(
      en['setting.askReenable']!.replace('{{total}}', '2'),
    );
    expect(screen.getByTestId('reloan-submit').textContent).toBe(en['setting.turnOnAgain']);
  });

  it('says, when on with no loan open, that it starts with the next loan the borrower applies for', async () => {
    mockApi({ 'GET /easy-reloan': { body: status({ enabled: true, noLoanOpen: true, termDays: 30 }) } });
    await renderScreen(<EasyReloanScreen routeName="appointLoan" />, { namespaces: ['reloan', 'forms', 'errors'] });
    const waiting = await screen.findByTestId('reloan-waiting');
    expect(waiting.textContent).toBe(`${en['setting.waitingForLoan']} ${en['setting.applyFromHome']}`);
    expect(waiting.querySelector('a')?.getAttribute('href')).toBe('/homeIndex');
  });

  it('says nothing of the kind while a loan is open, or when off', async () => {
    mockApi({ 'GET /easy-reloan': { body: status({ enabled: true, noLoanOpen: false, termDays: 30 }) } });
    await renderScreen(<EasyReloanScreen routeName="appointLoan" />, { namespaces: ['reloan', 'forms', 'errors'] });
    await screen.findByTestId('reloan-state');
    expect(screen.queryByTestId('reloan-waiting')).toBeNull();
  });

  it('offers the change of payout account when home says it is open', async () => {
    mockApi({ 'GET /easy-reloan': { body: status() }, 'GET /loans/home': { body: homeView({ reloan: true }) } });
    await renderScreen(<EasyReloanScreen routeName="appointLoan" />, { namespaces: ['reloan', 'forms', 'errors'] });
    const link = await screen.findByTestId('reloan-change-payout');
    expect(link.getAttribute('href')).toBe('/changeBank');
    expect(link.textContent).toBe(en['setting.changePayout']);
    expect(screen.queryByTestId('reloan-payout-maintenance')).toBeNull();
  });

  it('under bank maintenance says the change must wait, with no link to a page that only says so', async () => {
    mockApi({
      'GET /easy-reloan': { body: status() },
      'GET /loans/home': { body: homeView({ reloan: true, bankChangeAvailable: false }) },
    });
    await renderScreen(<EasyReloanScreen routeName="appointLoan" />, { namespaces: ['reloan', 'forms', 'errors'] });
    expect((await screen.findByTestId('reloan-payout-maintenance')).textContent).toBe(
      en['setting.changePayoutMaintenance'],
    );
    expect(screen.getByTestId('reloan-payout').textContent).toContain('******7890');
    expect(document.querySelector('a[href="/changeBank"]')).toBeNull();
  });

  it('offers no change of payout account before home answered', async () => {
    mockApi({ 'GET /easy-reloan': { body: status() }, 'GET /loans/home': 'network' });
    await renderScreen(<EasyReloanScreen routeName="appointLoan" />, { namespaces: ['reloan', 'forms', 'errors'] });
    await screen.findByTestId('reloan-form');
    await settle();
    expect(document.querySelector('a[href="/changeBank"]')).toBeNull();
    expect(screen.queryByTestId('reloan-payout-maintenance')).toBeNull();
  });

  it('tells a borrower who never repaid a loan that it comes after their first repayment', async () => {
    mockApi({ 'GET /easy-reloan': { body: status({ eligible: false }) } });
    await renderScreen(<EasyReloanScreen routeName="appointLoan" />, { namespaces: ['reloan', 'forms', 'errors'] });
    expect((await screen.findByTestId('reloan-not-eligible')).textContent).toBe(en['setting.notEligible']);
    expect(screen.queryByTestId('reloan-form')).toBeNull();
  });
});

describe('/appointLoanList', () => {
  const reloan = (overrides: Partial<ReloanView>): ReloanView => ({
    id: '00000000-0000-4000-8000-000000000001',
    state: 'noticed',
    orderId: '00000000-0000-4000-8000-000000000002',
    orderNo: 'PA2611250001AB',
    productId: 'cash',
    subProductId: 'standard',
    principalCentavos: 600000,
    termDays: 30,
    quote: {
      principalCentavos: 600000,
      termDays: 30,
      dailyInterestPpm: 1000,
      interestCentavos: 18000,
      serviceFeeCentavos: 30000,
      creditReportFeeCentavos: 5000,
      taxCentavos: 0,
      couponCentavos: 0,
      couponKind: null,
      receivedCentavos: 565000,
      financeChargeCentavos: 53000,
      loanDate: '2026-11-25',
      repaymentDate: '2026-12-25',
      firstDueDate: '2026-12-25',
      plan: [
        {
          period: 1,
          dueDate: '2026-12-25',
          principalCentavos: 600000,
          interestCentavos: 18000,
          amountCentavos: 618000,
        },
      ],
      amountDueCentavos: 618000,
      effectiveMonthlyRatePpm: 90000,
      effectiveAnnualRatePpm: 1095000,
    },
    payoutAt: '2026-11-25T06:00:00.000Z',
    cancellable: true,
    voucherCentavos: null,
    createdAt: '2026-11-25T04:00:00.000Z',
    doneAt: null,
    cancelledAt: null,
    ...overrides,
  });

  it('lists re-loans with their figures and cancels a scheduled one after a confirmation', async () => {
    const done = reloan({
      id: '00000000-0000-4000-8000-000000000003',
      state: 'done',
      cancellable: false,
      voucherCentavos: 10000,
    });
    const calls = mockApi({
      'GET /easy-reloan/reloans': [
        { body: { reloans: [reloan({}), done] } },
        { body: { reloans: [reloan({ state: 'cancelled', cancellable: false }), done] } },
      ],
      'POST /easy-reloan/reloans/00000000-0000-4000-8000-000000000001/cancel': {
        body: reloan({ state: 'cancelled', cancellable: false }),
      },
    });
    await renderScreen(<EasyReloanScreen routeName="appointLoanList" />, { namespaces: ['reloan', 'errors'] });
    const cards = await screen.findAllByTestId('reloan-card');
    expect(cards.map((c) => c.getAttribute('data-state'))).toEqual(['noticed', 'done']);
    // The disclosure of a re-loan on its way comes in its own chunk.
    expect(await within(cards[0]!).findByText(formatPeso(565000))).toBeTruthy();
    expect(within(cards[1]!).getByText(formatPeso(10000))).toBeTruthy();
    fireEvent.click(screen.getByTestId('reloan-cancel'));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: en['list.cancelConfirm'] }),
    );
    await settle();
    expect(callsTo(calls, 'POST', '/easy-reloan/reloans/00000000-0000-4000-8000-000000000001/cancel')).toHaveLength(1);
    expect((await screen.findAllByTestId('reloan-card'))[0]!.getAttribute('data-state')).toBe('cancelled');
  });

  // The re-loan is paid out without a signature: before that, the same complete Truth in Lending disclosure as /loan.
  const loanText = readCatalogs('loan');
  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/\{\{(\w+)\}\}/gu, (_m, name: string) => String(values[name]));
  const pct = (ppm: number) =>
    new Intl.NumberFormat('en-PH', { style: 'percent', maximumFractionDigits: 2 }).format(ppm / 1e6);
  /** A scheduled re-loan of PHP 6,000 for 30 days of the standard sub-product, its quote the domain's. */
  const scheduled = (config: PricingConfig = pricing) => {
    const q = quoteOf(config, subProductOf({ productId: 'cash', subProductId: 'standard' })!, {
      principalCentavos: 600000,
      termDays: 30,
      loanDate: '2026-11-25',
    });
    return reloan({ quote: q });
  };
  const disclosureOf = (card: HTMLElement) => within(card).getByTestId('truth-in-lending');
  const figureIn = (card: HTMLElement, id: string) =>
    disclosureOf(card).querySelector(`[data-figure="${id}"] dd`)?.textContent;

  it("shows a scheduled re-loan's complete disclosure before its payout: every finance charge and every charge that can arise later, no tax line without a tax", async () => {
    const noticed = scheduled();
    const done = reloan({
      id: '00000000-0000-4000-8000-000000000003',
      state: 'done',
      cancellable: false,
      voucherCentavos: 10000,
    });
    mockApi({ 'GET /easy-reloan/reloans': { body: { reloans: [noticed, done] } } });
    await renderScreen(<EasyReloanScreen routeName="appointLoanList" />, { namespaces: ['reloan', 'loan', 'errors'] });
    const [card, doneCard] = await screen.findAllByTestId('reloan-card');
    await within(card!).findByTestId('truth-in-lending');
    const q = noticed.quote;
    const l = loanText.en;
    expect(within(card!).getByRole('heading', { name: l['til.title'] })).toBeTruthy();
    expect(disclosureOf(card!).textContent).toContain(en['list.disclosureIntro']);
    expect(figureIn(card!, 'amountFinanced')).toBe(formatPeso(q.principalCentavos));
    expect(figureIn(card!, 'interest')).toBe(formatPeso(q.interestCentavos));
    expect(figureIn(card!, 'serviceFee')).toBe(formatPeso(q.serviceFeeCentavos));
    expect(figureIn(card!, 'creditReportFee')).toBe(formatPeso(q.creditReportFeeCentavos));
    expect(figureIn(card!, 'financeCharge')).toBe(formatPeso(q.financeChargeCentavos));
    expect(figureIn(card!, 'received')).toBe(formatPeso(q.receivedCentavos));
    expect(figureIn(card!, 'amountDue')).toBe(formatPeso(q.amountDueCentavos));
    expect(figureIn(card!, 'eirMonthly')).toBe(pct(q.effectiveMonthlyRatePpm));
    expect(figureIn(card!, 'eirAnnual')).toBe(pct(q.effectiveAnnualRatePpm));
    expect(within(disclosureOf(card!)).getAllByRole('row')).toHaveLength(q.plan.length + 1);

    // The charges that can arise later, as the domain computes them for this loan.
    const c = chargesDisclosure(pricing, subProductOf(noticed)!, q);
    const ext = c.extension!;
    const basis = formatPeso(c.penaltyBasisCentavos);
    const days = l['picker.days_other']!.replace('{{count}}', String(ext.days));
    expect(figureIn(card!, 'lateFine')).toBe(
      fill(l['til.lateFineValue']!, {
        rate: pct(c.lateFineDailyPpm),
        amount: formatPeso(c.lateFineDailyCentavos),
        basis,
      }),
    );
    expect(figureIn(card!, 'damages')).toBe(
      fill(l['til.damagesValue']!, {
        rate: pct(c.overdueDamagesPpm),
        amount: formatPeso(c.overdueDamagesCentavos),
        basis,
      }),
    );
    expect(figureIn(card!, 'penaltyCap')).toBe(
      fill(l['til.penaltyCapValue']!, {
        rate: pct(c.latePenaltyMonthlyMaxPpm),
        amount: formatPeso(c.latePenaltyMonthlyMaxCentavos),
        basis,
      }),
    );
    expect(figureIn(card!, 'extensionFee')).toBe(
      fill(l['til.extensionFeeValue']!, { amount: formatPeso(ext.feeCentavos), rate: pct(ext.feePpm), period: days }),
    );
    expect(figureIn(card!, 'totalCostCap')).toBe(
      fill(l['til.totalCostCapValue']!, {
        amount: formatPeso(c.totalCostMaxCentavos),
        rate: pct(c.totalCostMaxPpm),
      }),
    );
    // ₱6,000 for 30 days: fine ₱6.18 a day and damages ₱123.60 on ₱6,180.00, extension fee ₱120.00.
    expect([c.lateFineDailyCentavos, c.overdueDamagesCentavos, ext.feeCentavos]).toEqual([618, 12_360, 12_000]);

    // No tax configured (config/pricing.json tax: null): no tax line, anywhere on the screen.
    expect(pricing.tax ?? null).toBeNull();
    expect(document.querySelector('[data-figure="tax"]')).toBeNull();
    expect(document.body.textContent).not.toContain(l['tax.generic']);
    // A re-loan paid out keeps its key figures and voucher, without the disclosure.
    expect(within(doneCard!).queryByTestId('truth-in-lending')).toBeNull();
    expect(within(doneCard!).getByText(formatPeso(10000))).toBeTruthy();
  });

  it('shows the tax line in the disclosure, under its configured label, once a tax is configured', async () => {
    const gst: TaxConfig = { labelKey: 'loan.tax.gst', ratePpm: 180_000, on: 'serviceFee' };
    const config = pricing as { tax?: TaxConfig | null };
    const before = config.tax;
    config.tax = gst;
    try {
      const taxed = scheduled(pricing);
      expect(taxed.quote.taxCentavos).toBeGreaterThan(0);
      mockApi({ 'GET /easy-reloan/reloans': { body: { reloans: [taxed] } } });
      await renderScreen(<EasyReloanScreen routeName="appointLoanList" />, {
        namespaces: ['reloan', 'loan', 'errors'],
      });
      const [card] = await screen.findAllByTestId('reloan-card');
      await within(card!).findByTestId('truth-in-lending');
      expect(figureIn(card!, 'tax')).toBe(formatPeso(taxed.quote.taxCentavos));
      expect(disclosureOf(card!).querySelector('[data-figure="tax"] dt')?.textContent).toBe(loanText.en['tax.gst']);
    } finally {
      config.tax = before;
    }
  });

  it.each(['fil', 'zh-CN'] as const)('shows every charge of a scheduled re-loan in %s', async (language) => {
    mockApi({ 'GET /easy-reloan/reloans': { body: { reloans: [scheduled()] } } });
    await renderScreen(<EasyReloanScreen routeName="appointLoanList" />, {
      namespaces: ['reloan', 'loan', 'errors'],
      language,
    });
    const [card] = await screen.findAllByTestId('reloan-card');
    await within(card!).findByTestId('truth-in-lending');
    for (const id of ['lateFine', 'damages', 'penaltyCap', 'extensionFee', 'totalCostCap']) {
      const value = figureIn(card!, id) ?? '';
      expect(value, id).not.toBe('');
      expect(value, id).not.toMatch(/til\.|\{\{/u);
    }
    expect(within(card!).getByText(loanText[language]['til.otherCharges']!)).toBeTruthy();
    expect(disclosureOf(card!).textContent).toContain(readCatalogs('reloan')[language]['list.disclosureIntro']);
  });
});

describe('the Easy Re-loan pages without a session', () => {
  const unauthorized = { status: 401, body: { code: 'UNAUTHORIZED', message: 'expired' } };
  const render = (routeName: 'appointLoan' | 'appointLoanList', path = `/${routeName}`) =>
    renderScreen(<EasyReloanScreen routeName={routeName} />, { namespaces: ['reloan', 'forms', 'errors'], path });

  it.each([
    ['appointLoan', 'GET /easy-reloan'],
    ['appointLoanList', 'GET /easy-reloan/reloans'],
  ] as const)(
    '/%s offers the sign-in when the session ended (401), not a retry of the failing request',
    async (routeName, route) => {
      const calls = mockApi({ [route]: unauthorized });
      await render(routeName, `/${routeName}?from=notice`);
      const signIn = await screen.findByTestId('reloan-sign-in');
      expect(signIn.textContent).toContain(en['setting.signIn']);
      expect(screen.queryByRole('button', { name: readCatalogs('common').en['app.retry'] as string })).toBeNull();
      expect(screen.queryByText(errors['UNAUTHORIZED']!)).toBeNull();
      await settle();
      expect(calls).toHaveLength(1);
      // The sign-in goes to /start and remembers the page, so the login comes back to it (home takes it, once).
      fireEvent.click(within(signIn).getByRole('link', { name: en['setting.signInAction'] }));
      expect(screen.getByTestId('location').textContent).toBe('/start');
      expect(takeReturn()).toBe(`/${routeName}?from=notice`);
      expect(takeReturn()).toBeNull();
    },
  );

  it.each(['appointLoan', 'appointLoanList'] as const)(
    '/%s asks nothing of the server without a session',
    async (routeName) => {
      useCoreStore.getState().logout();
      const calls = mockApi({});
      await render(routeName);
      expect(await screen.findByTestId('reloan-sign-in-link')).toBeTruthy();
      await settle();
      expect(calls).toHaveLength(0);
    },
  );
});
