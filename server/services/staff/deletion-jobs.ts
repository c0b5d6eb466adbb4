/**
 * The account deletion's work after its transaction, as jobs in the job table (server/jobs/runner.ts), so nothing is
 * left behind when a file store fails or the process dies:
 *
 * - `erase_files`: the erased documents' files. Enqueued in the erasure's own transaction (outbox), so a committed
 *   erasure always has it; the decision deletes the files at once as well, and the job deletes whatever is left,
 *   retried with the runner's backoff until the store answers (deleting a file that is gone is fine).
 * - `retention_purge`, daily at 03:00 Manila: the loan records an erasure kept for the law's retention period
 *   (deletion_requests.retain_until, config/staff.json loanRecordRetentionYears) are deleted once that day has come:
 *   orders with their events, payouts, payments and re-loans, and the customer's coupons. What remains of the customer is the
 *   row holding the phone's keyed hash and the audit log, neither of which identifies the person.
 */
import { and, eq, lte } from 'drizzle-orm';
import { manilaToday } from '#domain/calendar-date.ts';
import { dailyInManila } from '#server/jobs/daily.ts';
import type { Database } from '#server/db/database.ts';
import { auditLog, couponGrants, coupons, deletionRequests, easyReloans, staffNotes } from '#server/db/tables.ts';
import type { ClaimedJob, JobHandler, Queryable, Schedule } from '#server/jobs/runner.ts';
import { enqueue } from '#server/jobs/runner.ts';
import type { FileStorage } from '#server/providers/storage/file-storage.ts';
import { deleteOrdersOf, deletePaymentsOfOrders, lockOrdersOf } from '../loans/repository.ts';

export const ERASE_FILES = 'erase_files';
export const RETENTION_PURGE = 'retention_purge';
/** The purge's hour in Manila: at night, away from the day's traffic. */
const PURGE_HOUR = 3;

/** Enqueues the deletion of an erasure's files, in the erasure's transaction. */
export async function enqueueFileErasure(
  tx: Queryable,
  requestId: string,
  keys: readonly string[],
  at: Date,
): Promise<void> {
  if (keys.length === 0) return;
  await enqueue(tx, { kind: ERASE_FILES, key: `${ERASE_FILES}:${requestId}`, payload: { keys: [...keys] }, runAt: at });
}

export interface DeletionJobDeps {
  readonly db: Database;
  readonly storage: FileStorage;
  readonly now: () => Date;
}

export function deletionJobs(deps: DeletionJobDeps): {
  handlers: Record<string, JobHandler>;
  schedules: Schedule[];
  purgeExpired: () => Promise<number>;
} {
  const { db, storage, now } = deps;

  /** Deletes every file of the job; one that fails fails the job, which runs again later (the others are gone). */
  async function eraseFiles(job: ClaimedJob): Promise<void> {
    const keys = Array.isArray(job.payload['keys'])
      ? job.payload['keys'].filter((k): k is string => typeof k === 'string')
      : [];
    const failures: unknown[] = [];
    for (const key of keys) await storage.delete(key).catch((error: unknown) => failures.push(error));
    if (failures.length > 0)
      throw new Error(`${failures.length} of ${keys.length} erased files could not be deleted`, { cause: failures[0] });
  }

  /** Deletes the kept loan records whose retention has ended; answers how many customers' records went. */
  async function purgeExpired(): Promise<number> {
    const today = manilaToday(now());
    const due = await db
      .select({
        id: deletionRequests.id,
        customerId: deletionRequests.customerId,
        retainUntil: deletionRequests.retainUntil,
      })
      .from(deletionRequests)
      .where(and(eq(deletionRequests.state, 'executed'), lte(deletionRequests.retainUntil, today)));
    let purged = 0;
    for (const request of due) {
      const removed = await db.transaction(async (tx) => {
        // The orders' row locks first, as every writer of an order takes them.
        const orderIds = await lockOrdersOf(tx, request.customerId);
        const [coupon] = await tx
          .select({ id: coupons.id })
          .from(coupons)
          .where(eq(coupons.customerId, request.customerId))
          .limit(1);
        if (orderIds.length === 0 && !coupon) return 0;
        // Payments, re-loans, grants and notes name coupons and orders: they go first.
        if (orderIds.length > 0) await deletePaymentsOfOrders(tx, orderIds);
        await tx.delete(easyReloans).where(eq(easyReloans.customerId, request.customerId));
        await tx.delete(couponGrants).where(eq(couponGrants.customerId, request.customerId));
        await tx.delete(staffNotes).where(eq(staffNotes.customerId, request.customerId));
        await tx.delete(coupons).where(eq(coupons.customerId, request.customerId));
        // Events and payouts go with their orders (ON DELETE CASCADE).
        await deleteOrdersOf(tx, request.customerId);
        await tx.insert(auditLog).values({
          event: 'retention.purged',
          customerId: request.customerId,
          detail: { requestId: request.id, retainUntil: request.retainUntil, loanOrders: orderIds.length },
        });
        return 1;
      });
      purged += removed;
    }
    return purged;
  }

  const schedules: Schedule[] = [dailyInManila(RETENTION_PURGE, PURGE_HOUR * 60)];

  return {
    handlers: {
      [ERASE_FILES]: eraseFiles,
      [RETENTION_PURGE]: async () => {
        await purgeExpired();
      },
    },
    schedules,
    purgeExpired,
  };
}
