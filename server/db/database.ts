/**
 * Opens the database: PGlite (PostgreSQL compiled to WebAssembly) in a data folder by default, or a PostgreSQL server
 * when a URL is given; applies the committed migrations (server/db/migrations) before anything else uses it.
 * Both give the same Drizzle API over the same SQL dialect.
 *
 * A PGlite folder has one user at a time: PGlite is a single-process database, and a second process writing the same
 * folder (`npm run staff` beside a running server) writes what the first never sees and can corrupt it. The process
 * that opens a folder holds `<folder>.lock` (its process id) until it closes it or exits; another open of the folder,
 * in this process or another, is refused with DatabaseInUseError while that process runs.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './tables.ts';

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

/** A PGlite folder another process (or this one) holds. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running server?). Stop it first, or run both ` +
        `against one PostgreSQL server (DATABASE_URL). If no such process runs, delete ${dataDir}.lock.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/** The PGlite folders this process holds. */
const heldFolders = new Set<string>();

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes `<dataDir>.lock` for this process; answers its release. */
function holdFolder(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  for (;;) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      // This process's own id in a lock it does not hold: left by an earlier process that had the same id (a container
      // restarted), so as stale as a lock whose process has ended.
      const held = pid === process.pid ? heldFolders.has(dataDir) : pid > 0 && running(pid);
      if (held) throw new DatabaseInUseError(dataDir, pid);
      unlinkSync(lockPath);
    }
  }
  heldFolders.add(dataDir);
  const release = () => {
    if (!heldFolders.delete(dataDir)) return;
    process.off('exit', release);
    try {
      if (readFileSync(lockPath, 'utf8') === String(process.pid)) unlinkSync(lockPath);
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return release;
}

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
  const inMemory = target.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
  const release = inMemory ? () => undefined : holdFolder(resolve(target.dataDir));
  try {
    const client = await PGlite.create(target.dataDir, target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
