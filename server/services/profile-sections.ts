/**
 * The profile's sections as other services read them (the loan core: the payout account, the income band, the
 * identity), in the database or the caller's transaction: the stored data of a step, decrypted by its column
 * (server/crypto/columns.ts) and otherwise as saved. The borrower's own reads and writes of their profile are
 * ./profile.ts's. The loan core reads no section but through here (tests/unit/table-owners.test.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { profileSections } from '../db/tables.ts';
import type { Tx } from './idempotency.ts';

/** The profile step that holds the payout account. */
export const PAYOUT_STEP = 'bankInfo';

/** The database or one of its transactions. */
type Db = Database | Tx;

/** One profile step's data, or undefined when the borrower has not saved it. */
export async function sectionOf(
  db: Db,
  customerId: string,
  step: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ data: profileSections.data })
    .from(profileSections)
    .where(and(eq(profileSections.customerId, customerId), eq(profileSections.step, step)));
  return row?.data as Record<string, unknown> | undefined;
}

/** The payout account's step (bankInfo) as saved, or undefined: where a loan's money goes. */
export function payoutSectionOf(db: Db, customerId: string): Promise<Record<string, unknown> | undefined> {
  return sectionOf(db, customerId, PAYOUT_STEP);
}

/** One step's data of each of these customers that saved it, by customer. */
export async function sectionOfEach(
  db: Db,
  customerIds: readonly string[],
  step: string,
): Promise<Map<string, Record<string, unknown>>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({ customerId: profileSections.customerId, data: profileSections.data })
    .from(profileSections)
    .where(and(inArray(profileSections.customerId, [...new Set(customerIds)]), eq(profileSections.step, step)));
  return new Map(rows.map((row) => [row.customerId, row.data as Record<string, unknown>]));
}
