// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPeso } from '#domain/money.ts';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { orderView, paymentView } from '#src/testing/loan-views.ts';
import { useCoreStore } from '#src/store/core-store.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import BillIndexScreen from './billIndex-screen.tsx';

const en = readCatalogs('loan').en;
const text = (key: string) => en[key] ?? `missing ${key}`;
const repaying = orderView({
  id: 'o-1',
  state: 'repaying',
  dueStatus: 'due_today',
  dueDate: '2026-05-04',
  amountDueCentavos: 530000,
  amountAtDueCentavos: 530000,
});
const settled = orderView({
  id: 'o-2',
  orderNo: 'PA2603010001CD',
  state: 'settled',
  dueDate: '2026-04-01',
  amountDueCentavos: 0,
});
const accepted = orderView({ id: 'o-3', orderNo: 'PA2605040002EF', state: 'accepted' });
const render = () => renderScreen(<BillIndexScreen />, { namespaces: ['loan', 'errors'], path: '/billIndex' });

beforeEach(() => {
  logIn();
  useCoreStore.setState({ loanTabType: 2 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BillIndexScreen', () => {
  it('opens on the ongoing orders (loanTabType 2) with state, amounts and dates, each leading to its next step', async () => {
    mockApi({ 'GET /loans': { body: { orders: [accepted, repaying, settled] } } });
    await render();
    const row = await screen.findByText(repaying.orderNo, { selector: 'span' });
    expect(row.closest('a')?.getAttribute('href')).toBe('/bill?order=o-1');
    expect(screen.getByText(text('due.due_today'))).toBeTruthy();
    expect(screen.getByText(formatPeso(530000))).toBeTruthy();
    expect(screen.getByText(text('billIndex.dueOn').replace('{{date}}', 'May 4, 2026'))).toBeTruthy();
    expect(document.querySelector('a[data-order="o-3"]')?.getAttribute('href')).toBe('/loan?order=o-3');
    expect(document.querySelector('a[data-order="o-2"]')).toBeNull();
  });

  it('shows all orders and the repayment record in their tabs, remembering the tab', async () => {
    const payment = paymentView({ state: 'success' });
    const calls = mockApi({
      'GET /loans': { body: { orders: [repaying, settled] } },
      'GET /payments': { body: { payments: [payment] } },
    });
    await render();
    fireEvent.click(await screen.findByRole('tab', { name: text('billIndex.tab.all') }));
    expect(await screen.findByText(text('state.settled'))).toBeTruthy();
    expect(useCoreStore.getState().loanTabType).toBe(1);
    fireEvent.click(screen.getByRole('tab', { name: text('billIndex.tab.payments') }));
    const link = await screen.findByText(text('payment.kind.settle'));
    expect(link.closest('a')?.getAttribute('href')).toBe(`/repaidDetail?payment=${payment.id}`);
    expect(screen.getByText(text('payment.state.success'))).toBeTruthy();
    expect(callsTo(calls, 'GET', '/payments')).toHaveLength(1);
    expect(useCoreStore.getState().loanTabType).toBe(3);
  });

  it('shows a declined payment in the repayment record as failed with its reason, and a lapsed code as expired', async () => {
    useCoreStore.setState({ loanTabType: 3 });
    const declined = paymentView({
      state: 'fail',
      failureCode: 'DECLINED',
      declineCode: 'insufficient_funds',
      declinedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const lapsed = paymentView({ id: '9a1b2c3d-2222-4c2b-9a51-000000000009' });
    mockApi({ 'GET /payments': { body: { payments: [declined, lapsed] } } });
    await render();
    const row = await screen.findByTestId('decline-reason');
    expect(row.textContent).toBe(text('payment.declineReason.insufficientFunds'));
    const badge = (id: string) => document.querySelector(`a[data-payment="${id}"] [data-state]`);
    expect(badge(declined.id)?.textContent).toBe(text('payment.state.fail'));
    expect(badge(lapsed.id)?.textContent).toBe(text('payment.state.expired'));
    expect(screen.queryByText(text('payment.state.in_progress'))).toBeNull();
  });

  it('invites a borrower with no loan to borrow', async () => {
    mockApi({ 'GET /loans': { body: { orders: [] } } });
    await render();
    expect(await screen.findByTestId('empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: text('billIndex.borrow') }).getAttribute('href')).toBe('/homeIndex');
  });
});
