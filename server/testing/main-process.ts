/**
 * `server/main.ts` in its own process, and borrowers seeded straight into its PostgreSQL database: what the crash
 * storm test (server/routes/crash-storm.test.ts) and the loans benchmark (scripts/bench/loans.ts) share. Seeding
 * writes profile sections in the clear; the server's start-up step encrypts them (server/crypto/reencrypt.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { completeSections } from './loan-fixtures.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface MainProcess {
  readonly base: string;
  /** SIGKILL, as a crash. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful close), SIGKILL after 15 s. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Give up waiting for /api/v1/health at this time (ms since the epoch). */
  readonly deadline: number;
  /** Keep the process's output (for the error when it dies) instead of passing it through. */
  readonly quiet?: boolean;
}

/**
 * server/main.ts in its own process with `env` (DATABASE_URL among them); resolves once /api/v1/health answers. An
 * empty web app and a fresh data folder are supplied unless `env` names its own WEB_DIST / DATA_DIR.
 */
export async function startMain(env: Record<string, string>, options: StartOptions): Promise<MainProcess> {
  const port = await freePort();
  const web = mkdtempSync(join(tmpdir(), 'main-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>main</title>');
  const child: ChildProcess = fork(join(repo, 'server/main.ts'), [], {
    cwd: repo,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      WEB_DIST: web,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'main-data-')),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: options.quiet ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (gone()) throw new Error(`server/main.ts exited before listening:\n${log}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > options.deadline) {
      child.kill('SIGKILL');
      throw new Error(`server/main.ts did not answer:\n${log}`);
    }
    await sleep(100);
  }
  return {
    base,
    async kill() {
      if (gone()) return;
      child.kill('SIGKILL');
      await exited;
    },
    async close() {
      if (gone()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface SeededCustomer {
  readonly id: string;
  readonly token: string;
  readonly device: string;
}

/** The headers of a seeded customer's session, as the app sends them. */
export const sessionHeaders = (c: SeededCustomer): Record<string, string> => ({
  authorization: `Bearer ${c.token}`,
  'x-customer-id': c.id,
  'x-device-id': c.device,
});

/**
 * `count` borrowers with a complete profile (./loan-fixtures.ts) and a session each, written in batches; phones
 * 917 + 7 digits from `firstPhone` (never one of the fixture's emergency contacts, 918...). `signed`: a signature on
 * file too, so they can withdraw.
 */
export async function seedCustomers(
  client: pg.Client,
  count: number,
  options: { firstPhone?: number; signed?: boolean; devicePrefix?: string } = {},
): Promise<SeededCustomer[]> {
  const first = options.firstPhone ?? 0;
  const prefix = options.devicePrefix ?? 'seed';
  const customers: SeededCustomer[] = Array.from({ length: count }, (_c, i) => ({
    id: randomUUID(),
    token: randomBytes(32).toString('base64url'),
    device: `${prefix}-${i}`,
  }));
  const sections = Object.entries(completeSections());
  for (let start = 0; start < count; start += 1000) {
    const batch = customers.slice(start, start + 1000);
    const ids = batch.map((c) => c.id);
    const phones = batch.map((_c, i) => `917${String(first + start + i).padStart(7, '0')}`);
    await client.query('INSERT INTO customers (id, phone) SELECT * FROM unnest($1::uuid[], $2::text[])', [ids, phones]);
    await client.query(
      `INSERT INTO sessions (customer_id, token_hash, device_id, expires_at) SELECT *, now() + interval '1 day' FROM unnest($1::uuid[], $2::text[], $3::text[])`,
      [ids, batch.map((c) => sha256(c.token)), batch.map((c) => c.device)],
    );
    for (const [step, data] of sections) {
      await client.query(
        `INSERT INTO profile_sections (customer_id, step, data, schema_version) SELECT id, $2, $3::jsonb, 'fixture' FROM unnest($1::uuid[]) AS id`,
        [ids, step, JSON.stringify(data)],
      );
    }
    if (options.signed) {
      await client.query(
        `WITH docs AS (INSERT INTO documents (customer_id, kind, storage_key, content_type, bytes, width, height)
          SELECT id, 'signature', 'documents/' || id || '/sig.png', 'image/png', 1, 1, 1 FROM unnest($1::uuid[]) AS id RETURNING id, customer_id)
         INSERT INTO signatures (customer_id, document_id, signed_at) SELECT customer_id, id, now() FROM docs`,
        [ids],
      );
    }
  }
  return customers;
}

/** The settings of a storm: simulated gateways with short delays, approval at once, fast job polling and reconciling. */
export const STORM_ENV: Readonly<Record<string, string>> = {
  APPROVAL_DELAY_SECONDS: '0',
  SIM_PAYOUT_DELAY_MS: '1500',
  SIM_COLLECTION_DELAY_MS: '1500',
  JOB_POLL_MS: '100',
  RECONCILE_AFTER_SECONDS: '5',
  // The jobs the killed process held run again 5 s after it claimed them, not a minute.
  JOB_LEASE_SECONDS: '5',
};

/** A fresh database for a server/main.ts process, its environment, a client of it (not yet connected) and its drop. */
export interface StormDatabase {
  readonly env: Record<string, string>;
  readonly client: pg.Client;
  drop(): Promise<void>;
}

/**
 * Creates `<prefix>_<random>` on the PostgreSQL server of `adminUrl`. The environment keeps the same data directory
 * and secret for every start, so the data keys and the gateways' secrets survive a restart; `env` adds to it.
 */
export async function stormDatabase(
  adminUrl: string,
  prefix: string,
  env: Record<string, string> = {},
): Promise<StormDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  return {
    env: {
      DATABASE_URL: url.toString(),
      DATA_DIR: mkdtempSync(join(tmpdir(), `${prefix}-`)),
      AUTH_SECRET: randomBytes(32).toString('hex'),
      ...STORM_ENV,
      ...env,
    },
    client,
    async drop() {
      await client.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}

/** Waits until `done` holds, polling every 50 ms; the deadline (epoch ms) is the only clock. */
export function untilBy(deadline: number): (what: string, done: () => Promise<boolean>) => Promise<void> {
  return async (what, done) => {
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`never reached: ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
}

/** The number a `select count(*) as n` query of `client` answers. */
export const countWith =
  (client: pg.Client) =>
  async (sql: string): Promise<number> =>
    Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
