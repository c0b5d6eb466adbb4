/**
 * Coupons (config/coupons.json): issued by the server only, used inside the money transaction they lower.
 *
 * - Issue: `issue(tx, customerId, definitionId, source, issueKey)`, once per (customer, issueKey) by the unique index,
 *   with its couponIssued message in the same transaction. Registration, the add-to-home-screen claim and (later)
 *   staff grants all go through it.
 * - Use: the withdrawal and the repayment lock the coupon row after the order and the payment (repository.ts's lock
 *   order), check it (`checkUsable`), then mark it used (withdrawal) or held by the payment (repayment; used when the
 *   payment succeeds, unused again when it fails or expires). Each state change is a conditional update on the
 *   expected state, so one coupon is used once even without the lock.
 * - Expiry: a job moves unused coupons past `expiresAt` to expired and writes couponExpiring `expiringNoticeDays`
 *   before (dedupeKey: a rerun writes nothing twice).
 */
import { and, asc, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import couponsJson from '#config/coupons.json' with { type: 'json' };
import type { CouponDefinition, CouponsConfigFile } from '#config/types/coupons.ts';
import { manilaToday } from '#domain/calendar-date.ts';
import type { Database } from '../db/database.ts';
import { coupons } from '../db/tables.ts';
import { ApiError } from '../errors.ts';
import type { JobHandler, Schedule } from '../jobs/runner.ts';
import type { Tx } from './idempotency.ts';
import { notify } from './messages.ts';

export const couponsConfig = couponsJson as CouponsConfigFile;
export type CouponRow = typeof coupons.$inferSelect;
export type CouponOperation = CouponDefinition['appliesTo'];
/** Why a coupon cannot apply (the web app shows a text per reason; `minimum` is the spec's message). */
export type CouponRefusal = 'minimum' | 'expired' | 'used' | 'operation' | 'notFound';

const DAY_MS = 86_400_000;

/** Coupons the borrower can use now (unused, not expired). */
export async function usableCouponCount(db: Tx | Database, customerId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(coupons)
    .where(and(eq(coupons.customerId, customerId), eq(coupons.state, 'unused'), gt(coupons.expiresAt, now)));
  return row?.n ?? 0;
}

export function couponDefinition(id: string, config: CouponsConfigFile = couponsConfig): CouponDefinition {
  const found = config.definitions.find((d) => d.id === id);
  if (!found) throw new Error(`config/coupons.json has no coupon definition "${id}"`);
  return found;
}

/**
 * Issues a coupon of `definitionId` to the customer once per `issueKey` (a second call with the same key issues
 * nothing and answers null), with its couponIssued message, in `tx`. `amountCentavos` overrides the definition's
 * value where another config owns the figure (Easy Re-loan's voucher: config/easy-reloan.json).
 */
export async function issue(
  tx: Tx | Database,
  customerId: string,
  definitionId: string,
  source: string,
  issueKey: string,
  now: Date,
  amountCentavos?: number,
): Promise<CouponRow | null> {
  const def = couponDefinition(definitionId);
  const [row] = await tx
    .insert(coupons)
    .values({
      customerId,
      definitionId: def.id,
      kind: def.type,
      appliesTo: def.appliesTo,
      amount: amountCentavos ?? def.amountCentavos,
      minimumAmount: def.minimumCentavos,
      state: 'unused',
      source,
      issueKey,
      validFrom: now,
      expiresAt: new Date(now.getTime() + def.validityDays * DAY_MS),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await notify(tx, {
    customerId,
    template: 'couponIssued',
    params: { amountCentavos: row.amount, kind: row.kind, expiresOn: manilaToday(row.expiresAt) },
    link: '/coupon',
    dedupeKey: `couponIssued:${row.id}`,
    at: now,
  });
  return row;
}

/** The coupon of `customerId`, locked (after the order and any payment: repository.ts's lock order); null when not theirs. */
export async function lockCoupon(tx: Tx, couponId: string, customerId: string): Promise<CouponRow | null> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, couponId), eq(coupons.customerId, customerId)))
    .for('update');
  return row ?? null;
}

