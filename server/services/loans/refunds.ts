/**
 * Overpayments go back to the borrower (docs/loans-and-money.md, "Overpayments and refunds"): money a payment brought
 * over what was owed (a late payment of an order no longer repaying, or more than the amount due) is a refund, recorded
 * in the transaction that applies the payment (`schedule`, called by repay.ts paymentEvent), with its `send_refund`
 * job: the outbox, as for a disbursement (disburse.ts). The job sends it through the payout gateway to the payout
 * account on file (the bankInfo section as it is when sent), idempotency key and reference id the refund's reference
 * (its id; `<id>-<attempt>` for a later send, since a failed payout is final at the gateway). The gateway's word comes
 * by callback (loans.ts routes a payout result no disbursement knows here), by the job's answer, or by reconciliation
 * of refunds sent long ago without a result.
 *
 * A refund fails for good when there is no payout account, when the gateway refuses it, or when its payout fails for a
 * reason a new send alone would not change (the account, compliance, an unknown cause) or is reversed: it then waits
 * for staff, who retry it (audited) once the borrower fixed their account. A failure on the lender's side (balance, a
 * temporary error) is sent again by itself, a few times, before that.
 *
 * One refund per payment (unique on the payment), whatever the concurrency: paymentEvent holds the payment's lock and
 * the insert does nothing on a conflict. Locks: the order, then the refund (the level of its payment in
 * repository.ts's lock order).
 */
import { and, eq, lte } from 'drizzle-orm';
import { payoutDestinationOf, type BankInfoSection } from '#domain/payout-account.ts';
import { refunds } from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import { enqueue, type ClaimedJob, type JobHandler, type Queryable, type Schedule } from '#server/jobs/runner.ts';
import { ProviderError, reportsOtherMoney, type PayoutResult } from '#server/providers/payout/payout-provider.ts';
import { staffAudit } from '../audit.ts';
import { payoutSectionOf } from '../profile-sections.ts';
import type { LoanContext } from './context.ts';
import { links, orderNotices } from './notices.ts';
import type { OrderRow, Tx } from './repository.ts';

export type RefundRow = typeof refunds.$inferSelect;

/** What the borrower is shown of a refund's state. */
export type RefundState = 'pending' | 'sent' | 'refunded' | 'failed';

const SEND_REFUND = 'send_refund';
const RECONCILE_REFUNDS = 'reconcile_refunds';
/** A send that failed on the lender's side (balance, a temporary error) goes again this much later... */
const RESEND_MS = 15 * 60_000;
/** ...up to this many sends in all; then staff look at it. */
const AUTOMATIC_SENDS = 3;
/** Why a refund failed without the gateway: nowhere to send it. */
export const NO_PAYOUT_ACCOUNT = 'NO_PAYOUT_ACCOUNT';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const REFERENCE = new RegExp(`^(${UUID})(?:-(\\d+))?$`, 'u');

/** The reference of a refund's current send: its idempotency key and the gateway's reference id. */
export function referenceOf(refund: Pick<RefundRow, 'id' | 'attempt'>): string {
  return refund.attempt === 1 ? refund.id : `${refund.id}-${refund.attempt}`;
}

/** A refund as the borrower sees it (the order view, the payment view). */
export function refundView(refund: RefundRow) {
  const state: RefundState =
    refund.state === 'succeeded'
      ? 'refunded'
      : refund.state === 'failed'
        ? 'failed'
        : refund.state === 'sent'
          ? 'sent'
          : 'pending';
  return {
    id: refund.id,
    paymentId: refund.paymentId,
    amountCentavos: refund.amount,
    state,
    createdAt: refund.createdAt.toISOString(),
    completedAt: refund.state === 'succeeded' ? (refund.completedAt?.toISOString() ?? null) : null,
  };
}

export type RefundView = ReturnType<typeof refundView>;

