/**
 * The loan repository's reads for the book at a glance (server/services/book.ts, docs/book.md), and the one write of
 * the delinquency history: every figure is summed by the database from the orders' ledger columns, the payouts, the
 * payments, the order events and the collection records, nothing booked twice (../repository.ts: what the repository
 * is). A loan's delinquency on a past day comes from its `delinquency` events, which the daily collections job writes
 * when a loan's bucket changes (`recordDelinquencyChanges`).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DelinquencyBucket } from '#domain/collections.ts';
import type { Db } from './types.ts';

/** The Manila calendar day of a timestamptz column (Manila keeps no daylight saving: UTC+8 all year). */
const manilaDay = (column: SQL) => sql`(((${column}) at time zone 'UTC') + interval '8 hours')::date`;

/** An instant as a query parameter (ISO text: both drivers read it alike). */
const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * The events that take a loan back from a later day to an earlier one: the repayments, with what each paid by
 * component (`data.applied`), and the settlement (the repayment that closed it, or any other way a loan ends settled).
 * Index: loan_events_repayment_idx (server/db/tables.ts) has the same condition.
 */
export const AFTER_KINDS = sql`(e.kind in ('settled', 'partial_repayment', 'instalment_paid', 'extended') or e.to_state = 'settled')`;
const appliedTotal = sql`(coalesce((e.data->'applied'->>'principal')::bigint, 0) + coalesce((e.data->'applied'->>'interest')::bigint, 0)
  + coalesce((e.data->'applied'->>'fee')::bigint, 0) + coalesce((e.data->'applied'->>'lateFine')::bigint, 0)
  + coalesce((e.data->'applied'->>'damages')::bigint, 0))`;

/**
 * The state of the promise `cp` (collection_promises) on `today`, as domain/collections.ts promiseState reads it: as
 * the daily job stored it once kept or broken; else kept once the payments that succeeded after it, up to its day,
 * reach its amount; broken once its day is before `today`; pending until then.
 */
export function promiseStateCase(today: string): SQL {
  return sql`case when cp.state <> 'pending' then cp.state
    when coalesce((select sum(pm.amount) from payments pm where pm.order_id = cp.order_id and pm.state = 'success'
      and pm.completed_at >= cp.made_at and ${manilaDay(sql`pm.completed_at`)} <= cp.promised_on), 0) >= cp.amount
      then 'kept'
    when cp.promised_on < ${today}::date then 'broken' else 'pending' end`;
}

/** The bucket id of a days-past-due expression (null: not past due). */
export function bucketCase(dpd: SQL, buckets: readonly DelinquencyBucket[]): SQL {
  const arms = buckets.map((b) =>
    b.toDays === null
      ? sql` when ${dpd} >= ${sql.raw(String(b.fromDays))} then ${b.id}`
      : sql` when ${dpd} between ${sql.raw(String(b.fromDays))} and ${sql.raw(String(b.toDays))} then ${b.id}`,
  );
  return sql`(case${sql.join(arms, sql``)} end)::text`;
}

/** Where the book's position on a day is read from. */
export interface PositionDay {
  readonly day: string;
  /** The first instant of the next Manila day. */
  readonly end: Date;
  /** The day is today: the orders' columns; else the events up to its end. */
  readonly live: boolean;
}

/**
 * Every loan being repaid on a day, as a subquery: `order_id`, `principal` outstanding, `owed` (everything it owed),
 * `dpd` (days past due), `overdue` (what its periods past due owed) and `bucket`.
 *
 * Today: the ledger's columns (written by ledgerPatch, brought to the day by the 00:05 accrual). A past day: the loans
 * disbursed by then (their loan date, the day their payout succeeded) that are still repaying or were settled after
 * it; their principal and what they owed are today's plus what the repayments after that day paid (`data.applied`;
 * what they owed leaves out the interest and penalties charged since); their bucket, days past due and amount overdue
 * are those of their last `delinquency` event up to that day, the days past due counted on from it within its bucket.
 * A loan voided after its payout (the gateway reversed it) is in no past day's book.
 */