/** Why `coupon` cannot lower an `operation` of `base` centavos at `now`, or null when it can. */
export function refusalOf(
  coupon: CouponRow | null,
  operation: CouponOperation,
  base: number,
  now: Date,
): CouponRefusal | null {
  if (!coupon) return 'notFound';
  if (coupon.state === 'used' || coupon.state === 'held') return 'used';
  if (coupon.state !== 'unused' || coupon.expiresAt <= now || coupon.validFrom > now) return 'expired';
  if (coupon.appliesTo !== operation) return 'operation';
  if (base < coupon.minimumAmount) return 'minimum';
  return null;
}

/** The coupon, or COUPON_UNAVAILABLE with the reason and (for `minimum`) the amount that must be reached. */
export function checkUsable(coupon: CouponRow | null, operation: CouponOperation, base: number, now: Date): CouponRow {
  const reason = refusalOf(coupon, operation, base, now);
  if (reason)
    throw new ApiError('COUPON_UNAVAILABLE', {
      reason,
      ...(reason === 'minimum' && { minimumCentavos: coupon!.minimumAmount }),
    });
  return coupon!;
}

/** Marks an unused coupon used by `usedBy` (e.g. `payout:<id>`) for `orderId`; false when it was not unused any more. */
export async function markUsed(tx: Tx, couponId: string, orderId: string, usedBy: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(coupons)
    .set({ state: 'used', orderId, usedBy, usedAt: at })
    .where(and(eq(coupons.id, couponId), eq(coupons.state, 'unused')))
    .returning({ id: coupons.id });
  return rows.length === 1;
}

/** Reserves an unused coupon for a payment in progress; false when it was not unused any more. */
export async function hold(tx: Tx, couponId: string, orderId: string, paymentId: string): Promise<boolean> {
  const rows = await tx
    .update(coupons)
    .set({ state: 'held', orderId, usedBy: `payment:${paymentId}` })
    .where(and(eq(coupons.id, couponId), eq(coupons.state, 'unused')))
    .returning({ id: coupons.id });
  return rows.length === 1;
}

/** The payment succeeded: its held coupon is used; false when the payment no longer holds it (closed and given back). */
export async function consumeHeld(tx: Tx, couponId: string, paymentId: string, at: Date): Promise<boolean> {
  const used = await tx
    .update(coupons)
    .set({ state: 'used', usedAt: at })
    .where(and(eq(coupons.id, couponId), eq(coupons.state, 'held'), eq(coupons.usedBy, `payment:${paymentId}`)))
    .returning({ id: coupons.id });
  return used.length > 0;
}

/** The payment failed or expired: its held coupon is the borrower's again (the expiry job expires it if its time passed). */
export async function releaseHeld(tx: Tx, couponId: string, paymentId: string): Promise<void> {
  await tx
    .update(coupons)
    .set({ state: 'unused', orderId: null, usedBy: null })
    .where(and(eq(coupons.id, couponId), eq(coupons.state, 'held'), eq(coupons.usedBy, `payment:${paymentId}`)));
}

/** What the API answers about a coupon. */
export function couponView(row: CouponRow, now: Date) {
  const expired = row.state === 'expired' || (row.state === 'unused' && row.expiresAt <= now);
  return {
    id: row.id,
    kind: row.kind as CouponDefinition['type'],
    appliesTo: row.appliesTo as CouponOperation,
    amountCentavos: row.amount,
    minimumCentavos: row.minimumAmount,
    state: (expired ? 'expired' : row.state) as 'unused' | 'held' | 'used' | 'expired',
    validFrom: row.validFrom.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
  };
}
export type CouponView = ReturnType<typeof couponView>;

