/**
 * Loan throughput on PostgreSQL: `POST /api/v1/loans` (applications) and `POST /api/v1/webhooks/collection` (signed
 * payment callbacks) per second with their p99, against `server/main.ts` in its own process, as `npm start` runs it
 * with DATABASE_URL. Target (docs/benchmarks.md): at least 300 applications/s with p99 at most 100 ms.
 *
 * Seeding goes straight into the database (the figures measure the two endpoints, not the seeding): customers with a
 * complete profile (server/testing/loan-fixtures.ts) and a session each; for the callbacks, the applied orders are put
 * into `repaying` with one in-progress payment each, as a disbursement and POST /payments would leave them. Every
 * request is a different customer (an application) or a different payment (a callback), so every one of them does the
 * real work: idempotency key, order lock, state change, event row.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { signCollectionWebhook } from '#server/providers/collection/collection-provider.ts';
import { STANDARD_LOAN } from '#server/testing/loan-fixtures.ts';
import { seedCustomers, startMain } from '#server/testing/main-process.ts';
import { LatencyHistogram, ms2, perSecond, redact, runProblems } from './api-figures.ts';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export const TARGET = { applicationsPerSecond: 300, p99Ms: 100 } as const;

/** The figures of one run. */
export interface BenchRun {
  readonly name: string;
  readonly requests: number;
  readonly seconds: number;
  readonly requestsPerSecond: number;
  readonly latency: { readonly p50: number; readonly p99: number; readonly mean: number; readonly max: number };
  readonly statusCodes: Record<string, number>;
  readonly problems: readonly string[];
}

export interface LoanRun extends BenchRun {
  readonly name: 'applications' | 'payment-callbacks';
}

export interface LoansResult {
  readonly bench: 'loans';
  readonly date: string;
  readonly node: string;
  readonly settings: { readonly connections: number; readonly customers: number };
  readonly load: { readonly before: number; readonly after: number; readonly cpus: number };
  readonly postgres: { readonly server: string; readonly skipped?: string };
  readonly runs: readonly LoanRun[];
  /** What the database holds after the runs: one order per application, one repayment per callback. */
  readonly check: { readonly orders: number; readonly settled: number; readonly events: number };
  readonly target: {
    readonly applicationsPerSecond: number;
    readonly p99Ms: number;
    readonly verdict: 'MET' | 'MISSED' | 'SKIPPED';
  };
}

/** One request of a run: a POST with a JSON body, or a GET without one. */
export interface BenchRequest {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** One autocannon run of `count` requests, each built by `request(i)`; latency of 2xx answers kept. */
export async function fire<Name extends string>(
  name: Name,
  base: string,
  count: number,
  connections: number,
  request: (i: number) => BenchRequest,
): Promise<BenchRun & { readonly name: Name }> {
  const histogram = new LatencyHistogram();
  let next = 0;
  const started = process.hrtime.bigint();
  const instance = autocannon({
    url: base,
    connections,
    amount: count,
    pipelining: 1,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        setupRequest: (req: Record<string, unknown>) => {
          const { path, headers, body } = request(next++);
          if (body === undefined) return { ...req, method: 'GET', path, headers };
          return { ...req, method: 'POST', path, headers: { ...headers, 'content-type': 'application/json' }, body };
        },
      },
    ],
  } as autocannon.Options);
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseMs: number) => {
    if (statusCode >= 200 && statusCode < 300) histogram.record(responseMs);
  });
  const result = await instance;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, (stat as { count: number }).count]),
  );
  return {
    name,
    requests: histogram.count,
    seconds: Math.round(seconds * 100) / 100,
    requestsPerSecond: Math.round(histogram.count / seconds),
    latency: {
      p50: histogram.percentile(50),
      p99: histogram.percentile(99),
      mean: Math.round(histogram.mean * 100) / 100,
      max: Math.round(histogram.max * 100) / 100,
    },
    statusCodes,
    problems: runProblems(result),
  };
}

