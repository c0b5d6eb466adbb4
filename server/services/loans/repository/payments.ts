/** The loan repository's payments, the repayments (../repository.ts: what the repository is, and the lock order). */
import { and, asc, desc, eq, gte, inArray, lte, or } from 'drizzle-orm';
import { loanOrders, payments, refunds } from '#server/db/tables.ts';
import type { Db, NewPayment, PaymentRow, Tx } from './types.ts';

/** The payment, locked for update (after its order: the lock order). */
export async function lockPayment(tx: Tx, paymentId: string): Promise<PaymentRow | undefined> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return payment;
}

export async function findPayment(db: Db, paymentId: string): Promise<PaymentRow | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return payment;
}

/** The payment with this id and its order, not locked (to lock the order first). */
export async function paymentKeysById(db: Db, paymentId: string): Promise<{ id: string; orderId: string } | undefined> {
  const [payment] = await db
    .select({ id: payments.id, orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return payment;
}

/** The payment the gateway knows by `providerRef` and its order, not locked (to lock the order first). */
export async function paymentKeysByProviderRef(
  db: Db,
  providerRef: string,
): Promise<{ id: string; orderId: string } | undefined> {
  const [payment] = await db
    .select({ id: payments.id, orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.providerRef, providerRef));
  return payment;
}

/** The order's payments, newest first. */
export function paymentsOfOrder(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt));
}

/** The order's payments, oldest first (the console's customer view). */
export function paymentsOfOrderOldestFirst(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
}

/** One payment of the customer with its order's number and its refund, if any. */
export async function paymentWithOrderNo(db: Db, customerId: string, paymentId: string) {
  const [row] = await db
    .select({ payment: payments, orderNo: loanOrders.orderNo, refund: refunds })
    .from(payments)
    .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(and(eq(payments.id, paymentId), eq(payments.customerId, customerId)));
  return row;
}

/** The customer's payments made since `since`, newest first, each with its order's number and its refund, if any. */
export function paymentsOfCustomerSince(db: Db, customerId: string, since: Date) {
  return db
    .select({ payment: payments, orderNo: loanOrders.orderNo, refund: refunds })
    .from(payments)
    .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(and(eq(payments.customerId, customerId), gte(payments.createdAt, since)))
    .orderBy(desc(payments.createdAt));
}

/** The order's open payments (requested or in progress), locked for update (after the order: the lock order). */
export function lockOpenPaymentsOf(tx: Tx, orderId: string): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.state, ['requested', 'in_progress'])))
    .for('update');
}

/** Payments recorded on or before `createdBefore` and never sent to the gateway (at most 100). */
export function unsentPaymentIds(db: Db, createdBefore: Date): Promise<{ id: string }[]> {
  return db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.state, 'requested'), lte(payments.createdAt, createdBefore)))
    .limit(100);
}

/**
 * Payments the gateway has, without a result, made on or before `madeBefore` or expired by `at` (at most 100).
 */
export function waitingPayments(db: Db, madeBefore: Date, at: Date): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.state, 'in_progress'), or(lte(payments.createdAt, madeBefore), lte(payments.expiresAt, at))))
    .limit(100);
}

/** The ids of the customer's payments. */
export async function paymentIdsOfCustomer(tx: Tx, customerId: string): Promise<string[]> {
  const rows = await tx.select({ id: payments.id }).from(payments).where(eq(payments.customerId, customerId));
  return rows.map((p) => p.id);
}

/** Records a payment to send (state requested); answers it as stored. */
export async function insertPayment(tx: Tx, payment: Omit<NewPayment, 'state'>): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({ ...payment, state: 'requested' })
    .returning();
  return row!;
}

/** The gateway has the payment: in progress, with its reference, its link and, when it sets one, a later expiry. */
export async function markPaymentSent(
  tx: Tx,
  paymentId: string,
  sent: { reference: string | null; providerRef: string; checkoutUrl: string | null; expiresAt?: Date },
): Promise<void> {
  await tx
    .update(payments)
    .set({ state: 'in_progress', ...sent })
    .where(eq(payments.id, paymentId));
}

/** An attempt to pay failed; the payment stays open at the gateway. */
export async function markPaymentAttemptFailed(
  tx: Tx,
  paymentId: string,
  attempt: { attemptFailureCode: string; attemptFailedAt: Date },
): Promise<void> {
  await tx.update(payments).set(attempt).where(eq(payments.id, paymentId));
}

/** The money arrived, applied as `applied` says. */
export async function markPaymentSucceeded(
  tx: Tx,
  paymentId: string,
  result: { applied: string; completedAt: Date },
): Promise<void> {
  await tx
    .update(payments)
    .set({ state: 'success', failureCode: null, ...result })
    .where(eq(payments.id, paymentId));
}

/** The payment failed or was closed (declined, expired, refused, another amount), with the gateway's reference when it has one. */
export async function failPayment(
  tx: Tx,
  paymentId: string,
  failure: { failureCode: string; completedAt: Date; providerRef?: string },
): Promise<void> {
  await tx
    .update(payments)
    .set({ state: 'fail', ...failure })
    .where(eq(payments.id, paymentId));
}

/** Deletes the payments of these orders (the retention purge). */
export async function deletePaymentsOfOrders(tx: Tx, orderIds: readonly string[]): Promise<void> {
  await tx.delete(payments).where(inArray(payments.orderId, [...orderIds]));
}
