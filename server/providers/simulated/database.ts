/**
 * The simulated gateways' tables (./tables.ts) in the server's database: their migrations, applied only where a
 * simulated provider that keeps state runs (the payout or collection gateway, Facebook Login: server/main.ts; the test
 * databases, server/db/test-database.ts), so a production database with real providers never has them; and the
 * erasure of a deleted borrower's data from them.
 *
 * They live in the `simulated` PostgreSQL schema with their own migrations log (simulated.__drizzle_migrations), apart
 * from the production migrations (server/db/migrations, log drizzle.__drizzle_migrations): `DROP SCHEMA simulated
 * CASCADE` removes every trace of them, and the next start of a simulated provider makes them again, empty.
 */
import { fileURLToPath } from 'node:url';
import { inArray, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, OpenDatabase } from '#server/db/database.ts';
import { SIMULATED_SCHEMA, simCollections, simPayouts } from './tables.ts';

/** The simulated migrations (`npm run db:generate:simulated` writes them from ./tables.ts). */
export const simulatedMigrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the simulated migrations not yet applied to this database (after its production migrations). */
export async function migrateSimulated(database: Pick<OpenDatabase, 'db' | 'kind'>): Promise<void> {
  const config = {
    migrationsFolder: simulatedMigrationsFolder,
    migrationsSchema: SIMULATED_SCHEMA,
    migrationsTable: '__drizzle_migrations',
  };
  if (database.kind === 'postgres') await migratePg(database.db as unknown as NodePgDatabase, config);
  else await migratePglite(database.db as unknown as PgliteDatabase, config);
}

/**
 * A deleted borrower's personal data in the simulated gateways' own records (server/services/staff/deletion.ts): the
 * account number of their payouts, the payer's phone of their payments, blanked. The simulated gateways stand for
 * external services; a real provider gets a deletion request of its own instead. Nothing to do on a database where no
 * simulated gateway ever ran (no such tables).
 */
export async function eraseFromSimulatedGateways(
  tx: Pick<Database, 'execute' | 'update'>,
  refs: { readonly payoutIds: readonly string[]; readonly paymentIds: readonly string[] },
): Promise<void> {
  if (refs.payoutIds.length === 0 && refs.paymentIds.length === 0) return;
  const { rows } = (await tx.execute(
    sql`select to_regclass(${`${SIMULATED_SCHEMA}.payouts`}) is not null as payouts, to_regclass(${`${SIMULATED_SCHEMA}.collections`}) is not null as collections`,
  )) as unknown as { rows: { payouts: boolean; collections: boolean }[] };
  const present = rows[0];
  if (present?.payouts && refs.payoutIds.length > 0)
    await tx
      .update(simPayouts)
      .set({ accountNumber: '' })
      .where(inArray(simPayouts.referenceId, [...refs.payoutIds]));
  if (present?.collections && refs.paymentIds.length > 0)
    await tx
      .update(simCollections)
      .set({ payerPhone: '' })
      .where(inArray(simCollections.idempotencyKey, [...refs.paymentIds]));
}