export function createRefunds(ctx: LoanContext) {
  const { db, repo, now } = ctx;
  const { notifyOrder } = orderNotices(now);

  async function lockRefund(tx: Tx, refundId: string): Promise<RefundRow | undefined> {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    return refund;
  }

  /** The job of the refund's current send (one per send: its key names the attempt). */
  function enqueueSend(tx: Queryable, refund: RefundRow, runAt: Date): Promise<void> {
    return enqueue(tx, {
      kind: SEND_REFUND,
      key: `${SEND_REFUND}:${refund.id}:${refund.attempt}`,
      payload: { refundId: refund.id, attempt: refund.attempt },
      runAt,
    });
  }

  /**
   * Records the refund of `amountCentavos` that `payment` brought over what `order` owed, inside the transaction that
   * applies the payment (the order and the payment locked), with its job and the borrower's message. A second call
   * for the same payment changes nothing.
   */
  async function schedule(
    tx: Tx,
    order: Pick<OrderRow, 'id' | 'customerId' | 'orderNo'>,
    payment: { readonly id: string },
    amountCentavos: number,
  ): Promise<void> {
    if (!Number.isSafeInteger(amountCentavos) || amountCentavos <= 0) return;
    const at = now();
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        customerId: order.customerId,
        paymentId: payment.id,
        amount: amountCentavos,
        state: 'requested',
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning();
    if (!refund) return;
    await repo.recordEvent(tx, order.id, 'refund_requested', {
      refundId: refund.id,
      paymentId: payment.id,
      amountCentavos,
    });
    await notifyOrder(
      tx,
      order,
      'refundRequested',
      links.bill(order),
      { amountCentavos },
      `refundRequested:${refund.id}`,
    );
    await enqueueSend(tx, refund, at);
  }

  /** Records the current send as taken by the gateway, with its event. */
  async function markSent(tx: Tx, orderId: string, refund: RefundRow, providerRef: string): Promise<void> {
    await tx.update(refunds).set({ state: 'sent', providerRef, sentAt: now() }).where(eq(refunds.id, refund.id));
    await repo.recordEvent(tx, orderId, 'refund_sent', {
      refundId: refund.id,
      attempt: refund.attempt,
      providerRef,
      amountCentavos: refund.amount,
    });
  }

  /** Fails a refund for good (staff retry it), with its event and the borrower's message. */
  async function failFor(
    tx: Tx,
    order: OrderRow,
    refund: RefundRow,
    failureCode: string,
    facts: Record<string, unknown> = {},
  ): Promise<void> {
    await tx.update(refunds).set({ state: 'failed', failureCode, completedAt: now() }).where(eq(refunds.id, refund.id));
    await repo.recordEvent(tx, order.id, 'refund_failed', {
      refundId: refund.id,
      attempt: refund.attempt,
      failureCode,
      ...facts,
    });
    await notifyOrder(
      tx,
      order,
      'refundFailed',
      links.bill(order),
      { amountCentavos: refund.amount },
      `refundFailed:${refund.id}:${refund.attempt}`,
    );
  }

  /** A send that never reached the gateway and never will as it is (no account, a refusal): failed. */
  async function refuse(refundId: string, attempt: number, failureCode: string): Promise<void> {
    const [pre] = await db.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
    if (!pre) return;
    await db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, pre.orderId);
      const refund = await lockRefund(tx, refundId);
      if (refund?.state !== 'requested' || refund.attempt !== attempt) return;
      await failFor(tx, order, refund, failureCode);
    });
  }

  /** The `send_refund` job: the payout account on file now, the gateway (idempotency key: the reference), sent. */
  async function sendRefund(refundId: string, attempt: number): Promise<void> {
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    if (refund?.state !== 'requested' || refund.attempt !== attempt) return;
    const bank = await payoutSectionOf(db, refund.customerId);
    if (!bank) {
      await refuse(refundId, attempt, NO_PAYOUT_ACCOUNT);
      return;
    }
    const order = await repo.findOrder(db, refund.orderId);
    const reference = referenceOf(refund);
    let result: PayoutResult;
    try {
      result = await ctx.payout.createPayout({
        idempotencyKey: reference,
        referenceId: reference,
        amountCentavos: refund.amount,
        account: payoutDestinationOf(bank as unknown as BankInfoSection),
        description: `Refund ${order?.orderNo ?? ''}`,
      });
    } catch (error) {
      // Retryable (network, 5xx): the job tries again. Anything else no retry can change: staff.
      if (!(error instanceof ProviderError) || error.retryable) throw error;
      await refuse(refundId, attempt, error.code);
      return;
    }
    await db.transaction(async (tx) => {
      const locked = await repo.lockOrder(tx, refund.orderId);
      const current = await lockRefund(tx, refundId);
      if (current?.state !== 'requested' || current.attempt !== attempt) return;
      await markSent(tx, locked.id, current, result.providerRef);
    });
    if (result.status !== 'pending') await payoutResult(result);
  }

  /**
   * Applies a payout result to the refund it is for (callback, job or reconciliation); 'unknown' when it is for none.
   * A result of an earlier send, a replay, or one after the refund failed changes nothing; one whose amount or
   * currency is not the refund's is recorded and never applied.
   */
  async function payoutResult(
    result: PayoutResult,
  ): Promise<'applied' | 'replay' | 'pending' | 'mismatch' | 'unknown'> {
    const [byProviderRef] = await db
      .select({ id: refunds.id, orderId: refunds.orderId })
      .from(refunds)
      .where(eq(refunds.providerRef, result.providerRef));
    const id = REFERENCE.exec(result.referenceId)?.[1];
    const [found] = byProviderRef
      ? [byProviderRef]
      : id
        ? await db.select({ id: refunds.id, orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, id))
        : [];
    if (!found) return 'unknown';
    if (result.status === 'pending') return 'pending';
    return db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, found.orderId);
      const refund = await lockRefund(tx, found.id);
      if (!refund) return 'replay';
      const current = result.referenceId === referenceOf(refund) || result.providerRef === refund.providerRef;
      if (!current || refund.state === 'failed' || (refund.state === 'succeeded' && result.status !== 'reversed'))
        return 'replay';
      if (reportsOtherMoney(result, refund.amount)) {
        await repo.recordEvent(tx, order.id, 'refund_mismatch', {
          refundId: refund.id,
          amountCentavos: refund.amount,
          reportedCentavos: result.amountCentavos,
          currency: result.currency,
        });
        return 'mismatch';
      }
      // The result came before the job recorded the send (a crash, or a fast gateway): record it first.
      if (refund.state === 'requested') await markSent(tx, order.id, refund, result.providerRef);
      const at = now();
      const facts = {
        providerRef: result.providerRef,
        providerStatus: result.providerStatus,
        providerFailureCode: result.failureCode,
      };
      if (result.status === 'succeeded') {
        await tx
          .update(refunds)
          .set({ state: 'succeeded', providerRef: result.providerRef, failureCode: null, completedAt: at })
          .where(eq(refunds.id, refund.id));
        await repo.recordEvent(tx, order.id, 'refund_succeeded', {
          refundId: refund.id,
          amountCentavos: refund.amount,
          ...facts,
        });
        await notifyOrder(
          tx,
          order,
          'refunded',
          links.bill(order),
          { amountCentavos: refund.amount },
          `refunded:${refund.id}`,
        );
        return 'applied';
      }
      if (result.status === 'failed' && result.outcome === 'retry' && refund.attempt < AUTOMATIC_SENDS) {
        // Nothing wrong with the borrower's account: the same account again, as a new send, a while later.
        const [next] = await tx
          .update(refunds)
          .set({
            state: 'requested',
            attempt: refund.attempt + 1,
            providerRef: null,
            failureCode: result.failureCode,
            sentAt: null,
          })
          .where(eq(refunds.id, refund.id))
          .returning();
        await repo.recordEvent(tx, order.id, 'refund_retry', {
          refundId: refund.id,
          attempt: refund.attempt,
          ...facts,
        });
        await enqueueSend(tx, next!, new Date(at.getTime() + RESEND_MS));
        return 'applied';
      }
      await failFor(tx, order, refund, result.failureCode ?? result.providerStatus, {
        ...facts,
        outcome: result.outcome,
        reversed: result.status === 'reversed',
      });
      return 'applied';
    });
  }

  /** Asks the gateway about refunds sent long ago without a result (a lost callback); answers how many it applied. */
  async function reconcile(): Promise<number> {
    const before = new Date(now().getTime() - ctx.settings.reconcileAfterMs);
    const stale = await db
      .select()
      .from(refunds)
      .where(and(eq(refunds.state, 'sent'), lte(refunds.sentAt, before)))
      .limit(100);
    let applied = 0;
    for (const refund of stale) {
      const result = refund.providerRef ? await ctx.payout.getPayout(refund.providerRef) : null;
      if (result && result.status !== 'pending' && (await payoutResult(result)) === 'applied') applied += 1;
    }
    return applied;
  }

  /**
   * A staff member sends a failed refund again (after the borrower fixed their payout account): a new send to the
   * account on file now, audited in the same transaction. REQUEST_STATE unless failed; PAYOUT_ACCOUNT_INVALID while
   * the borrower has no payout account.
   */
  async function retry(staffId: string, ip: string, refundId: string): Promise<RefundRow> {
    const [pre] = await db.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
    if (!pre) throw new ApiError('NOT_FOUND');
    return db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, pre.orderId);
      const refund = await lockRefund(tx, refundId);
      if (!refund) throw new ApiError('NOT_FOUND');
      if (refund.state !== 'failed') throw new ApiError('REQUEST_STATE', { state: refund.state });
      if (!(await payoutSectionOf(tx, refund.customerId))) throw new ApiError('PAYOUT_ACCOUNT_INVALID');
      const [next] = await tx
        .update(refunds)
        .set({
          state: 'requested',
          attempt: refund.attempt + 1,
          providerRef: null,
          failureCode: null,
          sentAt: null,
          completedAt: null,
        })
        .where(eq(refunds.id, refund.id))
        .returning();
      await repo.recordEvent(tx, order.id, 'refund_retried', {
        refundId: refund.id,
        attempt: next!.attempt,
        previousFailureCode: refund.failureCode,
        staffId,
      });
      await staffAudit(tx, {
        staffId,
        action: 'refund.retried',
        customerId: refund.customerId,
        ip,
        detail: { refundId: refund.id, orderId: order.id, attempt: next!.attempt },
      });
      await enqueueSend(tx, next!, now());
      return next!;
    });
  }

  const handlers: Record<string, JobHandler> = {
    [SEND_REFUND]: (job: ClaimedJob) =>
      sendRefund(String(job.payload['refundId']), Number(job.payload['attempt'] ?? 1)),
    [RECONCILE_REFUNDS]: async () => {
      await reconcile();
    },
  };

  /** The reconciliation of refunds, every `reconcileAfterMs / 2` as the loan core's, once per slot for all instances. */
  const schedules: Schedule[] = [
    (at) => {
      const every = Math.max(60_000, Math.floor(ctx.settings.reconcileAfterMs / 2));
      const slot = Math.floor(at.getTime() / every);
      return { kind: RECONCILE_REFUNDS, key: `${RECONCILE_REFUNDS}:${slot}`, runAt: new Date(slot * every) };
    },
  ];

  return { schedule, sendRefund, payoutResult, reconcile, retry, handlers, schedules };
}

export type Refunds = ReturnType<typeof createRefunds>;
