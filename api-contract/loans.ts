/**
 * The loan answers (server/routes/loans.ts; the views of server/services/loans/views.ts and reads.ts) and bodies: THE
 * place to extend when a view grows. Adding a field to `orderView` / `paymentView` / home: add it to `properties` (and
 * `required`) of the matching schema below (`orderProperties` and `orderRequired` for an order, `scheduleRow` for a
 * row of its plan). The web app's types follow (FromSchema), the OpenAPI document shows it, and the server sends it:
 * Fastify's serializer drops any property a response schema lacks, and the server suites fail on such a property
 * (server/response-check.ts, installed by server/testing/test-api.ts).
 *
 * Money is integer centavos, days 'YYYY-MM-DD' (Manila), instants ISO strings; rates are ppm (1,000 ppm = 0.1 %).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { centavos, day, instant, uuid } from './common.ts';

const nullableString = { type: ['string', 'null'] } as const;
const nullableDay = { type: ['string', 'null'], format: 'date' } as const;

export const orderStates = [
  'under_review',
  'accepted',
  'rejected',
  'withdrawable',
  'disbursing',
  'disbursement_failed',
  'repaying',
  'settled',
] as const;
export const paymentKinds = ['settle', 'extend', 'instalment'] as const;
export const paymentChannels = ['eWallet', 'bank', 'otc'] as const;

// ---- Bodies ----

/** POST /loans/quote and POST /loans */
export const loanInput = {
  type: 'object',
  required: ['productId', 'subProductId', 'principalCentavos', 'termDays'],
  additionalProperties: false,
  properties: {
    productId: { type: 'string', maxLength: 64 },
    subProductId: { type: 'string', maxLength: 64 },
    principalCentavos: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
    termDays: { type: 'integer', minimum: 1, maximum: 3650 },
  },
} as const;
export type LoanInput = FromSchema<typeof loanInput>;

/** POST /loans/:id/payments */
export const paymentInput = {
  type: 'object',
  required: ['kind', 'channel'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: paymentKinds },
    channel: { type: 'string', enum: paymentChannels },
    couponId: {
      ...uuid,
      description:
        'A repayment coupon of the borrower (GET /coupons?appliesTo=repayment) to lower the amount to pay; not with extend',
    },
  },
} as const;
export type PaymentInput = FromSchema<typeof paymentInput>;

// ---- Answers ----

/** One period of a repayment plan (domain/loan-types.ts PlanPeriod). */
export const planPeriod = {
  type: 'object',
  required: ['period', 'dueDate', 'principalCentavos', 'interestCentavos', 'amountCentavos'],
  additionalProperties: false,
  properties: {
    period: { type: 'integer', minimum: 1 },
    dueDate: day,
    principalCentavos: centavos,
    interestCentavos: centavos,
    amountCentavos: { ...centavos, description: 'principal + interest - the repayment coupon share' },
  },
} as const;

/** Every figure of a loan (domain/loan-types.ts Quote): POST /loans/quote, and an order's frozen `quote`. */
export const quoteAnswer = {
  type: 'object',
  description: 'Every figure of the loan',
  required: [
    'principalCentavos',
    'termDays',
    'dailyInterestPpm',
    'interestCentavos',
    'serviceFeeCentavos',
    'creditReportFeeCentavos',
    'taxCentavos',
    'couponCentavos',
    'couponKind',
    'receivedCentavos',
    'financeChargeCentavos',
    'loanDate',
    'repaymentDate',
    'firstDueDate',
    'plan',
    'amountDueCentavos',
    'effectiveMonthlyRatePpm',
    'effectiveAnnualRatePpm',
  ],
  additionalProperties: false,
  properties: {
    principalCentavos: centavos,
    termDays: { type: 'integer' },
    dailyInterestPpm: { type: 'integer' },
    interestCentavos: centavos,
    serviceFeeCentavos: centavos,
    creditReportFeeCentavos: centavos,
    taxCentavos: centavos,
    couponCentavos: centavos,
    couponKind: { type: ['string', 'null'], enum: ['withdrawal', 'repayment', null] },
    receivedCentavos: { ...centavos, description: "Net proceeds: what reaches the borrower's account" },
    financeChargeCentavos: { ...centavos, description: 'Interest + fees + tax - coupon' },
    loanDate: day,
    repaymentDate: { ...day, description: 'The last due date' },
    firstDueDate: day,
    plan: { type: 'array', items: planPeriod },
    amountDueCentavos: centavos,
    effectiveMonthlyRatePpm: {
      type: 'integer',
      description: 'Effective interest rate per 30-day month (IRR on the net proceeds)',
    },
    effectiveAnnualRatePpm: { type: 'integer' },
  },
} as const;
export type QuoteAnswer = FromSchema<typeof quoteAnswer>;

