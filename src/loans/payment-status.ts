/**
 * What a repayment shows the borrower. A payment is payable only as long as the code the gateway gave (a QR Ph code:
 * 30 minutes, its `expiresAt`); past it the payment is `expired`, whether the server has released it yet (state `fail`,
 * failureCode `EXPIRED`: the gateway's expiry event, reconciliation) or not: an expired code is never shown as in
 * progress, and the borrower may pay again at once (the server closes it on the next payment).
 */
import { useEffect, useState } from 'react';
import type { PaymentView } from '#src/api/loans.ts';

export type PaymentStatus = PaymentView['state'] | 'expired';

/** How often a payment in progress (or its refund on its way) is asked again. */
export const PAYMENT_POLL_MS = 3000;

/** The status of `p` at `nowMs`. */
export function paymentStatus(
  p: Pick<PaymentView, 'state' | 'failureCode' | 'expiresAt'>,
  nowMs: number,
): PaymentStatus {
  if (p.state === 'fail' && p.failureCode === 'EXPIRED') return 'expired';
  if (p.state === 'in_progress' && Date.parse(p.expiresAt) <= nowMs) return 'expired';
  return p.state;
}

/** The longest a browser timer waits (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The time now, renewed when the next of `deadlines` (ISO instants) passes: a screen of payments in progress shows
 * each one expired the moment its code does, without a reload.
 */
export function useNowAt(deadlines: readonly string[]): number {
  const [now, setNow] = useState(() => Date.now());
  const key = deadlines.join(' ');
  useEffect(() => {
    // The next deadline after the time last taken: one already past (the list changed since) renews it at once.
    const next = Math.min(
      ...key
        .split(' ')
        .map((d) => Date.parse(d))
        .filter((at) => at > now),
    );
    if (!Number.isFinite(next)) return undefined;
    const wait = Math.max(0, Math.min(MAX_TIMER_MS, next - Date.now() + 50));
    const timer = window.setTimeout(() => setNow(Date.now()), wait);
    return () => window.clearTimeout(timer);
  }, [key, now]);
  return now;
}
