// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPeso } from '#domain/money.ts';
import { learnServerTime, PAYMENT_POLL_MS } from '#src/loans/payment-status.ts';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { paymentView } from '#src/testing/loan-views.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import RepaidDetailScreen from './repaidDetail-screen.tsx';

const en = readCatalogs('loan').en;
const text = (key: string) => en[key] ?? `missing ${key}`;
/** A payment in progress whose code is still payable (the fixture's own expiry is long past). */
const payment = paymentView({ expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
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

  it('says an extension that no longer covered its price paid part of the loan, not that the due date moved', async () => {
    const partial = paymentView({ kind: 'extend', state: 'success', applied: 'partial' });
    mockApi({ [`GET /payments/${partial.id}`]: { body: partial } });
    await renderScreen(<RepaidDetailScreen />, {
      namespaces: ['loan', 'errors'],
      path: `/repaidDetail?payment=${partial.id}`,
    });
    expect((await screen.findByTestId('success-note')).textContent).toBe(text('payment.successNote.partial'));
    expect(screen.queryByText(text('payment.successNote.extend'))).toBeNull();
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

  it('shows a payment the gateway declined as failed with its reason and the way to pay again, in English and Filipino', async () => {
    const declined = {
      ...payment,
      channel: 'eWallet' as const,
      state: 'fail' as const,
      failureCode: 'DECLINED',
      declineCode: 'insufficient_funds',
      declinedAt: new Date().toISOString(),
    };
    mockApi({ [`GET /payments/${payment.id}`]: { body: declined } });
    await render();
    expect((await screen.findByTestId('payment-state')).dataset['state']).toBe('fail');
    expect(screen.getByText(text('payment.state.fail'))).toBeTruthy();
    expect(screen.queryByText(text('payment.inProgressNote'))).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(text('payment.declineReason.insufficientFunds'));
    expect(screen.getByText(text('payment.declinedNote'))).toBeTruthy();
    expect(screen.getByTestId('pay-again').getAttribute('href')).toBe(`/bill?order=${payment.orderId}#repay`);
    expect(screen.queryByRole('link', { name: text('payment.howToPay') })).toBeNull();

    cleanup();
    const fil = readCatalogs('loan').fil;
    await renderScreen(<RepaidDetailScreen />, {
      namespaces: ['loan', 'errors'],
      path: `/repaidDetail?payment=${payment.id}`,
      language: 'fil',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(fil['payment.declineReason.insufficientFunds']);
    expect(screen.getByTestId('pay-again').textContent).toBe(fil['payment.payAgain']);
  });

  it('shows a payment whose code expired as expired, with the way back to pay again', async () => {
    const expired = { ...payment, channel: 'eWallet' as const, state: 'fail' as const, failureCode: 'EXPIRED' };
    mockApi({ [`GET /payments/${payment.id}`]: { body: expired } });
    await render();
    expect((await screen.findByTestId('payment-state')).dataset['state']).toBe('expired');
    expect(screen.getByText(text('payment.state.expired'))).toBeTruthy();
    expect(screen.getByText(text('payment.expiredNote'))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('pay-again').textContent).toBe(text('payment.payAgain'));
    expect(screen.getByTestId('pay-again').getAttribute('href')).toBe(`/bill?order=${payment.orderId}#repay`);
    expect(screen.queryByRole('link', { name: text('payment.howToPay') })).toBeNull();
  });

  it("counts its code's expiry by the server's clock, not the device's", async () => {
    // The server two days behind the device (a demonstration's DEMO_CLOCK): its code is payable 30 more minutes.
    const serverTime = Date.now() - 2 * 86_400_000;
    const behind = {
      ...payment,
      channel: 'eWallet' as const,
      expiresAt: new Date(serverTime + 30 * 60_000).toISOString(),
      serverTime: new Date(serverTime).toISOString(),
    };
    mockApi({ [`GET /payments/${payment.id}`]: { body: behind } });
    try {
      await render();
      expect((await screen.findByTestId('payment-state')).dataset['state']).toBe('in_progress');
      expect(screen.queryByTestId('pay-again')).toBeNull();
    } finally {
      // The next answers here carry no serverTime: back to the device's clock.
      learnServerTime({ serverTime: new Date().toISOString() });
    }
  });

  it('turns a payment in progress to expired the moment its code does, before the server says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const soon = { ...payment, channel: 'bank' as const, expiresAt: new Date(Date.now() + 5_000).toISOString() };
    mockApi({ [`GET /payments/${payment.id}`]: { body: soon } });
    await render();
    expect((await screen.findByTestId('payment-state')).dataset['state']).toBe('in_progress');
    expect(screen.getByRole('link', { name: text('payment.howToPay') })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(screen.getByTestId('payment-state').dataset['state']).toBe('expired');
    expect(screen.queryByRole('link', { name: text('payment.howToPay') })).toBeNull();
    expect(screen.getByTestId('pay-again')).toBeTruthy();
  });
});
