/**
 * The book at a glance on PostgreSQL: `GET /api/v1/staff/book` (the last 30 days, and a whole year) and its CSV export,
 * timed over a few runs each, on a fresh database of TEST_DATABASE_URL's server (BENCH_DATABASE_URL's, else the local
 * default) holding 100,000 loans (BENCH_LOANS) with their histories. Target (docs/book.md): under a second.
 *
 * The loans are written straight by SQL (the figures measure the book, not the seeding), shaped as the loan core leaves
 * them: a year of applications, 5% rejected, 60% settled by one payment, 35% being repaid (a third after a partial
 * payment), their due dates spread so that some are not yet due and the rest fall in every delinquency bucket up to
 * 119 days past due; each with its payout, its payments, its state-change and repayment events (`data.applied`) and,
 * past due, the `delinquency` events the daily collections job writes on each change of bucket; the overdue ones held
 * by 20 collectors; 30,000 promises to pay over the last 60 days. The API runs in this process (server/testing's test
 * API on PostgreSQL, which creates and drops its database), answering through Fastify's inject: the route, the
 * queries, the serialization and the audit row, without the network.
 */
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { parThresholds } from '#api-contract/book.ts';
import { collectionsFile } from '#config/collections.ts';
import { addDays, manilaStartOfDay, manilaToday } from '#domain/calendar-date.ts';
import type { Database } from '#server/db/database.ts';
import {
  bookCollection,
  bookFlows,
  bookPosition,
  bookPromises,
  bookRolls,
  positionsOn,
} from '#server/services/loans/repository.ts';
import { openStaffSession } from '#server/services/staff/sessions.ts';
import { addTestStaff } from '#server/testing/staff.ts';
import { testApi } from '#server/testing/test-api.ts';
import { redact } from './api-figures.ts';
import { writeBenchResult } from './loans.ts';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const TARGET_MS = 1000;

export interface BookRun {
  readonly name: string;
  readonly path: string;
  readonly runs: number;
  readonly p50Ms: number;
  readonly maxMs: number;
  readonly bytes: number;
  readonly status: number;
}

export interface BookResult {
  readonly bench: 'book';
  readonly date: string;
  readonly node: string;
  readonly settings: { readonly loans: number; readonly runs: number };
  readonly load: { readonly before: number; readonly after: number; readonly cpus: number };
  readonly postgres: { readonly server: string; readonly skipped?: string };
  readonly seedSeconds: number;
  readonly counts: Record<string, number>;
  readonly runs: readonly BookRun[];
  readonly target: { readonly ms: number; readonly verdict: 'MET' | 'MISSED' | 'SKIPPED' };
}

