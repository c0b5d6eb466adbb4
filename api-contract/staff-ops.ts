/**
 * The staff console's review queue and customer service (server/routes/staff/reviews.ts, customers.ts). Personal
 * values are masked (server/services/staff/masking.ts) except in the unmask answer; codes are rendered by the console.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { centavos, day, instant, uuid, type DeepReadonly } from './common.ts';
import { pageOf, pageProperties, type PageQuery } from './staff.ts';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const nullable = <const T extends object>(schema: T) => ({ anyOf: [schema, { type: 'null' }] }) as const;
const closed = <const P extends Record<string, unknown>>(properties: P) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties) as (keyof P & string)[],
    properties,
  }) as const;

export const pageQuery = { type: 'object', additionalProperties: false, properties: pageProperties } as const;
export { pageOf, pageProperties, type PageQuery };

export const idParams = (...names: string[]) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: names,
    properties: Object.fromEntries(names.map((n) => [n, uuid])),
  }) as const;

/** GET /staff/options */
export const optionsAnswer = closed({
  rejectReasons: { type: 'array', items: str },
  deletionVerifications: { type: 'array', items: str },
  couponDefinitions: {
    type: 'array',
    items: closed({ id: str, type: str, amountCentavos: centavos, needsApproval: { type: 'boolean' } }),
  },
  /** config/staff.json couponGrant.caps: what staff may grant without a supervisor in a rolling period. */
  couponGrantCaps: closed({
    perCustomer: closed({ periodDays: int, maxGrants: int, maxCentavos: centavos }),
    perAgent: closed({ periodDays: int, maxGrants: int, maxCentavos: centavos }),
  }),
  limitRange: closed({ minCentavos: centavos, maxCentavos: centavos }),
  rejectReapplyDays: int,
});

/** GET /staff/reviews */
export const reviewListAnswer = closed({
  items: {
    type: 'array',
    items: closed({
      orderId: uuid,
      orderNo: str,
      customerId: uuid,
      customerName: str,
      principalCentavos: centavos,
      termDays: int,
      productId: str,
      subProductId: str,
      reason: nullable(str),
      appliedAt: instant,
      waitingSeconds: int,
    }),
  },
  total: int,
});

const maskedFields = { type: 'array', items: closed({ key: str, value: str }) } as const;
const decisionView = closed({
  by: { anyOf: [{ type: 'string', enum: ['system'] }, closed({ staffId: uuid })] },
  staffName: nullable(str),
  decision: str,
  limit: nullable(centavos),
  reason: nullable(str),
  reapplyAfter: nullable(day),
  note: nullable(str),
  at: nullable(instant),
});
const documentView = closed({ id: uuid, kind: str, contentType: str, createdAt: instant });
export const noteView = closed({ id: uuid, text: str, staffName: str, orderId: nullable(uuid), createdAt: instant });

/** GET /staff/reviews/:orderId */
export const reviewAnswer = closed({
  order: closed({
    id: uuid,
    orderNo: str,
    state: str,
    principalCentavos: centavos,
    termDays: int,
    appliedAt: instant,
    reason: nullable(str),
    facts: nullable({ type: 'object', additionalProperties: { type: ['integer', 'string', 'null'] } }),
    decision: nullable(decisionView),
  }),
  customer: closed({ id: uuid, phoneMasked: str, nameMasked: str }),
  profile: { type: 'array', items: closed({ step: str, fields: maskedFields }) },
  documents: { type: 'array', items: documentView },
  history: {
    type: 'array',
    items: closed({
      orderNo: str,
      state: str,
      principalCentavos: centavos,
      loanDate: nullable(day),
      dueDate: nullable(day),
      overdueDays: int,
      amountRepaidCentavos: centavos,
    }),
  },
  notes: { type: 'array', items: noteView },
});

/** POST /staff/reviews/:orderId/decision */
export const decisionInput = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['decision', 'limitCentavos'],
      properties: { decision: { type: 'string', enum: ['approve'] }, limitCentavos: { type: 'integer', minimum: 0 } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['decision', 'reason'],
      properties: {
        decision: { type: 'string', enum: ['reject'] },
        reason: { type: 'string', maxLength: 64 },
        reapplyAfter: day,
        note: { type: 'string', minLength: 1, maxLength: 2000 },
      },
    },
  ],
} as const;
export type DecisionInput =
  | { decision: 'approve'; limitCentavos: number }
  | { decision: 'reject'; reason: string; reapplyAfter?: string; note?: string };

export const decisionAnswer = closed({ orderId: uuid, state: str, decision: decisionView });

const nStr = nullable(str);
const nInstant = nullable(instant);

/**
 * POST /staff/customers/search body: what staff look for travels in the body, never in a URL (which proxies, logs
 * and browser histories keep); page and perPage as a list query writes them.
 */
