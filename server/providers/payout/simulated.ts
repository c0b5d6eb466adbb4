/**
 * The simulated payout gateway: behaves like Xendit's payouts from the outside. It keeps its own state in its own table
 * (simulated.payouts, server/providers/simulated/tables.ts: it survives a restart), takes an idempotency key (a repeat
 * answers the same payout), decides the outcome after `delayMs` and then POSTs a `payout.succeeded` / `payout.failed`
 * callback with the static `x-callback-token` through `deliver`. Outcomes, as Xendit's test mode decides them by
 * account number (SIM_PAYOUT_ACCOUNTS): INVALID_DESTINATION for accounts matching `failPattern` (default `^0000`), each
 * documented failure code, COMPLIANCE_REJECTED, and a payout that succeeds and is REVERSED `delayMs` later
 * (`payout.reversed`), as Xendit's "Payout Status Lifecycle" says a SUCCEEDED payout may be. A failed delivery is
 * retried with backoff; pending ones resume when a gateway starts again on the same database. Deliveries are claimed
 * with SKIP LOCKED, so several instances running it deliver each callback once.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { simPayouts } from '../simulated/tables.ts';
import { attemptDelivery, deliveryWorker, type Deliver } from '../deliver.ts';
import {
  accountNumberOf,
  centavosToPesos,
  channelCodeOf,
  xenditPayoutResult,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutResult,
} from './payout-provider.ts';

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

/**
 * Account numbers with a fixed outcome, like Xendit's test mode. The first four are the numbers Xendit's test mode
 * documents for these failure codes; the others are this gateway's own.
 */
export const SIM_PAYOUT_ACCOUNTS: Readonly<
  Record<string, { status: 'FAILED' | 'COMPLIANCE_REJECTED' | 'REVERSED'; failureCode: string | null }>
> = {
  '121212': { status: 'FAILED', failureCode: 'INVALID_DESTINATION' },
  '999999': { status: 'FAILED', failureCode: 'REJECTED_BY_CHANNEL' },
  '123456': { status: 'FAILED', failureCode: 'TEMPORARY_TRANSFER_ERROR' },
  '98018521': { status: 'FAILED', failureCode: 'TRANSFER_ERROR' },
  '5550000001': { status: 'FAILED', failureCode: 'INSUFFICIENT_BALANCE' },
  '5550000002': { status: 'FAILED', failureCode: 'DESTINATION_MAXIMUM_LIMIT' },
  '5550000003': { status: 'FAILED', failureCode: 'UNKNOWN_BANK_NETWORK_ERROR' },
  '5550000004': { status: 'COMPLIANCE_REJECTED', failureCode: null },
  '5550000005': { status: 'REVERSED', failureCode: null },
};

/** The Xendit payout object of a row (what the API answers and the callback carries in `data`). */
function payoutObject(row: Row, at: Date) {
  return {
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
  };
}

const resultOf = (row: Row): PayoutResult => xenditPayoutResult(payoutObject(row, row.createdAt))!;

const EVENTS: Readonly<Record<string, string>> = { SUCCEEDED: 'payout.succeeded', REVERSED: 'payout.reversed' };

/** The Xendit-shaped callback body of a finished payout. */
export function payoutCallbackBody(row: Row, at: Date): string {
  return JSON.stringify({
    event: EVENTS[row.status] ?? 'payout.failed',
    business_id: 'sim-business',
    created: at.toISOString(),
    data: payoutObject(row, at),
  });
}

export function createSimulatedPayoutGateway(options: SimulatedPayoutOptions) {
  const { db, now } = options;
  const path = options.callbackPath ?? '/api/v1/webhooks/payout';
  const worker = deliveryWorker(deliverDue);

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
      if (created) {
        worker.wake(options.delayMs);
        return resultOf(created);
      }
      const [existing] = await db
        .select()
        .from(simPayouts)
        .where(eq(simPayouts.idempotencyKey, request.idempotencyKey));
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
      const due = db
        .select({ id: simPayouts.id })
        .from(simPayouts)
        .where(lte(simPayouts.deliverAt, at))
        .limit(16)
        .for('update', { skipLocked: true });
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
      await Promise.all(
        rows.map(async (claimed) => {
          let row = claimed;
          const planned = options.failPattern?.test(row.accountNumber)
            ? { status: 'FAILED', failureCode: 'INVALID_DESTINATION' }
            : SIM_PAYOUT_ACCOUNTS[row.accountNumber];
          // A reversal comes after the success was delivered: its own callback, due delayMs after that one.
          const reverses = planned?.status === 'REVERSED';
          const change =
            row.status === 'ACCEPTED'
              ? {
                  status: planned && !reverses ? planned.status : 'SUCCEEDED',
                  failureCode: planned && !reverses ? planned.failureCode : null,
                }
              : row.status === 'SUCCEEDED' && reverses && row.deliveredAt
                ? { status: 'REVERSED', failureCode: null }
                : null;
          if (change) {
            const [finished] = await db.update(simPayouts).set(change).where(eq(simPayouts.id, row.id)).returning();
            row = finished ?? row;
          }
          const sentAt = now();
          const next = await attemptDelivery(
            options.deliver,
            {
              path,
              headers: { 'content-type': 'application/json', 'x-callback-token': options.callbackToken },
              body: payoutCallbackBody(row, sentAt),
            },
            row.deliveryAttempts,
            sentAt,
          );
          const reverseNext = reverses && row.status === 'SUCCEEDED' && next.deliveredAt;
          await db
            .update(simPayouts)
            .set(
              reverseNext
                ? { ...next, deliverAt: new Date(sentAt.getTime() + options.delayMs), deliveryAttempts: 0 }
                : next,
            )
            .where(eq(simPayouts.id, row.id));
          if (reverseNext) worker.wake(options.delayMs);
        }),
      );
    }
  }

  return {
    ...provider,
    /** Delivers every callback due now (tests; the timer calls it too). */
    flush: worker.flush,
    start: worker.start,
    /** A delivery pass in `delayMs`, if started (a test or the demo clock moved the time). */
    wake: worker.wake,
    stop: worker.stop,
  };
}

export type SimulatedPayoutGateway = ReturnType<typeof createSimulatedPayoutGateway>;