/** The seed: every row the book reads, for `n` loans, by SQL. */
function seedStatements(n: number, today: string): string[] {
  // Loan i: its customer and id are derived from i, so every table joins without a lookup.
  const loan = `with l as (
      select i,
        md5('loan' || i)::uuid as id, md5('customer' || i)::uuid as customer_id,
        case when i % 100 < 5 then 'rejected' when i % 100 < 65 then 'settled' else 'repaying' end as state,
        (100000 + (i % 20) * 25000) as principal,
        case when i % 100 < 65 then date '${today}' - (31 + (i * 7919) % 330) else date '${today}' - ((i * 7919) % 150) end as loan_date
      from generate_series(1, ${n}) as i)`;
  return [
    `insert into customers (id, phone) select md5('customer' || i)::uuid, '917' || lpad(i::text, 7, '0') from generate_series(1, ${n}) as i`,
    `${loan}
    insert into loan_orders (id, customer_id, order_no, product_id, sub_product_id, state, principal, term_days, quote,
      loan_date, due_date, interest_outstanding, principal_outstanding, amount_due, amount_overdue, overdue_days,
      amount_repaid, total_term_days, created_at, updated_at)
    select id, customer_id, 'PB' || i, 'cash', 'standard', state, principal, 30, '{}'::jsonb,
      case when state <> 'rejected' then loan_date end, case when state <> 'rejected' then loan_date + 30 end,
      case when state = 'repaying' then principal * 3 / 100 else 0 end,
      case when state = 'repaying' then principal - (case when i % 3 = 0 then 30000 else 0 end) else 0 end,
      case when state = 'repaying' then principal - (case when i % 3 = 0 then 30000 else 0 end) + principal * 3 / 100
        + greatest(0, date '${today}' - loan_date - 30) * 150 else 0 end,
      case when state = 'repaying' and date '${today}' - loan_date > 30 then principal - (case when i % 3 = 0 then 30000 else 0 end)
        + principal * 3 / 100 + (date '${today}' - loan_date - 30) * 150 else 0 end,
      case when state = 'repaying' then greatest(0, date '${today}' - loan_date - 30) else 0 end,
      case when state = 'settled' then principal + principal * 3 / 100 when i % 3 = 0 and state = 'repaying' then 50000 else 0 end,
      30, ((loan_date - 1)::timestamp + time '02:00') at time zone 'UTC', now()
    from l`,
    `${loan}
    insert into payouts (order_id, amount, account, state, attempts, created_at, sent_at, completed_at)
    select id, principal * 943 / 1000, '{"method":"bank"}'::jsonb, 'succeeded', 1, t, t, t + interval '5 minutes'
    from (select *, (loan_date::timestamp + time '02:00') at time zone 'UTC' as t from l where state <> 'rejected') x`,
    // The settling payment of each settled loan (5 to 35 days after its loan date), the partial one of a third of the
    // repaying loans (10 days after).
    `${loan}
    insert into payments (order_id, customer_id, kind, channel, amount, state, applied, expires_at, created_at, completed_at)
    select id, customer_id, kind, 'otc', amount, 'success', applied, t + interval '1 day', t, t + interval '10 minutes'
    from (
      select id, customer_id, 'settle' as kind, principal + principal * 3 / 100 as amount, 'settled' as applied,
        ((loan_date + 5 + i % 31)::timestamp + time '03:00') at time zone 'UTC' as t from l where state = 'settled'
      union all
      select id, customer_id, 'instalment', 50000, 'partial', ((loan_date + 10)::timestamp + time '03:00') at time zone 'UTC'
      from l where state = 'repaying' and i % 3 = 0
    ) x`,
    // The order's events: applied, the decision, disbursed, and each repayment with what it paid by component.
    `${loan}
    insert into loan_events (order_id, from_state, to_state, kind, data, at)
    select id, f, t, k, d, at from l, lateral (values
      (null, 'under_review', 'applied', '{}'::jsonb, ((loan_date - 1)::timestamp + time '02:00') at time zone 'UTC'),
      ('under_review', case when state = 'rejected' then 'rejected' else 'accepted' end,
        case when state = 'rejected' then 'rejected' else 'approved' end, '{}'::jsonb,
        ((loan_date - 1)::timestamp + time '02:05') at time zone 'UTC'),
      (case when state <> 'rejected' then 'disbursing' end, case when state <> 'rejected' then 'repaying' end,
        case when state <> 'rejected' then 'disbursed' end, '{}'::jsonb, (loan_date::timestamp + time '02:05') at time zone 'UTC'),
      (case when state = 'settled' then 'repaying' end, case when state = 'settled' then 'settled' end,
        case when state = 'settled' then 'settled' end,
        jsonb_build_object('applied', jsonb_build_object('principal', principal, 'interest', principal * 3 / 100, 'fee', 0,
          'lateFine', 0, 'damages', 0)),
        ((loan_date + 5 + i % 31)::timestamp + time '03:10') at time zone 'UTC'),
      (case when state = 'repaying' and i % 3 = 0 then 'repaying' end, case when state = 'repaying' and i % 3 = 0 then 'repaying' end,
        case when state = 'repaying' and i % 3 = 0 then 'instalment_paid' end,
        jsonb_build_object('applied', jsonb_build_object('principal', 30000, 'interest', 20000, 'fee', 0, 'lateFine', 0,
          'damages', 0)),
        ((loan_date + 10)::timestamp + time '03:10') at time zone 'UTC')
    ) as e(f, t, k, d, at)
    where k is not null`,
    // The daily job's delinquency events: each bucket a repaying loan entered, on the day it did (00:30 Manila).
    `${loan}
    insert into loan_events (order_id, kind, data, at)
    select id, 'delinquency', jsonb_build_object('bucket', b.bucket, 'daysPastDue', b.from_days, 'overdueCentavos',
        principal + principal * 3 / 100 + b.from_days * 150, 'day', (loan_date + 30 + b.from_days)::text),
      ((loan_date + 30 + b.from_days)::timestamp + time '00:30' - interval '8 hours') at time zone 'UTC'
    from l join (values ('d1to7', 1), ('d8to30', 8), ('d31to60', 31), ('d61to90', 61), ('over90', 91)) as b(bucket, from_days)
      on date '${today}' - loan_date - 30 >= b.from_days
    where state = 'repaying'`,
  ];
}

