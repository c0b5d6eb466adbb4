/** The loan repository's orders (../repository.ts: what the repository is, and the lock order). */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { coupons, customers, easyReloans, loanOrders, refunds } from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import type { Db, NewOrder, OrderPatch, OrderRow, Tx } from './types.ts';

/** The states that close an order: any other is open (domain/loan-rules.ts isOpenOrder). */
const FINAL_STATES = ['settled', 'rejected'];

/** Locks the customer row: the first lock of every money operation of that customer (see the lock order). */
export async function lockCustomer(tx: Tx, customerId: string): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

/** The order (of `customerId` when given), locked for update; NOT_FOUND when there is none. */
export async function lockOrder(tx: Tx, orderId: string, customerId?: string): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(loanOrders)
    .where(
      customerId ? and(eq(loanOrders.id, orderId), eq(loanOrders.customerId, customerId)) : eq(loanOrders.id, orderId),
    )
    .for('update');
  if (!order) throw new ApiError('NOT_FOUND');
  return order;
}

/** The order (of `customerId` when given), or undefined. */
export async function findOrder(db: Db, orderId: string, customerId?: string): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(loanOrders)
    .where(
      customerId ? and(eq(loanOrders.id, orderId), eq(loanOrders.customerId, customerId)) : eq(loanOrders.id, orderId),
    );
  return order;
}

/** The customer's orders, newest first. */
export function ordersOf(db: Db, customerId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(loanOrders)
    .where(eq(loanOrders.customerId, customerId))
    .orderBy(desc(loanOrders.createdAt), desc(loanOrders.orderNo));
}

/** The customer's orders by when they were made, newest first, as the console lists them. */
export function orderHistoryOf(db: Db, customerId: string): Promise<OrderRow[]> {
  return db.select().from(loanOrders).where(eq(loanOrders.customerId, customerId)).orderBy(desc(loanOrders.createdAt));
}

/** The states of the customer's orders, newest first (the console's search results). */
export function orderStatesOf(db: Db, customerId: string): Promise<{ state: string }[]> {
  return db
    .select({ state: loanOrders.state })
    .from(loanOrders)
    .where(eq(loanOrders.customerId, customerId))
    .orderBy(desc(loanOrders.createdAt));
}

/** Whether the customer has an order that is neither settled nor rejected. */
export async function hasOpenOrder(db: Db, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(loanOrders)
    .where(and(eq(loanOrders.customerId, customerId), notInArray(loanOrders.state, FINAL_STATES)));
  return (row?.n ?? 0) > 0;
}

/** Whether the order is the customer's. */
export async function isOrderOf(db: Db, orderId: string, customerId: string): Promise<boolean> {
  const [order] = await db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(and(eq(loanOrders.id, orderId), eq(loanOrders.customerId, customerId)));
  return order !== undefined;
}

/** The order's number, or undefined. */
export async function orderNoOf(db: Db, orderId: string): Promise<string | undefined> {
  const [order] = await db.select({ orderNo: loanOrders.orderNo }).from(loanOrders).where(eq(loanOrders.id, orderId));
  return order?.orderNo;
}

/** The customers of the order with this number, whatever its case. */
export async function customerIdsOfOrderNo(db: Db, orderNo: string): Promise<string[]> {
  const rows = await db
    .select({ id: loanOrders.customerId })
    .from(loanOrders)
    .where(sql`upper(${loanOrders.orderNo}) = ${orderNo.trim().toUpperCase()}`);
  return rows.map((r) => r.id);
}

/** The ids of the customer's repaying orders. */
export function repayingOrderIdsOf(db: Db, customerId: string): Promise<{ id: string }[]> {
  return db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(and(eq(loanOrders.customerId, customerId), eq(loanOrders.state, 'repaying')));
}

/** The customer's settled orders and the most days any settled or repaying one was overdue (underwriting's history). */
export async function repaymentHistory(
  db: Db,
  customerId: string,
): Promise<{ settled: number; worst: number } | undefined> {
  const [row] = await db
    .select({
      settled: sql<number>`count(*) filter (where ${loanOrders.state} = 'settled')`.mapWith(Number),
      worst: sql<number>`coalesce(max(${loanOrders.overdueDays}), 0)`.mapWith(Number),
    })
    .from(loanOrders)
    .where(and(eq(loanOrders.customerId, customerId), inArray(loanOrders.state, ['settled', 'repaying'])));
  return row;
}

/** The repaying orders whose loan started on or before `day`: the daily accrual's. */
export function orderIdsToAccrue(db: Db, day: string): Promise<{ id: string }[]> {
  return db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(and(eq(loanOrders.state, 'repaying'), lte(loanOrders.loanDate, day)));
}

