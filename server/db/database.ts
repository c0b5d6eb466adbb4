/**
 * Opens the database: PGlite (PostgreSQL compiled to WebAssembly) in a data folder by default, or a PostgreSQL server
 * when a URL is given; applies the committed migrations (server/db/migrations) before anything else uses it.
 * Both give the same Drizzle API over the same SQL dialect.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** The Drizzle database both drivers give. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database and how to close it. */
export interface OpenDatabase {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Where to open it: a PostgreSQL URL, or a PGlite folder (`memory://` for a throwaway one), optionally started from a
 * dump of another PGlite's folder (`loadDataDir`: what `dumpDataDir` gave; the test databases start from a migrated one).
 */
export type DatabaseTarget = { readonly url: string } | { readonly dataDir: string; readonly loadDataDir?: Blob };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(target: DatabaseTarget, options: { poolSize?: number } = {}): Promise<OpenDatabase> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: options.poolSize ?? 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    try {
      const db = drizzlePg(pool, { schema });
      await migratePg(db, { migrationsFolder });
      return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
  if (!target.dataDir.startsWith('memory://')) mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
  const client = await PGlite.create(target.dataDir, target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}
