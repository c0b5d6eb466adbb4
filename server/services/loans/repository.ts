/**
 * The loan repository: the one place that reads and writes orders, their events, payouts and payments. Every
 * function takes the database or a transaction (fastify/demo's repositories), so an operation composes them inside
 * its own transaction. Its queries are in ./repository/ (orders.ts, events.ts, payouts.ts, payments.ts, and
 * collections.ts: what collections read of them), each function named for what it does; the loan core reaches them
 * through `createLoanRepository` (its `repo`), the console's services, collections and the reminders import them
 * from here. No other file imports those four tables
 * (tests/unit/table-owners.test.ts), tests aside; the one other writer is the re-encryption of data at rest
 * (server/crypto/reencrypt.ts), which rewrites every encrypted column of every table in place.
 *
 * Lock order, on every path that moves money: the customer row, then the order, then its payout or payment, then a
 * coupon (server/services/coupons.ts: the withdrawal locks it after the order, the repayment after the order's open
 * payments; a payment's result updates its held coupon after the payment), then the refund of a payment (refunds.ts:
 * written by the payment's result after its coupon, and sent or retried under the order's lock). A path may skip a
 * level (a gateway callback starts at the order) but never takes them the other way round, so two transactions never
 * wait on each other in a circle.
 */
import { daysBetween } from '#domain/calendar-date.ts';
import { figuresOf, outstandingOf, total, type Ledger } from '#domain/loan-ledger.ts';
import { canTransition } from '#domain/loan-rules.ts';
import type { OrderState } from '#domain/loan-types.ts';
import { ApiError } from '#server/errors.ts';
import * as events from './repository/events.ts';
import * as orders from './repository/orders.ts';
import * as payments from './repository/payments.ts';
import * as payouts from './repository/payouts.ts';
import type { Db, OrderPatch, OrderRow, Tx } from './repository/types.ts';

export * from './repository/book.ts';
export * from './repository/collections.ts';
export * from './repository/events.ts';
export * from './repository/orders.ts';
export * from './repository/payments.ts';
export * from './repository/payouts.ts';
export type * from './repository/types.ts';

/**
 * The repository with the loan core's clock: every query of ./repository/, and the writes that stamp the time (an
 * event, a change of an order).
 */
export function createLoanRepository(now: () => Date) {
  async function recordEvent(
    tx: Db,
    orderId: string,
    kind: string,
    data: Record<string, unknown> | null,
    from: string | null = null,
    to: string | null = null,
  ): Promise<void> {
    await events.insertEvent(tx, { orderId, kind, data, fromState: from, toState: to, at: now() });
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
    const updated = await orders.writeOrder(tx, order.id, { ...patch, state: to, updatedAt: now() });
    await recordEvent(tx, order.id, kind, data, order.state, to);
    return updated;
  }

  /** Changes a locked order without a state change, and records the event. */
  async function update(
    tx: Tx,
    order: OrderRow,
    kind: string,
    patch: OrderPatch,
    data: Record<string, unknown>,
  ): Promise<OrderRow> {
    const updated = await orders.writeOrder(tx, order.id, { ...patch, updatedAt: now() });
    await recordEvent(tx, order.id, kind, data, order.state, updated.state);
    return updated;
  }

  return { ...orders, ...events, ...payouts, ...payments, recordEvent, transition, update };
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
    principalOutstanding: f.outstanding.principal,
    amountOverdue: ledger.rows
      .filter((row) => daysBetween(row.dueDate, day) > 0)
      .reduce((sum, row) => sum + total(outstandingOf(row)), 0),
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