// A loan's delinquency events come one a day at most (the daily job's run), so (order, at) orders them, and the
// index loan_events_delinquency_idx (order_id, at) hands them over in that order, read backwards for the last one.
export function positionsOn(p: PositionDay, buckets: readonly DelinquencyBucket[]): SQL {
  const day = sql`${p.day}::date`;
  if (p.live) {
    const dpd = sql`greatest(0, ${day} - o.due_date)`;
    return sql`(select o.id as order_id, o.principal_outstanding::bigint as principal, o.amount_due::bigint as owed,
      ${dpd} as dpd, o.amount_overdue::bigint as overdue, ${bucketCase(dpd, buckets)} as bucket
      from loan_orders o where o.state = 'repaying')`;
  }
  const caps = buckets.map((b) => sql` when ${b.id} then ${sql.raw(b.toDays === null ? 'null' : String(b.toDays))}`);
  const lastDay = manilaDay(sql`d.at`);
  const dpd = sql`least(coalesce((case d.bucket${sql.join(caps, sql``)} end)::int, 2147483647),
    (d.data->>'daysPastDue')::int + (${day} - ${lastDay}))`;
  return sql`(select o.id as order_id, o.principal_outstanding::bigint + coalesce(l.principal, 0) as principal,
      o.amount_due::bigint + coalesce(l.paid, 0) as owed,
      case when d.bucket is null then 0 else ${dpd} end as dpd,
      case when d.bucket is null then 0 else coalesce((d.data->>'overdueCentavos')::bigint, 0) end as overdue,
      d.bucket as bucket
    from loan_orders o
    left join (
      select e.order_id, sum(coalesce((e.data->'applied'->>'principal')::bigint, 0)) as principal, sum(${appliedTotal}) as paid,
        bool_or(e.to_state = 'settled') as settled_after
      from loan_events e where ${AFTER_KINDS} and e.at >= ${ts(p.end)} group by e.order_id
    ) l on l.order_id = o.id
    left join (
      select distinct on (e.order_id) e.order_id, e.at, e.data, e.data->>'bucket' as bucket from loan_events e
      where e.kind = 'delinquency' and e.at < ${ts(p.end)}
      order by e.order_id desc, e.at desc
    ) d on d.order_id = o.id
    where o.loan_date <= ${day} and (o.state = 'repaying' or (o.state = 'settled' and l.settled_after)))`;
}

const num = (value: unknown): number => Number(value ?? 0);
/**
 * The rows of one of the book's queries. PostgreSQL's JIT compilation is off for them: their estimated costs pass its
 * threshold while they run in tens of milliseconds, and compiling their expressions cost more than running them (the
 * benchmark: hundreds of milliseconds a query).
 */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const result = (await tx.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  });
}

export interface FlowRow {
  readonly day: string;
  readonly disbursed: number;
  readonly disbursedLoans: number;
  readonly repaid: number;
  readonly approved: number;
  readonly rejected: number;
}

/** The money and decisions of each Manila day from `start` to `end` (instants) that had any. */
export async function bookFlows(db: Db, start: Date, end: Date): Promise<FlowRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select x.day::text as day, sum(x.disbursed) as disbursed, sum(x.loans) as loans, sum(x.repaid) as repaid,
        sum(x.approved) as approved, sum(x.rejected) as rejected
      from (
        select ${manilaDay(sql`completed_at`)} as day, amount::bigint as disbursed, 1 as loans, 0::bigint as repaid,
          0 as approved, 0 as rejected
        from payouts where state = 'succeeded' and completed_at >= ${ts(start)} and completed_at < ${ts(end)}
        union all
        select ${manilaDay(sql`completed_at`)}, 0, 0, amount::bigint, 0, 0
        from payments where state = 'success' and completed_at >= ${ts(start)} and completed_at < ${ts(end)}
        union all
        select ${manilaDay(sql`at`)}, 0, 0, 0, (to_state = 'accepted')::int, (to_state = 'rejected')::int
        from loan_events where from_state = 'under_review' and to_state in ('accepted', 'rejected')
          and at >= ${ts(start)} and at < ${ts(end)}
      ) x group by x.day`,
  );
  return found.map((r) => ({
    day: String(r['day']),
    disbursed: num(r['disbursed']),
    disbursedLoans: num(r['loans']),
    repaid: num(r['repaid']),
    approved: num(r['approved']),
    rejected: num(r['rejected']),
  }));
}

/** The loans repaying on a day, their principal and what they owe, and per PAR threshold those more days past due. */
export async function bookPosition(
  db: Db,
  on: PositionDay,
  buckets: readonly DelinquencyBucket[],
  thresholds: readonly number[],
) {
  const par = thresholds.map(
    (n, i) =>
      sql`, count(*) filter (where dpd > ${sql.raw(String(n))}) as par_loans_${sql.raw(String(i))},
        coalesce(sum(principal) filter (where dpd > ${sql.raw(String(n))}), 0) as par_principal_${sql.raw(String(i))}`,
  );
  // One pass: a row per bucket and the total (grouping sets), the thresholds as filters of the total.
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select bucket, grouping(bucket) as total, count(*) as loans, coalesce(sum(principal), 0) as principal,
        coalesce(sum(owed), 0) as owed, coalesce(sum(overdue), 0) as overdue${sql.join(par, sql``)}
      from ${positionsOn(on, buckets)} pos group by grouping sets ((bucket), ())`,
  );
  const book = found.find((r) => num(r['total']) === 1);
  const byBucket = found.filter((r) => num(r['total']) === 0 && r['bucket'] !== null);
  return {
    loans: num(book?.['loans']),
    principal: num(book?.['principal']),
    owed: num(book?.['owed']),
    par: thresholds.map((days, i) => ({
      days,
      loans: num(book?.[`par_loans_${i}`]),
      principal: num(book?.[`par_principal_${i}`]),
    })),
    buckets: new Map(
      byBucket.map((r) => [
        String(r['bucket']),
        { loans: num(r['loans']), principal: num(r['principal']), overdue: num(r['overdue']) },
      ]),
    ),
  };
}

