/**
 * A screen showing an order's refunds (src/loans/refund-card.tsx) asks again every few seconds while one is on its way
 * (pending or sent), so the borrower sees it refunded without reloading. Its own module: the bill loads the card itself
 * only when there are refunds.
 */
import { PAYMENT_POLL_MS } from './payment-status.ts';

export const refundPoll = (order: { readonly refunds: readonly { readonly state: string }[] }): number =>
  order.refunds.some((r) => r.state === 'pending' || r.state === 'sent') ? PAYMENT_POLL_MS : 0;
