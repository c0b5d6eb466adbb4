/**
 * The loan repository: the one place that reads and writes orders, their events, payouts and payments. Every
 * function takes the database or a transaction (fastify/demo's repositories), so an operation composes them inside
 * its own transaction.
 *
 * Lock order, on every path that moves money: the customer row, then the order, then its payout or payment, then a
 * coupon (server/services/coupons.ts: the withdrawal locks it after the order, the repayment after the order's open
 * payments; a payment's result updates its held coupon after the payment), then the refund of a payment (refunds.ts:
 * written by the payment's result after its coupon, and sent or retried under the order's lock). A path may skip a
 * level (a gateway callback starts at the order) but never takes them the other way round, so two transactions never
 * wait on each other in a circle.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { figuresOf, type Ledger } from '#domain/loan-ledger.ts';
import { canTransition } from '#domain/loan-rules.ts';
import type { OrderState } from '#domain/loan-types.ts';
import type { Database } from '#server/db/database.ts';
import { customers, loanEvents, loanOrders, payments, payouts, profileSections } from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';

import type { Tx } from '../idempotency.ts';

export type { Tx };
/** The database or one of its transactions. */
export type Db = Database | Tx;

export type OrderRow = typeof loanOrders.$inferSelect;
export type OrderPatch = Partial<typeof loanOrders.$inferInsert>;
export type PaymentRow = typeof payments.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

export function createLoanRepository(now: () => Date) {
  /** Locks the customer row: the first lock of every money operation of that customer (see the lock order above). */
  async function lockCustomer(tx: Tx, customerId: string): Promise<void> {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  }

  /** The order (of `customerId` when given), locked for update; NOT_FOUND when there is none. */
  async function lockOrder(tx: Tx, orderId: string, customerId?: string): Promise<OrderRow> {
    const [order] = await tx
      .select()
      .from(loanOrders)
      .where(
        customerId
          ? and(eq(loanOrders.id, orderId), eq(loanOrders.customerId, customerId))
          : eq(loanOrders.id, orderId),
      )
      .for('update');
    if (!order) throw new ApiError('NOT_FOUND');
    return order;
  }

  async function findOrder(db: Db, orderId: string, customerId?: string): Promise<OrderRow | undefined> {
    const [order] = await db
      .select()
      .from(loanOrders)
      .where(
        customerId
          ? and(eq(loanOrders.id, orderId), eq(loanOrders.customerId, customerId))
          : eq(loanOrders.id, orderId),
      );
    return order;
  }

  /** The customer's orders, newest first. */
  function ordersOf(db: Db, customerId: string): Promise<OrderRow[]> {
    return db
      .select()
      .from(loanOrders)
      .where(eq(loanOrders.customerId, customerId))
      .orderBy(desc(loanOrders.createdAt), desc(loanOrders.orderNo));
  }

  async function recordEvent(
    tx: Db,
    orderId: string,
    kind: string,
    data: Record<string, unknown> | null,
    from: string | null = null,
    to: string | null = null,
  ): Promise<void> {
    await tx.insert(loanEvents).values({ orderId, kind, data, fromState: from, toState: to, at: now() });
  }

  /** Moves a locked order to `to` (the state machine must allow it) with its other changes, and records the event. */
  async function transition(
    tx: Tx,
    order: OrderRow,
    to: OrderState,
    kind: string,
    patch: OrderPatch = {},
    data: Record<string, unknown> | null = null,
  ): Promise<OrderRow> {
    if (!canTransition(order.state as OrderState, to)) throw new ApiError('ORDER_STATE');
    const [updated] = await tx
      .update(loanOrders)
      .set({ ...patch, state: to, updatedAt: now() })
      .where(eq(loanOrders.id, order.id))
      .returning();
    await recordEvent(tx, order.id, kind, data, order.state, to);
    return updated!;
  }

  /** Changes a locked order without a state change, and records the event. */
  async function update(
    tx: Tx,
    order: OrderRow,
    kind: string,
    patch: OrderPatch,
    data: Record<string, unknown>,
  ): Promise<OrderRow> {
    const [updated] = await tx
      .update(loanOrders)
      .set({ ...patch, updatedAt: now() })
      .where(eq(loanOrders.id, order.id))
      .returning();
    await recordEvent(tx, order.id, kind, data, order.state, updated!.state);
    return updated!;
  }

  /** One profile step's data. */
  async function sectionOf(db: Db, customerId: string, step: string): Promise<Record<string, unknown> | undefined> {
    const [row] = await db
      .select({ data: profileSections.data })
      .from(profileSections)
      .where(and(eq(profileSections.customerId, customerId), eq(profileSections.step, step)));
    return row?.data as Record<string, unknown> | undefined;
  }

  /** PA + yymmdd + a running number + two letters: unique without retries. */
  async function newOrderNo(tx: Tx, day: string): Promise<string> {
    const result = (await tx.execute(sql`select nextval('loan_order_no_seq')::text as n`)) as unknown as {
      rows: { n: string }[];
    };
    const letters = [...randomBytes(2)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
    return `PA${day.slice(2).replaceAll('-', '')}${String(result.rows[0]?.n ?? '0').padStart(4, '0')}${letters}`;
  }

  async function lockPayout(tx: Tx, payoutId: string): Promise<PayoutRow | undefined> {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    return payout;
  }

  async function lockPayment(tx: Tx, paymentId: string): Promise<PaymentRow | undefined> {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    return payment;
  }

  return {
    lockCustomer,
    lockOrder,
    findOrder,
    ordersOf,
    recordEvent,
    transition,
    update,
    sectionOf,
    newOrderNo,
    lockPayout,
    lockPayment,
  };
}

export type LoanRepository = ReturnType<typeof createLoanRepository>;

/**
 * The order columns a ledger sets: the figures lists and jobs query (due date, overdue days, amount due...) are
 * always written from the ledger, in this one place, so they can never disagree with it.
 */
export function ledgerPatch(ledger: Ledger, day: string): OrderPatch {
  const f = figuresOf(ledger, day);
  return {
    ledger,
    dueDate: f.dueDate ?? ledger.rows[ledger.rows.length - 1]!.dueDate,
    amountDue: f.amountDue,
    interestOutstanding: f.outstanding.interest,
    lateFine: f.outstanding.lateFine,
    damages: f.outstanding.damages,
    overdueDays: f.overdueDays,
    costCharged: f.costCharged,
    amountRepaid: f.amountRepaid,
    paidPeriods: f.paidPeriods,
    extensionCount: ledger.extensionCount,
    totalTermDays: ledger.totalTermDays,
  };
}
