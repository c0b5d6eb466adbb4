/**
 * What the borrower reads: home (limit, profile, current order, whether they can apply), their orders, one order
 * with its payments and refunds, their payments of the last three months (each with its refund), and a quote.
 */
import { eq } from 'drizzle-orm';
import { addDays, manilaStartOfDay } from '#domain/calendar-date.ts';
import { hasIdentityFacts, IDENTITY_STEP } from '#domain/identity-facts.ts';
import { isOpenOrder } from '#domain/loan-rules.ts';
import type { OrderState, Quote } from '#domain/loan-types.ts';
import { payoutDestinationOf, type BankInfoSection, type PayoutDestination } from '#domain/payout-account.ts';
import { checkQuoteInput, quote } from '#domain/pricing.ts';
import { signatures } from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import { payoutSectionOf, sectionOf } from '../profile-sections.ts';
import type { Application } from './apply.ts';
import type { Caller, LoanContext, LoanInput } from './context.ts';
import type { LoanViews, OrderView } from './views.ts';

/** The first day of the repayment record: the same day three months back (the month's last day when shorter). */
function threeMonthsBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const back = new Date(Date.UTC(y, m - 1 - 3, 1));
  const lastDay = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
  return addDays(
    `${back.getUTCFullYear()}-${String(back.getUTCMonth() + 1).padStart(2, '0')}-01`,
    Math.min(d, lastDay) - 1,
  );
}

export function createLoanReads(ctx: LoanContext, views: LoanViews, application: Application) {
  const { db, repo } = ctx;

  /** The payout account on file: where a withdrawable order's money goes (views.ts orderView). */
  async function accountOf(customerId: string): Promise<PayoutDestination | null> {
    const bank = await payoutSectionOf(db, customerId);
    return bank ? payoutDestinationOf(bank as unknown as BankInfoSection) : null;
  }

  function quoteOf(input: LoanInput): Quote {
    const sub = ctx.subOf(input.productId, input.subProductId);
    const problem = checkQuoteInput(sub, input);
    if (problem) throw new ApiError(problem);
    return quote(ctx.pricing, sub, {
      principalCentavos: input.principalCentavos,
      termDays: input.termDays,
      loanDate: ctx.today(),
    });
  }

  async function home(caller: Caller) {
    const day = ctx.today();
    const [flowSummary, orders, workInfo, identity, granted, [signature], account] = await Promise.all([
      ctx.profile.summary(caller.customerId),
      repo.ordersOf(db, caller.customerId),
      sectionOf(db, caller.customerId, 'workInfo'),
      sectionOf(db, caller.customerId, IDENTITY_STEP),
      application.limits.grantedRaises(db, caller.customerId),
      db.select().from(signatures).where(eq(signatures.customerId, caller.customerId)),
      accountOf(caller.customerId),
    ]);
    // Whatever the published step order holds, a loan needs the borrower's identity (as applying does).
    const summary =
      flowSummary.complete && !hasIdentityFacts(identity)
        ? { ...flowSummary, complete: false, next: `/${IDENTITY_STEP}` }
        : flowSummary;
    const current = orders.find((o) => isOpenOrder(o.state as OrderState)) ?? null;
    const newest = orders[0];
    const block = summary.complete ? application.applyBlock(orders, day) : { code: 'PROFILE_INCOMPLETE' as const };
    const limit = application.limits.homeLimit({
      complete: summary.complete,
      identity,
      workInfo,
      orders,
      granted,
      day,
    });
    return {
      today: day,
      creditLimitCentavos: limit.creditLimitCentavos,
      limitWithheld: limit.limitWithheld,
      profile: { complete: summary.complete, next: summary.complete ? null : summary.next },
      currentOrder: current ? views.orderView(current, day, account) : null,
      lastRejected: newest?.state === 'rejected' ? { reapplyAfter: newest.reapplyAfter } : null,
      canApply: block === null,
      applyBlockedCode: block?.code ?? null,
      signed: signature !== undefined,
      reloan: orders.some((o) => o.state === 'settled'),
      bankChangeAvailable: !ctx.settings.bankChangeMaintenance,
    };
  }

  async function list(customerId: string): Promise<{ orders: OrderView[] }> {
    const day = ctx.today();
    const [orders, account] = await Promise.all([repo.ordersOf(db, customerId), accountOf(customerId)]);
    return { orders: orders.map((o) => views.orderView(o, day, account)) };
  }

  async function get(customerId: string, orderId: string) {
    const order = await repo.findOrder(db, orderId, customerId);
    if (!order) throw new ApiError('NOT_FOUND');
    const rows = await repo.paymentsOfOrder(db, orderId);
    const refundRows = await views.refundsOfOrder(orderId);
    const account = order.state === 'withdrawable' ? await accountOf(customerId) : undefined;
    const refundOf = (paymentId: string) => refundRows.find((r) => r.paymentId === paymentId) ?? null;
    return {
      ...views.orderView(order, ctx.today(), account),
      payments: rows.map((p) => views.paymentView(p, order.orderNo, refundOf(p.id))),
      refunds: refundRows.map(views.refundView),
      serverTime: ctx.now().toISOString(),
    };
  }

  async function payment(customerId: string, paymentId: string) {
    const row = await repo.paymentWithOrderNo(db, customerId, paymentId);
    if (!row) throw new ApiError('NOT_FOUND');
    return { ...views.paymentView(row.payment, row.orderNo, row.refund), serverTime: ctx.now().toISOString() };
  }

  /** The borrower's payments of the last 3 months (Manila calendar), newest first. */
  async function paymentsOf(customerId: string) {
    const since = threeMonthsBefore(ctx.today());
    const rows = await repo.paymentsOfCustomerSince(db, customerId, manilaStartOfDay(since));
    return {
      payments: rows.map((r) => views.paymentView(r.payment, r.orderNo, r.refund)),
      serverTime: ctx.now().toISOString(),
    };
  }

  return { quote: quoteOf, home, list, get, payment, payments: paymentsOf };
}
