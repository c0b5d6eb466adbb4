/**
 * Money in: a repayment is recorded first (a money operation: the order locked, the amount the purpose asks today,
 * the payment row and its `send_payment` job in one transaction), and the collection gateway is reached only after
 * that, with the payment id as its idempotency key: by the request right after its transaction, and by the job when
 * that did not work. So a refused or repeated request never leaves an intent at the gateway that the ledger does not
 * know, and reconciliation can ask the gateway about every payment we hold.
 *
 * The gateway's word on a payment (webhook, or reconciliation) is applied to the ledger only when its amount and
 * currency are the payment's; anything else is refused, recorded for staff and never applied.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { manilaToday } from '../../../domain/calendar-date.ts';
import { addComponents, allocate, extend, figuresOf, nextDue, type Allocation } from '../../../domain/loan-ledger.ts';
import type { PaymentChannel, PaymentKind } from '../../../domain/loan-types.ts';
import { payoutDestinationOf, type BankInfoSection } from '../../../domain/payout-account.ts';
import { idempotencyKeys, payments } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { enqueue } from '../../jobs/runner.ts';
import type { CollectionEvent } from '../../providers/collection/collection-provider.ts';
import { ProviderError } from '../../providers/payout/payout-provider.ts';
import type { StoredAnswer } from '../idempotency.ts';
import type { Application } from './apply.ts';
import type { Caller, LoanContext } from './context.ts';
import { ledgerPatch, type OrderRow } from './repository.ts';
import { links, notifyOrder } from './notices.ts';
import type { LoanViews } from './views.ts';

/** The currency of every payment we create. */
const CURRENCY = 'PHP';
/** The job reaches the gateway this long after the request when the request itself could not. */
const SEND_RETRY_MS = 30_000;

export type PaymentOutcome = 'applied' | 'replay' | 'mismatch' | 'unknown';

