/**
 * The book at a glance (docs/book.md): the supervisors' and administrators' dashboard of the staff console. Money
 * flows by day and week, the outstanding book, portfolio at risk, roll rates between the delinquency buckets,
 * collection rates per bucket and per collector, promises kept, approvals and rejections
 * (`GET /api/v1/staff/book`), the onboarding funnel per published form version (`GET /api/v1/staff/book/funnel`),
 * and each table as CSV (`GET /api/v1/staff/book/export`). Every figure is read from the ledger, the payments and
 * payouts, the order events and the collection records: nothing is booked twice. Ratios are integer basis points
 * (1/100 of a percent), null when their base is zero.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { centavos, day, uuid, type DeepReadonly } from './common.ts';

const str = { type: 'string' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const basisPoints = { anyOf: [{ type: 'integer' }, { type: 'null' }] } as const;
const closed = <const P extends Record<string, unknown>>(properties: P) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties) as (keyof P & string)[],
    properties,
  }) as const;
const list = <const T>(items: T) => ({ type: 'array', items }) as const;

/** The thresholds of portfolio at risk: the principal of loans more than N days past due. */
export const parThresholds = [1, 30, 60, 90] as const;

/** The days of a range, both included: at most a year. Without them, the last 30 days up to today (Manila). */
export const bookQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { from: day, to: day },
} as const;
export type BookQuery = FromSchema<typeof bookQuery>;

/** One day's or one week's flows (a week is named by its Monday). Approvals and rejections are decisions made. */
const flow = closed({
  day,
  disbursed: centavos,
  disbursedLoans: count,
  repaid: centavos,
  approved: count,
  rejected: count,
});

export const bookAnswer = closed({
  /** The Manila day the book and the buckets are brought to (today, or `to` when it is earlier). */
  asOf: day,
  from: day,
  to: day,
  /** Every day of the range, days without movement included. */
  days: list(flow),
  /** Every week (Monday to Sunday) that meets the range, cut to it. */
  weeks: list(flow),
  /** The loans being repaid on `asOf`: how many, their principal outstanding, everything they owe. */
  book: closed({ loans: count, principal: centavos, owed: centavos }),
  /** Portfolio at risk on `asOf`, one row per threshold of `parThresholds`. */
  par: list(closed({ days: count, loans: count, principal: centavos, basisPoints })),
  /** The delinquency buckets (config/collections.json) on `asOf`. */
  buckets: list(closed({ bucket: str, loans: count, principal: centavos, overdue: centavos })),
  /**
   * Of the loans in `from` (a bucket id, or `current`: repaying, not past due) on the range's first day, how many were
   * in a worse bucket (`rolled`) on its last day.
   */
  rollRates: list(closed({ from: str, to: str, loans: count, rolled: count, basisPoints })),
  /**
   * What was collected in the range against what was overdue: per the bucket a loan was in on its first overdue day in
   * the range, and per the collector holding it.
   */
  collection: closed({
    byBucket: list(closed({ bucket: str, loans: count, overdue: centavos, collected: centavos, basisPoints })),
    byCollector: list(
      closed({
        collector: { anyOf: [closed({ id: uuid, name: str }), { type: 'null' }] },
        loans: count,
        overdue: centavos,
        collected: centavos,
        basisPoints,
      }),
    ),
  }),
  /** Promises to pay whose day falls in the range, and the share kept of those decided. */
  promises: closed({ made: count, kept: count, broken: count, pending: count, basisPoints }),
});
export type BookAnswer = DeepReadonly<FromSchema<typeof bookAnswer>>;

/**
 * The onboarding funnel: per information step and published version of its form, the borrowers who opened it in the
 * range (`reached`), who saved it (`completed`), and the fields whose errors stopped them most (distinct borrowers
 * shown that field's error, at most five per row, most first). Steps in the flow's order, newest version first.
 */
export const funnelAnswer = closed({
  from: day,
  to: day,
  steps: list(
    closed({
      step: str,
      formVersion: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
      reached: count,
      completed: count,
      errors: list(closed({ field: str, borrowers: count })),
    }),
  ),
});
export type FunnelAnswer = DeepReadonly<FromSchema<typeof funnelAnswer>>;

/** The tables the export writes as CSV, one per request. */
export const bookTables = [
  'days',
  'weeks',
  'book',
  'par',
  'buckets',
  'rollRates',
  'collectionByBucket',
  'collectionByCollector',
  'promises',
  'funnel',
] as const;
export type BookTable = (typeof bookTables)[number];

export const bookExportQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['table'],
  properties: { from: day, to: day, table: { type: 'string', enum: bookTables } },
} as const;
export type BookExportQuery = FromSchema<typeof bookExportQuery>;
