// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPeso } from '#domain/money.ts';
import type { EasyReloanView, ReloanView } from '#src/api/easy-reloan.ts';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { catalogProblems, readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen, signedInScreenSuite } from '#src/testing/render-screen.tsx';
import EasyReloanScreen from './appointLoan-screen.tsx';

const en = readCatalogs('reloan').en;
const errors = readCatalogs('errors').en;
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
    await screen.findByText(errors['RELOAN_VOUCHER_USED']!);
    expect(callsTo(calls, 'DELETE', '/easy-reloan')).toHaveLength(1);
    expect(screen.getByTestId('reloan-state').getAttribute('data-enabled')).toBe('true');
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
    expect(within(cards[0]!).getByText(formatPeso(565000))).toBeTruthy();
    expect(within(cards[1]!).getByText(formatPeso(10000))).toBeTruthy();
    fireEvent.click(screen.getByTestId('reloan-cancel'));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: en['list.cancelConfirm'] }),
    );
    await settle();
    expect(callsTo(calls, 'POST', '/easy-reloan/reloans/00000000-0000-4000-8000-000000000001/cancel')).toHaveLength(1);
    expect((await screen.findAllByTestId('reloan-card'))[0]!.getAttribute('data-state')).toBe('cancelled');
  });
});
