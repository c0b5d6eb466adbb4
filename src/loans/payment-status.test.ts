import { describe, expect, it } from 'vitest';
import { paymentView } from '#src/testing/loan-views.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { declineReasonOf, failureKeyOf, learnServerTime, paymentStatus, serverNow } from './payment-status.ts';

const NOW = Date.parse('2026-05-04T03:00:00.000Z');
const open = paymentView({ expiresAt: '2026-05-04T03:30:00.000Z' });
/** As the server answers a payment whose last attempt the gateway declined (its intent still open there). */
const declined = paymentView({
  ...open,
  state: 'fail',
  failureCode: 'DECLINED',
  declineCode: 'insufficient_funds',
  declinedAt: '2026-05-04T02:59:00.000Z',
});

describe('paymentStatus', () => {
  it('shows a declined payment failed, not in progress, while its code would still be payable', () => {
    expect(paymentStatus(open, NOW)).toBe('in_progress');
    expect(paymentStatus(declined, NOW)).toBe('fail');
    expect(paymentStatus({ ...declined, expiresAt: '2026-05-04T02:00:00.000Z' }, NOW)).toBe('fail');
  });

  it('keeps an expired code expired', () => {
    expect(paymentStatus({ ...open, expiresAt: '2026-05-04T02:00:00.000Z' }, NOW)).toBe('expired');
    expect(paymentStatus({ ...open, state: 'fail', failureCode: 'EXPIRED' }, NOW)).toBe('expired');
  });
});

describe("the server's time", () => {
  it("counts a code's expiry by the server's clock a loan answer tells, days from the device's", () => {
    const DAY = 86_400_000;
    try {
      // The server two days behind the device (a demonstration's DEMO_CLOCK, a device set wrong).
      const serverTime = new Date(Date.now() - 2 * DAY).toISOString();
      const answer = { payments: [], serverTime };
      expect(learnServerTime(answer)).toBe(answer);
      expect(Math.abs(serverNow() - Date.parse(serverTime))).toBeLessThan(5_000);
      // Payable 30 more minutes by the server's clock: in progress, though long past by the device's.
      const code = paymentView({ expiresAt: new Date(Date.parse(serverTime) + 30 * 60_000).toISOString() });
      expect(paymentStatus(code, serverNow())).toBe('in_progress');
      expect(paymentStatus(code, Date.now())).toBe('expired');
      // An answer without it changes nothing; one within a minute of the device is the device's time.
      learnServerTime({});
      expect(Math.abs(serverNow() - Date.parse(serverTime))).toBeLessThan(5_000);
      learnServerTime({ serverTime: new Date(Date.now() + 20_000).toISOString() });
      expect(Math.abs(serverNow() - Date.now())).toBeLessThan(5);
    } finally {
      learnServerTime({ serverTime: new Date().toISOString() });
    }
  });
});

describe('the reason of a declined payment', () => {
  it("maps PayMongo's failed codes to what the borrower can do, a fraud block to a plain decline, and the rest to generic", () => {
    expect(declineReasonOf('insufficient_funds')).toBe('insufficientFunds');
    expect(declineReasonOf('card_declined')).toBe('cardDeclined');
    expect(declineReasonOf('fraudulent')).toBe('cardDeclined');
    expect(declineReasonOf('card_expired')).toBe('cardDetails');
    expect(declineReasonOf('AMOUNT_EXCEED_LIMIT')).toBe('limit');
    expect(declineReasonOf('processor_unavailable')).toBe('tryLater');
    expect(declineReasonOf('generic_decline')).toBe('generic');
    expect(declineReasonOf('toString')).toBe('generic');
    expect(declineReasonOf(null)).toBe('generic');
  });

  it('names a translated key for every reason in every language, and an errors key for other failures', () => {
    expect(failureKeyOf(declined)).toBe('payment.declineReason.insufficientFunds');
    expect(failureKeyOf({ failureCode: 'PAYOUT_ACCOUNT_INVALID', declineCode: null })).toBe(
      'errors:PAYOUT_ACCOUNT_INVALID',
    );
    const codes = ['insufficient_funds', 'card_declined', 'cvc_invalid', 'AMOUNT_EXCEED_LIMIT', 'SYSTEM_ERROR', null];
    for (const catalog of Object.values(readCatalogs('loan'))) {
      for (const code of codes) {
        const key = failureKeyOf({ failureCode: 'DECLINED', declineCode: code });
        expect(catalog[key], key).toEqual(expect.any(String));
      }
    }
  });
});
