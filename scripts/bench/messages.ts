/**
 * The message center's two reads on PostgreSQL: `GET /api/v1/messages?tab=notify` (the first page of 20) and
 * `GET /api/v1/messages/unread` (the unread counts of both tabs, on the tab bar of every screen), against
 * `server/main.ts` in its own process. The database holds many borrowers with many messages each (half of them read)
 * and a few announcements, so the figures show the indexes at work (messages_customer_idx, messages_unread_idx), not a
 * small table. Every request is a random seeded borrower.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { seedCustomers, sessionHeaders, startMain } from '#server/testing/main-process.ts';
import { redact } from './api-figures.ts';
import { fire, writeBenchResult, type BenchRun } from './loans.ts';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface MessagesResult {
  readonly bench: 'messages';
  readonly date: string;
  readonly node: string;
  readonly settings: {
    readonly connections: number;
    readonly customers: number;
    readonly messagesPerCustomer: number;
    readonly requests: number;
  };
  readonly load: { readonly before: number; readonly after: number; readonly cpus: number };
  readonly postgres: { readonly server: string; readonly skipped?: string };
  readonly runs: readonly BenchRun[];
}

export async function runMessagesBench(): Promise<MessagesResult> {
  const adminUrl = process.env['BENCH_DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
  const customersCount = Number(process.env['BENCH_CUSTOMERS'] ?? '5000');
  const perCustomer = Number(process.env['BENCH_MESSAGES'] ?? '40');
  const requests = Number(process.env['BENCH_REQUESTS'] ?? '5000');
  const connections = Number(process.env['BENCH_CONNECTIONS'] ?? '10');
  const before = loadavg()[0] ?? 0;
  const base = {
    bench: 'messages' as const,
    node: process.version,
    settings: { connections, customers: customersCount, messagesPerCustomer: perCustomer, requests },
  };
  const dbName = `bench_messages_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
  } catch (error) {
    await admin.end().catch(() => undefined);
    const skipped = `PostgreSQL at ${adminUrl} is unreachable: ${error instanceof Error ? error.message : String(error)}`;
    return {
      ...base,
      date: new Date().toISOString(),
      load: { before, after: loadavg()[0] ?? 0, cpus: availableParallelism() },
      postgres: { server: redact(adminUrl), skipped },
      runs: [],
    };
  }
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const server = await startMain(
    { DATABASE_URL: url.toString(), AUTH_SECRET: randomBytes(32).toString('hex') },
    { deadline: Date.now() + 60_000 },
  );
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    console.log(`messages: seeding ${customersCount} customers with ${perCustomer} messages each`);
    const customers = await seedCustomers(client, customersCount);
    await client.query(
      `INSERT INTO messages (customer_id, template, params, link, created_at, read_at)
       SELECT c.id, 'paymentSucceeded', jsonb_build_object('amountCentavos', 100000 + n, 'orderNo', 'PA' || n), '/billIndex',
              now() - make_interval(mins => n), CASE WHEN n % 2 = 0 THEN now() END
       FROM unnest($1::uuid[]) AS c(id), generate_series(1, $2::int) AS n`,
      [customers.map((c) => c.id), perCustomer],
    );
    await client.query('ANALYZE messages');
    const request = (path: string) => () => {
      const c = customers[randomInt(customers.length)]!;
      return { path, headers: sessionHeaders(c) };
    };
    // Warm-up, not measured.
    await fire('warm-up', server.base, Math.min(500, requests), connections, request('/api/v1/messages?tab=notify'));
    const runs: BenchRun[] = [];
    console.log(`messages: ${requests} list requests, ${connections} connections`);
    runs.push(await fire('list-notify', server.base, requests, connections, request('/api/v1/messages?tab=notify')));
    console.log(`messages: ${requests} unread-count requests, ${connections} connections`);
    runs.push(await fire('unread-count', server.base, requests, connections, request('/api/v1/messages/unread')));
    const result: MessagesResult = {
      ...base,
      date: new Date().toISOString(),
      load: { before, after: loadavg()[0] ?? 0, cpus: availableParallelism() },
      postgres: { server: redact(adminUrl) },
      runs,
    };
    writeBenchResult('messages', result);
    return result;
  } finally {
    await client.end().catch(() => undefined);
    await server.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  }
}

export function printMessages(result: MessagesResult): void {
  if (result.postgres.skipped) {
    console.log(`messages: skipped (${result.postgres.skipped})`);
    return;
  }
  const { customers, messagesPerCustomer, connections } = result.settings;
  console.log(
    `messages on PostgreSQL: ${customers} borrowers x ${messagesPerCustomer} messages, ${connections} connections, load ${result.load.before.toFixed(1)} -> ${result.load.after.toFixed(1)} on ${result.load.cpus} CPUs`,
  );
  console.log('| run | requests | req/s | p50 ms | p99 ms | max ms | problems |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of result.runs) {
    console.log(
      `| ${r.name} | ${r.requests} | ${r.requestsPerSecond} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${r.problems.join('; ') || 'none'} |`,
    );
  }
}
