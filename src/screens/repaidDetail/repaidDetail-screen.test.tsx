// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPeso } from '#domain/money.ts';
import { PAYMENT_POLL_MS } from '#src/loans/channels.ts';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { paymentView } from '#src/testing/loan-views.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import RepaidDetailScreen from './repaidDetail-screen.tsx';

const en = readCatalogs('loan').en;
const text = (key: string) => en[key] ?? `missing ${key}`;
const payment = paymentView();
const render = () =>
  renderScreen(<RepaidDetailScreen />, { namespaces: ['loan', 'errors'], path: `/repaidDetail?payment=${payment.id}` });

beforeEach(() => logIn());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('RepaidDetailScreen', () => {
  it('polls a payment in progress until it succeeds, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const success = { ...payment, state: 'success' as const, completedAt: '2026-05-04T02:05:00.000Z' };
    const calls = mockApi({
      [`GET /payments/${payment.id}`]: [{ body: payment }, { body: payment }, { body: success }],
    });
    await render();
    expect((await screen.findByTestId('payment-state')).dataset['state']).toBe('in_progress');
    expect(screen.getByTestId('centres').children.length).toBeGreaterThan(0);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(await screen.findByText(text('payment.state.success'))).toBeTruthy();
    expect(screen.getByText(text('payment.successNote.settle'))).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 3));
    expect(callsTo(calls, 'GET', `/payments/${payment.id}`)).toHaveLength(3);
    expect(screen.getByRole('link', { name: text('payment.backToBill') }).getAttribute('href')).toBe(
      `/bill?order=${payment.orderId}`,
    );
  });

  it('shows the amount, channel and reference, and copies the reference', async () => {
    mockApi({ [`GET /payments/${payment.id}`]: { body: payment } });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await render();
    expect((await screen.findByTestId('reference')).textContent).toBe(payment.reference);
    expect(screen.getByText(formatPeso(payment.amountCentavos))).toBeTruthy();
    expect(screen.getByText(text('payment.channel.otc'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: readCatalogs('common').en['app.copy'] }));
    expect(await screen.findByText(readCatalogs('common').en['app.copySuccess']!)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(payment.reference);
  });

  it('shows why a payment failed', async () => {
    mockApi({
      [`GET /payments/${payment.id}`]: { body: { ...payment, state: 'fail', failureCode: 'PAYOUT_ACCOUNT_INVALID' } },
    });
    await render();
    expect((await screen.findByRole('alert')).textContent).toBe(readCatalogs('errors').en['PAYOUT_ACCOUNT_INVALID']);
    expect(screen.queryByTestId('centres')).toBeNull();
  });
});
