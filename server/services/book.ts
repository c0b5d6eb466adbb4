/**
 * The book at a glance (docs/book.md; contract api-contract/book.ts): money disbursed and repaid by day and week,
 * approvals and rejections, the outstanding book, portfolio at risk, the delinquency buckets, roll rates, collection
 * rates per bucket and per collector, and promises kept, over a range of Manila days; and each table as CSV. Every
 * figure is summed by the database from the ledger's columns, the payouts, the payments, the order events and the
 * collection records (server/services/loans/repository/book.ts): nothing is booked twice.
 */
import { parThresholds, type BookAnswer, type BookTable } from '#api-contract/book.ts';
import { collectionsFile } from '#config/collections.ts';
import { addDays, daysBetween, manilaStartOfDay, manilaToday } from '#domain/calendar-date.ts';
import type { CollectionRules } from '#domain/collections.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import { FUNNEL_COLUMNS, funnelOf, funnelTable } from './onboarding-funnel.ts';
import {
  bookCollection,
  bookFlows,
  bookPosition,
  bookPromises,
  bookRolls,
  type FlowRow,
  type PositionDay,
} from './loans/repository.ts';

/** The longest range the book answers, in days (both ends included): a year, a leap day's too. */
export const MAX_RANGE_DAYS = 366;
/** The range without one: the last 30 days up to today. */
const DEFAULT_DAYS = 30;

export interface BookDeps {
  readonly db: Database;
  readonly now: () => Date;
  /** Default config/collections.json. */
  readonly rules?: Pick<CollectionRules, 'buckets'>;
}

/** A ratio in basis points (1/100 of a percent), rounded; null when its base is zero. */
export const basisPointsOf = (part: number, base: number): number | null =>
  base === 0 ? null : Math.round((part * 10_000) / base);

/** The Monday of a day's week. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const ZERO_COLLECTED = { loans: 0, overdue: 0, collected: 0 };

const emptyFlow = (day: string): FlowRow => ({
  day,
  disbursed: 0,
  disbursedLoans: 0,
  repaid: 0,
  approved: 0,
  rejected: 0,
});

/**
 * The range asked for, checked: `from` not after `to`, at most a year; without one, the 30 days up to today (Manila).
 * The funnel reads the same days (`GET /book/funnel`, server/routes/staff/book.ts).
 */
export function bookRange(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const today = manilaToday(now);
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_DAYS - 1) : today);
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  const days = daysBetween(from, to) + 1;
  if (days < 1 || days > MAX_RANGE_DAYS)
    throw new ApiError('BOOK_RANGE_INVALID', { from, to, maxDays: MAX_RANGE_DAYS });
  return { from, to };
}

