/**
 * Why a coupon grant waits for a supervisor: worth more than config/staff.json's
 * `couponGrant.approvalAboveCentavos`, or over a cap of `couponGrant.caps`: grants to one customer (by all staff) or
 * by one requester (to all customers) in a rolling period of whole days before the request, counted in number and in
 * centavos. Every grant of the period counts, issued or pending, but a refused one.
 *
 * The count is taken under two transaction-scoped advisory locks, always in the same order (the requester's, then
 * the customer's), so simultaneous grants of one requester or to one customer count one after the other: a cap of N
 * lets N through, never more, whichever instance serves them (two ids whose hashes meet only wait for each other).
 * Advisory locks lock no row, so they add nothing to the row lock order of the loan core
 * (server/services/loans/repository.ts).
 */
import { and, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { grantCaps } from '#api-contract/staff-ops.ts';
import type { CouponGrantCap, StaffConfigFile } from '#config/types/staff.ts';
import type { Database } from '#server/db/database.ts';
import { auditLog, couponGrants } from '#server/db/tables.ts';
import type { Tx } from '../idempotency.ts';

/** The rules a grant can go over: the amount rule, and each cap's count and centavos. */
export type GrantCapCode = (typeof grantCaps)[number];

/** One rule a grant went over, with its limit (a count, or centavos) and its period (null for the amount rule). */
export interface GrantWait {
  readonly cap: GrantCapCode;
  readonly limit: number;
  readonly periodDays: number | null;
}

type GrantConfig = StaffConfigFile['couponGrant'];

/** Lock namespaces of pg_advisory_xact_lock(int, int): one per scope, so a requester's never meets a customer's. */
const REQUESTER_LOCK = 0x4347_5201;
const CUSTOMER_LOCK = 0x4347_5202;
const DAY_MS = 86_400_000;

/**
 * Serialises the grants of one requester and of one customer until the transaction ends: the requester's lock first,
 * then the customer's, in every transaction (a grant is their only taker), so no two grants ever wait for each other
 * in a circle (no deadlock).
 */
export async function lockGrantScopes(tx: Tx, requestedBy: string, customerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REQUESTER_LOCK}::int, hashtext(${requestedBy}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${CUSTOMER_LOCK}::int, hashtext(${customerId}))`);
}

/** Grants and centavos in a cap's period before `at` (refused ones left out). */
async function usage(tx: Tx, scope: SQL, cap: CouponGrantCap, at: Date) {
  const [row] = await tx
    .select({
      grants: sql<number>`count(*)::int`,
      centavos: sql<number>`coalesce(sum(${couponGrants.amount}), 0)::int`,
    })
    .from(couponGrants)
    .where(
      and(
        scope,
        ne(couponGrants.state, 'refused'),
        gt(couponGrants.createdAt, new Date(at.getTime() - cap.periodDays * DAY_MS)),
      ),
    );
  return { grants: row?.grants ?? 0, centavos: row?.centavos ?? 0 };
}

function over(
  prefix: 'customer' | 'agent',
  cap: CouponGrantCap,
  used: { grants: number; centavos: number },
  amount: number,
) {
  const waits: GrantWait[] = [];
  if (used.grants + 1 > cap.maxGrants)
    waits.push({ cap: `${prefix}Grants`, limit: cap.maxGrants, periodDays: cap.periodDays });
  if (used.centavos + amount > cap.maxCentavos)
    waits.push({ cap: `${prefix}Centavos`, limit: cap.maxCentavos, periodDays: cap.periodDays });
  return waits;
}

/**
 * Every rule a grant of `amount` goes over at `at`, in the order of api-contract/staff-ops.ts grantCaps; empty: it is
 * issued at once. Call it under lockGrantScopes, in the transaction that then writes the grant.
 */
export async function grantWaitsFor(
  tx: Tx,
  config: GrantConfig,
  grant: { requestedBy: string; customerId: string; amount: number; at: Date },
): Promise<GrantWait[]> {
  const { perCustomer, perAgent } = config.caps;
  const waits: GrantWait[] = [];
  if (grant.amount > config.approvalAboveCentavos)
    waits.push({ cap: 'amount', limit: config.approvalAboveCentavos, periodDays: null });
  const customer = await usage(tx, eq(couponGrants.customerId, grant.customerId), perCustomer, grant.at);
  const agent = await usage(tx, eq(couponGrants.requestedBy, grant.requestedBy), perAgent, grant.at);
  return [
    ...waits,
    ...over('customer', perCustomer, customer, grant.amount),
    ...over('agent', perAgent, agent, grant.amount),
  ];
}

/**
 * Why each of `grants` waited (or waits), as its request's audit event (`staff.coupon.granted`) recorded it; a grant
 * asked for before the caps existed has no reason there, and shows the amount rule's if it was over it.
 */
export async function grantWaits(
  db: Database,
  config: GrantConfig,
  grants: readonly { id: string; customerId: string; amount: number }[],
): Promise<Map<string, readonly GrantWait[]>> {
  const out = new Map<string, readonly GrantWait[]>();
  if (grants.length === 0) return out;
  const grantId = sql<string>`${auditLog.detail}->>'grantId'`;
  const events = await db
    .select({ grantId, detail: auditLog.detail })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.event, 'staff.coupon.granted'),
        inArray(auditLog.customerId, [...new Set(grants.map((g) => g.customerId))]),
        inArray(
          grantId,
          grants.map((g) => g.id),
        ),
      ),
    );
  for (const e of events) {
    const waits = (e.detail as { waitsFor?: unknown } | null)?.waitsFor;
    if (Array.isArray(waits)) out.set(e.grantId, waits as GrantWait[]);
  }
  for (const g of grants)
    if (!out.has(g.id))
      out.set(
        g.id,
        g.amount > config.approvalAboveCentavos
          ? [{ cap: 'amount', limit: config.approvalAboveCentavos, periodDays: null }]
          : [],
      );
  return out;
}
