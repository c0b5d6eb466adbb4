/**
 * The loan repository's orders and payments as collections read them (server/services/collections.ts): overdue orders
 * with their collector, the payments a promise counts, the disputes and contacts with their order's number
 * (../repository.ts: what the repository is, and the lock order). Reads only.
 */
import { and, asc, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  collectionAssignments,
  collectionContacts,
  collectionDisputes,
  loanOrders,
  payments,
  staffAccounts,
} from '#server/db/tables.ts';
import type { Db } from './types.ts';

/** The successful payments of some orders: what each paid and when. */
export function successfulPaymentsOf(db: Db, orderIds: readonly string[]) {
  return db
    .select({ orderId: payments.orderId, amount: payments.amount, completedAt: payments.completedAt })
    .from(payments)
    .where(and(inArray(payments.orderId, [...orderIds]), eq(payments.state, 'success')));
}

/**
 * The repaying orders past their due date (`day`, Manila), with their collector if one holds them: `held` narrows
 * them by their assignment (collectionAssignments' columns; null: all of them).
 */
export function overdueOrdersWithCollector(db: Db, day: string, held: SQL | undefined) {
  return db
    .select({ order: loanOrders, collectorId: collectionAssignments.collectorId, collectorName: staffAccounts.name })
    .from(loanOrders)
    .leftJoin(collectionAssignments, eq(collectionAssignments.orderId, loanOrders.id))
    .leftJoin(staffAccounts, eq(staffAccounts.id, collectionAssignments.collectorId))
    .where(and(eq(loanOrders.state, 'repaying'), lt(loanOrders.dueDate, day), held));
}

/** The repaying orders past their due date that no collector holds, the longest overdue first. */
export function unassignedOverdueOrders(db: Db, day: string) {
  return db
    .select({ id: loanOrders.id, customerId: loanOrders.customerId })
    .from(loanOrders)
    .leftJoin(collectionAssignments, eq(collectionAssignments.orderId, loanOrders.id))
    .where(and(eq(loanOrders.state, 'repaying'), lt(loanOrders.dueDate, day), isNull(collectionAssignments.orderId)))
    .orderBy(asc(loanOrders.dueDate), asc(loanOrders.id));
}

/** How many repaying loans each collector holds. */
export function repayingLoansPerCollector(db: Db) {
  return db
    .select({ collectorId: collectionAssignments.collectorId, n: count() })
    .from(collectionAssignments)
    .innerJoin(loanOrders, eq(loanOrders.id, collectionAssignments.orderId))
    .where(eq(loanOrders.state, 'repaying'))
    .groupBy(collectionAssignments.collectorId);
}

/** Disputes (`where` on collectionDisputes), newest first, with their order's number and who opened and resolved them. */
export function disputesWithOrderNo(db: Db, where: SQL | undefined) {
  const opener = sql<string | null>`(select name from staff_accounts where id = ${collectionDisputes.openedBy})`;
  const resolver = sql<string | null>`(select name from staff_accounts where id = ${collectionDisputes.resolvedBy})`;
  return db
    .select({
      dispute: collectionDisputes,
      orderNo: loanOrders.orderNo,
      openedByName: opener,
      resolvedByName: resolver,
    })
    .from(collectionDisputes)
    .innerJoin(loanOrders, eq(loanOrders.id, collectionDisputes.orderId))
    .where(where)
    .orderBy(desc(collectionDisputes.createdAt));
}

/** The collection contacts made to a customer, newest first (at most `limit`), with their order's number. */
export function contactsWithOrderNo(db: Db, customerId: string, limit: number) {
  return db
    .select({ contact: collectionContacts, orderNo: loanOrders.orderNo })
    .from(collectionContacts)
    .innerJoin(loanOrders, eq(loanOrders.id, collectionContacts.orderId))
    .where(eq(collectionContacts.customerId, customerId))
    .orderBy(desc(collectionContacts.at))
    .limit(limit);
}

/** The numbers of some orders, by id (a complaint about collection shows its loan's). */
export async function orderNumbersOf(db: Db, orderIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: loanOrders.id, orderNo: loanOrders.orderNo })
    .from(loanOrders)
    .where(inArray(loanOrders.id, ids));
  return new Map(rows.map((r) => [r.id, r.orderNo]));
}
