/**
 * The simulated providers' tables stay out of the production schema (./database.ts): the production migrations make
 * none (and drop the `sim_*` tables an older version made in the public schema), a server with only real providers
 * never makes them, and the simulated migrations make them, in the `simulated` schema, where the gateways work.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseTarget, type OpenDatabase } from '#server/db/database.ts';
import { blankDatabase, databaseTargets, oneDatabase } from '#server/db/test-database.ts';
import { startMain } from '#server/testing/main-process.ts';
import { createSimulatedCollectionGateway } from '../collection/simulated.ts';
import type { Deliver } from '../deliver.ts';
import { createSimulatedFacebookLogin } from '../facebook/simulated.ts';
import { createSimulatedPayoutGateway } from '../payout/simulated.ts';
import { eraseFromSimulatedGateways, migrateSimulated } from './database.ts';
import { simCollections, simPayouts } from './tables.ts';

const PRODUCTION_MIGRATIONS = fileURLToPath(new URL('../../db/migrations', import.meta.url));
/** The last production migration of the version that kept the simulated gateways' tables in the public schema. */
const LAST_WITH_SIM_TABLES = '0018_order_state_check';

type Rows<T> = { rows: T[] };
const query = async <T>(open: Pick<OpenDatabase, 'db'>, text: ReturnType<typeof sql>): Promise<T[]> =>
  ((await open.db.execute(text)) as unknown as Rows<T>).rows;

/** Every schema and table of the database that belongs to a simulation: the `simulated` schema, any `sim_*` table. */
const simulatedTraces = async (open: Pick<OpenDatabase, 'db'>): Promise<string[]> => [
  ...(
    await query<{ name: string }>(
      open,
      sql`select schema_name as name from information_schema.schemata where schema_name = 'simulated'`,
    )
  ).map((r) => `schema ${r.name}`),
  ...(
    await query<{ name: string }>(
      open,
      sql`select table_schema || '.' || table_name as name from information_schema.tables
          where table_schema = 'simulated' or table_name like 'sim\_%'`,
    )
  ).map((r) => `table ${r.name}`),
];

/** The production migrations up to LAST_WITH_SIM_TABLES, as the previous version applied them. */
async function previousMigrations(): Promise<{ folder: string; remove(): Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'migrations-before-simulated-'));
  await cp(PRODUCTION_MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === LAST_WITH_SIM_TABLES);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** Runs `work` on the database of `target` with no migration of the current version applied. */
async function onRawDatabase(target: DatabaseTarget, work: (db: ReturnType<typeof drizzlePg>) => Promise<void>) {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 1 });
    try {
      await work(drizzlePg(pool));
    } finally {
      await pool.end();
    }
    return;
  }
  const client = await PGlite.create(target.dataDir);
  try {
    await work(drizzlePglite(client) as unknown as ReturnType<typeof drizzlePg>);
  } finally {
    await client.close();
  }
}