export function createCouponService(deps: { db: Database; now: () => Date; config?: CouponsConfigFile }) {
  const { db, now } = deps;
  const config = deps.config ?? couponsConfig;

  /** Usable coupons (unused, within validity), soonest to expire first; `appliesTo` narrows to one operation. */
  async function usable(customerId: string, appliesTo?: CouponOperation) {
    const at = now();
    const rows = await db
      .select()
      .from(coupons)
      .where(
        and(
          eq(coupons.customerId, customerId),
          eq(coupons.state, 'unused'),
          gt(coupons.expiresAt, at),
          lte(coupons.validFrom, at),
          appliesTo ? eq(coupons.appliesTo, appliesTo) : undefined,
        ),
      )
      .orderBy(asc(coupons.expiresAt), asc(coupons.id));
    return { coupons: rows.map((r) => couponView(r, at)) };
  }

  /** Used and expired coupons (an unused one past its date reads as expired before the job moves it), newest first. */
  async function invalid(customerId: string) {
    const at = now();
    const rows = await db
      .select()
      .from(coupons)
      .where(
        and(
          eq(coupons.customerId, customerId),
          or(inArray(coupons.state, ['used', 'expired']), and(eq(coupons.state, 'unused'), lte(coupons.expiresAt, at))),
        ),
      )
      .orderBy(desc(coupons.expiresAt), asc(coupons.id))
      .limit(100);
    return { coupons: rows.map((r) => couponView(r, at)) };
  }

  /**
   * The add-to-home-screen coupon, once per customer ever (issue key `addToHomeScreen`): the first claim issues it
   * (`issued: true`), every later or concurrent one answers the same coupon with `issued: false`.
   */
  async function claimAddToHomeScreen(customerId: string) {
    const definitionId = config.addToHomeScreen;
    if (!definitionId) return { issued: false, coupon: null };
    const at = now();
    const issued = await db.transaction((tx) =>
      issue(tx, customerId, definitionId, 'addToHomeScreen', 'addToHomeScreen', at),
    );
    const [row] = issued
      ? [issued]
      : await db
          .select()
          .from(coupons)
          .where(and(eq(coupons.customerId, customerId), eq(coupons.issueKey, 'addToHomeScreen')));
    return { issued: issued !== null, coupon: row ? couponView(row, at) : null };
  }

  /**
   * The expiry job: unused coupons past their date become expired; those expiring within `expiringNoticeDays` get
   * one couponExpiring message each (dedupeKey). Safe to run twice and on several instances at once (conditional
   * updates, unique dedupe keys).
   */
  async function expire(): Promise<{ expired: number; noticed: number }> {
    const at = now();
    const expired = await db
      .update(coupons)
      .set({ state: 'expired' })
      .where(and(eq(coupons.state, 'unused'), lte(coupons.expiresAt, at)))
      .returning({ id: coupons.id });
    const soon = await db
      .select()
      .from(coupons)
      .where(
        and(
          eq(coupons.state, 'unused'),
          gt(coupons.expiresAt, at),
          lte(coupons.expiresAt, new Date(at.getTime() + config.expiringNoticeDays * DAY_MS)),
        ),
      )
      .limit(1000);
    for (const row of soon) {
      await notify(db, {
        customerId: row.customerId,
        template: 'couponExpiring',
        params: { amountCentavos: row.amount, kind: row.kind, expiresOn: manilaToday(row.expiresAt) },
        link: '/coupon',
        dedupeKey: `couponExpiring:${row.id}`,
        at,
      });
    }
    return { expired: expired.length, noticed: soon.length };
  }

  return { usable, invalid, claimAddToHomeScreen, expire };
}

export type CouponService = ReturnType<typeof createCouponService>;

/** Hourly: the expiry job, once per hour for all instances (the hour is its key). */
const EXPIRY_EVERY_MS = 3_600_000;

/** The coupon expiry job and its schedule, for the job runner (server/jobs/runner.ts). */
export function couponJobs(service: CouponService): { handlers: Record<string, JobHandler>; schedules: Schedule[] } {
  return {
    handlers: {
      expire_coupons: async () => {
        await service.expire();
      },
    },
    schedules: [
      (at) => {
        const slot = Math.floor(at.getTime() / EXPIRY_EVERY_MS);
        return { kind: 'expire_coupons', key: `expire_coupons:${slot}`, runAt: new Date(slot * EXPIRY_EVERY_MS) };
      },
    ],
  };
}