/** Writes a benchmark's result to bench-results/<name>.json. */
export function writeBenchResult(name: string, result: unknown): void {
  mkdirSync(join(repo, 'bench-results'), { recursive: true });
  writeFileSync(join(repo, 'bench-results', `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

export async function runLoansBench(): Promise<LoansResult> {
  const adminUrl = process.env['BENCH_DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
  const customersCount = Number(process.env['BENCH_CUSTOMERS'] ?? '6000');
  const connections = Number(process.env['BENCH_CONNECTIONS'] ?? '10');
  const before = loadavg()[0] ?? 0;
  const dbName = `bench_loans_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  const empty = (skipped: string): LoansResult => ({
    bench: 'loans',
    date: new Date().toISOString(),
    node: process.version,
    settings: { connections, customers: customersCount },
    load: { before, after: loadavg()[0] ?? 0, cpus: availableParallelism() },
    postgres: { server: redact(adminUrl), skipped },
    runs: [],
    check: { orders: 0, settled: 0, events: 0 },
    target: { ...TARGET, verdict: 'SKIPPED' },
  });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
  } catch (error) {
    await admin.end().catch(() => undefined);
    return empty(`PostgreSQL at ${adminUrl} is unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const secret = randomBytes(32).toString('hex');
  const webhookSecret = randomBytes(32).toString('hex');
  // Underwriting far in the future and long gateway delays: the runs measure the endpoints alone.
  const server = await startMain(
    {
      DATABASE_URL: url.toString(),
      AUTH_SECRET: secret,
      COLLECTION_WEBHOOK_SECRET: webhookSecret,
      APPROVAL_DELAY_SECONDS: '86400',
      SIM_PAYOUT_DELAY_MS: '3600000',
      SIM_COLLECTION_DELAY_MS: '3600000',
    },
    { deadline: Date.now() + 60_000 },
  );
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    console.log(`loans: seeding ${customersCount} customers with complete profiles`);
    const customers = await seedCustomers(client, customersCount);
    const body = JSON.stringify(STANDARD_LOAN);
    // Warm-up: 5 % of the customers, not measured.
    const warm = Math.floor(customersCount * 0.05);
    const applyRequest = (offset: number) => (i: number) => {
      const c = customers[offset + i]!;
      return {
        path: '/api/v1/loans',
        headers: {
          authorization: `Bearer ${c.token}`,
          'x-customer-id': c.id,
          'x-device-id': `bench-${offset + i}`,
          'idempotency-key': `apply-${c.id}`,
        },
        body,
      };
    };
    await fire('applications', server.base, warm, connections, applyRequest(0));
    console.log(`loans: ${customersCount - warm} applications, ${connections} connections`);
    const applications = await fire(
      'applications',
      server.base,
      customersCount - warm,
      connections,
      applyRequest(warm),
    );

    // Every order as a disbursement leaves it, with one in-progress payment of the amount due.
    await client.query(`UPDATE loan_orders SET state = 'repaying', loan_date = current_date, due_date = current_date + 30,
      amount_due = (quote->>'amountDueCentavos')::int, interest_outstanding = (quote->>'interestCentavos')::int,
      cost_charged = (quote->>'financeChargeCentavos')::int`);
    const { rows } = await client.query<{ order_id: string; customer_id: string; amount: number; pi: string }>(
      `INSERT INTO payments (order_id, customer_id, kind, channel, amount, reference, provider_ref, state, expires_at)
       SELECT id, customer_id, 'settle', 'eWallet', amount_due, 'BENCH' || substr(md5(id::text), 1, 12), 'pi_' || md5(id::text), 'in_progress', now() + interval '1 day'
       FROM loan_orders RETURNING order_id, customer_id, amount, provider_ref AS pi`,
    );
    const callback = (i: number) => {
      const row = rows[i]!;
      const unix = Math.floor(Date.now() / 1000);
      const raw = JSON.stringify({
        data: {
          id: `evt_${i}_${row.pi}`,
          type: 'event',
          attributes: {
            type: 'payment.paid',
            livemode: false,
            data: {
              id: `pay_${row.pi}`,
              type: 'payment',
              attributes: {
                amount: row.amount,
                currency: 'PHP',
                status: 'paid',
                payment_intent_id: row.pi,
                paid_at: unix,
              },
            },
          },
        },
      });
      return {
        path: '/api/v1/webhooks/collection',
        headers: { 'paymongo-signature': signCollectionWebhook(webhookSecret, raw, unix) },
        body: raw,
      };
    };
    console.log(`loans: ${rows.length} payment callbacks, ${connections} connections`);
    const callbacks = await fire('payment-callbacks', server.base, rows.length, connections, callback);
    const check = await client.query<{ orders: number; settled: number; events: number }>(
      `SELECT (SELECT count(*)::int FROM loan_orders) AS orders, (SELECT count(*)::int FROM loan_orders WHERE state = 'settled') AS settled, (SELECT count(*)::int FROM loan_events) AS events`,
    );
    const met =
      applications.requestsPerSecond >= TARGET.applicationsPerSecond &&
      applications.latency.p99 <= TARGET.p99Ms &&
      applications.problems.length === 0;
    const result: LoansResult = {
      bench: 'loans',
      date: new Date().toISOString(),
      node: process.version,
      settings: { connections, customers: customersCount },
      load: { before, after: loadavg()[0] ?? 0, cpus: availableParallelism() },
      postgres: { server: redact(adminUrl) },
      runs: [applications, callbacks],
      check: check.rows[0]!,
      target: { ...TARGET, verdict: met ? 'MET' : 'MISSED' },
    };
    writeBenchResult('loans', result);
    return result;
  } finally {
    await client.end().catch(() => undefined);
    await server.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  }
}

export function printLoans(result: LoansResult): void {
  if (result.postgres.skipped) {
    console.log(`loans: skipped: ${result.postgres.skipped}`);
    return;
  }
  for (const run of result.runs) {
    console.log(
      `loans: ${run.name}: ${run.requests} in ${run.seconds} s = ${perSecond(run.requestsPerSecond)}/s; p50 ${ms2(run.latency.p50)}, p99 ${ms2(run.latency.p99)}, max ${ms2(run.latency.max)}; status ${JSON.stringify(run.statusCodes)}${run.problems.length ? `; PROBLEMS: ${run.problems.join('; ')}` : ''}`,
    );
  }
  console.log(
    `loans: database after the runs: ${result.check.orders} orders, ${result.check.settled} settled, ${result.check.events} events`,
  );
  console.log(
    `loans: target >= ${result.target.applicationsPerSecond} applications/s with p99 <= ${result.target.p99Ms} ms: ${result.target.verdict} (load ${result.load.before.toFixed(2)} -> ${result.load.after.toFixed(2)}, ${result.load.cpus} CPUs)`,
  );
}
