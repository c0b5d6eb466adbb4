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
import { and, eq } from 'drizzle-orm';
import { manilaToday } from '#domain/calendar-date.ts';
import {
  addComponents,
  allocate,
  discount,
  discountRoom,
  extend,
  figuresOf,
  nextDue,
  total,
  waiveRemainder,
  type Allocation,
  type Components,
} from '#domain/loan-ledger.ts';
import type { PaymentChannel, PaymentKind } from '#domain/loan-types.ts';
import { payoutDestinationOf, type BankInfoSection } from '#domain/payout-account.ts';
import { coupons, idempotencyKeys } from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import { enqueue } from '#server/jobs/runner.ts';
import type { CollectionEvent } from '#server/providers/collection/collection-provider.ts';
import { ProviderError } from '#server/providers/payout/payout-provider.ts';
import { checkUsable, consumeHeld, hold, lockCoupon, releaseHeld, type CouponRow } from '../coupons.ts';
import type { StoredAnswer } from '../idempotency.ts';
import { payoutSectionOf } from '../profile-sections.ts';
import type { Caller, LoanContext } from './context.ts';
import { ledgerPatch, type OrderRow } from './repository.ts';
import { links, orderNotices } from './notices.ts';
import { createRefunds } from './refunds.ts';
import type { LoanViews } from './views.ts';

/** The currency of every payment we create. */
const CURRENCY = 'PHP';
/** The job reaches the gateway this long after the request when the request itself could not. */
const SEND_RETRY_MS = 30_000;

export type PaymentOutcome = 'applied' | 'replay' | 'mismatch' | 'unknown';