/** A row of the plan as the bill shows it (domain/loan-ledger.ts ScheduleRow): an order's `schedule`. */
export const scheduleRow = {
  type: 'object',
  required: [
    'period',
    'dueDate',
    'principalCentavos',
    'interestCentavos',
    'feeCentavos',
    'penaltiesCentavos',
    'amountCentavos',
    'paidCentavos',
    'outstandingCentavos',
    'waivedCentavos',
    'state',
  ],
  additionalProperties: false,
  properties: {
    period: { type: 'integer', minimum: 1 },
    dueDate: day,
    principalCentavos: centavos,
    interestCentavos: centavos,
    feeCentavos: centavos,
    penaltiesCentavos: centavos,
    amountCentavos: {
      ...centavos,
      description: 'Everything the period has owed (principal, interest, fees, penalties)',
    },
    paidCentavos: centavos,
    outstandingCentavos: centavos,
    waivedCentavos: centavos,
    state: { type: 'string', enum: ['paid', 'overdue', 'due', 'upcoming'] },
  },
} as const;

/** Where the money goes, masked (an order's `payout`). */
export const payoutDestination = {
  type: ['object', 'null'],
  required: ['method', 'label', 'accountMasked'],
  additionalProperties: false,
  properties: {
    method: { type: 'string', enum: ['bank', 'eWallet', 'remittance'] },
    label: { type: 'string', description: 'Bank code, e-wallet provider or remittance shop' },
    accountMasked: { type: 'string' },
  },
} as const;

const orderProperties = {
  id: uuid,
  orderNo: { type: 'string' },
  productId: { type: 'string' },
  subProductId: { type: 'string' },
  state: { type: 'string', enum: orderStates },
  dueStatus: {
    type: ['string', 'null'],
    enum: ['pending', 'expiring', 'due_today', 'overdue', null],
    description: 'Only while repaying',
  },
  principalCentavos: centavos,
  termDays: { type: 'integer' },
  quote: quoteAnswer,
  loanDate: nullableDay,
  dueDate: nullableDay,
  overdueDays: { type: 'integer' },
  lateFineCentavos: centavos,
  damagesCentavos: centavos,
  amountDueCentavos: { ...centavos, description: 'What full settlement pays now: interest to today (0 once settled)' },
  amountAtDueCentavos: {
    ...centavos,
    description: 'What is owed on the due date if nothing is paid before: interest to it included (0 once settled)',
  },
  extension: {
    type: ['object', 'null'],
    description: 'The extension offered now, if any (domain/loan-ledger.ts ExtensionTerms)',
    required: ['amountCentavos', 'newDueDate', 'feeCentavos', 'newAmountDueCentavos', 'waivedCentavos'],
    additionalProperties: false,
    properties: {
      amountCentavos: { ...centavos, description: 'What the extension costs now' },
      newDueDate: day,
      feeCentavos: { ...centavos, description: 'The extension fee within it' },
      newAmountDueCentavos: { ...centavos, description: 'The amount due after extending' },
      waivedCentavos: { ...centavos, description: 'What the caps waive' },
    },
  },
  instalment: {
    type: ['object', 'null'],
    description: 'The next instalment of an instalment order while repaying (its amount with the penalties)',
    required: ['period', 'count', 'amountCentavos', 'amountAtDueCentavos', 'dueDate'],
    additionalProperties: false,
    properties: {
      period: { type: 'integer' },
      count: { type: 'integer' },
      amountCentavos: { ...centavos, description: 'What paying it now takes (interest to today)' },
      amountAtDueCentavos: { ...centavos, description: 'What it asks on its due date' },
      dueDate: day,
    },
  },
  schedule: {
    type: 'array',
    items: scheduleRow,
    description:
      'The plan as it stands: paid and outstanding per period, each as it asks on its due date (sums: amount repaid and amount at due)',
  },
  paidPeriods: { type: 'integer', description: 'Periods of the plan paid (all of them once settled)' },
  amountRepaidCentavos: centavos,
  extensionCount: { type: 'integer' },
  settledOn: { ...nullableDay, description: 'The day the last payment settled the order' },
  reapplyAfter: nullableDay,
  cancelled: {
    type: 'boolean',
    description: 'A rejected order the borrower cancelled before its payout (an Easy Re-loan), not a refusal',
  },
  failureCode: nullableString,
  payout: payoutDestination,
  createdAt: instant,
  updatedAt: instant,
} as const;
const orderRequired = [
  'id',
  'orderNo',
  'productId',
  'subProductId',
  'state',
  'dueStatus',
  'principalCentavos',
  'termDays',
  'quote',
  'loanDate',
  'dueDate',
  'overdueDays',
  'lateFineCentavos',
  'damagesCentavos',
  'amountDueCentavos',
  'amountAtDueCentavos',
  'extension',
  'instalment',
  'schedule',
  'paidPeriods',
  'amountRepaidCentavos',
  'extensionCount',
  'settledOn',
  'reapplyAfter',
  'cancelled',
  'failureCode',
  'payout',
  'createdAt',
  'updatedAt',
] as const;