/** How many loans went from each bucket (null: repaying, not past due) on `first` to each (null: not past due, or repaid) on `last`. */
export async function bookRolls(db: Db, first: PositionDay, last: PositionDay, buckets: readonly DelinquencyBucket[]) {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select a.bucket as from_bucket, b.bucket as to_bucket, count(*) as loans
      from ${positionsOn(first, buckets)} a left join ${positionsOn(last, buckets)} b on b.order_id = a.order_id
      group by a.bucket, b.bucket`,
  );
  return found.map((r) => ({
    from: r['from_bucket'] === null ? null : String(r['from_bucket']),
    to: r['to_bucket'] === null ? null : String(r['to_bucket']),
    loans: num(r['loans']),
  }));
}

/**
 * The loans past due on some day of the range, each with the bucket it was in on its first such day (the range's
 * first day, or the day its first `delinquency` event in the range says it went past due), what was overdue then, the
 * payments that succeeded from that day to the range's end, and the collector holding it now: summed per bucket and
 * collector together.
 */
export async function bookCollection(db: Db, first: PositionDay, end: Date, buckets: readonly DelinquencyBucket[]) {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`with f as (
        select order_id, bucket, overdue, ${ts(first.end)} - interval '1 day' as since
        from ${positionsOn(first, buckets)} pos where bucket is not null
      ), entered as (
        select * from f
        union all
        (select distinct on (e.order_id) e.order_id, e.data->>'bucket', coalesce((e.data->>'overdueCentavos')::bigint, 0),
          ((${manilaDay(sql`e.at`)})::timestamp - interval '8 hours') at time zone 'UTC'
        from loan_events e
        where e.kind = 'delinquency' and e.at >= ${ts(first.end)} and e.at < ${ts(end)} and e.data->>'bucket' is not null
          and e.order_id not in (select order_id from f)
        order by e.order_id, e.at)
      ), x as (
        select en.order_id, en.bucket, en.overdue,
          coalesce((select sum(pm.amount) from payments pm where pm.order_id = en.order_id and pm.state = 'success'
            and pm.completed_at >= en.since and pm.completed_at < ${ts(end)}), 0) as collected
        from entered en
      )
      select x.bucket, ca.collector_id, sa.name, count(*) as loans, coalesce(sum(x.overdue), 0) as overdue,
        coalesce(sum(x.collected), 0) as collected
      from x left join collection_assignments ca on ca.order_id = x.order_id
      left join staff_accounts sa on sa.id = ca.collector_id
      group by x.bucket, ca.collector_id, sa.name`,
  );
  return found.map((r) => ({
    bucket: String(r['bucket']),
    collector: r['collector_id'] ? { id: String(r['collector_id']), name: String(r['name']) } : null,
    loans: num(r['loans']),
    overdue: num(r['overdue']),
    collected: num(r['collected']),
  }));
}

/**
 * The promises to pay dated `from` to `to` by their state on `today` (promiseStateCase).
 */
export async function bookPromises(db: Db, from: string, to: string, today: string) {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`select count(*) as made,
        count(*) filter (where st = 'kept') as kept, count(*) filter (where st = 'broken') as broken,
        count(*) filter (where st = 'pending') as pending
      from (
        select ${promiseStateCase(today)} as st
        from collection_promises cp where cp.promised_on between ${from}::date and ${to}::date
      ) s`,
  );
  return {
    made: num(row?.['made']),
    kept: num(row?.['kept']),
    broken: num(row?.['broken']),
    pending: num(row?.['pending']),
  };
}

/**
 * Writes a `delinquency` event (`data`: bucket, daysPastDue, overdueCentavos, day) for every loan whose bucket on
 * `day` (Manila; today) differs from its last such event: a loan that went past due or moved bucket, and one no longer
 * past due (bucket null: caught up, settled or voided). Answers how many. The daily collections job calls it.
 */
export async function recordDelinquencyChanges(
  db: Db,
  day: string,
  at: Date,
  buckets: readonly DelinquencyBucket[],
): Promise<number> {
  const now = positionsOn({ day, end: at, live: true }, buckets);
  const written = await rows<{ order_id: string }>(
    db,
    sql`insert into loan_events (order_id, kind, data, at)
      select coalesce(c.order_id, l.order_id), 'delinquency',
        jsonb_build_object('bucket', c.bucket, 'daysPastDue', coalesce(c.dpd, 0), 'overdueCentavos', coalesce(c.overdue, 0),
          'day', ${day}::text),
        ${ts(at)}
      from (select * from ${now} pos where bucket is not null) c
      full join (
        select distinct on (order_id) order_id, data->>'bucket' as bucket from loan_events
        where kind = 'delinquency' order by order_id desc, at desc
      ) l on l.order_id = c.order_id
      where c.bucket is distinct from l.bucket
      returning order_id`,
  );
  return written.length;
}
