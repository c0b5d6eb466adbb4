/**
 * Databases for the server suites: a fresh in-memory PGlite, and, when TEST_DATABASE_URL names a PostgreSQL server, a
 * fresh database created on it for the suite and dropped after. `databaseTargets()` lists what to run on, so a suite
 * written once runs on both (`describe.each(databaseTargets())`).
 *
 * Each has the production tables and the simulated gateways' (server/providers/simulated/database.ts: the test API runs
 * the simulated providers), and starts as a copy of a template migrated with both sets of migrations, made once per
 * set, rather than migrating anew (a new PGlite's initdb and the migrations cost seconds of CPU each time): PGlite loads
 * the dump of a migrated data folder kept in the temp folder, PostgreSQL clones a template database (`CREATE DATABASE
 * ... TEMPLATE`). The migrations still run on every copy, finding nothing to do, so a stale template could not hide a
 * missing one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { setDataKeys } from '../crypto/data-keys.ts';
import { Keyring } from '../crypto/keyring.ts';
import { migrateSimulated, simulatedMigrationsFolder } from '../providers/simulated/database.ts';
import { openDatabase, type DatabaseTarget, type OpenDatabase } from './database.ts';

/** The data keys of every test database: fixed, so a suite can reopen what another app of it wrote. */
export const TEST_KEYRING = new Keyring([{ id: 'test1', secret: Buffer.alloc(32, 7) }]);
setDataKeys(TEST_KEYRING);

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The kinds to run on: always PGlite; PostgreSQL too when TEST_DATABASE_URL is set. */
export function databaseTargets(): TestDatabaseKind[] {
  return process.env['TEST_DATABASE_URL'] ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * One database, for a suite whose answers do not depend on it (the permission matrix, the fuzz of request shapes, the
 * audit rows of list reads, throttles, the password flows, staff sign-in, whose bursts are truly concurrent only on a
 * server) while the suites of the same routes run on both:
 * PostgreSQL when TEST_DATABASE_URL names one (the production database, and a native server costs the machine about
 * a third of PGlite's WebAssembly), else PGlite. Both are the same PostgreSQL engine; what differs (the driver's
 * types, concurrency, the embedded folder) is proven by the suites on both.
 */
export function oneDatabase(): TestDatabaseKind[] {
  return process.env['TEST_DATABASE_URL'] ? ['postgres'] : ['pglite'];
}

/** Opens `target` and applies both sets of migrations: the production ones and the simulated gateways'. */
async function openMigrated(target: DatabaseTarget, options: { poolSize?: number } = {}): Promise<OpenDatabase> {
  const open = await openDatabase(target, options);
  try {
    await migrateSimulated(open);
  } catch (error) {
    await open.close();
    throw error;
  }
  return open;
}

/** A migrated, empty database of that kind; `close()` also drops a PostgreSQL one. */
export async function testDatabase(kind: TestDatabaseKind): Promise<OpenDatabase> {
  if (kind === 'pglite') return openMigrated({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  for (let attempt = 1; ; attempt += 1) {
    const template = await postgresTemplate(adminUrl);
    try {
      await onAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      break;
    } catch (error) {
      // Gone (3D000): a checkout with other migrations on the same server made its own and dropped this one (each keeps
      // only its own, postgresTemplate). It is made again.
      if ((error as { code?: string }).code !== '3D000' || attempt >= 3) throw error;
      postgresTemplateOnce = undefined;
    }
  }
  const open = await openMigrated({ url: databaseUrl(adminUrl, name) }, { poolSize: 20 });
  return {
    ...open,
    async close() {
      await open.close();
      await onAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * A database with nothing in it, not even the migrations (a PGlite data folder in the temp folder, or a database created
 * on TEST_DATABASE_URL's server), for a test of the migrations themselves: `openDatabase(target)` applies the
 * production ones. `drop()` deletes it (close what was opened on it first).
 */
export async function blankDatabase(
  kind: TestDatabaseKind,
): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const root = await mkdtemp(join(tmpdir(), 'pglite-blank-'));
    return { target: { dataDir: join(root, 'pglite') }, drop: () => rm(root, { recursive: true, force: true }) };
  }
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  return {
    target: { url: databaseUrl(adminUrl, name) },
    drop: () =>
      onAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** The migrations (both sets) and the PGlite release a template was made with: a change to any makes a new one. */
const templateKey = (() => {
  const hash = createHash('sha256');
  const sets = {
    production: fileURLToPath(new URL('./migrations', import.meta.url)),
    simulated: simulatedMigrationsFolder,
  };
  for (const [set, folder] of Object.entries(sets)) {
    hash.update(set);
    for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
      if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
      hash.update(file).update(readFileSync(join(folder, file)));
    }
  }
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(pglite, '../../package.json')));
  return hash.digest('hex').slice(0, 16);
})();

let pgliteTemplateOnce: Promise<Blob> | undefined;

/**
 * The dump of a migrated PGlite data folder, kept in the temp folder under the template key: made by the first suite
 * that needs it (written to a temporary name and renamed, so suites starting together in other processes read a whole
 * file or make their own), read by the others.
 */
export function pgliteTemplate(): Promise<Blob> {
  pgliteTemplateOnce ??= (async () => {
    const file = join(tmpdir(), `pglite-test-template-${templateKey}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const open = await openMigrated({ dataDir: 'memory://' });
      try {
        const dump = await (open.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
        const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
        await rename(partial, file);
        return dump;
      } finally {
        await open.close();
      }
    }
  })();
  return pgliteTemplateOnce;
}

let postgresTemplateOnce: Promise<string> | undefined;

/**
 * The migrated template database on TEST_DATABASE_URL's server, named by the template key; made under an advisory lock
 * by the first suite that needs it (migrated under a temporary name, renamed when whole), with the templates of other
 * migrations dropped.
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplateOnce ??= onAdmin(adminUrl, async (admin) => {
    const name = `test_template_${templateKey}`;
    await admin.query(`SELECT pg_advisory_lock(hashtext('peso-loans test template'))`);
    try {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'test\\_template\\_%'`,
      );
      if (rows.some((r) => r.datname === name)) return name;
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      const building = `${name}_building`;
      await admin.query(`CREATE DATABASE ${building}`);
      const open = await openMigrated({ url: databaseUrl(adminUrl, building) }, { poolSize: 1 });
      await open.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await admin.query(`SELECT pg_advisory_unlock(hashtext('peso-loans test template'))`);
    }
  });
  return postgresTemplateOnce;
}

/** Runs `work` on a connection to the admin database, closed after. */
async function onAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
