/**
 * The coupons API (api-contract/coupons.ts) as typed calls made as the logged-in borrower. Coupons are issued by the
 * server; the web app lists them, claims the add-to-home-screen one, and names one in a withdrawal or a payment.
 */
import type { DeepReadonly } from '#api-contract/common.ts';
import type {
  CouponAnswer,
  CouponClaimAnswer,
  CouponListAnswer,
  PaymentQuoteAnswer,
  PaymentQuoteInput,
} from '#api-contract/coupons.ts';
import type { QuoteAnswer } from '#api-contract/loans.ts';
import { sessionRequest } from './session.ts';

export type CouponView = DeepReadonly<CouponAnswer>;
export type CouponOperation = CouponView['appliesTo'];
export type WithdrawQuote = DeepReadonly<QuoteAnswer>;
export type PaymentQuote = DeepReadonly<PaymentQuoteAnswer>;

const enc = encodeURIComponent;

export const couponsApi = {
  usable: (appliesTo?: CouponOperation, signal?: AbortSignal) =>
    sessionRequest<DeepReadonly<CouponListAnswer>>(appliesTo ? `/coupons?appliesTo=${appliesTo}` : '/coupons', {
      signal,
    }),
  invalid: (signal?: AbortSignal) => sessionRequest<DeepReadonly<CouponListAnswer>>('/coupons/invalid', { signal }),
  claimAddToHomeScreen: () =>
    sessionRequest<DeepReadonly<CouponClaimAnswer>>('/coupons/add-to-home-screen', { method: 'POST', body: {} }),
  withdrawQuote: (orderId: string, couponId: string) =>
    sessionRequest<WithdrawQuote>(`/loans/${enc(orderId)}/withdraw-quote`, { method: 'POST', body: { couponId } }),
  paymentQuote: (orderId: string, body: PaymentQuoteInput) =>
    sessionRequest<PaymentQuote>(`/loans/${enc(orderId)}/payment-quote`, { method: 'POST', body }),
};