/**
 * BENCH_EXPLAIN=1: how long each query of the book of the last `days` takes alone, and the plan of a past day's position (the
 * heaviest part), to see where an index is wanted.
 */
async function explainParts(db: Database, today: string, days: number) {
  const from = addDays(today, -(days - 1));
  console.log(`book: the parts of ${days} days`);
  const first = { day: from, end: manilaStartOfDay(addDays(from, 1)), live: false };
  const last = { day: today, end: manilaStartOfDay(addDays(today, 1)), live: true };
  const end = last.end;
  const buckets = collectionsFile.buckets;
  const parts: [string, () => Promise<unknown>][] = [
    ['flows', () => bookFlows(db, manilaStartOfDay(from), end)],
    ['position today', () => bookPosition(db, last, buckets, parThresholds)],
    ['position past day', () => bookPosition(db, first, buckets, parThresholds)],
    ['rolls', () => bookRolls(db, first, last, buckets)],
    ['collection', () => bookCollection(db, first, end, buckets)],
    ['promises', () => bookPromises(db, from, today, today)],
  ];
  for (const [name, run] of parts) {
    const start = performance.now();
    await run();
    console.log(`book: ${name}: ${Math.round(performance.now() - start)} ms`);
  }
  const plan = (await db.execute(
    sql`explain (analyze, buffers) select sum(principal), count(bucket) from ${positionsOn(first, buckets)} pos`,
  )) as unknown as { rows: { 'QUERY PLAN': string }[] };
  console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  const promisesPlan = (await db.execute(
    sql`explain (analyze, buffers) select count(*) filter (where s.st = 'kept') from (select case when cp.state <> 'pending' then cp.state
      when coalesce((select sum(pm.amount) from payments pm where pm.order_id = cp.order_id and pm.state = 'success'
        and pm.completed_at >= cp.made_at), 0) >= cp.amount then 'kept' else 'pending' end as st
      from collection_promises cp where cp.promised_on between ${from}::date and ${today}::date) s`,
  )) as unknown as { rows: { 'QUERY PLAN': string }[] };
  console.log(promisesPlan.rows.map((r) => r['QUERY PLAN']).join('\n'));
}

/** Milliseconds of each of `runs` requests (after one not measured), p50 and max. */
async function timed(
  name: string,
  path: string,
  runs: number,
  request: (path: string) => Promise<{ statusCode: number; body: string }>,
): Promise<BookRun> {
  await request(path);
  const times: number[] = [];
  let last = { statusCode: 0, body: '' };
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    last = await request(path);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    name,
    path,
    runs,
    p50Ms: round(times[Math.floor((times.length - 1) / 2)]!),
    maxMs: round(times[times.length - 1]!),
    bytes: last.body.length,
    status: last.statusCode,
  };
}

