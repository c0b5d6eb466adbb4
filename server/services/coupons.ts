/**
 * Coupons (config/coupons.json): issued by the server only, used inside the money transaction they lower. This file
 * starts with what other parts read; issuing, using and expiring live beside it.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { coupons } from '../db/schema.ts';
import type { Tx } from './idempotency.ts';

/** Coupons the borrower can use now (unused, not expired). */
export async function usableCouponCount(db: Tx | Database, customerId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(coupons)
    .where(and(eq(coupons.customerId, customerId), eq(coupons.state, 'unused'), gt(coupons.expiresAt, now)));
  return row?.n ?? 0;
}
