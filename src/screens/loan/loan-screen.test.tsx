// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPeso } from '../../../domain/money.ts';
import { product } from '../../config.ts';
import { callsTo, logIn, mockApi, orderView } from '../../loans/loan-fixtures.ts';
import { useCoreStore } from '../../store/core-store.ts';
import { readCatalogs } from '../../testing/catalog-check.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import LoanScreen from './loan-screen.tsx';

const en = readCatalogs('loan').en;
const text = (key: string) => en[key] ?? `missing ${key}`;
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const order = orderView({ state: 'accepted' });
const path = `/loan?order=${order.id}`;
const render = (at = path) => renderScreen(<LoanScreen />, { namespaces: ['loan', 'errors'], path: at });
const til = () => within(screen.getByTestId('truth-in-lending'));
const figure = (id: string) => screen.getByTestId('truth-in-lending').querySelector(`[data-figure="${id}"] dd`)?.textContent;

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
    expect(figure('tax')).toBe(formatPeso(q.taxCentavos));
    expect(figure('financeCharge')).toBe(formatPeso(q.financeChargeCentavos));
    expect(figure('received')).toBe(formatPeso(q.receivedCentavos));
    expect(figure('amountDue')).toBe(formatPeso(q.amountDueCentavos));
    const percent = (ppm: number) => new Intl.NumberFormat('en-PH', { style: 'percent', maximumFractionDigits: 4 }).format(ppm / 1e6);
    expect(figure('eirMonthly')).toBe(percent(q.effectiveMonthlyRatePpm));
    expect(figure('eirAnnual')).toBe(percent(q.effectiveAnnualRatePpm));
    expect(til().getAllByRole('row')).toHaveLength(q.plan.length + 1);
  });

  it('needs both agreements before Agree, then accepts and goes to the withdrawal', async () => {
    const calls = mockApi({ [`GET /loans/${order.id}`]: { body: order }, [`POST /loans/${order.id}/accept`]: { body: { ...order, state: 'withdrawable' } } });
    await render();
    const agree = await screen.findByRole('button', { name: text('agreement.agree') });
    const [privacy, loanAgreement] = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(screen.getByRole('link', { name: text('agreement.privacyPolicy') }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: text('agreement.loanAgreement') }).getAttribute('href')).toBe('/conditionalTerms');

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
    expect(callsTo(calls, 'POST', `/loans/${order.id}/accept`)[0]!.body).toEqual({ agreePrivacy: true, agreeAgreement: true });
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
    expect(screen.getByRole('link', { name: text('order.withdraw') }).getAttribute('href')).toBe(`/withdrawPage?order=${withdrawable.id}`);
  });
});