/** The repaying orders due on or before `day`: the due reminders'. */
export function orderIdsDueBy(db: Db, day: string): Promise<{ id: string }[]> {
  return db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(and(eq(loanOrders.state, 'repaying'), lte(loanOrders.dueDate, day)));
}

/** The orders waiting for a person (under review), oldest first: one page. */
export function ordersUnderReview(db: Db, limit: number, offset: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(loanOrders)
    .where(eq(loanOrders.state, 'under_review'))
    .orderBy(asc(loanOrders.createdAt), asc(loanOrders.id))
    .limit(limit)
    .offset(offset);
}

/** How many orders are under review. */
export async function countOrdersUnderReview(db: Db): Promise<number> {
  const [total] = await db.select({ n: count() }).from(loanOrders).where(eq(loanOrders.state, 'under_review'));
  return total?.n ?? 0;
}

/** The customer's re-loans (the newest 100) with their orders' figures and vouchers, newest first. */
export function reloansWithOrders(db: Db, customerId: string) {
  return db
    .select({
      run: easyReloans,
      orderNo: loanOrders.orderNo,
      productId: loanOrders.productId,
      subProductId: loanOrders.subProductId,
      principal: loanOrders.principal,
      termDays: loanOrders.termDays,
      quote: loanOrders.quote,
      voucher: coupons.amount,
    })
    .from(easyReloans)
    .innerJoin(loanOrders, eq(loanOrders.id, easyReloans.orderId))
    .leftJoin(coupons, eq(coupons.id, easyReloans.voucherCouponId))
    .where(eq(easyReloans.customerId, customerId))
    .orderBy(desc(easyReloans.createdAt), desc(easyReloans.id))
    .limit(100);
}

/** Refunds (those `where` picks, newest first: one page) with their orders' numbers. */
export function refundsWithOrderNo(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select({ refund: refunds, orderNo: loanOrders.orderNo })
    .from(refunds)
    .innerJoin(loanOrders, eq(loanOrders.id, refunds.orderId))
    .where(where)
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(limit)
    .offset(offset);
}

/** PA + yymmdd + a running number + two letters: unique without retries. */
export async function newOrderNo(tx: Tx, day: string): Promise<string> {
  const result = (await tx.execute(sql`select nextval('loan_order_no_seq')::text as n`)) as unknown as {
    rows: { n: string }[];
  };
  const letters = [...randomBytes(2)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
  return `PA${day.slice(2).replaceAll('-', '')}${String(result.rows[0]?.n ?? '0').padStart(4, '0')}${letters}`;
}

/** Records a new order; answers it as stored. */
export async function insertOrder(tx: Tx, order: NewOrder): Promise<OrderRow> {
  const [row] = await tx.insert(loanOrders).values(order).returning();
  return row!;
}

/** Writes columns of an order; answers it as stored. The state changes through the repository's `transition`. */
export async function writeOrder(db: Db, orderId: string, set: OrderPatch): Promise<OrderRow> {
  const [row] = await db.update(loanOrders).set(set).where(eq(loanOrders.id, orderId)).returning();
  return row!;
}

/** Stores a locked order's ledger figures (../repository.ts ledgerPatch) with no event: the accrual of interest only. */
export async function storeLedger(tx: Tx, orderId: string, patch: OrderPatch): Promise<void> {
  await tx.update(loanOrders).set(patch).where(eq(loanOrders.id, orderId));
}

/**
 * Replaces the payout account kept on each of the customer's orders by what `replace` makes of it (an erasure keeps
 * no number, name or phone); answers the ids of all the customer's orders.
 */
export async function replaceOrderPayoutAccounts<A>(
  tx: Tx,
  customerId: string,
  replace: (account: unknown) => A,
): Promise<string[]> {
  const orders = await tx
    .select({ id: loanOrders.id, payoutAccount: loanOrders.payoutAccount })
    .from(loanOrders)
    .where(eq(loanOrders.customerId, customerId));
  for (const order of orders)
    if (order.payoutAccount !== null)
      await tx
        .update(loanOrders)
        .set({ payoutAccount: replace(order.payoutAccount) })
        .where(eq(loanOrders.id, order.id));
  return orders.map((o) => o.id);
}

/** Locks every order of the customer (the retention purge); answers their ids. */
export async function lockOrdersOf(tx: Tx, customerId: string): Promise<string[]> {
  const orders = await tx
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(eq(loanOrders.customerId, customerId))
    .for('update');
  return orders.map((o) => o.id);
}

/** Deletes every order of the customer, their events and payouts with them (ON DELETE CASCADE). */
export async function deleteOrdersOf(tx: Tx, customerId: string): Promise<void> {
  await tx.delete(loanOrders).where(eq(loanOrders.customerId, customerId));
}
