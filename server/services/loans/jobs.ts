/**
 * The loan core's background work, run by the job runner (server/jobs/runner.ts) on any instance: underwriting,
 * the payout and payment outboxes, the daily accrual and the reconciliation of results the gateways never sent us.
 * Every handler re-checks state under its row locks, so a job run twice (a crash before it was marked done) changes
 * nothing more.
 */
import { and, eq } from 'drizzle-orm';
import { addDays, daysBetween, manilaToday } from '#domain/calendar-date.ts';
import { accrue, figuresOf } from '#domain/loan-ledger.ts';
import { findSubProduct } from '#domain/pricing.ts';
import { collectionDisputes, customers } from '#server/db/tables.ts';
import { dailyInManila } from '#server/jobs/daily.ts';
import { enqueue, type ClaimedJob, type JobHandler, type Schedule } from '#server/jobs/runner.ts';
import { REMINDER_WINDOW, reminderSmsJob, type ReminderTemplate } from '../reminders.ts';
import type { Application } from './apply.ts';
import type { LoanContext } from './context.ts';
import type { createDisbursement } from './disburse.ts';
import type { createRepayment } from './repay.ts';
import { links, orderNotices } from './notices.ts';
import { ledgerPatch } from './repository.ts';

/** A payment recorded this long ago and still not at the gateway is sent by the reconciliation too. */
const UNSENT_AFTER_MS = 60_000;