export function createRepayment(ctx: LoanContext, views: LoanViews) {
  const { db, repo, now } = ctx;
  const { notifyOrder } = orderNotices(now);
  const refunds = createRefunds(ctx);

  /**
   * The amount a payment of `kind` asks of a repaying order on `day` (its ledger brought to that day), or the refusal.
   * Never less than the gateway takes: an instalment that would leave less than that of the loan folds the remainder
   * in (asks for the whole), and an extension costing less is not offered.
   */
  function paymentAmount(order: OrderRow, kind: PaymentKind, day: string): number {
    const ledger = ctx.ledgerOn(order, day);
    if (order.state !== 'repaying' || !ledger) throw new ApiError('ORDER_STATE');
    const minimum = ctx.collection.minimumCentavos;
    const due = figuresOf(ledger, day).amountDue;
    if (kind === 'settle') return due;
    if (kind === 'instalment') {
      const next = ledger.rows.length > 1 ? nextDue(ledger) : null;
      if (!next) throw new ApiError('INSTALMENT_UNAVAILABLE');
      return due - next.amount < minimum ? due : next.amount;
    }
    const offer = ctx.extensionOf(order, day);
    if (!offer || offer.amount < minimum) throw new ApiError('EXTENSION_UNAVAILABLE');
    return offer.amount;
  }

  /**
   * What a repayment coupon takes off a payment of `kind` asking `base`: its value, at most the costs (never the
   * principal) of what the payment pays (the next period for an instalment), and less than the payment itself.
   * COUPON_UNAVAILABLE when it cannot apply.
   */
  function couponDiscount(
    order: OrderRow,
    kind: PaymentKind,
    base: number,
    coupon: CouponRow | null,
    at: Date,
  ): number {
    const ledger = ctx.ledgerOn(order, manilaToday(at));
    // An extension buys days, not a discount: a coupon lowers settlements and instalments only.
    if (coupon && (kind === 'extend' || !ledger)) throw new ApiError('COUPON_UNAVAILABLE', { reason: 'operation' });
    const usable = checkUsable(coupon, 'repayment', base, at);
    if (!ledger) throw new ApiError('COUPON_UNAVAILABLE', { reason: 'operation' });
    const next = kind === 'instalment' ? nextDue(ledger) : null;
    const value = discountRoom(next ? { ...ledger, rows: [next.row] } : ledger, usable.amount);
    // What is left to pay must still be an amount the gateway takes.
    if (value <= 0 || base - value < ctx.collection.minimumCentavos)
      throw new ApiError('COUPON_UNAVAILABLE', { reason: 'operation' });
    return value;
  }

  /** What paying would ask, with the coupon when one is named (nothing is reserved: the payment checks again). */
  async function paymentQuote(
    caller: Caller,
    orderId: string,
    input: { kind: PaymentKind; couponId?: string | undefined },
  ) {
    const order = await repo.findOrder(db, orderId, caller.customerId);
    if (!order) throw new ApiError('NOT_FOUND');
    const at = now();
    const base = paymentAmount(order, input.kind, manilaToday(at));
    let discountCentavos = 0;
    if (input.couponId) {
      const [coupon] = await db
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, input.couponId), eq(coupons.customerId, caller.customerId)));
      discountCentavos = couponDiscount(order, input.kind, base, coupon ?? null, at);
    }
    return {
      kind: input.kind,
      baseCentavos: base,
      discountCentavos,
      amountCentavos: base - discountCentavos,
      couponId: input.couponId ?? null,
    };
  }

  async function createPayment(
    caller: Caller,
    key: string,
    hash: string,
    orderId: string,
    input: { kind: PaymentKind; channel: PaymentChannel; couponId?: string | undefined },
  ): Promise<StoredAnswer> {
    const answer = await ctx.money(caller, key, `payment:${orderId}`, hash, async (tx) => {
      const order = await repo.lockOrder(tx, orderId, caller.customerId);
      const at = now();
      const open = await repo.lockOpenPaymentsOf(tx, orderId);
      for (const payment of open) {
        // One whose last attempt the gateway declined blocks nothing: the borrower was told it failed.
        const declined = payment.attemptFailedAt !== null;
        if (payment.expiresAt > at && !declined) throw new ApiError('PAYMENT_IN_PROGRESS');
        // Declined or expired unpaid: closed, so a new one can be made (a late success is still applied: see
        // paymentEvent). The declined one keeps the gateway's code of its attempt (the reason its screen shows).
        await repo.failPayment(tx, payment.id, { failureCode: declined ? 'DECLINED' : 'EXPIRED', completedAt: at });
        if (payment.couponId) await releaseHeld(tx, payment.couponId, payment.id);
        await repo.recordEvent(tx, order.id, declined ? 'payment_declined' : 'payment_expired', {
          paymentId: payment.id,
          ...(declined && { attemptFailureCode: payment.attemptFailureCode }),
          ...(payment.couponId && { releasedCouponId: payment.couponId }),
        });
      }
      const base = paymentAmount(order, input.kind, manilaToday(at));
      // The coupon row is locked after the order and its payments (repository.ts's lock order), then held by the
      // payment until the gateway's word: used on success, the borrower's again on failure or expiry.
      const couponId = input.couponId ?? null;
      const discountCentavos = couponId
        ? couponDiscount(order, input.kind, base, await lockCoupon(tx, couponId, caller.customerId), at)
        : 0;
      const amount = base - discountCentavos;
      const payment = await repo.insertPayment(tx, {
        orderId,
        customerId: caller.customerId,
        kind: input.kind,
        channel: input.channel,
        amount,
        couponId,
        discount: discountCentavos,
        // Payable as long as what the gateway gives for the channel (a QR Ph code: 30 minutes); sendPayment counts
        // it again from the attach.
        expiresAt: new Date(
          at.getTime() + (ctx.collection.paymentExpiryMs(input.channel) ?? ctx.settings.paymentTtlMs),
        ),
        createdAt: at,
      });
      if (couponId && !(await hold(tx, couponId, order.id, payment.id)))
        throw new ApiError('COUPON_UNAVAILABLE', { reason: 'used' });
      await repo.recordEvent(tx, order.id, 'payment_created', {
        paymentId: payment.id,
        kind: input.kind,
        amountCentavos: amount,
        ...(couponId && { couponId, discountCentavos }),
      });
      await enqueue(tx, {
        kind: 'send_payment',
        key: `send_payment:${payment.id}`,
        payload: { paymentId: payment.id },
        runAt: new Date(at.getTime() + SEND_RETRY_MS),
      });
      return { status: 201, body: views.paymentView(payment, order.orderNo) };
    });
    if (answer.status !== 201) return answer;
    const { id, orderNo } = JSON.parse(answer.json) as { id: string; orderNo: string };
    try {
      await sendPayment(id);
    } catch {
      return answer; // the send_payment job tries again; the borrower's screen shows the reference when it comes
    }
    // The answer the borrower gets, and a repeat of the request, carry the gateway's reference.
    const row = await repo.findPayment(db, id);
    const json = JSON.stringify(views.paymentView(row!, orderNo));
    if (json === answer.json) return answer;
    await db
      .update(idempotencyKeys)
      .set({ response: json })
      .where(
        and(
          eq(idempotencyKeys.customerId, caller.customerId),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.response, answer.json),
        ),
      );
    return { status: 201, json };
  }

  /**
   * Reaches the gateway for a recorded payment (idempotency key: the payment id), then records its reference and when
   * what the gateway gave expires. One past its expiry before it ever reached the gateway is released instead: the
   * borrower pays again with a fresh one.
   */
  async function sendPayment(paymentId: string): Promise<void> {
    const payment = await repo.findPayment(db, paymentId);
    if (!payment || payment.state !== 'requested') return;
    const sentAt = now();
    if (payment.expiresAt <= sentAt) {
      await closePayment(paymentId, 'EXPIRED', 'requested');
      return;
    }
    // Counted from before the attach, so the payment never outlives its code (a QR Ph code's timer starts there).
    const lifeMs = ctx.collection.paymentExpiryMs(payment.channel as PaymentChannel);
    const order = await repo.findOrder(db, payment.orderId);
    const bank = await payoutSectionOf(db, payment.customerId);
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
        metadata: {
          orderId: payment.orderId,
          orderNo: order?.orderNo ?? '',
          kind: payment.kind,
          paymentId: payment.id,
        },
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
        await repo.failPayment(tx, paymentId, {
          failureCode: 'PROVIDER_AMOUNT_MISMATCH',
          providerRef: intent.providerRef,
          completedAt: now(),
        });
        if (current.couponId) await releaseHeld(tx, current.couponId, paymentId);
        await repo.recordEvent(tx, locked.id, 'payment_mismatch', {
          paymentId,
          askedCentavos: current.amount,
          gatewayCentavos: intent.amountCentavos,
        });
        return;
      }
      await repo.markPaymentSent(tx, paymentId, {
        reference: intent.reference,
        providerRef: intent.providerRef,
        checkoutUrl: intent.action?.url ?? null,
        ...(lifeMs !== null && {
          expiresAt: new Date(Math.max(current.expiresAt.getTime(), sentAt.getTime() + lifeMs)),
        }),
      });
      await repo.recordEvent(tx, locked.id, 'payment_sent', { paymentId, providerRef: intent.providerRef });
    });
  }

  /**
   * Fails a payment in state `from`: one the gateway refused outright (requested), an intent it cancelled for good
   * (in progress, found by reconciliation), or, with failureCode EXPIRED, one whose code expired unpaid (the gateway's
   * expiry event, reconciliation, or never sent in time): released as createPayment releases one, a `payment_expired`
   * event and no failure notice (the borrower just pays again). Nothing is owed less; a held coupon is the borrower's
   * again. True when it closed the payment (false: no longer in `from`, e.g. paid meanwhile).
   */
  async function closePayment(
    paymentId: string,
    failureCode: string,
    from: 'requested' | 'in_progress' = 'requested',
  ): Promise<boolean> {
    const pre = await repo.paymentKeysById(db, paymentId);
    if (!pre) return false;
    return db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, pre.orderId);
      const payment = await repo.lockPayment(tx, paymentId);
      if (payment?.state !== from) return false;
      await repo.failPayment(tx, paymentId, { failureCode, completedAt: now() });
      if (payment.couponId) await releaseHeld(tx, payment.couponId, paymentId);
      if (failureCode === 'EXPIRED') {
        await repo.recordEvent(tx, order.id, 'payment_expired', {
          paymentId,
          ...(payment.couponId && { releasedCouponId: payment.couponId }),
        });
        return true;
      }
      await repo.recordEvent(tx, order.id, 'payment_failed', { paymentId, failureCode });
      await notifyOrder(
        tx,
        order,
        'paymentFailed',
        links.bill(order),
        { amountCentavos: payment.amount },
        `paymentFailed:${paymentId}`,
      );
      return true;
    });
  }

  /**
   * Applies a collection event; 'unknown' when no payment has that reference. Under the order lock: a repeat is a
   * no-op. A failed attempt is recorded on the payment, which stays open at the gateway but shows failed and lets the
   * borrower start a new payment at once (createPayment closes it as DECLINED). A success (also a late one of a payment
   * declined or closed meanwhile) applies what it carries to the ledger for the payment's purpose: an extension when it
   * covers today's offer, otherwise a payment that pays the oldest period first (an instalment, a settlement, or
   * less: a partial repayment); money over what is owed, or for an order no longer repaying, is kept as unapplied.
   */
  async function paymentEvent(event: CollectionEvent): Promise<PaymentOutcome> {
    const found = await repo.paymentKeysByProviderRef(db, event.providerRef);
    if (!found) return 'unknown';
    return db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, found.orderId);
      const payment = await repo.lockPayment(tx, found.id);
      if (!payment || payment.state === 'success') return 'replay';
      const at = now();
      if (event.kind === 'attempt_failed') {
        // One attempt failed; the intent stays payable at the gateway, so the payment stays open (a later success
        // applies), but it reads as failed with the attempt's reason (views.ts) and no longer blocks paying again.
        if (payment.state === 'requested' || payment.state === 'in_progress')
          await repo.markPaymentAttemptFailed(tx, payment.id, {
            attemptFailureCode: event.failureCode ?? 'payment_failed',
            attemptFailedAt: at,
          });
        await repo.recordEvent(tx, order.id, 'payment_attempt_failed', {
          paymentId: payment.id,
          eventId: event.eventId,
          failureCode: event.failureCode,
        });
        await notifyOrder(
          tx,
          order,
          'paymentFailed',
          links.bill(order),
          { amountCentavos: payment.amount },
          `paymentAttemptFailed:${event.eventId}`,
        );
        return 'applied';
      }
      if (event.amountCentavos !== payment.amount || event.currency !== CURRENCY) {
        await repo.recordEvent(tx, order.id, 'payment_mismatch', {
          paymentId: payment.id,
          eventId: event.eventId,
          askedCentavos: payment.amount,
          reportedCentavos: event.amountCentavos,
          currency: event.currency,
        });
        return 'mismatch';
      }
      const received = payment.amount;
      const day = manilaToday(at);
      const base = { paymentId: payment.id, kind: payment.kind, receivedCentavos: received };
      let ledger = ctx.ledgerOn(order, day);
      let applied: 'settled' | 'extended' | 'instalment' | 'partial' | 'unapplied';
      if (order.state !== 'repaying' || !ledger) {
        applied = 'unapplied';
        // Nothing to lower: the coupon goes back to the borrower.
        if (payment.couponId) await releaseHeld(tx, payment.couponId, payment.id);
        await repo.recordEvent(tx, order.id, 'payment_unapplied', { ...base, unappliedCentavos: received });
        await refunds.schedule(tx, order, payment, received);
      } else {
        // The repayment coupon first: a discount on what is owed (the amount due falls by it; nothing counts as
        // repaid), recorded with the payment's event and in the ledger's `discounted`.
        let discounted = 0;
        // Only while the payment still holds its coupon: a payment closed (expired, declined) gave it back, and a
        // late success of it must not lower the loan by a coupon the borrower may have used again since.
        if (payment.couponId && payment.discount > 0 && (await consumeHeld(tx, payment.couponId, payment.id, at))) {
          const d = discount(ledger, payment.discount);
          ledger = d.ledger;
          discounted = total(d.applied);
        }
        const offer = payment.kind === 'extend' ? ctx.extensionOf(order, day) : null;
        // An extension paid while its reference was valid is bought at the price it was asked: the interest of the
        // days since (it accrues by the day) stays owed, to the new due date. Paid after that, it must cover today's.
        const terms =
          offer && received < offer.amount && at <= payment.expiresAt && received >= offer.fee
            ? { ...offer, amount: received }
            : offer;
        let result: Allocation;
        if (terms && received >= terms.amount) {
          const extended = extend(ledger, terms, ctx.pricing.extensionDays, day);
          const rest = allocate(extended.ledger, received - terms.amount, day);
          result = {
            ledger: rest.ledger,
            applied: addComponents(extended.applied, rest.applied),
            unapplied: rest.unapplied,
          };
          applied = 'extended';
        } else {
          const before = figuresOf(ledger, day);
          result = allocate(ledger, received, day);
          const after = figuresOf(result.ledger, day);
          applied = after.settled
            ? 'settled'
            : payment.kind === 'instalment' && after.paidPeriods > before.paidPeriods
              ? 'instalment'
              : 'partial';
        }
        // A remainder the gateway could not take (interest or penalties of the days since the amount was asked) is
        // waived, never left to accrue: the loan closes, and the waiver is in the ledger and the event.
        let remainder: Components | null = null;
        const left = figuresOf(result.ledger, day).amountDue;
        if (left > 0 && left < ctx.collection.minimumCentavos) {
          const waiver = waiveRemainder(result.ledger, day);
          result = { ...result, ledger: waiver.ledger };
          remainder = waiver.waived;
          if (applied !== 'extended') applied = 'settled';
        }
        const after = figuresOf(result.ledger, day);
        const data = {
          ...base,
          ...(payment.couponId && { couponId: payment.couponId, discountCentavos: discounted }),
          applied: result.applied,
          unappliedCentavos: result.unapplied,
          amountDueCentavos: after.amountDue,
          amountRepaidCentavos: after.amountRepaid,
          dueDate: after.dueDate,
          ...(remainder && { waivedRemainder: remainder, waivedRemainderCentavos: total(remainder) }),
          ...(applied === 'extended' && {
            newDueDate: terms!.newDueDate,
            feeCentavos: terms!.fee,
            waivedCentavos: terms!.waived,
          }),
        };
        const patch = ledgerPatch(result.ledger, day);
        const kind =
          applied === 'extended'
            ? 'extended'
            : applied === 'instalment'
              ? 'instalment_paid'
              : applied === 'settled'
                ? 'settled'
                : 'partial_repayment';
        if (after.settled)
          await ctx.emit('settled', tx, await repo.transition(tx, order, 'settled', kind, patch, data));
        else await repo.update(tx, order, kind, patch, data);
        if (result.unapplied > 0) await refunds.schedule(tx, order, payment, result.unapplied);
        if (applied === 'extended')
          await notifyOrder(tx, order, 'extended', links.bill(order), {
            amountCentavos: received,
            dueDate: terms!.newDueDate,
          });
      }
      if (applied === 'settled')
        await notifyOrder(tx, order, 'settled', links.bill(order), { amountCentavos: received });
      else if (applied !== 'extended')
        await notifyOrder(tx, order, 'paymentSucceeded', links.bill(order), { amountCentavos: received });
      await repo.markPaymentSucceeded(tx, payment.id, { applied, completedAt: at });
      return 'applied';
    });
  }

  return { createPayment, paymentQuote, sendPayment, paymentEvent, paymentAmount, closePayment };
}
