/**
 * The staff console's review queue and customer service (server/routes/staff/reviews.ts, customers.ts). Personal
 * values are masked (server/staff/masking.ts) except in the unmask answer; codes are rendered by the console.
 */
import { centavos, day, instant, uuid } from './common.ts';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const nullable = <T extends object>(schema: T) => ({ anyOf: [schema, { type: 'null' }] }) as const;
const closed = <P extends Record<string, unknown>>(properties: P) => ({ type: 'object', additionalProperties: false, required: Object.keys(properties) as (keyof P & string)[], properties }) as const;

/** Paging of a list: query strings are strings (the API does not coerce), so digits by pattern. */
export const pageProperties = {
  page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$', description: '1-based; default 1' },
  perPage: { type: 'string', pattern: '^(?:[1-9][0-9]?|100)$', description: '1..100; default 20' },
} as const;
export const pageQuery = { type: 'object', additionalProperties: false, properties: pageProperties } as const;
export interface PageQuery { page?: string; perPage?: string }

/** The page and its size from a query. */
export function pageOf(query: PageQuery): { page: number; perPage: number } {
  return { page: Number(query.page ?? 1), perPage: Number(query.perPage ?? 20) };
}

export const idParams = (...names: string[]) => ({ type: 'object', additionalProperties: false, required: names, properties: Object.fromEntries(names.map((n) => [n, uuid])) }) as const;

/** GET /staff/options */
export const optionsAnswer = closed({
  rejectReasons: { type: 'array', items: str },
  deletionVerifications: { type: 'array', items: str },
  couponDefinitions: { type: 'array', items: closed({ id: str, type: str, amountCentavos: centavos, needsApproval: { type: 'boolean' } }) },
  limitRange: closed({ minCentavos: centavos, maxCentavos: centavos }),
  rejectReapplyDays: int,
});

/** GET /staff/reviews */
export const reviewListAnswer = closed({
  items: {
    type: 'array',
    items: closed({
      orderId: uuid, orderNo: str, customerId: uuid, customerName: str, principalCentavos: centavos, termDays: int,
      productId: str, subProductId: str, reason: nullable(str), appliedAt: instant, waitingSeconds: int,
    }),
  },
  total: int,
});

const maskedFields = { type: 'array', items: closed({ key: str, value: str }) } as const;
const decisionView = closed({ by: { anyOf: [{ type: 'string', enum: ['system'] }, closed({ staffId: uuid })] }, decision: str, limit: nullable(centavos), reason: nullable(str), at: nullable(instant) });
const documentView = closed({ id: uuid, kind: str, contentType: str, createdAt: instant });
export const noteView = closed({ id: uuid, text: str, staffName: str, orderId: nullable(uuid), createdAt: instant });

/** GET /staff/reviews/:orderId */
export const reviewAnswer = closed({
  order: closed({
    id: uuid, orderNo: str, state: str, principalCentavos: centavos, termDays: int, appliedAt: instant, reason: nullable(str),
    facts: nullable({ type: 'object', additionalProperties: { type: ['integer', 'string', 'null'] } }),
    decision: nullable(decisionView),
  }),
  customer: closed({ id: uuid, phoneMasked: str, nameMasked: str }),
  profile: { type: 'array', items: closed({ step: str, fields: maskedFields }) },
  documents: { type: 'array', items: documentView },
  history: { type: 'array', items: closed({ orderNo: str, state: str, principalCentavos: centavos, loanDate: nullable(day), dueDate: nullable(day), overdueDays: int, amountRepaidCentavos: centavos }) },
  notes: { type: 'array', items: noteView },
});

/** POST /staff/reviews/:orderId/decision */
export const decisionInput = {
  oneOf: [
    { type: 'object', additionalProperties: false, required: ['decision', 'limitCentavos'], properties: { decision: { type: 'string', enum: ['approve'] }, limitCentavos: { type: 'integer', minimum: 0 } } },
    {
      type: 'object', additionalProperties: false, required: ['decision', 'reason'],
      properties: { decision: { type: 'string', enum: ['reject'] }, reason: { type: 'string', maxLength: 64 }, reapplyAfter: day, note: { type: 'string', minLength: 1, maxLength: 2000 } },
    },
  ],
} as const;
export type DecisionInput = { decision: 'approve'; limitCentavos: number } | { decision: 'reject'; reason: string; reapplyAfter?: string; note?: string };

export const decisionAnswer = closed({ orderId: uuid, state: str, decision: decisionView });
