/**
 * The Easy Re-loan routes' contract (server/routes/easy-reloan.ts, server/services/loans/easy-reloan.ts): the
 * borrower's setting (/appointLoan), turning it on (after the agreement, /bookingAgreement) and off, and the list of
 * re-loans (/appointLoanList) with their figures and a cancel before the payout.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { centavos, instant, uuid } from './common.ts';
import { payoutDestination, quoteAnswer } from './loans.ts';

const nullableCentavos = { type: ['integer', 'null'] } as const;
const nullableInstant = { type: ['string', 'null'], format: 'date-time' } as const;

/** GET /easy-reloan, and the answer of turning it on or off. */
export const easyReloanAnswer = {
  type: 'object',
  description: "The borrower's Easy Re-loan setting and what the next re-loan would be",
  required: [
    'available',
    'eligible',
    'enabled',
    'offReason',
    'principalCentavos',
    'termDays',
    'productId',
    'subProductId',
    'limitCentavos',
    'nextAmountCentavos',
    'amount',
    'termsDays',
    'payout',
    'voucherCentavos',
    'cancelWindowMinutes',
    'disbursementsBeforeTurnOff',
    'disbursedInCycle',
    'voucherUsed',
    'noLoanOpen',
  ],
  additionalProperties: false,
  properties: {
    available: {
      type: 'boolean',
      description: 'The product offers Easy Re-loan (config/product.json easyReloan.enabled)',
    },
    eligible: { type: 'boolean', description: 'The borrower has repaid a loan (only they can turn it on)' },
    enabled: { type: 'boolean' },
    noLoanOpen: {
      type: 'boolean',
      description: 'No order of the borrower is open: on, it waits for a loan they apply for themselves to be repaid',
    },
    offReason: {
      type: ['string', 'null'],
      enum: ['borrower', 'auto', null],
      description: 'auto: it turned itself off after its disbursements; the borrower is asked to turn it on again',
    },
    principalCentavos: {
      ...nullableCentavos,
      description: 'The chosen amount; null: the limit at the time of each re-loan',
    },
    termDays: { type: ['integer', 'null'] },
    productId: { type: ['string', 'null'] },
    subProductId: { type: ['string', 'null'] },
    limitCentavos: { ...centavos, description: "The borrower's limit now" },
    nextAmountCentavos: {
      ...centavos,
      description:
        'What the next re-loan would be for today: the chosen amount or the limit, within the limit and the grid',
    },
    amount: {
      type: 'object',
      required: ['minCentavos', 'maxCentavos', 'stepCentavos'],
      additionalProperties: false,
      properties: { minCentavos: centavos, maxCentavos: centavos, stepCentavos: centavos },
    },
    termsDays: { type: 'array', items: { type: 'integer' } },
    payout: payoutDestination,
    voucherCentavos: { ...centavos, description: 'The reward voucher of each successful automatic disbursement' },
    cancelWindowMinutes: {
      type: 'integer',
      description: 'Between the notice and the payout; a re-loan can be cancelled until its payout',
    },
    disbursementsBeforeTurnOff: { type: 'integer' },
    disbursedInCycle: { type: 'integer', description: 'Successful automatic disbursements since it was turned on' },
    voucherUsed: { type: 'boolean', description: 'A voucher of this turn-on was used: it cannot be turned off' },
  },
} as const;
export type EasyReloanAnswer = FromSchema<typeof easyReloanAnswer>;

/** PUT /easy-reloan: turn it on (or change the amount or term while on). */
export const easyReloanInput = {
  type: 'object',
  required: ['principalCentavos', 'termDays', 'agreeAgreement'],
  additionalProperties: false,
  properties: {
    principalCentavos: {
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 100000000,
      description: 'null: the limit at the time of each re-loan',
    },
    termDays: { type: 'integer', minimum: 1, maximum: 3650 },
    agreeAgreement: { type: 'boolean', description: 'The Easy Re-loan agreement (/bookingAgreement); must be true' },
  },
} as const;
export type EasyReloanInput = FromSchema<typeof easyReloanInput>;

export const reloanStates = [
  'applied',
  'noticed',
  'disbursing',
  'done',
  'cancelled',
  'not_approved',
  'failed',
] as const;

/** One scheduled re-loan. */
export const reloanAnswer = {
  type: 'object',
  description: 'A re-loan: scheduled (applied, noticed, disbursing), done, cancelled, not approved or failed',
  required: [
    'id',
    'state',
    'orderId',
    'orderNo',
    'productId',
    'subProductId',
    'principalCentavos',
    'termDays',
    'quote',
    'payoutAt',
    'cancellable',
    'voucherCentavos',
    'createdAt',
    'doneAt',
    'cancelledAt',
  ],
  additionalProperties: false,
  properties: {
    id: uuid,
    state: { type: 'string', enum: reloanStates },
    orderId: uuid,
    orderNo: { type: 'string' },
    productId: { type: 'string' },
    subProductId: {
      type: 'string',
      description: "The order's sub-product: its charges (late fine, damages, extension) complete the disclosure",
    },
    principalCentavos: centavos,
    termDays: { type: 'integer' },
    quote: quoteAnswer,
    payoutAt: { ...nullableInstant, description: 'When the money is sent (known once approved and noticed)' },
    cancellable: { type: 'boolean', description: 'It can still be cancelled (before its payout)' },
    voucherCentavos: { ...nullableCentavos, description: 'The voucher it earned' },
    createdAt: instant,
    doneAt: nullableInstant,
    cancelledAt: nullableInstant,
  },
} as const;
export type ReloanAnswer = FromSchema<typeof reloanAnswer>;

/** GET /easy-reloan/reloans */
export const reloanListAnswer = {
  type: 'object',
  description: "The borrower's re-loans, newest first",
  required: ['reloans'],
  additionalProperties: false,
  properties: { reloans: { type: 'array', items: reloanAnswer } },
} as const;
export type ReloanListAnswer = FromSchema<typeof reloanListAnswer>;
