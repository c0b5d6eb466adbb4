/**
 * What the API answers about orders and payments. Every money figure of a disbursed order comes from its ledger
 * (domain/loan-ledger.ts): the headline (amount due, due date), the next instalment, the plan's rows and the amount
 * repaid are sums of the same rows, so they agree to the centavo in every state.
 */
import { figuresOf, nextDue, openLedger, scheduleOf } from '../../../domain/loan-ledger.ts';
import { dueStatus } from '../../../domain/loan-rules.ts';
import type { OrderState, PaymentChannel, PaymentKind, Quote } from '../../../domain/loan-types.ts';
import { destinationView, type PayoutDestination } from '../../../domain/payout-account.ts';
import type { LoanContext } from './context.ts';
import type { OrderRow, PaymentRow } from './repository.ts';

export function createLoanViews(ctx: LoanContext) {
  function orderView(order: OrderRow, day = ctx.today()) {
    const quote = order.quote as Quote;
    const ledger = ctx.ledgerOf(order);
    const figures = ledger ? figuresOf(ledger, day) : null;
    const repaying = order.state === 'repaying';
    const offer = ctx.extensionOf(order, day);
    const next = repaying && ledger && ledger.rows.length > 1 ? nextDue(ledger) : null;
    const settled = order.state === 'settled';
    return {
      id: order.id,
      orderNo: order.orderNo,
      productId: order.productId,
      subProductId: order.subProductId,
      state: order.state as OrderState,
      dueStatus: repaying && figures?.dueDate ? dueStatus(ctx.pricing, figures.dueDate, day) : null,
      principalCentavos: order.principal,
      termDays: order.termDays,
      quote,
      loanDate: order.loanDate,
      /** The due date of the oldest period still owing; null once settled. */
      dueDate: settled ? null : (figures?.dueDate ?? order.dueDate),
      overdueDays: repaying ? (figures?.overdueDays ?? 0) : 0,
      lateFineCentavos: figures?.outstanding.lateFine ?? 0,
      damagesCentavos: figures?.outstanding.damages ?? 0,
      /** What full settlement pays now: everything still owed. */
      amountDueCentavos: figures ? figures.amountDue : settled ? 0 : quote.amountDueCentavos,
      extension: offer ? { amountCentavos: offer.amount, newDueDate: offer.newDueDate, feeCentavos: offer.fee, newAmountDueCentavos: offer.newAmountDue, waivedCentavos: offer.waived } : null,
      instalment: next ? { period: next.row.period, count: ledger!.rows.length, amountCentavos: next.amount, dueDate: next.row.dueDate } : null,
      /** The plan as it stands: paid and outstanding per period (sums: amount repaid and amount due). */
      schedule: scheduleOf(ledger ?? openLedger(quote), day),
      paidPeriods: figures?.paidPeriods ?? 0,
      amountRepaidCentavos: figures?.amountRepaid ?? 0,
      extensionCount: ledger?.extensionCount ?? 0,
      /** The day the last payment settled the order. */
      settledOn: settled ? (ledger?.closedOn ?? null) : null,
      reapplyAfter: order.reapplyAfter,
      failureCode: order.failureCode,
      payout: destinationView(order.payoutAccount as PayoutDestination | null),
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
    };
  }

  function paymentView(payment: PaymentRow, orderNo: string) {
    return {
      id: payment.id,
      orderId: payment.orderId,
      orderNo,
      kind: payment.kind as PaymentKind,
      channel: payment.channel as PaymentChannel,
      // Recorded but not yet at the gateway reads as in progress (its reference follows).
      state: (payment.state === 'requested' ? 'in_progress' : payment.state) as 'in_progress' | 'success' | 'fail',
      amountCentavos: payment.amount,
      reference: payment.reference,
      checkoutUrl: payment.checkoutUrl,
      expiresAt: payment.expiresAt.toISOString(),
      failureCode: payment.failureCode,
      createdAt: payment.createdAt.toISOString(),
      completedAt: payment.completedAt?.toISOString() ?? null,
    };
  }

  return { orderView, paymentView };
}

export type LoanViews = ReturnType<typeof createLoanViews>;
export type OrderView = ReturnType<LoanViews['orderView']>;
