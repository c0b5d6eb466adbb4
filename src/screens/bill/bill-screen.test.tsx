// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPeso } from '../../../domain/money.ts';
import { callsTo, logIn, mockApi, orderView, paymentView } from '../../loans/loan-fixtures.ts';
import { pricing } from '../../loans/pricing.ts';
import { readCatalogs } from '../../testing/catalog-check.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import BillScreen from './bill-screen.tsx';

const en = readCatalogs('loan').en;
const text = (key: string) => en[key] ?? `missing ${key}`;
const figure = (id: string) => document.querySelector(`[data-figure="${id}"] dd`)?.textContent;
const repaying = orderView({
  state: 'repaying',
  dueStatus: 'overdue',
  loanDate: '2026-04-01',
  dueDate: '2026-05-01',
  overdueDays: 3,
  lateFineCentavos: 1590,
  damagesCentavos: 10600,
  amountDueCentavos: 542190,
  extension: { amountCentavos: 25000, newDueDate: '2026-05-12' },
});
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
    expect((await screen.findByTestId('amount-due')).textContent).toBe(formatPeso(542190));
    expect(figure('orderNo')).toBe(repaying.orderNo);
    expect(figure('principal')).toBe(formatPeso(repaying.principalCentavos));
    expect(figure('interest')).toBe(formatPeso(repaying.quote.interestCentavos));
    expect(figure('received')).toBe(formatPeso(repaying.quote.receivedCentavos));
    expect(figure('lateFine')).toBe(formatPeso(1590));
    expect(figure('damages')).toBe(formatPeso(10600));
    expect(figure('extensionAmount')).toBe(formatPeso(25000));
    expect(figure('overdueDays')).toBe(text('picker.days_other').replace('{{count}}', '3'));
    expect(figure('repaymentDate')).toBe('May 1, 2026');
    expect(figure('dailyRate')).toBe('0.1%');
    expect(screen.getAllByText(text('due.overdue_other').replace('{{count}}', '3')).length).toBeGreaterThan(0);
  });

  it('offers to settle and to extend with the new due date and amount, and pays through the chosen channel', async () => {
    const payment = paymentView({ kind: 'extend', channel: 'bank', amountCentavos: 25000 });
    const calls = mockApi({ [`GET /loans/${repaying.id}`]: { body: repaying }, [`POST /loans/${repaying.id}/payments`]: { status: 201, body: payment } });
    await render();
    const settle = await screen.findByTestId('settle');
    expect(settle.textContent).toContain(text('bill.settle'));
    expect(settle.textContent).toContain(formatPeso(542190));
    const extend = screen.getByTestId('extend');
    expect(extend.textContent).toContain(text('bill.extend_other').replace('{{count}}', String(pricing.extensionDays)));
    expect(extend.textContent).toContain(formatPeso(25000));
    expect(extend.textContent).toContain(text('bill.extendNote').replace('{{date}}', 'May 12, 2026'));

    fireEvent.click(extend.querySelector('input')!);
    fireEvent.click(screen.getByRole('radio', { name: text('payment.channel.bank') }));
    fireEvent.click(screen.getByRole('button', { name: text('bill.pay').replace('{{amount}}', formatPeso(25000)) }));
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
  });

  it('shows a refusal and retries the same choice with the same key', async () => {
    const calls = mockApi({
      [`GET /loans/${repaying.id}`]: { body: repaying },
      [`POST /loans/${repaying.id}/payments`]: ['network', { status: 201, body: paymentView() }],
    });
    await render();
    fireEvent.click((await screen.findByTestId('settle')).querySelector('input')!);
    const pay = screen.getByRole('button', { name: text('bill.pay').replace('{{amount}}', formatPeso(542190)) });
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

  it('points to a payment in progress instead of offering another', async () => {
    const pending = paymentView();
    mockApi({ [`GET /loans/${repaying.id}`]: { body: { ...repaying, payments: [pending] } } });
    await render();
    expect((await screen.findByTestId('pending-payment')).getAttribute('href')).toBe(`/repaidDetail?payment=${pending.id}`);
    expect(screen.queryByTestId('settle')).toBeNull();
  });
});