export function createRepayment(ctx: LoanContext, views: LoanViews, application: Application) {
  const { db, repo, now } = ctx;

  /** The amount a payment of `kind` asks of a repaying order on `day`, or the refusal. */
  function paymentAmount(order: OrderRow, kind: PaymentKind, day: string): number {
    const ledger = ctx.ledgerOf(order);
    if (order.state !== 'repaying' || !ledger) throw new ApiError('ORDER_STATE');
    if (kind === 'settle') return figuresOf(ledger, day).amountDue;
    if (kind === 'instalment') {
      const next = ledger.rows.length > 1 ? nextDue(ledger) : null;
      if (!next) throw new ApiError('INSTALMENT_UNAVAILABLE');
      return next.amount;
    }
    const offer = ctx.extensionOf(order, day);
    if (!offer) throw new ApiError('EXTENSION_UNAVAILABLE');
    return offer.amount;
  }

  async function createPayment(caller: Caller, key: string, hash: string, orderId: string, input: { kind: PaymentKind; channel: PaymentChannel }): Promise<StoredAnswer> {
    const answer = await application.money(caller, key, `payment:${orderId}`, hash, async (tx) => {
      const order = await repo.lockOrder(tx, orderId, caller.customerId);
      const at = now();
      const open = await tx.select().from(payments).where(and(eq(payments.orderId, orderId), inArray(payments.state, ['requested', 'in_progress']))).for('update');
      for (const payment of open) {
        if (payment.expiresAt > at) throw new ApiError('PAYMENT_IN_PROGRESS');
        // Expired unpaid: closed, so a new one can be made (a late success is still applied: see paymentEvent).
        await tx.update(payments).set({ state: 'fail', failureCode: 'EXPIRED', completedAt: at }).where(eq(payments.id, payment.id));
        await repo.recordEvent(tx, order.id, 'payment_expired', { paymentId: payment.id });
      }
      const amount = paymentAmount(order, input.kind, manilaToday(at));
      const [payment] = await tx
        .insert(payments)
        .values({ orderId, customerId: caller.customerId, kind: input.kind, channel: input.channel, amount, state: 'requested', expiresAt: new Date(at.getTime() + ctx.settings.paymentTtlMs), createdAt: at })
        .returning();
      await repo.recordEvent(tx, order.id, 'payment_created', { paymentId: payment!.id, kind: input.kind, amountCentavos: amount });
      await enqueue(tx, { kind: 'send_payment', key: `send_payment:${payment!.id}`, payload: { paymentId: payment!.id }, runAt: new Date(at.getTime() + SEND_RETRY_MS) });
      return { status: 201, body: views.paymentView(payment!, order.orderNo) };
    });
    if (answer.status !== 201) return answer;
    const { id, orderNo } = JSON.parse(answer.json) as { id: string; orderNo: string };
    try {
      await sendPayment(id);
    } catch {
      return answer; // the send_payment job tries again; the borrower's screen shows the reference when it comes
    }
    // The answer the borrower gets, and a repeat of the request, carry the gateway's reference.
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    const json = JSON.stringify(views.paymentView(row!, orderNo));
    if (json === answer.json) return answer;
    await db.update(idempotencyKeys).set({ response: json }).where(and(eq(idempotencyKeys.customerId, caller.customerId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.response, answer.json)));
    return { status: 201, json };
  }

  /** Reaches the gateway for a recorded payment (idempotency key: the payment id), then records its reference. */
  async function sendPayment(paymentId: string): Promise<void> {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment || payment.state !== 'requested') return;
    const order = await repo.findOrder(db, payment.orderId);
    const bank = await repo.sectionOf(db, payment.customerId, 'bankInfo');
    const phone = typeof bank?.['withdrawalPhone'] === 'string' ? bank['withdrawalPhone'] : '';
    let intent: Awaited<ReturnType<LoanContext['collection']['createPayment']>>;
    try {
      intent = await ctx.collection.createPayment({
        idempotencyKey: payment.id,
        amountCentavos: payment.amount,
        channel: payment.channel as PaymentChannel,
        payer: { phone, name: bank ? payoutDestinationOf(bank as unknown as BankInfoSection).holderName : '' },
        description: `${order?.orderNo ?? ''} ${payment.kind}`,
        expiresAt: payment.expiresAt,
        metadata: { orderId: payment.orderId, orderNo: order?.orderNo ?? '', kind: payment.kind, paymentId: payment.id },
      });
    } catch (error) {
      if (!(error instanceof ProviderError) || error.retryable) throw error;
      await closePayment(paymentId, error.code);
      return;
    }
    await db.transaction(async (tx) => {
      const locked = await repo.lockOrder(tx, payment.orderId);
      const current = await repo.lockPayment(tx, paymentId);
      if (current?.state !== 'requested') return;
      if (intent.amountCentavos !== current.amount) {
        await tx.update(payments).set({ state: 'fail', failureCode: 'PROVIDER_AMOUNT_MISMATCH', providerRef: intent.providerRef, completedAt: now() }).where(eq(payments.id, paymentId));
        await repo.recordEvent(tx, locked.id, 'payment_mismatch', { paymentId, askedCentavos: current.amount, gatewayCentavos: intent.amountCentavos });
        return;
      }
      await tx.update(payments).set({ state: 'in_progress', reference: intent.reference, providerRef: intent.providerRef, checkoutUrl: intent.action?.url ?? null }).where(eq(payments.id, paymentId));
      await repo.recordEvent(tx, locked.id, 'payment_sent', { paymentId, providerRef: intent.providerRef });
    });
  }

  /**
   * Fails a payment in state `from`: one the gateway refused outright (requested) or an intent it cancelled for good
   * (in progress, found by reconciliation). Nothing is owed less.
   */
  async function closePayment(paymentId: string, failureCode: string, from: 'requested' | 'in_progress' = 'requested'): Promise<void> {
    const [pre] = await db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId));
    if (!pre) return;
    await db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, pre.orderId);
      const payment = await repo.lockPayment(tx, paymentId);
      if (payment?.state !== from) return;
      await tx.update(payments).set({ state: 'fail', failureCode, completedAt: now() }).where(eq(payments.id, paymentId));
      await repo.recordEvent(tx, order.id, 'payment_failed', { paymentId, failureCode });
      await notifyOrder(tx, order, 'paymentFailed', links.bill(order), { amountCentavos: payment.amount }, `paymentFailed:${paymentId}`);
    });
  }

  /**
   * Applies a collection event; 'unknown' when no payment has that reference. Under the order lock: a repeat is a
   * no-op. A failed attempt is recorded and the payment stays payable (the borrower may try again). A success applies what it carries to the ledger for the payment's purpose: an extension when it
   * covers today's offer, otherwise a payment that pays the oldest period first (an instalment, a settlement, or
   * less: a partial repayment); money over what is owed, or for an order no longer repaying, is kept as unapplied.
   */
  async function paymentEvent(event: CollectionEvent): Promise<PaymentOutcome> {
    const [found] = await db.select({ id: payments.id, orderId: payments.orderId }).from(payments).where(eq(payments.providerRef, event.providerRef));
    if (!found) return 'unknown';
    return db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, found.orderId);
      const payment = await repo.lockPayment(tx, found.id);
      if (!payment || payment.state === 'success') return 'replay';
      const at = now();
      if (event.kind === 'attempt_failed') {
        // One attempt failed; the intent stays payable, so the payment stays in progress (a later success applies).
        await repo.recordEvent(tx, order.id, 'payment_attempt_failed', { paymentId: payment.id, eventId: event.eventId, failureCode: event.failureCode });
        await notifyOrder(tx, order, 'paymentFailed', links.bill(order), { amountCentavos: payment.amount }, `paymentAttemptFailed:${event.eventId}`);
        return 'applied';
      }
      if (event.amountCentavos !== payment.amount || event.currency !== CURRENCY) {
        await repo.recordEvent(tx, order.id, 'payment_mismatch', { paymentId: payment.id, eventId: event.eventId, askedCentavos: payment.amount, reportedCentavos: event.amountCentavos, currency: event.currency });
        return 'mismatch';
      }
      const received = payment.amount;
      const day = manilaToday(at);
      const base = { paymentId: payment.id, kind: payment.kind, receivedCentavos: received };
      const ledger = ctx.ledgerOf(order);
      let applied: 'settled' | 'extended' | 'instalment' | 'partial' | 'unapplied';
      if (order.state !== 'repaying' || !ledger) {
        applied = 'unapplied';
        await repo.recordEvent(tx, order.id, 'payment_unapplied', { ...base, unappliedCentavos: received });
      } else {
        const terms = payment.kind === 'extend' ? ctx.extensionOf(order, day) : null;
        let result: Allocation;
        if (terms && received >= terms.amount) {
          const extended = extend(ledger, terms, ctx.pricing.extensionDays, day);
          const rest = allocate(extended.ledger, received - terms.amount, day);
          result = { ledger: rest.ledger, applied: addComponents(extended.applied, rest.applied), unapplied: rest.unapplied };
          applied = 'extended';
        } else {
          const before = figuresOf(ledger, day);
          result = allocate(ledger, received, day);
          const after = figuresOf(result.ledger, day);
          applied = after.settled ? 'settled' : payment.kind === 'instalment' && after.paidPeriods > before.paidPeriods ? 'instalment' : 'partial';
        }
        const after = figuresOf(result.ledger, day);
        const data = {
          ...base,
          applied: result.applied,
          unappliedCentavos: result.unapplied,
          amountDueCentavos: after.amountDue,
          amountRepaidCentavos: after.amountRepaid,
          dueDate: after.dueDate,
          ...(applied === 'extended' && { newDueDate: terms!.newDueDate, feeCentavos: terms!.fee, waivedCentavos: terms!.waived }),
        };
        const patch = ledgerPatch(result.ledger, day);
        const kind = applied === 'extended' ? 'extended' : applied === 'instalment' ? 'instalment_paid' : applied === 'settled' ? 'settled' : 'partial_repayment';
        if (after.settled) await repo.transition(tx, order, 'settled', kind, patch, data);
        else await repo.update(tx, order, kind, patch, data);
        if (applied === 'extended') await notifyOrder(tx, order, 'extended', links.bill(order), { amountCentavos: received, dueDate: terms!.newDueDate });
      }
      if (applied === 'settled') await notifyOrder(tx, order, 'settled', links.bill(order), { amountCentavos: received });
      else if (applied !== 'extended') await notifyOrder(tx, order, 'paymentSucceeded', links.bill(order), { amountCentavos: received });
      await tx.update(payments).set({ state: 'success', failureCode: null, applied, completedAt: at }).where(eq(payments.id, payment.id));
      return 'applied';
    });
  }

  return { createPayment, sendPayment, paymentEvent, paymentAmount, closePayment };
}
