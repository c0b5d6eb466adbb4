// @vitest-environment jsdom
/**
 * What the borrower is shown of a refund of what they paid over what was owed: the bill's card (the overpaid amount,
 * its state, what a failure means), the payment's page (the amount and the refund's state, asked again while it is on
 * its way) and the rule that screens ask again only while a refund is pending or sent. In every language.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPeso } from '#domain/money.ts';
import { PAYMENT_POLL_MS } from '#src/loans/payment-status.ts';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { paymentView } from '#src/testing/loan-views.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import RepaidDetailScreen from '#src/screens/repaidDetail/repaidDetail-screen.tsx';
import RefundCard, { type RefundView } from './refund-card.tsx';
import { refundPoll } from './refund-poll.ts';

const catalogs = readCatalogs('loan');
const refund = (state: RefundView['state']): RefundView => ({
  id: '3f46e4da-ef61-4b16-8229-4e7eae23fecc',
  paymentId: '9a1b2c3d-2222-4c2b-9a51-000000000002',
  amountCentavos: 300000,
  state,
  createdAt: '2026-05-04T02:05:00.000Z',
  completedAt: state === 'refunded' ? '2026-05-04T02:06:00.000Z' : null,
});

beforeEach(() => logIn());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the refund card', () => {
  for (const lng of ['en', 'fil', 'zh-CN'] as const) {
    it(`shows the overpaid amount and the refund's state (${lng})`, async () => {
      const text = catalogs[lng];
      await renderScreen(<RefundCard refunds={[refund('pending')]} />, { language: lng, namespaces: ['loan'] });
      const card = await screen.findByTestId('refunds');
      expect(within(card).getByRole('heading').textContent).toBe(text['refund.title']);
      expect(card.textContent).toContain(text['refund.note']);
      expect(card.textContent).toContain(formatPeso(300000));
      expect(within(card).getByTestId('refund-state').textContent).toBe(text['refund.state.pending']);
      expect(within(card).queryByRole('alert')).toBeNull();
      expect(within(card).getByRole('link').getAttribute('href')).toBe(
        '/repaidDetail?payment=9a1b2c3d-2222-4c2b-9a51-000000000002',
      );
    });
  }

  it('says a failed refund failed and that we will contact the borrower', async () => {
    await renderScreen(<RefundCard refunds={[refund('failed')]} />, { namespaces: ['loan'] });
    const card = await screen.findByTestId('refunds');
    expect(within(card).getByTestId('refund-state').textContent).toBe(catalogs.en['refund.state.failed']);
    expect(within(card).getByRole('alert').textContent).toBe(catalogs.en['refund.failedNote']);
  });

  it('is not there without refunds', async () => {
    const { container } = await renderScreen(<RefundCard refunds={[]} />, { namespaces: ['loan'] });
    expect(container.querySelector('[data-testid="refunds"]')).toBeNull();
  });

  it('asks again only while a refund is on its way', () => {
    expect(refundPoll({ refunds: [] })).toBe(0);
    expect(refundPoll({ refunds: [refund('pending')] })).toBe(PAYMENT_POLL_MS);
    expect(refundPoll({ refunds: [refund('refunded'), refund('sent')] })).toBe(PAYMENT_POLL_MS);
    expect(refundPoll({ refunds: [refund('refunded'), refund('failed')] })).toBe(0);
  });
});

describe("the payment's page", () => {
  it('shows what the payment paid over what was owed and follows its refund until it is refunded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const paid = paymentView({ state: 'success', completedAt: '2026-05-04T02:05:00.000Z' });
    const calls = mockApi({
      [`GET /payments/${paid.id}`]: [
        { body: { ...paid, refund: refund('pending') } },
        { body: { ...paid, refund: refund('refunded') } },
      ],
    });
    await renderScreen(<RepaidDetailScreen />, {
      namespaces: ['loan', 'errors'],
      path: `/repaidDetail?payment=${paid.id}`,
    });
    const state = await screen.findByTestId('refund-state');
    expect(state.dataset['state']).toBe('pending');
    expect(document.querySelector('[data-figure="overpaid"] dd')?.textContent).toBe(formatPeso(300000));
    expect(screen.getByTestId('refund-note').textContent).toBe(catalogs.en['refund.note']);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect((await screen.findByText(catalogs.en['refund.state.refunded']!)).dataset['state']).toBe('refunded');
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 3));
    expect(callsTo(calls, 'GET', `/payments/${paid.id}`)).toHaveLength(2);
  });
});
