/**
 * The coupon routes' contract (server/routes/coupons.ts, server/services/coupons.ts couponView) and the coupon parts of
 * the loan routes: the withdrawal's body and its quote, and the payment quote. Coupons are issued by the server only.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { centavos, instant, uuid } from './common.ts';
import { paymentKinds } from './loans.ts';

export const couponKinds = ['cash', 'platform', 'withdrawal', 'repayment', 'addToHomeScreen'] as const;
export const couponOperations = ['withdrawal', 'repayment'] as const;

/** One coupon. */
export const couponAnswer = {
  type: 'object',
  description: 'A coupon of the borrower',
  required: [
    'id',
    'kind',
    'appliesTo',
    'amountCentavos',
    'minimumCentavos',
    'state',
    'validFrom',
    'expiresAt',
    'usedAt',
  ],
  additionalProperties: false,
  properties: {
    id: uuid,
    kind: { type: 'string', enum: couponKinds },
    appliesTo: {
      type: 'string',
      enum: couponOperations,
      description: 'withdrawal: raises the received amount; repayment: lowers the amount to pay',
    },
    amountCentavos: { ...centavos, description: 'Its value' },
    minimumCentavos: {
      ...centavos,
      description: 'The least the operation must be (principal withdrawn, or payment before the coupon)',
    },
    state: {
      type: 'string',
      enum: ['unused', 'held', 'used', 'expired'],
      description: 'held: reserved by a payment in progress',
    },
    validFrom: instant,
    expiresAt: instant,
    usedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;
export type CouponAnswer = FromSchema<typeof couponAnswer>;

/** GET /coupons and GET /coupons/invalid */
export const couponListAnswer = {
  type: 'object',
  description: 'Coupons',
  required: ['coupons'],
  additionalProperties: false,
  properties: { coupons: { type: 'array', items: couponAnswer } },
} as const;
export type CouponListAnswer = FromSchema<typeof couponListAnswer>;

/** GET /coupons query */
export const couponListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    appliesTo: { type: 'string', enum: couponOperations, description: 'Only the coupons of one operation' },
  },
} as const;

/** POST /coupons/add-to-home-screen */
export const couponClaimAnswer = {
  type: 'object',
  description: 'The add-to-home-screen coupon: issued by this call, or already issued before (once per borrower)',
  required: ['issued', 'coupon'],
  additionalProperties: false,
  properties: { issued: { type: 'boolean' }, coupon: { anyOf: [couponAnswer, { type: 'null' }] } },
} as const;
export type CouponClaimAnswer = FromSchema<typeof couponClaimAnswer>;

/** POST /loans/:id/withdraw and POST /loans/:id/withdraw-quote */
export const withdrawInput = {
  type: 'object',
  additionalProperties: false,
  properties: {
    couponId: {
      ...uuid,
      description: 'A withdrawal coupon of the borrower: the received amount rises by what it takes off the fees',
    },
  },
} as const;
export type WithdrawInput = FromSchema<typeof withdrawInput>;

/** POST /loans/:id/payment-quote */
export const paymentQuoteInput = {
  type: 'object',
  required: ['kind'],
  additionalProperties: false,
  properties: { kind: { type: 'string', enum: paymentKinds }, couponId: uuid },
} as const;
export type PaymentQuoteInput = FromSchema<typeof paymentQuoteInput>;

export const paymentQuoteAnswer = {
  type: 'object',
  description: 'What a payment would ask today, with the coupon',
  required: ['kind', 'baseCentavos', 'discountCentavos', 'amountCentavos', 'couponId'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: paymentKinds },
    baseCentavos: { ...centavos, description: 'Before the coupon' },
    discountCentavos: { ...centavos, description: 'What the coupon takes off' },
    amountCentavos: { ...centavos, description: 'What the borrower pays' },
    couponId: { type: ['string', 'null'], format: 'uuid' },
  },
} as const;
export type PaymentQuoteAnswer = FromSchema<typeof paymentQuoteAnswer>;