export function createBookService(deps: BookDeps) {
  const { db, now } = deps;
  const buckets = (deps.rules ?? collectionsFile).buckets;

  const rangeOf = (query: { from?: string; to?: string }) => bookRange(query, now());

  /** Where a day's position is read: today from the orders' columns, a past day from the events. */
  const positionDay = (day: string, today: string): PositionDay => ({
    day,
    end: manilaStartOfDay(addDays(day, 1)),
    live: day >= today,
  });

  async function answer(query: { from?: string; to?: string }): Promise<BookAnswer> {
    const { from, to } = rangeOf(query);
    const today = manilaToday(now());
    const asOf = to < today ? to : today;
    const start = manilaStartOfDay(from);
    const end = manilaStartOfDay(addDays(to, 1));
    const first = positionDay(from < asOf ? from : asOf, today);
    const last = positionDay(asOf, today);

    const [flows, position, rolls, collected, promises] = await Promise.all([
      bookFlows(db, start, end),
      bookPosition(db, last, buckets, parThresholds),
      bookRolls(db, first, last, buckets),
      bookCollection(db, first, end, buckets),
      bookPromises(db, from, to, today),
    ]);
    const add = (a: { loans: number; overdue: number; collected: number }, b: typeof a) => ({
      loans: a.loans + b.loans,
      overdue: a.overdue + b.overdue,
      collected: a.collected + b.collected,
    });
    const byBucket = new Map<string, { loans: number; overdue: number; collected: number }>();
    const byCollector = new Map<
      string,
      { collector: { id: string; name: string } | null; loans: number; overdue: number; collected: number }
    >();
    for (const r of collected) {
      byBucket.set(r.bucket, add(byBucket.get(r.bucket) ?? ZERO_COLLECTED, r));
      const key = r.collector?.id ?? '';
      byCollector.set(key, { collector: r.collector, ...add(byCollector.get(key) ?? ZERO_COLLECTED, r) });
    }

    const byDay = new Map(flows.map((f) => [f.day, f]));
    const days: FlowRow[] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) days.push(byDay.get(day) ?? emptyFlow(day));
    const weeks = new Map<string, FlowRow>();
    for (const d of days) {
      const monday = mondayOf(d.day);
      const week = weeks.get(monday) ?? emptyFlow(monday);
      weeks.set(monday, {
        day: week.day,
        disbursed: week.disbursed + d.disbursed,
        disbursedLoans: week.disbursedLoans + d.disbursedLoans,
        repaid: week.repaid + d.repaid,
        approved: week.approved + d.approved,
        rejected: week.rejected + d.rejected,
      });
    }

    const rank = (bucket: string | null) => (bucket === null ? -1 : buckets.findIndex((b) => b.id === bucket));
    const rollRates = [null, ...buckets.slice(0, -1).map((b) => b.id)].map((fromBucket, i) => {
      const of = rolls.filter((r) => r.from === fromBucket);
      const loans = of.reduce((n, r) => n + r.loans, 0);
      const rolled = of.filter((r) => rank(r.to) > rank(fromBucket)).reduce((n, r) => n + r.loans, 0);
      return {
        from: fromBucket ?? 'current',
        to: buckets[i]!.id,
        loans,
        rolled,
        basisPoints: basisPointsOf(rolled, loans),
      };
    });

    const collectionRow = (r: { loans: number; overdue: number; collected: number }) => ({
      loans: r.loans,
      overdue: r.overdue,
      collected: r.collected,
      basisPoints: basisPointsOf(r.collected, r.overdue),
    });

    return {
      asOf,
      from,
      to,
      days,
      weeks: [...weeks.values()],
      book: { loans: position.loans, principal: position.principal, owed: position.owed },
      par: position.par.map((p) => ({ ...p, basisPoints: basisPointsOf(p.principal, position.principal) })),
      buckets: buckets.map((b) => ({
        bucket: b.id,
        ...(position.buckets.get(b.id) ?? { loans: 0, principal: 0, overdue: 0 }),
      })),
      rollRates,
      collection: {
        byBucket: buckets.map((b) => ({
          bucket: b.id,
          ...collectionRow(byBucket.get(b.id) ?? ZERO_COLLECTED),
        })),
        byCollector: [...byCollector.values()]
          .map((r) => ({ collector: r.collector, ...collectionRow(r) }))
          .sort((a, b) =>
            a.collector === null ? 1 : b.collector === null ? -1 : a.collector.name.localeCompare(b.collector.name),
          ),
      },
      promises: { ...promises, basisPoints: basisPointsOf(promises.kept, promises.kept + promises.broken) },
    };
  }

  /** The columns of each table (the header row), so a table without rows still names them. */
  const headers: Record<BookTable, readonly string[]> = {
    days: ['day', 'disbursed', 'disbursedLoans', 'repaid', 'approved', 'rejected'],
    weeks: ['week', 'disbursed', 'disbursedLoans', 'repaid', 'approved', 'rejected'],
    book: ['asOf', 'loans', 'principal', 'owed'],
    par: ['days', 'loans', 'principal', 'basisPoints'],
    buckets: ['bucket', 'loans', 'principal', 'overdue'],
    rollRates: ['from', 'to', 'loans', 'rolled', 'basisPoints'],
    collectionByBucket: ['bucket', 'loans', 'overdue', 'collected', 'basisPoints'],
    collectionByCollector: ['collectorId', 'collectorName', 'loans', 'overdue', 'collected', 'basisPoints'],
    promises: ['made', 'kept', 'broken', 'pending', 'basisPoints'],
    funnel: FUNNEL_COLUMNS,
  };

  /** One table of the answer as CSV rows: plain keys, integer centavos, basis points (empty when null). */
  function tableOf(book: BookAnswer, table: Exclude<BookTable, 'funnel'>): Record<string, unknown>[] {
    switch (table) {
      case 'days':
        return [...book.days];
      case 'weeks':
        return book.weeks.map(({ day, ...rest }) => ({ week: day, ...rest }));
      case 'book':
        return [{ asOf: book.asOf, ...book.book }];
      case 'par':
        return [...book.par];
      case 'buckets':
        return [...book.buckets];
      case 'rollRates':
        return [...book.rollRates];
      case 'collectionByBucket':
        return [...book.collection.byBucket];
      case 'collectionByCollector':
        return book.collection.byCollector.map(({ collector, ...rest }) => ({
          collectorId: collector?.id ?? '',
          collectorName: collector?.name ?? '',
          ...rest,
        }));
      case 'promises':
        return [book.promises];
    }
  }

  /** The CSV of one table of the range's book, and the range it covers. */
  async function exportCsv(query: { from?: string; to?: string; table: BookTable }) {
    if (query.table === 'funnel') {
      const range = rangeOf(query);
      const rows = funnelTable(await funnelOf(db, range));
      return { ...range, rows: rows.length, csv: toCsv(rows, headers.funnel) };
    }
    const book = await answer(query);
    const rows = tableOf(book, query.table);
    return { from: book.from, to: book.to, rows: rows.length, csv: toCsv(rows, headers[query.table]) };
  }

  return { rangeOf, answer, exportCsv };
}

export type BookService = ReturnType<typeof createBookService>;

/**
 * A CSV cell: numbers as they are; text quoted when it holds a quote, comma or line break, and a text cell starting
 * with = + - @ (or a tab or carriage return) prefixed with ' so a spreadsheet never reads it as a formula.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  let text = String(value);
  if (/^[=+\-@\t\r]/u.test(text)) text = `'${text}`;
  return /[",\r\n]/u.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV: a header of the first row's keys, then a line per row (CRLF, as RFC 4180). */
export function toCsv(rows: readonly Record<string, unknown>[], header?: readonly string[]): string {
  const keys = header ?? Object.keys(rows[0] ?? {});
  const lines = [keys.join(','), ...rows.map((row) => keys.map((key) => csvCell(row[key])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
