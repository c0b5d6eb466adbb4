// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chargesDisclosure } from '#domain/disclosure.ts';
import type { PricingConfig, TaxConfig } from '#domain/loan-types.ts';
import { formatPeso } from '#domain/money.ts';
import { quote } from '#domain/pricing.ts';
import { product } from '#src/config.ts';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { orderView } from '#src/testing/loan-views.ts';
import { loanProduct, pricing } from '#src/loans/pricing.ts';
import { useCoreStore } from '#src/store/core-store.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import LoanScreen from './loan-screen.tsx';

const en = readCatalogs('loan').en;
const text = (key: string) => en[key] ?? `missing ${key}`;
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const order = orderView({ state: 'accepted' });
const path = `/loan?order=${order.id}`;
const render = (at = path) => renderScreen(<LoanScreen />, { namespaces: ['loan', 'errors'], path: at });
const til = () => within(screen.getByTestId('truth-in-lending'));
const figure = (id: string) =>
  screen.getByTestId('truth-in-lending').querySelector(`[data-figure="${id}"] dd`)?.textContent;

beforeEach(() => logIn());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoanScreen', () => {
  it('shows the lender and the Truth in Lending disclosure of the order', async () => {
    mockApi({ [`GET /loans/${order.id}`]: { body: order } });
    await render();
    await screen.findByTestId('truth-in-lending');
    const agreement = screen.getByTestId('agreement').textContent ?? '';
    for (const fact of Object.values(product.lender)) expect(agreement).toContain(fact);
    const q = order.quote;
    expect(figure('amountFinanced')).toBe(formatPeso(q.principalCentavos));
    expect(figure('interest')).toBe(formatPeso(q.interestCentavos));
    expect(figure('serviceFee')).toBe(formatPeso(q.serviceFeeCentavos));
    expect(figure('creditReportFee')).toBe(formatPeso(q.creditReportFeeCentavos));
    // No tax line by default (config/pricing.json tax: null).
    expect(q.taxCentavos).toBe(0);
    expect(figure('tax')).toBeUndefined();
    expect(figure('financeCharge')).toBe(formatPeso(q.financeChargeCentavos));
    expect(figure('received')).toBe(formatPeso(q.receivedCentavos));
    expect(figure('amountDue')).toBe(formatPeso(q.amountDueCentavos));
    const percent = (ppm: number) =>
      new Intl.NumberFormat('en-PH', { style: 'percent', maximumFractionDigits: 2 }).format(ppm / 1e6);
    expect(figure('eirMonthly')).toBe(percent(q.effectiveMonthlyRatePpm));
    expect(figure('eirAnnual')).toBe(percent(q.effectiveAnnualRatePpm));
    expect(til().getAllByRole('row')).toHaveLength(q.plan.length + 1);
  });

  it('shows every charge that can arise after signing, in pesos computed by the domain, rates with at most two decimals', async () => {
    mockApi({ [`GET /loans/${order.id}`]: { body: order } });
    await render();
    await screen.findByTestId('truth-in-lending');
    const sub = loanProduct.subProducts[0]!;
    const c = chargesDisclosure(pricing, sub, order.quote);
    const ext = c.extension!;
    const fill = (key: string, values: Record<string, string | number>) =>
      text(key).replace(/\{\{(\w+)\}\}/gu, (_m, name: string) => String(values[name]));
    const pct = (ppm: number) =>
      new Intl.NumberFormat('en-PH', { style: 'percent', maximumFractionDigits: 2 }).format(ppm / 1e6);
    const basis = formatPeso(c.penaltyBasisCentavos);
    const days = text('picker.days_other').replace('{{count}}', String(ext.days));
    expect(figure('lateFine')).toBe(
      fill('til.lateFineValue', {
        rate: pct(sub.lateFineDailyPpm),
        amount: formatPeso(c.lateFineDailyCentavos),
        basis,
      }),
    );
    expect(figure('damages')).toBe(
      fill('til.damagesValue', {
        rate: pct(sub.overdueDamagesPpm),
        amount: formatPeso(c.overdueDamagesCentavos),
        basis,
      }),
    );
    expect(figure('penaltyCap')).toBe(
      fill('til.penaltyCapValue', { rate: '5%', amount: formatPeso(c.latePenaltyMonthlyMaxCentavos), basis }),
    );
    expect(figure('extensionFee')).toBe(
      fill('til.extensionFeeValue', {
        amount: formatPeso(ext.feeCentavos),
        rate: pct(sub.extensionFeePpm),
        period: days,
      }),
    );
    expect(figure('extensionPayment')).toBe(
      fill('til.extensionPaymentValue', {
        amount: formatPeso(order.quote.interestCentavos + ext.feeCentavos),
        interest: formatPeso(order.quote.interestCentavos),
        fee: formatPeso(ext.feeCentavos),
      }),
    );
    expect(figure('extensionInterest')).toBe(
      fill('til.extensionInterestValue', {
        amount: formatPeso(ext.interestCentavos),
        period: days,
        times: ext.maxTimes,
      }),
    );
    expect(figure('totalCostCap')).toBe(
      fill('til.totalCostCapValue', { amount: formatPeso(order.principalCentavos), rate: '100%' }),
    );
    // Interest by the day: early repayment pays it to that day, without a prepayment penalty.
    expect(figure('prepayment')).toBe(text('til.prepaymentValue'));
    // ₱10,000 for 30 days: fine ₱10.30 a day, damages ₱206.00 on ₱10,300.00, extension fee ₱200.00.
    expect([c.lateFineDailyCentavos, c.overdueDamagesCentavos, ext.feeCentavos]).toEqual([1_030, 20_600, 20_000]);
    const rates = [...(screen.getByTestId('truth-in-lending').textContent ?? '').matchAll(/[\d.,]+%/gu)].map(
      (m) => m[0],
    );
    expect(rates.length).toBeGreaterThan(5);
    for (const rate of rates) expect(rate).toMatch(/^\d+(?:\.\d{1,2})?%$/u);
  });

  it('says an instalment loan cannot be extended, and shows its penalties on its largest instalment', async () => {
    const plusSub = loanProduct.subProducts.find((s) => s.instalments)!;
    const plusQuote = quote(pricing, plusSub, {
      principalCentavos: plusSub.amount.minCentavos,
      termDays: plusSub.termsDays[0]!,
      loanDate: order.quote.loanDate,
    });
    const plus = orderView({
      state: 'accepted',
      subProductId: plusSub.id,
      principalCentavos: plusSub.amount.minCentavos,
      termDays: plusSub.termsDays[0]!,
      quote: plusQuote,
    });
    mockApi({ [`GET /loans/${plus.id}`]: { body: plus } });
    await render(`/loan?order=${plus.id}`);
    await screen.findByTestId('truth-in-lending');
    expect(figure('extensionFee')).toBe(text('til.extensionNone'));
    expect(figure('extensionPayment')).toBeUndefined();
    expect(figure('damages')).toContain(formatPeso(Math.max(...plusQuote.plan.map((p) => p.amountCentavos))));
  });

  it("with the spec's GST 18 % switched on, shows the tax line under the configured label", async () => {
    const gst: TaxConfig = { labelKey: 'loan.tax.gst', ratePpm: 180_000, on: 'serviceFee' };
    const config = pricing as { tax?: TaxConfig | null };
    const before = config.tax;
    config.tax = gst;
    try {
      const sub = loanProduct.subProducts[0]!;
      const taxed = quote(pricing as PricingConfig, sub, {
        principalCentavos: order.principalCentavos,
        termDays: order.termDays,
        loanDate: order.quote.loanDate,
      });
      expect(taxed.taxCentavos).toBeGreaterThan(0);
      mockApi({ [`GET /loans/${order.id}`]: { body: { ...order, quote: taxed } } });
      await render();
      await screen.findByTestId('truth-in-lending');
      expect(figure('tax')).toBe(formatPeso(taxed.taxCentavos));
      expect(screen.getByTestId('truth-in-lending').querySelector('[data-figure="tax"] dt')?.textContent).toBe(
        text('tax.gst'),
      );
    } finally {
      config.tax = before;
    }
  });

  it.each(['fil', 'zh-CN'] as const)('shows every charge in %s', async (language) => {
    mockApi({ [`GET /loans/${order.id}`]: { body: order } });
    await renderScreen(<LoanScreen />, { namespaces: ['loan', 'errors'], path, language });
    await screen.findByTestId('truth-in-lending');
    const catalog = readCatalogs('loan')[language];
    for (const id of [
      'lateFine',
      'damages',
      'penaltyCap',
      'extensionFee',
      'extensionPayment',
      'extensionInterest',
      'prepayment',
      'totalCostCap',
    ]) {
      const value = figure(id) ?? '';
      expect(value, id).not.toBe('');
      expect(value, id).not.toMatch(/til\.|\{\{/u);
    }
    expect(screen.getByText(catalog['til.otherCharges']!)).toBeTruthy();
  });

  it('titles the page once and calls an accepted order approved, not "check the terms", on the terms themselves', async () => {
    mockApi({ [`GET /loans/${order.id}`]: { body: order } });
    await render();
    await screen.findByTestId('truth-in-lending');
    expect(screen.getByRole('heading', { name: text('agreement.title') }).className).toBe('visually-hidden');
    const badge = document.querySelector('.loan-order-status .loan-badge');
    expect(badge?.textContent).toBe(text('agreement.approved'));
    expect(document.body.textContent).not.toContain(text('state.accepted'));
  });

  it('needs both agreements before Agree, then accepts and goes to the withdrawal', async () => {
    const calls = mockApi({
      [`GET /loans/${order.id}`]: { body: order },
      [`POST /loans/${order.id}/accept`]: { body: { ...order, state: 'withdrawable' } },
    });
    await render();
    const agree = await screen.findByRole('button', { name: text('agreement.agree') });
    const [privacy, loanAgreement] = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(screen.getByRole('link', { name: text('agreement.privacyPolicy') }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: text('agreement.loanAgreement') }).getAttribute('href')).toBe(
      '/conditionalTerms',
    );

    fireEvent.click(agree);
    expect(screen.getByRole('alert').textContent).toBe(text('agreement.mustAgree'));
    fireEvent.click(privacy!);
    agree.style.pointerEvents = '';
    delete agree.dataset['guarded'];
    fireEvent.click(agree);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(text('agreement.mustAgree'));
    expect(callsTo(calls, 'POST', `/loans/${order.id}/accept`)).toHaveLength(0);

    fireEvent.click(loanAgreement!);
    agree.style.pointerEvents = '';
    delete agree.dataset['guarded'];
    fireEvent.click(agree);
    await screen.findByText(`/withdrawPage?order=${order.id}`);
    expect(callsTo(calls, 'POST', `/loans/${order.id}/accept`)[0]!.body).toEqual({
      agreePrivacy: true,
      agreeAgreement: true,
    });
  });

  it('keeps both boxes ticked when the server refuses', async () => {
    mockApi({ [`GET /loans/${order.id}`]: { body: order }, [`POST /loans/${order.id}/accept`]: 'network' });
    await render();
    const agree = await screen.findByRole('button', { name: text('agreement.agree') });
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.click(agree);
    expect(await screen.findByText(readCatalogs('errors').en['NETWORK_ERROR']!)).toBeTruthy();
    expect((screen.getAllByRole('checkbox') as HTMLInputElement[]).every((box) => box.checked)).toBe(true);
  });

  it('without a session shows the agreement template and the way to log in', async () => {
    useCoreStore.setState({ publicData: {} });
    const calls = mockApi({});
    await render();
    expect(await screen.findByTestId('agreement')).toBeTruthy();
    expect(screen.getByRole('link', { name: text('agreement.login') }).getAttribute('href')).toBe('/start');
    expect(calls).toHaveLength(0);
  });

  it('an order past acceptance shows its terms without the agreement boxes', async () => {
    const withdrawable = orderView({ state: 'withdrawable' });
    mockApi({ [`GET /loans/${withdrawable.id}`]: { body: withdrawable } });
    await render(`/loan?order=${withdrawable.id}`);
    await screen.findByTestId('truth-in-lending');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('link', { name: text('order.withdraw') }).getAttribute('href')).toBe(
      `/withdrawPage?order=${withdrawable.id}`,
    );
  });
});