/** An order (server/services/loans/views.ts orderView): POST /loans, /accept, /withdraw, the lists and home. */
export const orderAnswer = {
  type: 'object',
  description: 'The order',
  required: orderRequired,
  additionalProperties: false,
  properties: orderProperties,
} as const;
export type OrderAnswer = FromSchema<typeof orderAnswer>;

/**
 * Money a payment brought over what was owed, sent back to the payout account on file (server/services/loans/refunds.ts
 * refundView): pending (recorded, not yet at the gateway), sent (the gateway has it), refunded, failed (staff contact
 * the borrower and send it again).
 */
export const refundAnswer = {
  type: 'object',
  description: 'An overpayment refund',
  required: ['id', 'paymentId', 'amountCentavos', 'state', 'createdAt', 'completedAt'],
  additionalProperties: false,
  properties: {
    id: uuid,
    paymentId: { ...uuid, description: 'The payment that paid over what was owed' },
    amountCentavos: { ...centavos, description: 'What was paid over what was owed: all of it is sent back' },
    state: { type: 'string', enum: ['pending', 'sent', 'refunded', 'failed'] },
    createdAt: instant,
    completedAt: { type: ['string', 'null'], format: 'date-time', description: 'When it was refunded' },
  },
} as const;
export type RefundAnswer = FromSchema<typeof refundAnswer>;

/**
 * The server's time when it answered (its clock: DEMO_CLOCK's in a demonstration, whatever the device's says): a
 * payment's code expires by it, so the app counts `expiresAt` against it (src/loans/payment-status.ts).
 */
const serverTime = {
  type: 'string',
  format: 'date-time',
  description: "The server's time of the answer: payments expire by the server's clock, not the device's",
} as const;

/** A payment (server/services/loans/views.ts paymentView). */
export const paymentAnswer = {
  type: 'object',
  description: 'The payment',
  required: [
    'id',
    'orderId',
    'orderNo',
    'kind',
    'channel',
    'state',
    'amountCentavos',
    'couponId',
    'discountCentavos',
    'reference',
    'checkoutUrl',
    'expiresAt',
    'failureCode',
    'declineCode',
    'declinedAt',
    'createdAt',
    'completedAt',
    'applied',
    'refund',
  ],
  additionalProperties: false,
  properties: {
    id: uuid,
    orderId: uuid,
    orderNo: { type: 'string' },
    kind: { type: 'string', enum: paymentKinds },
    channel: { type: 'string', enum: paymentChannels },
    state: { type: 'string', enum: ['in_progress', 'success', 'fail'] },
    amountCentavos: { ...centavos, description: 'What the borrower pays (after the coupon)' },
    couponId: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'The repayment coupon the payment holds (used on success, given back on failure)',
    },
    discountCentavos: { ...centavos, description: 'What the coupon takes off the amount due' },
    reference: {
      type: ['string', 'null'],
      description: "What the borrower pays with (the gateway's reference); null until the gateway has the payment",
    },
    checkoutUrl: nullableString,
    expiresAt: instant,
    failureCode: {
      type: ['string', 'null'],
      description:
        'Why it failed: DECLINED (the gateway declined its last attempt: declineCode says why), EXPIRED (its code ran out unpaid) or a gateway refusal',
    },
    declineCode: {
      type: ['string', 'null'],
      description:
        "The gateway's code of the declined attempt (PayMongo failed_code, e.g. insufficient_funds); null unless failureCode is DECLINED",
    },
    declinedAt: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When the gateway declined it; null unless failureCode is DECLINED',
    },
    createdAt: instant,
    completedAt: { type: ['string', 'null'], format: 'date-time' },
    applied: {
      type: ['string', 'null'],
      enum: ['settled', 'extended', 'instalment', 'partial', 'unapplied', null],
      description:
        'How a success was applied (an extension paid after its price rose, or a settlement after the amount due did, is partial); null until then',
    },
    refund: {
      ...refundAnswer,
      type: ['object', 'null'],
      description: 'What the payment brought over what was owed, going back to the borrower; null when nothing',
    },
    serverTime: {
      ...serverTime,
      description:
        "The server's time of the answer, in GET /payments/:id only (not in a payment inside another answer)",
    },
  },
} as const;
export type PaymentAnswer = FromSchema<typeof paymentAnswer>;