export async function runBookBench(): Promise<BookResult> {
  const adminUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
  process.env['TEST_DATABASE_URL'] = adminUrl;
  const loans = Number(process.env['BENCH_LOANS'] ?? '100000');
  const runs = Number(process.env['BENCH_RUNS'] ?? '7');
  const before = loadavg()[0] ?? 0;
  const base = { bench: 'book' as const, node: process.version, settings: { loans, runs } };
  let api: Awaited<ReturnType<typeof testApi>>;
  try {
    api = await testApi('postgres');
  } catch (error) {
    return {
      ...base,
      date: new Date().toISOString(),
      load: { before, after: loadavg()[0] ?? 0, cpus: availableParallelism() },
      postgres: {
        server: redact(adminUrl),
        skipped: `PostgreSQL at ${redact(adminUrl)} is unreachable: ${error instanceof Error ? error.message : String(error)}`,
      },
      seedSeconds: 0,
      counts: {},
      runs: [],
      target: { ms: TARGET_MS, verdict: 'SKIPPED' },
    };
  }
  try {
    const db = api.database.db;
    const today = manilaToday(api.now());
    const seedStart = performance.now();
    console.log(`book: seeding ${loans} loans`);
    for (const statement of seedStatements(loans, today)) await db.execute(sql.raw(statement));
    const collectors = await Promise.all(Array.from({ length: 20 }, () => addTestStaff(db, 'collector', api.now())));
    const supervisor = await addTestStaff(db, 'supervisor', api.now());
    const ids = `array[${collectors.map((c) => `'${c.id}'::uuid`).join(',')}]`;
    await db.execute(
      sql.raw(`insert into collection_assignments (order_id, collector_id, assigned_at)
        select id, (${ids})[1 + (abs(hashtext(id::text)) % 20)], now() - interval '1 day'
        from loan_orders where state = 'repaying' and due_date < date '${today}'`),
    );
    await db.execute(
      sql.raw(`insert into collection_promises (order_id, customer_id, staff_id, promised_on, amount, state, made_at, settled_at)
        select o.id, o.customer_id, a.collector_id, p.day, 20000 + (g % 5) * 10000,
          case when p.day >= date '${today}' then 'pending' when g % 3 = 0 then 'kept' else 'broken' end,
          ((p.day - 3)::timestamp) at time zone 'UTC', case when p.day < date '${today}' then p.day::timestamp at time zone 'UTC' end
        from (select o.*, row_number() over (order by o.id) as g from loan_orders o
              where o.state = 'repaying' and o.due_date < date '${today}' limit 30000) o
        join collection_assignments a on a.order_id = o.id,
        lateral (select date '${today}' - 50 + (o.g % 60)::int as day) p`),
    );
    await db.execute(sql.raw('analyze'));
    const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
    const count = async (table: string, where = 'true') =>
      Number(
        (
          (await db.execute(sql.raw(`select count(*) as n from ${table} where ${where}`))) as unknown as {
            rows: { n: string }[];
          }
        ).rows[0]!.n,
      );
    const counts = {
      loans: await count('loan_orders'),
      repaying: await count('loan_orders', "state = 'repaying'"),
      pastDue: await count('loan_orders', `state = 'repaying' and due_date < date '${today}'`),
      payouts: await count('payouts'),
      payments: await count('payments'),
      events: await count('loan_events'),
      delinquencyEvents: await count('loan_events', "kind = 'delinquency'"),
      promises: await count('collection_promises'),
    };
    console.log(`book: seeded in ${seedSeconds} s: ${JSON.stringify(counts)}`);

    const request = async (path: string) => {
      const { token } = await openStaffSession(db, supervisor.id, '127.0.0.1', api.now());
      const res = await api.app.inject({
        method: 'GET',
        url: `/api/v1/staff${path}`,
        headers: { authorization: `Bearer ${token}` },
      });
      return { statusCode: res.statusCode, body: res.body };
    };
    const month = `from=${addDays(today, -29)}&to=${today}`;
    const year = `from=${addDays(today, -364)}&to=${today}`;
    const measured: BookRun[] = [];
    for (const [name, path] of [
      ['book, last 30 days', `/book?${month}`],
      ['book, last 365 days', `/book?${year}`],
      ['export days, 365 days', `/book/export?${year}&table=days`],
      ['export collectionByCollector, 30 days', `/book/export?${month}&table=collectionByCollector`],
    ] as const) {
      console.log(`book: ${name}`);
      measured.push(await timed(name, path, runs, request));
    }
    if (process.env['BENCH_EXPLAIN']) for (const days of [30, 365]) await explainParts(db, today, days);
    const worst = Math.max(...measured.map((r) => r.p50Ms));
    const failed = measured.some((r) => r.status !== 200);
    const result: BookResult = {
      ...base,
      date: new Date().toISOString(),
      load: { before, after: loadavg()[0] ?? 0, cpus: availableParallelism() },
      postgres: { server: redact(adminUrl) },
      seedSeconds,
      counts,
      runs: measured,
      target: { ms: TARGET_MS, verdict: failed ? 'MISSED' : worst < TARGET_MS ? 'MET' : 'MISSED' },
    };
    writeBenchResult('book', result);
    return result;
  } finally {
    await api.close();
  }
}

export function printBook(result: BookResult): void {
  if (result.postgres.skipped) {
    console.log(`book: skipped (${result.postgres.skipped})`);
    return;
  }
  console.log(
    `book on PostgreSQL: ${result.settings.loans} loans (seeded in ${result.seedSeconds} s), ${result.settings.runs} runs each, load ${result.load.before.toFixed(1)} -> ${result.load.after.toFixed(1)} on ${result.load.cpus} CPUs`,
  );
  console.log('| request | status | p50 ms | max ms | bytes |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of result.runs) console.log(`| ${r.name} | ${r.status} | ${r.p50Ms} | ${r.maxMs} | ${r.bytes} |`);
  console.log(`target: under ${result.target.ms} ms: ${result.target.verdict}`);
}