export function createLoanJobs(
  ctx: LoanContext,
  application: Application,
  disbursement: ReturnType<typeof createDisbursement>,
  repayment: ReturnType<typeof createRepayment>,
) {
  const { db, repo, now } = ctx;
  const { notifyOrder } = orderNotices(now);

  /**
   * Brings every repaying order's stored ledger to today: the interest of each day, and the penalties of every
   * overdue one (each day once: safe to rerun). Reads do not wait for it (ctx.ledgerOn), but the order's columns
   * (amount due, overdue days) that lists read do, and penalties are recorded as an `accrual` event.
   */
  async function accrueAll(): Promise<number> {
    const day = ctx.today();
    const due = await repo.orderIdsToAccrue(db, day);
    let changed = 0;
    for (const { id } of due) {
      await db.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, id);
        const ledger = ctx.ledgerOf(order);
        const sub = findSubProduct(ctx.pricing, order.productId, order.subProductId);
        if (order.state !== 'repaying' || !ledger || !sub) return;
        const run = accrue(ledger, sub, ctx.capsOf(ledger.loanDate), day);
        if (run.ledger === ledger) return;
        const patch = ledgerPatch(run.ledger, day);
        const penalties = run.charged.lateFine + run.charged.damages;
        if (penalties === 0) {
          await repo.storeLedger(tx, order.id, patch);
          return;
        }
        await repo.update(tx, order, 'accrual', patch, {
          day,
          charged: run.charged,
          capped: run.capped,
          amountDueCentavos: patch.amountDue,
          overdueDays: patch.overdueDays,
        });
        changed += 1;
      });
    }
    return changed;
  }

  /**
   * The daily due reminders: for every repaying order due in 3 days, due today, or overdue, and not disputed, a
   * Notify message (once per order and due date: its dedupeKey) and, when the borrower has SMS reminders on, its SMS
   * job (once per borrower and day: the job's key; sent between 08:00 and 20:00 Manila, server/services/reminders.ts),
   * both in the order's transaction. A rerun, or a second instance running it at the same time, writes nothing twice.
   */
  async function remindAll(): Promise<number> {
    const at = now();
    const day = manilaToday(at);
    const due = await repo.orderIdsDueBy(db, addDays(day, 3));
    let written = 0;
    for (const { id } of due) {
      await db.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, id);
        if (order.state !== 'repaying' || !order.dueDate) return;
        const days = daysBetween(day, order.dueDate);
        const template: ReminderTemplate | null =
          days === 3 ? 'dueIn3Days' : days === 0 ? 'dueToday' : days < 0 ? 'overdue' : null;
        if (!template) return;
        // A disputed loan gets no reminder until a supervisor resolves the dispute (SEC MC 18: a reminder would not
        // say the debt is disputed; docs/collections.md). The day's reminder is written on the first run after.
        const [disputed] = await tx
          .select({ id: collectionDisputes.id })
          .from(collectionDisputes)
          .where(and(eq(collectionDisputes.orderId, order.id), eq(collectionDisputes.state, 'open')));
        if (disputed) return;
        // What the borrower owes on the due date (interest to it), or today once it has passed.
        const ledger = ctx.ledgerOn(order, day);
        const params = {
          amountCentavos: ledger ? figuresOf(ledger, day).amountAtDue : order.amountDue,
          dueDate: order.dueDate,
          ...(template === 'dueIn3Days' && { days: 3 }),
        };
        if (
          !(await notifyOrder(
            tx,
            order,
            template,
            links.bill(order),
            params,
            `${template}:${order.id}:${order.dueDate}`,
          ))
        )
          return;
        written += 1;
        const [customer] = await tx
          .select({ smsReminders: customers.smsReminders })
          .from(customers)
          .where(eq(customers.id, order.customerId));
        const job = customer?.smsReminders
          ? reminderSmsJob(
              { customerId: order.customerId, orderId: order.id, template, day, amountCentavos: params.amountCentavos },
              at,
            )
          : null;
        if (job) await enqueue(tx, job);
      });
    }
    return written;
  }

  /**
   * Asks the gateways about what they never told us: payouts sent and payments made long ago without a result (a
   * lost callback), and sends payments recorded but never sent (the request and its job both failed). A payment in
   * progress past its expiry (its QR code died: payment.expiresAt is the gateway's expiry) is asked at once and, unless
   * the gateway says it was paid or cancelled, released as expired, whether or not the gateway's expiry event came.
   */
  async function reconcile(): Promise<number> {
    const at = now();
    const before = new Date(at.getTime() - ctx.settings.reconcileAfterMs);
    let applied = 0;
    const stale = await repo.stalePayouts(db, before);
    for (const payout of stale) {
      const result = payout.providerRef ? await ctx.payout.getPayout(payout.providerRef) : null;
      if (result && result.status !== 'pending' && (await disbursement.payoutResult(result)) === 'applied')
        applied += 1;
    }
    const unsent = await repo.unsentPaymentIds(db, new Date(now().getTime() - UNSENT_AFTER_MS));
    for (const { id } of unsent) await repayment.sendPayment(id);
    const waiting = await repo.waitingPayments(db, before, at);
    for (const payment of waiting) {
      const result = payment.providerRef ? await ctx.collection.getPayment(payment.providerRef) : null;
      // Pending, even after a failed attempt, is still payable until it expires; then it is released (a late
      // success is still applied: repay.ts paymentEvent).
      if (!result || result.status === 'pending') {
        if (payment.expiresAt <= at) await repayment.closePayment(payment.id, 'EXPIRED', 'in_progress');
        continue;
      }
      if (result.status === 'failed') {
        await repayment.closePayment(payment.id, result.failureCode ?? 'CANCELLED', 'in_progress');
        continue;
      }
      const outcome = await repayment.paymentEvent({
        eventId: `reconcile-${payment.id}`,
        kind: 'paid',
        providerRef: payment.providerRef!,
        paymentId: null,
        amountCentavos: result.amountCentavos,
        currency: result.currency,
        failureCode: null,
      });
      if (outcome === 'applied') applied += 1;
    }
    return applied;
  }

  /**
   * The gateway's word that the code of the payment with this reference expired unpaid (PayMongo `qrph.expired`):
   * the payment is released as reconcile releases one. 'replay' when it is no longer in progress (paid, or released
   * before); 'unknown' when no payment has that reference (yet: the webhook is retried).
   */
  async function paymentExpired(providerRef: string): Promise<'applied' | 'replay' | 'unknown'> {
    const found = await repo.paymentKeysByProviderRef(db, providerRef);
    if (!found) return 'unknown';
    return (await repayment.closePayment(found.id, 'EXPIRED', 'in_progress')) ? 'applied' : 'replay';
  }

  const handlers: Record<string, JobHandler> = {
    underwrite: (job: ClaimedJob) => application.underwrite(String(job.payload['orderId'])),
    send_payout: (job: ClaimedJob) => disbursement.sendPayout(String(job.payload['payoutId'])),
    send_payment: (job: ClaimedJob) => repayment.sendPayment(String(job.payload['paymentId'])),
    accrue: async () => {
      await accrueAll();
    },
    reconcile: async () => {
      await reconcile();
    },
    remind: async () => {
      await remindAll();
    },
  };

  /** The daily accrual at 00:05 Manila, and the reconciliation every `reconcileAfterMs / 2`, once per slot for all instances. */
  const schedules: Schedule[] = [
    dailyInManila('accrue', 5),
    // The due reminders at 08:00 Manila, when reminders may be sent (server/services/reminders.ts).
    dailyInManila('remind', REMINDER_WINDOW.fromHour * 60),
    (at) => {
      const every = Math.max(60_000, Math.floor(ctx.settings.reconcileAfterMs / 2));
      const slot = Math.floor(at.getTime() / every);
      return { kind: 'reconcile', key: `reconcile:${slot}`, runAt: new Date(slot * every) };
    },
  ];

  return { accrueAll, reconcile, paymentExpired, remindAll, handlers, schedules };
}