describe.each(databaseTargets())('the simulated providers’ tables on %s', (kind) => {
  let blank: Awaited<ReturnType<typeof blankDatabase>>;
  let open: OpenDatabase | undefined;
  beforeAll(async () => {
    blank = await blankDatabase(kind);
  });
  afterAll(async () => {
    await open?.close();
    await blank?.drop();
  });

  it('are dropped from a database of the previous version by the production migrations, which make none', async () => {
    // The previous version: its migrations, and a payout of its simulated gateway in public.sim_payouts.
    const previous = await previousMigrations();
    try {
      await onRawDatabase(blank.target, async (db) => {
        const config = { migrationsFolder: previous.folder };
        if (kind === 'postgres') await migratePg(db, config);
        else await migratePglite(db as unknown as ReturnType<typeof drizzlePglite>, config);
        await db.execute(
          sql`insert into sim_payouts (id, idempotency_key, reference_id, amount, channel_code, account_number, status, created_at)
              values ('disb-old', 'old-key', 'old-ref', 100000, 'PH_GCASH', '9171234567', 'ACCEPTED', now())`,
        );
      });
    } finally {
      await previous.remove();
    }

    // This version's production migrations, as a server with only real providers applies them.
    open = await openDatabase(blank.target);
    expect(await simulatedTraces(open)).toEqual([]);
    expect(
      (await query<{ n: number }>(open, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]?.n,
    ).toBe(JSON.parse(await readFile(join(PRODUCTION_MIGRATIONS, 'meta', '_journal.json'), 'utf8')).entries.length);
    // An account deletion on such a database has no simulated gateway to erase from, and does not fail for it.
    await open.db.transaction((tx) => eraseFromSimulatedGateways(tx, { payoutIds: ['p1'], paymentIds: ['c1'] }));
  });

  it('are made by the simulated migrations, in their own schema, once, and the simulated providers work on them', async () => {
    await migrateSimulated(open!);
    await migrateSimulated(open!);
    const tables = await query<{ name: string }>(
      open!,
      sql`select table_name as name from information_schema.tables where table_schema = 'simulated' order by 1`,
    );
    expect(tables.map((t) => t.name)).toEqual(['__drizzle_migrations', 'collections', 'facebook_codes', 'payouts']);
    expect(
      (await query<{ n: number }>(open!, sql`select count(*)::int as n from simulated.__drizzle_migrations`))[0]?.n,
    ).toBe(1);
    // Nothing of the simulation in the public schema: the production schema stays as its migrations made it.
    expect(
      await query(open!, sql`select table_name from information_schema.tables where table_name like 'sim\_%'`),
    ).toEqual([]);

    const db = open!.db;
    const calls: { path: string; body: string }[] = [];
    const deliver: Deliver = async (path, _headers, body) => {
      calls.push({ path, body });
      return { status: 200 };
    };
    const now = () => new Date();
    const payouts = createSimulatedPayoutGateway({
      db,
      now,
      delayMs: 0,
      failPattern: null,
      callbackToken: 'token',
      deliver,
    });
    const payout = await payouts.createPayout({
      idempotencyKey: 'payout-1',
      referenceId: 'payout-1',
      amountCentavos: 250_000,
      account: {
        method: 'bank',
        bankCode: 'BDO',
        accountNumber: '118822334455',
        holderName: 'A B',
        phone: '9171234567',
      },
      description: 'loan',
    });
    expect(await payouts.flush()).toBe(1);
    expect((await payouts.getPayout(payout.providerRef))?.status).toBe('succeeded');
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/webhooks/payout']);

    const collections = createSimulatedCollectionGateway({
      db,
      now,
      delayMs: 0,
      failPattern: null,
      webhookSecret: 'secret',
      deliver,
    });
    const payment = await collections.createPayment({
      idempotencyKey: 'payment-1',
      amountCentavos: 100_000,
      channel: 'eWallet',
      payer: { phone: '9171234567', name: 'A B' },
      description: 'repayment',
      expiresAt: new Date(Date.now() + 3_600_000),
      metadata: { paymentId: 'payment-1' },
    });
    await collections.flush();
    expect((await collections.getPayment(payment.providerRef))?.status).toBe('paid');

    const facebook = createSimulatedFacebookLogin({ db, now });
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = 'http://localhost/creditLimit';
    const back = new URL(
      await facebook.consent({
        clientId: '100000000000001',
        redirectUri,
        state: 'state',
        codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
        allow: true,
        account: { id: '4242', name: 'A B' },
      }),
    );
    const code = back.searchParams.get('code')!;
    expect(await facebook.exchange({ code, codeVerifier: verifier, redirectUri })).toEqual({ id: '4242', name: 'A B' });

    // An account deletion blanks what the simulated gateways kept of the borrower.
    await db.transaction((tx) =>
      eraseFromSimulatedGateways(tx, { payoutIds: ['payout-1'], paymentIds: ['payment-1'] }),
    );
    expect((await db.select().from(simPayouts)).map((r) => r.accountNumber)).toEqual(['']);
    expect((await db.select().from(simCollections)).map((r) => r.payerPhone)).toEqual(['']);
  });
});

describe.each(oneDatabase())('server/main.ts on %s', (kind) => {
  // A process starting on a busy machine takes its time: waits end on its answer, under a generous deadline.
  const START_MS = 120_000;
  it('with only real providers makes no simulated table', { timeout: START_MS + 60_000 }, async () => {
    const blank = await blankDatabase(kind);
    const dataDir = await mkdtemp(join(tmpdir(), 'main-real-'));
    let open: OpenDatabase | undefined;
    try {
      const main = await startMain(
        {
          ...('url' in blank.target ? { DATABASE_URL: blank.target.url } : {}),
          DATA_DIR: 'url' in blank.target ? dataDir : join(blank.target.dataDir, '..'),
          PAYOUT_PROVIDER: 'xendit',
          XENDIT_SECRET_KEY: 'xnd_development_test',
          PAYOUT_CALLBACK_TOKEN: 'callback-token-of-the-dashboard',
          COLLECTION_PROVIDER: 'paymongo',
          PAYMONGO_SECRET_KEY: 'sk_test_test',
          PAYMONGO_RETURN_URL: 'https://app.example.ph/billIndex',
          COLLECTION_WEBHOOK_SECRET: 'whsk_test_secret',
          FACEBOOK_APP_ID: '1234567890',
          FACEBOOK_APP_SECRET: 'facebook-app-secret',
          // The SMS console outbox keeps no table; listed, as a server with real gateways requires.
          SIMULATED_PROVIDERS: 'sms',
        },
        { deadline: Date.now() + START_MS, quiet: true },
      );
      await main.close();
      open = await openDatabase(blank.target);
      expect(await simulatedTraces(open)).toEqual([]);
      expect(
        await query(open, sql`select table_name from information_schema.tables where table_name = 'loan_orders'`),
      ).toHaveLength(1);
    } finally {
      await open?.close();
      await blank.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
