/**
 * The onboarding funnel of the book's dashboard (server/services/onboarding-funnel.ts `funnelOf`) on PostgreSQL, with
 * many borrowers (BENCH_CUSTOMERS, default 100,000) who each reached some of the seven information steps over the last
 * 90 days, completed most of them, and were shown a few fields in error on some: the read of 30 days and of a year,
 * timed in this process against the database (no HTTP: the route adds nothing but the answer's serialisation).
 */
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { seedPublished } from '#server/forms/published.ts';
import { testDatabase } from '#server/db/test-database.ts';
import { addDays, manilaToday } from '#domain/calendar-date.ts';
import { funnelOf } from '#server/services/onboarding-funnel.ts';
import { redact } from './api-figures.ts';
import { writeBenchResult } from './loans.ts';
import { summarize } from './stats.ts';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface FunnelResult {
  readonly bench: 'funnel';
  readonly date: string;
  readonly node: string;
  readonly settings: { readonly customers: number; readonly rows: number; readonly repeats: number };
  readonly load: { readonly before: number; readonly after: number; readonly cpus: number };
  readonly postgres: { readonly server: string; readonly skipped?: string };
  readonly runs: readonly { readonly name: string; readonly ms: ReturnType<typeof summarize> }[];
}

export async function runFunnelBench(): Promise<FunnelResult> {
  const adminUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
  process.env['TEST_DATABASE_URL'] = adminUrl;
  const customers = Number(process.env['BENCH_CUSTOMERS'] ?? '100000');
  const repeats = Number(process.env['BENCH_REPEATS'] ?? '20');
  const before = loadavg()[0] ?? 0;
  const base = { bench: 'funnel' as const, node: process.version };
  let database: Awaited<ReturnType<typeof testDatabase>>;
  try {
    database = await testDatabase('postgres');
  } catch (error) {
    return {
      ...base,
      date: new Date().toISOString(),
      settings: { customers, rows: 0, repeats },
      load: { before, after: loadavg()[0] ?? 0, cpus: availableParallelism() },
      postgres: { server: redact(adminUrl), skipped: error instanceof Error ? error.message : String(error) },
      runs: [],
    };
  }
  const { db } = database;
  try {
    await seedPublished(db);
    console.log(`funnel: seeding ${customers} borrowers`);
    await db.execute(sql`
      insert into customers (phone, created_at)
      select '9' || lpad(n::text, 9, '0'), now() - make_interval(days => n % 90) from generate_series(1, ${customers}::int) n`);
    // Each borrower reaches the first `reach` steps (1 to 7), a day apart, and completes all of them but maybe the
    // last; one in three is shown one or two fields in error on the step they stopped at.
    await db.execute(sql`
      with steps(step, position, f1, f2) as (values
        ('identityInfo', 1, 'idNumber', 'birthDate'), ('baseInfo', 2, 'maritalStatus', 'education'),
        ('baseInfo2', 3, 'purpose', 'children'), ('addressInfo', 4, 'address', 'residenceYears'),
        ('contact', 5, 'email', 'emergencyContacts.phone'), ('workInfo', 6, 'employer', 'income'),
        ('bankInfo', 7, 'accountNumber', 'bankCode')),
      people as (
        select id, created_at, 1 + abs(hashtext(id::text)) % 7 as reach, abs(hashtext(id::text || 'e')) % 3 = 0 as erred
        from customers)
      insert into onboarding_visits (customer_id, step, form_version, first_at, completed_at, last_error_at, error_fields)
      select p.id, s.step, 1, p.created_at + make_interval(hours => s.position * 3),
        case when s.position < p.reach or abs(hashtext(p.id::text || 'c')) % 2 = 0
          then p.created_at + make_interval(hours => s.position * 3 + 1) end,
        case when p.erred and s.position = p.reach then p.created_at + make_interval(hours => s.position * 3) end,
        case when p.erred and s.position = p.reach then jsonb_build_object(
          s.f1, (extract(epoch from p.created_at) * 1000)::bigint + s.position * 10800000,
          case when abs(hashtext(p.id::text || 'f')) % 2 = 0 then s.f2 else s.f1 end,
          (extract(epoch from p.created_at) * 1000)::bigint + s.position * 10800000) else '{}'::jsonb end
      from people p join steps s on s.position <= p.reach`);
    await db.execute(sql`analyze onboarding_visits`);
    const [{ rows } = { rows: 0 }] = (
      (await db.execute(sql`select count(*)::int as rows from onboarding_visits`)) as unknown as {
        rows: { rows: number }[];
      }
    ).rows;
    const today = manilaToday(new Date());
    const ranges = [
      { name: '30 days', from: addDays(today, -29), to: today },
      { name: 'a year', from: addDays(today, -364), to: today },
    ];
    const runs = [];
    for (const range of ranges) {
      await funnelOf(db, range); // warm-up
      const times: number[] = [];
      for (let i = 0; i < repeats; i += 1) {
        const started = performance.now();
        await funnelOf(db, range);
        times.push(Math.round((performance.now() - started) * 10) / 10);
      }
      runs.push({ name: range.name, ms: summarize(times) });
    }
    const result: FunnelResult = {
      ...base,
      date: new Date().toISOString(),
      settings: { customers, rows, repeats },
      load: { before, after: loadavg()[0] ?? 0, cpus: availableParallelism() },
      postgres: { server: redact(adminUrl) },
      runs,
    };
    writeBenchResult('funnel', result);
    return result;
  } finally {
    await database.close();
  }
}

export function printFunnel(result: FunnelResult): void {
  if (result.postgres.skipped) {
    console.log(`funnel: skipped (${result.postgres.skipped})`);
    return;
  }
  const { customers, rows, repeats } = result.settings;
  console.log(
    `funnel on PostgreSQL: ${customers} borrowers, ${rows} step rows, ${repeats} reads each, load ${result.load.before.toFixed(1)} -> ${result.load.after.toFixed(1)} on ${result.load.cpus} CPUs`,
  );
  console.log('| range | p50 ms | p95 ms | max ms |');
  console.log('| --- | --- | --- | --- |');
  for (const r of result.runs) console.log(`| ${r.name} | ${r.ms.p50} | ${r.ms.p95} | ${r.ms.max} |`);
}
