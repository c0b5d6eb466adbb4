/**
 * The simulated payout gateway: behaves like Xendit's payouts from the outside. It keeps its own state in its own
 * tables (sim_payouts: it survives a restart), takes an idempotency key (a repeat answers the same payout), decides
 * the outcome after `delayMs` (failure INVALID_DESTINATION for accounts matching `failPattern`, default `^0000`) and
 * then POSTs a `payout.succeeded` / `payout.failed` callback with the static `x-callback-token` through `deliver`.
 * A failed delivery is retried with backoff; pending ones resume when a gateway starts again on the same database.
 * Deliveries are claimed with SKIP LOCKED, so several instances running it deliver each callback once.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { simPayouts } from '../../db/schema.ts';
import { attemptDelivery, deliveryWorker, type Deliver } from '../deliver.ts';
import { accountNumberOf, centavosToPesos, channelCodeOf, payoutStatusOf, type PayoutProvider, type PayoutRequest, type PayoutResult } from './payout-provider.ts';

export interface SimulatedPayoutOptions {
  readonly db: Database;
  readonly now: () => Date;
  readonly delayMs: number;
  /** Accounts (account or wallet number) that fail as unavailable; null: none. */
  readonly failPattern: RegExp | null;
  readonly callbackToken: string;
  readonly deliver: Deliver;
  /** Path of the server's payout callback. */
  readonly callbackPath?: string;
}

type Row = typeof simPayouts.$inferSelect;

const resultOf = (row: Row): PayoutResult => ({ providerRef: row.id, referenceId: row.referenceId, status: payoutStatusOf(row.status), failureCode: row.failureCode });

/** The Xendit-shaped callback body of a finished payout. */
export function payoutCallbackBody(row: Row, at: Date): string {
  const succeeded = row.status === 'SUCCEEDED';
  return JSON.stringify({
    event: succeeded ? 'payout.succeeded' : 'payout.failed',
    business_id: 'sim-business',
    created: at.toISOString(),
    data: {
      id: row.id,
      amount: centavosToPesos(row.amount),
      channel_code: row.channelCode,
      currency: 'PHP',
      account_number: row.accountNumber.replace(/.(?=.{4})/gu, '*'),
      reference_id: row.referenceId,
      idempotency_key: row.idempotencyKey,
      status: row.status,
      ...(row.failureCode && { failure_code: row.failureCode }),
      created: row.createdAt.toISOString(),
      updated: at.toISOString(),
    },
  });
}

export function createSimulatedPayoutGateway(options: SimulatedPayoutOptions) {
  const { db, now } = options;
  const path = options.callbackPath ?? '/api/v1/webhooks/payout';

  const provider: PayoutProvider = {
    name: 'simulated',
    async createPayout(request: PayoutRequest) {
      const at = now();
      const [created] = await db
        .insert(simPayouts)
        .values({
          id: `disb-${randomBytes(12).toString('hex')}`,
          idempotencyKey: request.idempotencyKey,
          referenceId: request.referenceId,
          amount: request.amountCentavos,
          channelCode: channelCodeOf(request.account),
          accountNumber: accountNumberOf(request.account),
          status: 'ACCEPTED',
          createdAt: at,
          deliverAt: new Date(at.getTime() + options.delayMs),
        })
        .onConflictDoNothing()
        .returning();
      if (created) return resultOf(created);
      const [existing] = await db.select().from(simPayouts).where(eq(simPayouts.idempotencyKey, request.idempotencyKey));
      if (!existing) throw new Error('simulated payout gateway: idempotency key conflict without a row');
      return resultOf(existing);
    },
    async getPayout(providerRef: string) {
      const [row] = await db.select().from(simPayouts).where(eq(simPayouts.id, providerRef));
      return row ? resultOf(row) : null;
    },
  };

  /** Finishes the payouts that are due and delivers their callbacks; answers how many deliveries were tried. */
  async function deliverDue(): Promise<number> {
    let count = 0;
    for (;;) {
      const at = now();
      const due = db.select({ id: simPayouts.id }).from(simPayouts).where(lte(simPayouts.deliverAt, at)).limit(16).for('update', { skipLocked: true });
      // Claimed for 60 s: another instance does not deliver the same callback meanwhile.
      const rows = await db
        .update(simPayouts)
        .set({
          deliverAt: new Date(at.getTime() + 60_000),
          deliveryAttempts: sql`${simPayouts.deliveryAttempts} + 1`,
        })
        .where(inArray(simPayouts.id, due))
        .returning();
      if (rows.length === 0) return count;
      count += rows.length;
      await Promise.all(rows.map(async (claimed) => {
        let row = claimed;
        if (row.status === 'ACCEPTED') {
          const fails = options.failPattern?.test(row.accountNumber) ?? false;
          const [finished] = await db
            .update(simPayouts)
            .set({ status: fails ? 'FAILED' : 'SUCCEEDED', failureCode: fails ? 'INVALID_DESTINATION' : null })
            .where(eq(simPayouts.id, row.id))
            .returning();
          row = finished ?? row;
        }
        const sentAt = now();
        const next = await attemptDelivery(options.deliver, { path, headers: { 'content-type': 'application/json', 'x-callback-token': options.callbackToken }, body: payoutCallbackBody(row, sentAt) }, row.deliveryAttempts, sentAt);
        await db.update(simPayouts).set(next).where(eq(simPayouts.id, row.id));
      }));
    }
  }

  const worker = deliveryWorker(deliverDue);
  return {
    ...provider,
    /** Delivers every callback due now (tests; the timer calls it too). */
    flush: worker.flush,
    start: worker.start,
    stop: worker.stop,
  };
}

export type SimulatedPayoutGateway = ReturnType<typeof createSimulatedPayoutGateway>;