export const customerSearchInput = {
  type: 'object',
  additionalProperties: false,
  required: ['by', 'q'],
  properties: {
    by: { type: 'string', enum: ['phone', 'name', 'order', 'idNumber'] },
    q: { type: 'string', minLength: 1, maxLength: 200 },
    idType: {
      type: 'string',
      maxLength: 32,
      description: 'idNumber only: one ID type (default: every type of the identity schema)',
    },
    ...pageProperties,
  },
} as const;
export interface CustomerSearchInput extends PageQuery {
  by: 'phone' | 'name' | 'order' | 'idNumber';
  q: string;
  idType?: string;
}

export const customerSearchAnswer = closed({
  items: {
    type: 'array',
    items: closed({
      id: uuid,
      phoneMasked: str,
      nameMasked: str,
      createdAt: instant,
      erased: { type: 'boolean' },
      openOrderState: nStr,
    }),
  },
  total: int,
});

export const feedbackView = closed({
  id: uuid,
  customerId: uuid,
  category: str,
  text: str,
  state: str,
  reply: nStr,
  createdAt: instant,
  repliedAt: nInstant,
});
export const grantView = closed({
  id: uuid,
  customerId: uuid,
  definitionId: str,
  amountCentavos: centavos,
  reason: str,
  state: str,
  requestedBy: uuid,
  decidedBy: nullable(uuid),
  decidedAt: nInstant,
  couponId: nullable(uuid),
  createdAt: instant,
});

/** GET /staff/customers/:customerId */
export const customerAnswer = closed({
  customer: closed({ id: uuid, phoneMasked: str, language: str, createdAt: instant, erased: { type: 'boolean' } }),
  profile: { type: 'array', items: closed({ step: str, updatedAt: instant, fields: maskedFields }) },
  documents: { type: 'array', items: documentView },
  orders: {
    type: 'array',
    items: closed({
      id: uuid,
      orderNo: str,
      state: str,
      principalCentavos: centavos,
      termDays: int,
      loanDate: nullable(day),
      dueDate: nullable(day),
      amountDueCentavos: centavos,
      amountRepaidCentavos: centavos,
      overdueDays: int,
      createdAt: instant,
      events: { type: 'array', items: closed({ kind: str, fromState: nStr, toState: nStr, at: instant }) },
      payments: {
        type: 'array',
        items: closed({ id: uuid, kind: str, channel: nStr, amountCentavos: centavos, state: str, createdAt: instant }),
      },
    }),
  },
  coupons: {
    type: 'array',
    items: closed({
      id: uuid,
      definitionId: str,
      kind: str,
      amountCentavos: centavos,
      state: str,
      source: str,
      expiresAt: nInstant,
    }),
  },
  messages: { type: 'array', items: closed({ id: str, template: str, createdAt: instant, readAt: nInstant }) },
  feedback: { type: 'array', items: feedbackView },
  notes: { type: 'array', items: noteView },
  couponGrants: { type: 'array', items: grantView },
  lookedAtBy: { type: 'array', items: closed({ staffName: str, at: instant, action: str }) },
});

/** POST /staff/customers/:customerId/unmask */
export const unmaskInput = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['fields'],
      properties: { fields: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'string', maxLength: 100 } } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['all'],
      properties: { all: { type: 'boolean', enum: [true] } },
    },
  ],
} as const;
export const unmaskAnswer = closed({ values: { type: 'array', items: closed({ field: str, value: str }) } });

export const noteInput = {
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: { text: { type: 'string', minLength: 1, maxLength: 2000 }, orderId: uuid },
} as const;

export const feedbackQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { state: { type: 'string', enum: ['open', 'answered', 'closed'] }, ...pageProperties },
} as const;
export const feedbackInboxAnswer = closed({
  items: {
    type: 'array',
    items: closed({ id: uuid, customerId: uuid, category: str, text: str, state: str, createdAt: instant }),
  },
  total: int,
});
export const replyInput = {
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: { text: { type: 'string', minLength: 1, maxLength: 2000 } },
} as const;

export const grantInput = {
  type: 'object',
  additionalProperties: false,
  required: ['definitionId', 'reason'],
  properties: {
    definitionId: { type: 'string', maxLength: 64 },
    reason: { type: 'string', minLength: 1, maxLength: 500 },
  },
} as const;
/**
 * Why a grant waits for a supervisor (server/services/staff/coupon-grant-caps.ts): each rule it went over when asked for, with
 * its limit (centavos for `amount` and the `*Centavos` caps, a number of grants for the `*Grants` caps) and its
 * rolling period in days (null for `amount`); empty when it was issued at once.
 */
