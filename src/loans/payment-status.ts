/**
 * What a repayment shows the borrower. A payment is payable only as long as the code the gateway gave (a QR Ph code:
 * 30 minutes, its `expiresAt`); past it the payment is `expired`, whether the server has released it yet (state `fail`,
 * failureCode `EXPIRED`: the gateway's expiry event, reconciliation) or not: an expired code is never shown as in
 * progress, and the borrower may pay again at once (the server closes it on the next payment). One whose attempt the
 * gateway declined is `fail` (failureCode `DECLINED`) from the moment it says so, with the reason of its code
 * (declineReasonOf), and the borrower may pay again at once too.
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

/** Why the gateway declined a payment, as the borrower is told it (`payment.declineReason.<reason>`). */
export type DeclineReason = 'insufficientFunds' | 'cardDeclined' | 'cardDetails' | 'limit' | 'tryLater' | 'generic';

/**
 * PayMongo's `failed_code`s (cards, GCash, Maya, QR Ph: developers.paymongo.com "Card errors", "E-wallet errors", "QR Ph
 * errors") by what the borrower can do about them. A fraud or risk block reads as a plain decline (never named to the
 * payer); a code not listed, or none, is `generic`.
 */
const DECLINE_REASONS: Readonly<Record<string, DeclineReason>> = {
  insufficient_funds: 'insufficientFunds',
  card_declined: 'cardDeclined',
  do_not_honor: 'cardDeclined',
  processor_blocked: 'cardDeclined',
  processor_declined: 'cardDeclined',
  blocked: 'cardDeclined',
  fraudulent: 'cardDeclined',
  lost_card: 'cardDeclined',
  stolen_card: 'cardDeclined',
  card_not_supported: 'cardDeclined',
  card_type_mismatch: 'cardDeclined',
  card_expired: 'cardDetails',
  cvc_invalid: 'cardDetails',
  card_number_invalid: 'cardDetails',
  authentication_failed: 'cardDetails',
  AMOUNT_EXCEED_LIMIT: 'limit',
  processor_unavailable: 'tryLater',
  SYSTEM_ERROR: 'tryLater',
  REPEAT_REQ_INCONSISTENT: 'tryLater',
  unknown_error: 'tryLater',
  unknown_processing_error: 'tryLater',
  generic_decline: 'generic',
};

/** The reason shown for a declined attempt's gateway code. */
export function declineReasonOf(code: string | null): DeclineReason {
  return (code !== null && Object.hasOwn(DECLINE_REASONS, code) && DECLINE_REASONS[code]) || 'generic';
}

/**
 * The i18n key (namespace `loan`) saying why a failed payment failed: a declined one by its gateway code, anything else
 * by its failure code in `errors`.
 */
export function failureKeyOf(p: Pick<PaymentView, 'failureCode' | 'declineCode'>): string {
  if (p.failureCode === 'DECLINED') return `payment.declineReason.${declineReasonOf(p.declineCode)}`;
  return `errors:${p.failureCode ?? 'UNKNOWN'}`;
}

/** The server's clock minus the device's, in ms, as the last answer with a `serverTime` said. */
let serverOffsetMs = 0;

/**
 * Learns the server's time from a loan answer (its `serverTime`) and answers the answer, so a load passes through it.
 * A code expires by the server's clock, which may be far from the device's: a device set wrong, or a demonstration's
 * DEMO_CLOCK days away. Within a minute the device is taken at its word: the answer's own delay is noise there.
 */
export function learnServerTime<T extends { readonly serverTime?: string }>(answer: T): T {
  const offset = Date.parse(answer.serverTime ?? '') - Date.now();
  if (Number.isFinite(offset)) serverOffsetMs = Math.abs(offset) < 60_000 ? 0 : offset;
  return answer;
}

/** The server's time now, in ms since the epoch. */
export const serverNow = (): number => Date.now() + serverOffsetMs;

/** The longest a browser timer waits (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The server's time now (serverNow), renewed when the next of `deadlines` (ISO instants) passes: a screen of payments
 * in progress shows each one expired the moment its code does, without a reload.
 */
export function useNowAt(deadlines: readonly string[]): number {
  const [now, setNow] = useState(serverNow);
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
    const wait = Math.max(0, Math.min(MAX_TIMER_MS, next - serverNow() + 50));
    const timer = window.setTimeout(() => setNow(serverNow()), wait);
    return () => window.clearTimeout(timer);
  }, [key, now]);
  return now;
}
