/**
 * Databases for the server suites: a fresh in-memory PGlite, and, when TEST_DATABASE_URL names a PostgreSQL server, a
 * fresh database created on it for the suite and dropped after. `databaseTargets()` lists what to run on, so a suite
 * written once runs on both (`describe.each(databaseTargets())`).
 *
 * Each starts as a copy of a migrated template made once per set of migrations, rather than migrating anew (a new
 * PGlite's initdb and the migrations cost seconds of CPU each time): PGlite loads the dump of a migrated data folder
 * kept in the temp folder, PostgreSQL clones a template database (`CREATE DATABASE ... TEMPLATE`). The migrations still
 * run on every copy, finding nothing to do, so a stale template could not hide a missing one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { setDataKeys } from '../crypto/data-keys.ts';
import { Keyring } from '../crypto/keyring.ts';
import { openDatabase, type OpenDatabase } from './database.ts';

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

/** A migrated, empty database of that kind; `close()` also drops a PostgreSQL one. */
export async function testDatabase(kind: TestDatabaseKind): Promise<OpenDatabase> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = await postgresTemplate(adminUrl);
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const open = await openDatabase({ url: databaseUrl(adminUrl, name) }, { poolSize: 20 });
  return {
    ...open,
    async close() {
      await open.close();
      await onAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** The migrations and the PGlite release a template was made with: a change to either makes a new one. */
const templateKey = (() => {
  const folder = fileURLToPath(new URL('./migrations', import.meta.url));
  const hash = createHash('sha256');
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(join(folder, file)));
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
      const open = await openDatabase({ dataDir: 'memory://' });
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
      const open = await openDatabase({ url: databaseUrl(adminUrl, building) }, { poolSize: 1 });
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
