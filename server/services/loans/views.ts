/**
 * What the API answers about orders and payments. Every money figure of a disbursed order comes from its ledger
 * (domain/loan-ledger.ts standingOf): the headline (amount due, due date), the next instalment, the extension offer,
 * the plan's rows and the amount repaid are sums of the same rows, so they agree to the centavo in every state.
 */
import { desc, eq } from 'drizzle-orm';
import { openLedger } from '#domain/loan-ledger.ts';
import { scheduleOf, standingOf, type LoanStanding } from '#domain/loan-standing.ts';
import { dueStatus } from '#domain/loan-rules.ts';
import type { OrderState, PaymentChannel, PaymentKind, Quote } from '#domain/loan-types.ts';
import { destinationView, type PayoutDestination } from '#domain/payout-account.ts';
import { findSubProduct } from '#domain/pricing.ts';
import { refunds } from '#server/db/tables.ts';
import type { LoanContext } from './context.ts';
import { refundView, type RefundRow } from './refunds.ts';
import type { OrderRow, PaymentRow } from './repository.ts';

export function createLoanViews(ctx: LoanContext) {
  /** The standing of a disbursed order; before disbursement, the quote's plan with nothing owed yet. */
  function standing(order: OrderRow, day: string): LoanStanding {
    const quote = order.quote as Quote;
    const ledger = ctx.ledgerOn(order, day);
    const sub = findSubProduct(ctx.pricing, order.productId, order.subProductId);
    if (ledger && sub) {
      const s = standingOf(ledger, sub, ctx.rulesOf(ledger.loanDate), day);
      // Only a repaying order can be paid or extended, and never for less than the gateway takes (repay.ts).
      return order.state === 'repaying'
        ? {
            ...s,
            extension: s.extension && s.extension.amountCentavos >= ctx.collection.minimumCentavos ? s.extension : null,
          }
        : { ...s, instalment: null, extension: null, dueDate: order.state === 'settled' ? null : s.dueDate };
    }
    return {
      dueDate: order.dueDate,
      overdueDays: 0,
      lateFineCentavos: 0,
      damagesCentavos: 0,
      amountDueCentavos: order.state === 'settled' || order.state === 'rejected' ? 0 : quote.amountDueCentavos,
      amountAtDueCentavos: order.state === 'settled' || order.state === 'rejected' ? 0 : quote.amountDueCentavos,
      amountRepaidCentavos: 0,
      paidPeriods: 0,
      extensionCount: 0,
      settledOn: null,
      schedule: scheduleOf(openLedger(quote), day),
      instalment: null,
      extension: null,
    };
  }

  /**
   * An order as the borrower sees it. `account` is the payout account on file (undefined when the caller did not read
   * it): a withdrawable order pays into it as it is now (the withdrawal snapshots it, disburse.ts), so its `payout`
   * names it and not the account of a payout that failed before the borrower changed it.
   */
  function orderView(order: OrderRow, day = ctx.today(), account?: PayoutDestination | null) {
    const s = standing(order, day);
    return {
      id: order.id,
      orderNo: order.orderNo,
      productId: order.productId,
      subProductId: order.subProductId,
      state: order.state as OrderState,
      dueStatus: order.state === 'repaying' && s.dueDate ? dueStatus(ctx.pricing, s.dueDate, day) : null,
      principalCentavos: order.principal,
      termDays: order.termDays,
      quote: order.quote as Quote,
      loanDate: order.loanDate,
      ...s,
      reapplyAfter: order.reapplyAfter,
      // Closed by the borrower (a re-loan cancelled in its notice window, easy-reloan.ts), not by underwriting.
      cancelled:
        order.state === 'rejected' && (order.decision as { decision?: string } | null)?.decision === 'cancelled',
      failureCode: order.failureCode,
      // Where the money goes (withdrawable) or went: every other state, the destination of the order's latest payout.
      payout: destinationView(
        order.state === 'withdrawable' && account !== undefined
          ? account
          : (order.payoutAccount as PayoutDestination | null),
      ),
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
    };
  }

  /** A payment, with the refund of what it paid over what was owed (null when nothing). */
  function paymentView(payment: PaymentRow, orderNo: string, refund: RefundRow | null = null) {
    const open = payment.state === 'requested' || payment.state === 'in_progress';
    // Past its expiry its code is dead: it reads as released (EXPIRED) before anything released it (the gateway's
    // expiry event, the reconciliation, the next payment: repay.ts), so no screen shows it in progress.
    const lapsed = open && payment.expiresAt <= ctx.now();
    // Its last attempt declined (a `payment.failed` event): failed, with the gateway's reason, at once, though the
    // intent stays open at the gateway (a late success still applies and turns it `success`). Closed later (the next
    // payment, its expiry), it still reads DECLINED: the decline is what the borrower needs to know.
    const declined = payment.state !== 'success' && payment.attemptFailedAt !== null;
    return {
      id: payment.id,
      orderId: payment.orderId,
      orderNo,
      kind: payment.kind as PaymentKind,
      channel: payment.channel as PaymentChannel,
      // Recorded but not yet at the gateway reads as in progress (its reference follows).
      state: (declined || lapsed ? 'fail' : open ? 'in_progress' : payment.state) as 'in_progress' | 'success' | 'fail',
      amountCentavos: payment.amount,
      couponId: payment.couponId,
      discountCentavos: payment.discount,
      reference: payment.reference,
      checkoutUrl: payment.checkoutUrl,
      expiresAt: payment.expiresAt.toISOString(),
      failureCode: declined ? 'DECLINED' : lapsed ? 'EXPIRED' : payment.failureCode,
      /** The gateway's code of the declined attempt (PayMongo `failed_code`), and when; null when none declined. */
      declineCode: declined ? payment.attemptFailureCode : null,
      declinedAt: declined ? payment.attemptFailedAt!.toISOString() : null,
      createdAt: payment.createdAt.toISOString(),
      completedAt: payment.completedAt?.toISOString() ?? null,
      applied: (payment.applied ?? null) as 'settled' | 'extended' | 'instalment' | 'partial' | 'unapplied' | null,
      refund: refund ? refundView(refund) : null,
    };
  }

  /** The refunds of an order's overpayments, newest first. */
  function refundsOfOrder(orderId: string): Promise<RefundRow[]> {
    return ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, orderId))
      .orderBy(desc(refunds.createdAt), desc(refunds.id));
  }

  return { orderView, paymentView, refundsOfOrder, refundView };
}

export type LoanViews = ReturnType<typeof createLoanViews>;
export type OrderView = ReturnType<LoanViews['orderView']>;
