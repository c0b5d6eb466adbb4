/** The loan repository's payouts, the disbursements (../repository.ts: what the repository is, and the lock order). */
import { and, eq, inArray, lte } from 'drizzle-orm';
import { payouts } from '#server/db/tables.ts';
import type { Db, NewPayout, PayoutRow, Tx } from './types.ts';

/** The payout, locked for update (after its order: the lock order). */
export async function lockPayout(tx: Tx, payoutId: string): Promise<PayoutRow | undefined> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  return payout;
}

export async function findPayout(db: Db, payoutId: string): Promise<PayoutRow | undefined> {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  return payout;
}

/** The payout with this id and its order, not locked (to lock the order first). */
export async function payoutKeysById(db: Db, payoutId: string): Promise<{ id: string; orderId: string } | undefined> {
  const [payout] = await db
    .select({ id: payouts.id, orderId: payouts.orderId })
    .from(payouts)
    .where(eq(payouts.id, payoutId));
  return payout;
}

/** The payout the gateway knows by `providerRef` and its order, not locked (to lock the order first). */
export async function payoutKeysByProviderRef(
  db: Db,
  providerRef: string,
): Promise<{ id: string; orderId: string } | undefined> {
  const [payout] = await db
    .select({ id: payouts.id, orderId: payouts.orderId })
    .from(payouts)
    .where(eq(payouts.providerRef, providerRef));
  return payout;
}

/** Payouts sent on or before `sentBefore` that still wait for the gateway's result (at most 100). */
export function stalePayouts(db: Db, sentBefore: Date): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.state, 'sent'), lte(payouts.sentAt, sentBefore)))
    .limit(100);
}

/** Records a payout to send (state requested); answers it as stored. */
export async function requestPayout(
  tx: Tx,
  payout: Pick<NewPayout, 'orderId' | 'amount' | 'account' | 'createdAt'>,
): Promise<PayoutRow> {
  const [row] = await tx
    .insert(payouts)
    .values({ ...payout, state: 'requested' })
    .returning();
  return row!;
}

/** The gateway has the payout: sent, with its reference and one more attempt. */
export async function markPayoutSent(
  tx: Tx,
  payoutId: string,
  sent: { providerRef: string; sentAt: Date; attempts: number },
): Promise<void> {
  await tx
    .update(payouts)
    .set({ state: 'sent', ...sent })
    .where(eq(payouts.id, payoutId));
}

/** The money arrived. */
export async function markPayoutSucceeded(
  tx: Tx,
  payoutId: string,
  result: { providerRef: string; completedAt: Date },
): Promise<void> {
  await tx
    .update(payouts)
    .set({ state: 'succeeded', ...result })
    .where(eq(payouts.id, payoutId));
}

/** The money came back after a success. */
export async function markPayoutReversed(
  tx: Tx,
  payoutId: string,
  result: { failureCode: string; completedAt: Date },
): Promise<void> {
  await tx
    .update(payouts)
    .set({ state: 'reversed', ...result })
    .where(eq(payouts.id, payoutId));
}

/** The payout failed (refused before it was sent, or failed at the gateway: then with its reference). */
export async function failPayout(
  tx: Tx,
  payoutId: string,
  failure: { failureCode: string | null; completedAt: Date; providerRef?: string },
): Promise<void> {
  await tx
    .update(payouts)
    .set({ state: 'failed', ...failure })
    .where(eq(payouts.id, payoutId));
}

/**
 * Replaces the account of every payout of these orders by what `replace` makes of it (an erasure keeps no number,
 * name or phone); answers the payouts' ids.
 */
export async function replacePayoutAccounts<A>(
  tx: Tx,
  orderIds: readonly string[],
  replace: (account: unknown) => A,
): Promise<string[]> {
  const rows =
    orderIds.length > 0
      ? await tx
          .select({ id: payouts.id, account: payouts.account })
          .from(payouts)
          .where(inArray(payouts.orderId, [...orderIds]))
      : [];
  for (const payout of rows)
    await tx
      .update(payouts)
      .set({ account: replace(payout.account) })
      .where(eq(payouts.id, payout.id));
  return rows.map((p) => p.id);
}