/** GET /loans/:id: the order, its payments (newest first) and the refunds of what they paid over what was owed. */
export const orderDetailAnswer = {
  type: 'object',
  description: 'The order, its payments and refunds',
  required: [...orderRequired, 'payments', 'refunds', 'serverTime'],
  additionalProperties: false,
  properties: {
    ...orderProperties,
    payments: { type: 'array', items: paymentAnswer },
    refunds: { type: 'array', items: refundAnswer, description: 'Overpayment refunds, newest first' },
    serverTime,
  },
} as const;
export type OrderDetailAnswer = FromSchema<typeof orderDetailAnswer>;

/** GET /loans */
export const orderListAnswer = {
  type: 'object',
  description: "The borrower's orders",
  required: ['orders'],
  additionalProperties: false,
  properties: { orders: { type: 'array', items: orderAnswer, description: 'Newest first' } },
} as const;
export type OrderListAnswer = FromSchema<typeof orderListAnswer>;

/** GET /payments */
export const paymentListAnswer = {
  type: 'object',
  description: "The borrower's payments",
  required: ['payments', 'serverTime'],
  additionalProperties: false,
  properties: {
    payments: { type: 'array', items: paymentAnswer, description: 'The last 3 months, newest first' },
    serverTime,
  },
} as const;
export type PaymentListAnswer = FromSchema<typeof paymentListAnswer>;

/** GET /loans/home */
export const homeAnswer = {
  type: 'object',
  description: "The home screen's figures",
  required: [
    'today',
    'creditLimitCentavos',
    'limitWithheld',
    'profile',
    'currentOrder',
    'lastRejected',
    'canApply',
    'applyBlockedCode',
    'signed',
    'reloan',
    'bankChangeAvailable',
  ],
  additionalProperties: false,
  properties: {
    today: day,
    creditLimitCentavos: {
      type: ['integer', 'null'],
      description: 'The limit underwriting would grant the profile as it stands; null when it would not',
    },
    limitWithheld: {
      type: ['object', 'null'],
      description:
        'Why there is no limit: PROFILE_INCOMPLETE, WOULD_REJECT (with the reapply day on record) or NEEDS_REVIEW',
      required: ['code', 'reason', 'reapplyAfter'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', enum: ['PROFILE_INCOMPLETE', 'WOULD_REJECT', 'NEEDS_REVIEW'] },
        reason: { type: ['string', 'null'], description: 'The underwriting reason code' },
        reapplyAfter: nullableDay,
      },
    },
    profile: {
      type: 'object',
      required: ['complete', 'next'],
      additionalProperties: false,
      properties: {
        complete: { type: 'boolean' },
        next: { type: ['string', 'null'], description: 'The route to resume the profile at' },
      },
    },
    currentOrder: { ...orderAnswer, type: ['object', 'null'], description: 'The open order, if any' },
    lastRejected: {
      type: ['object', 'null'],
      required: ['reapplyAfter'],
      additionalProperties: false,
      properties: { reapplyAfter: nullableDay },
    },
    canApply: { type: 'boolean' },
    applyBlockedCode: { type: ['string', 'null'], description: 'Why not, as an error code' },
    signed: { type: 'boolean', description: 'A signature is on file' },
    reloan: { type: 'boolean', description: 'An order was settled before' },
    bankChangeAvailable: { type: 'boolean' },
  },
} as const;
export type HomeAnswer = FromSchema<typeof homeAnswer>;

/** GET and POST /signature */
export const signatureAnswer = {
  type: 'object',
  description: 'Whether a signature is on file',
  required: ['signed', 'signedAt'],
  additionalProperties: false,
  properties: { signed: { type: 'boolean' }, signedAt: { type: ['string', 'null'], format: 'date-time' } },
} as const;
export type SignatureAnswer = FromSchema<typeof signatureAnswer>;

/** PUT /payout-account */
export const payoutAccountAnswer = {
  type: 'object',
  description: 'Saved',
  required: ['ok', 'reopened'],
  additionalProperties: false,
  properties: {
    ok: { type: 'boolean', const: true },
    reopened: { type: 'array', items: uuid, description: 'Orders whose disbursement had failed, withdrawable again' },
  },
} as const;
export type PayoutAccountAnswer = FromSchema<typeof payoutAccountAnswer>;