export const grantCaps = ['amount', 'customerGrants', 'customerCentavos', 'agentGrants', 'agentCentavos'] as const;
export const grantWaitsFor = {
  type: 'array',
  items: closed({
    cap: { type: 'string', enum: grantCaps },
    limit: int,
    periodDays: nullable(int),
  }),
} as const;
export const grantCreatedAnswer = closed({
  id: uuid,
  state: { type: 'string', enum: ['issued', 'pending'] },
  couponId: nullable(uuid),
  waitsFor: grantWaitsFor,
});
export const grantListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { state: { type: 'string', enum: ['pending', 'issued', 'refused'] }, ...pageProperties },
} as const;
/** Who a list row is about, masked (server/services/staff/masking.ts); empty strings once erased. */
export const maskedCustomer = closed({ nameMasked: str, phoneMasked: str });
export const grantListAnswer = closed({
  items: {
    type: 'array',
    items: {
      ...grantView,
      required: [...grantView.required, 'customer', 'requestedByName', 'waitsFor'],
      properties: { ...grantView.properties, customer: maskedCustomer, requestedByName: str, waitsFor: grantWaitsFor },
    },
  },
  total: int,
});
export const grantDecisionInput = {
  type: 'object',
  additionalProperties: false,
  required: ['approve'],
  properties: { approve: { type: 'boolean' } },
} as const;

/** An overpayment refund as staff see it (server/services/staff/refunds.ts): its raw state and why it failed. */
export const staffRefundView = closed({
  id: uuid,
  orderId: uuid,
  orderNo: str,
  paymentId: uuid,
  customerId: uuid,
  customer: maskedCustomer,
  amountCentavos: centavos,
  state: { type: 'string', enum: ['requested', 'sent', 'succeeded', 'failed'] },
  failureCode: nStr,
  attempt: { type: 'integer', minimum: 1, description: 'Sends so far (each a payout at the gateway)' },
  createdAt: instant,
  sentAt: nInstant,
  completedAt: nInstant,
});

/** GET /staff/refunds: failed ones need a person (state=failed); one customer's with customerId. */
export const refundListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    state: { type: 'string', enum: ['requested', 'sent', 'succeeded', 'failed'] },
    customerId: uuid,
    ...pageProperties,
  },
} as const;
export interface RefundListQuery extends PageQuery {
  state?: 'requested' | 'sent' | 'succeeded' | 'failed';
  customerId?: string;
}
export const refundListAnswer = closed({ items: { type: 'array', items: staffRefundView }, total: int });

/** The answers' types (json-schema-to-ts), read-only as a reader holds them: the staff console's view of the contract. */
export type OptionsAnswer = DeepReadonly<FromSchema<typeof optionsAnswer>>;
export type GrantCap = OptionsAnswer['couponGrantCaps']['perCustomer'];
export type ReviewListAnswer = DeepReadonly<FromSchema<typeof reviewListAnswer>>;
export type ReviewItem = ReviewListAnswer['items'][number];
export type ReviewAnswer = DeepReadonly<FromSchema<typeof reviewAnswer>>;
export type DecisionView = NonNullable<ReviewAnswer['order']['decision']>;
export type DecisionAnswer = DeepReadonly<FromSchema<typeof decisionAnswer>>;
export type NoteView = DeepReadonly<FromSchema<typeof noteView>>;
export type DocumentView = ReviewAnswer['documents'][number];
export type CustomerSearchAnswer = DeepReadonly<FromSchema<typeof customerSearchAnswer>>;
export type CustomerItem = CustomerSearchAnswer['items'][number];
export type CustomerAnswer = DeepReadonly<FromSchema<typeof customerAnswer>>;
export type CustomerOrder = CustomerAnswer['orders'][number];
export type CustomerProfileStep = CustomerAnswer['profile'][number];
export type FeedbackView = DeepReadonly<FromSchema<typeof feedbackView>>;
export type FeedbackInboxAnswer = DeepReadonly<FromSchema<typeof feedbackInboxAnswer>>;
export type GrantView = DeepReadonly<FromSchema<typeof grantView>>;
export type GrantWait = DeepReadonly<FromSchema<typeof grantWaitsFor>>[number];
export type GrantCreatedAnswer = DeepReadonly<FromSchema<typeof grantCreatedAnswer>>;
export type MaskedCustomer = DeepReadonly<FromSchema<typeof maskedCustomer>>;
export type GrantListAnswer = DeepReadonly<FromSchema<typeof grantListAnswer>>;
export type ListedGrant = GrantListAnswer['items'][number];
export type UnmaskAnswer = DeepReadonly<FromSchema<typeof unmaskAnswer>>;
export type StaffRefund = DeepReadonly<FromSchema<typeof staffRefundView>>;
export type RefundListAnswer = DeepReadonly<FromSchema<typeof refundListAnswer>>;
/** A step of a customer's masked profile as both the review and the customer answer give it. */
export type MaskedProfileStep = ReviewAnswer['profile'][number];
export type FeedbackInboxItem = FeedbackInboxAnswer['items'][number];
