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
import type { DelinquencyBucket } from '#domain/collections.ts';
import { bucketCase, promiseStateCase } from './book.ts';
import type { Db } from './types.ts';

/** The successful payments of some orders: what each paid and when. */
export function successfulPaymentsOf(db: Db, orderIds: readonly string[]) {
  return db
    .select({ orderId: payments.orderId, amount: payments.amount, completedAt: payments.completedAt })
    .from(payments)
    .where(and(inArray(payments.orderId, [...orderIds]), eq(payments.state, 'success')));
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

/** Some orders with their collector if one holds them (a page of the queue). */
export function ordersWithCollector(db: Db, orderIds: readonly string[]) {
  return db
    .select({ order: loanOrders, collectorId: collectionAssignments.collectorId, collectorName: staffAccounts.name })
    .from(loanOrders)
    .leftJoin(collectionAssignments, eq(collectionAssignments.orderId, loanOrders.id))
    .leftJoin(staffAccounts, eq(staffAccounts.id, collectionAssignments.collectorId))
    .where(inArray(loanOrders.id, [...orderIds]));
}

/**
 * One page of the collection queue in its order (domain/collections.ts queueOrder: a promise broken since the last
 * one kept first, then the larger amount overdue, then the more days past due; the order number last), read in SQL
 * from the orders' ledger columns (amount overdue as the last accrual left it, days past due from the due date of the
 * oldest period owing) and the promises' states now (as the daily job stored them once kept or broken, else as
 * promiseState reads them). `held` narrows the repaying orders past due on `day` by their assignment
 * (collectionAssignments' columns); `bucket` narrows the page, not the buckets' counts.
 */
export async function queuePage(
  db: Db,
  options: {
    day: string;
    held: SQL | undefined;
    bucket: string | undefined;
    buckets: readonly DelinquencyBucket[];
    page: number;
    perPage: number;
  },
) {
  const { day, held, buckets, page, perPage } = options;
  const dpd = sql`(${day}::date - ${loanOrders.dueDate})`;
  const result = (await db.execute(sql`
    with q as (
      select ${loanOrders.id} as id, ${loanOrders.orderNo} as order_no, ${dpd} as dpd,
        ${loanOrders.amountOverdue} as overdue, ${bucketCase(dpd, buckets)} as bucket
      from ${loanOrders} left join ${collectionAssignments} on ${collectionAssignments.orderId} = ${loanOrders.id}
      where ${loanOrders.state} = 'repaying' and ${loanOrders.dueDate} < ${day}::date ${held ? sql`and ${held}` : sql``}
    ), p as (
      select cp.order_id, cp.made_at, ${promiseStateCase(day)} as st
      from collection_promises cp where cp.order_id in (select id from q)
    ), b as (
      select order_id, count(*) filter (where st = 'broken' and (last_kept is null or made_at > last_kept)) as broken
      from (select p.*, max(made_at) filter (where st = 'kept') over (partition by order_id) as last_kept from p) x
      group by order_id
    ), ranked as (
      select q.*, coalesce(b.broken, 0) as broken from q left join b on b.order_id = q.id
    )
    select null as id, bucket, count(*) as n, coalesce(sum(overdue), 0) as overdue, 0 as page from ranked group by bucket
    union all
    (select id, bucket, 1, overdue, 1 from ranked
      ${options.bucket ? sql`where bucket = ${options.bucket}` : sql``}
      order by (broken > 0) desc, overdue desc, dpd desc, order_no asc
      limit ${perPage} offset ${(page - 1) * perPage})`)) as unknown as {
    rows: { id: string | null; bucket: string; n: unknown; overdue: unknown; page: unknown }[];
  };
  const counts = result.rows.filter((r) => Number(r.page) === 0);
  return {
    ids: result.rows.filter((r) => Number(r.page) === 1).map((r) => r.id!),
    total: options.bucket
      ? Number(counts.find((r) => r.bucket === options.bucket)?.n ?? 0)
      : counts.reduce((n, r) => n + Number(r.n), 0),
    buckets: new Map(counts.map((r) => [r.bucket, { loans: Number(r.n), overdueCentavos: Number(r.overdue) }])),
  };
}
