/**
 * Databases for the server suites: a fresh in-memory PGlite, and, when TEST_DATABASE_URL names a PostgreSQL server, a
 * fresh database created on it for the suite and dropped after. `databaseTargets()` lists what to run on, so a suite
 * written once runs on both (`describe.each(databaseTargets())`).
 */
import { randomBytes } from 'node:crypto';
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

/** A migrated, empty database of that kind; `close()` also drops a PostgreSQL one. */
export async function testDatabase(kind: TestDatabaseKind): Promise<OpenDatabase> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const open = await openDatabase({ url: url.toString() }, { poolSize: 20 });
  return {
    ...open,
    async close() {
      await open.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      try {
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await drop.end();
      }
    },
  };
}
