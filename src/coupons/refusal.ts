/**
 * The text of a coupon that cannot apply (COUPON_UNAVAILABLE): the spec's message where the reason is the amount
 * (errors:COUPON_UNAVAILABLE), a text per reason otherwise (coupons:refused.<reason>).
 */
import i18next from 'i18next';
import { ApiError } from '../api/client.ts';
import { loanErrorMessage } from '../loans/errors.ts';

const REASONS = new Set(['expired', 'used', 'operation', 'notFound']);

/** The message a borrower sees for a refused coupon, or for any other error of the same call. */
export async function couponErrorMessage(error: unknown): Promise<string> {
  const reason = error instanceof ApiError && error.code === 'COUPON_UNAVAILABLE' ? error.details['reason'] : undefined;
  if (typeof reason === 'string' && REASONS.has(reason)) {
    await i18next.loadNamespaces('coupons');
    return i18next.t(`coupons:refused.${reason}`);
  }
  return loanErrorMessage(error);
}
