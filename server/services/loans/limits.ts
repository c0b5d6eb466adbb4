/**
 * The credit limit and its history: one reader of the facts (income band, orders repaid on time, the one-time raises
 * granted) for the pure rules of domain/underwriting.ts (limitHistory, config/underwriting.json limitRaises). Home,
 * apply, underwriting and the profile's limit screen all ask here, so they never disagree.
 */
import { and, asc, eq } from 'drizzle-orm';
import { ageOn } from '#domain/calendar-date.ts';
import {
  decide,
  limitHistory,
  nextRaises,
  type LimitHistoryEntry,
  type LimitRaiseReason,
  type NextRaise,
  type OneTimeRaiseReason,
  type RejectReason,
  type ReviewReason,
} from '#domain/underwriting.ts';
import { limitRaises } from '#server/db/tables.ts';
import { sectionOf } from '../profile-sections.ts';
import type { LoanContext } from './context.ts';
import type { Db, OrderRow, Tx } from './repository.ts';

/** A one-time raise granted (a limit_raises row). */
export interface GrantedRaise {
  readonly reason: OneTimeRaiseReason;
  readonly at: string;
  readonly amountCentavos: number;
  readonly grantedBy: string;
}

export interface LimitView {
  readonly creditLimitCentavos: number | null;
  readonly history: readonly (LimitHistoryEntry & { readonly grantedBy: string })[];
  readonly next: readonly (NextRaise & { readonly stepCentavos: number; readonly ceilingCentavos: number })[];
}

/**
 * Why home shows no limit: the profile is not complete (apply refuses it), underwriting would refuse the profile as
 * it stands (with the day a past refusal lets them apply again, when one is still ahead), or only a person can set it.
 */
export type LimitWithheld =
  | { readonly code: 'PROFILE_INCOMPLETE'; readonly reason: null; readonly reapplyAfter: null }
  | { readonly code: 'WOULD_REJECT'; readonly reason: RejectReason; readonly reapplyAfter: string | null }
  | { readonly code: 'NEEDS_REVIEW'; readonly reason: ReviewReason; readonly reapplyAfter: null };

/** The limit home may offer: a number only when underwriting would grant it to the profile as it stands. */
export interface HomeLimit {
  readonly creditLimitCentavos: number | null;
  readonly limitWithheld: LimitWithheld | null;
}

const ONE_TIME: readonly string[] = ['addToHomeScreen', 'facebookBinding'];

export function createLimits(ctx: LoanContext) {
  const { db, repo, now } = ctx;
  const config = ctx.underwriting;

  const incomeBandOf = (workInfo: Record<string, unknown> | undefined) =>
    typeof workInfo?.['monthlyIncome'] === 'string' ? workInfo['monthlyIncome'] : null;

  /** Settled orders never more than `maxOverdueDays` overdue, oldest first (each one raise). */
  function repaidOnTime(orders: readonly OrderRow[]): { reason: LimitRaiseReason; at: string }[] {
    const max = config.limitRaises.repaidOnTime.maxOverdueDays;
    return orders
      .filter((o) => o.state === 'settled' && Math.max(o.overdueDays, ctx.ledgerOf(o)?.worstOverdueDays ?? 0) <= max)
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime())
      .map((o) => ({ reason: 'repaidOnTime', at: o.updatedAt.toISOString() }));
  }

  /** The one-time raises granted to a customer, in the order they were granted. */
  async function grantedRaises(dbOrTx: Db, customerId: string): Promise<GrantedRaise[]> {
    const rows = await dbOrTx
      .select()
      .from(limitRaises)
      .where(eq(limitRaises.customerId, customerId))
      .orderBy(asc(limitRaises.createdAt), asc(limitRaises.id));
    return rows
      .filter((r) => ONE_TIME.includes(r.reason))
      .map((r) => ({
        reason: r.reason as OneTimeRaiseReason,
        at: r.createdAt.toISOString(),
        amountCentavos: r.amount,
        grantedBy: r.grantedBy,
      }));
  }

  function historyOf(
    workInfo: Record<string, unknown> | undefined,
    orders: readonly OrderRow[],
    granted: readonly GrantedRaise[],
  ): LimitHistoryEntry[] | null {
    return limitHistory(config, incomeBandOf(workInfo), [...repaidOnTime(orders), ...granted]);
  }

  /**
   * The borrower's limit: the band's first limit raised by the orders repaid on time and the one-time raises; the
   * config's maximum when the band does not approve (underwriting decides). `granted`: grantedRaises of the customer.
   */
  function limitOf(
    workInfo: Record<string, unknown> | undefined,
    orders: readonly OrderRow[],
    granted: readonly GrantedRaise[],
  ): number {
    return historyOf(workInfo, orders, granted)?.at(-1)?.limitAfterCentavos ?? config.maxLimitCentavos;
  }

  /**
   * What underwriting (domain decide, the rules the `underwrite` job applies) would decide today for the profile as
   * it stands, asking for nothing above the limit: home shows a limit only when it would approve, never the config's
   * maximum as limitOf's fallback does. A review with an approving band keeps the band's limit (a person looks at
   * the history, the limit is known).
   */
  function homeLimit(facts: {
    readonly complete: boolean;
    readonly identity: Record<string, unknown> | undefined;
    readonly workInfo: Record<string, unknown> | undefined;
    readonly orders: readonly OrderRow[];
    readonly granted: readonly GrantedRaise[];
    readonly day: string;
  }): HomeLimit {
    const { identity, workInfo, orders, granted, day } = facts;
    if (!facts.complete)
      return {
        creditLimitCentavos: null,
        limitWithheld: { code: 'PROFILE_INCOMPLETE', reason: null, reapplyAfter: null },
      };
    const birthDate = identity?.['birthDate'];
    const employmentType = workInfo?.['employmentType'];
    const decision = decide(
      config,
      {
        age: typeof birthDate === 'string' ? ageOn(birthDate, day) : null,
        incomeBand: incomeBandOf(workInfo),
        employmentType: typeof employmentType === 'string' ? employmentType : null,
        settledOrders: repaidOnTime(orders).length,
        oneTimeRaises: granted.map((g) => g.reason),
        // As the underwrite job reads the history: settled and repaying orders' days overdue, and every ledger's worst.
        worstOverdueDays: Math.max(
          0,
          ...orders.filter((o) => o.state === 'settled' || o.state === 'repaying').map((o) => o.overdueDays),
          ...orders.map((o) => ctx.ledgerOf(o)?.worstOverdueDays ?? 0),
        ),
        requestedPrincipalCentavos: 0,
      },
      day,
    );
    if (decision.decision === 'approve') return { creditLimitCentavos: decision.limitCentavos, limitWithheld: null };
    if (decision.decision === 'reject') {
      // decide's own reapply day counts from an application not made; only a refusal on record sets a day.
      const newest = orders[0];
      const reapplyAfter =
        newest?.state === 'rejected' && newest.reapplyAfter && newest.reapplyAfter > day ? newest.reapplyAfter : null;
      return {
        creditLimitCentavos: null,
        limitWithheld: { code: 'WOULD_REJECT', reason: decision.reason, reapplyAfter },
      };
    }
    const limit = historyOf(workInfo, orders, granted)?.at(-1)?.limitAfterCentavos ?? null;
    return limit !== null
      ? { creditLimitCentavos: limit, limitWithheld: null }
      : {
          creditLimitCentavos: null,
          limitWithheld: { code: 'NEEDS_REVIEW', reason: decision.reason, reapplyAfter: null },
        };
  }

  /** The profile's limit screen: the limit, its history (newest first) and what would raise it next. */
  async function view(customerId: string): Promise<LimitView> {
    const [workInfo, orders, granted] = await Promise.all([
      sectionOf(db, customerId, 'workInfo'),
      repo.ordersOf(db, customerId),
      grantedRaises(db, customerId),
    ]);
    const history = historyOf(workInfo, orders, granted);
    const limit = history?.at(-1)?.limitAfterCentavos ?? null;
    const by = new Map(granted.map((g) => [g.reason as string, g.grantedBy]));
    return {
      creditLimitCentavos: limit,
      history: (history ?? []).map((e) => ({ ...e, grantedBy: by.get(e.reason) ?? 'system' })).reverse(),
      next: nextRaises(
        config,
        limit ?? 0,
        granted.map((g) => g.reason),
      ).map((n) => ({
        ...n,
        stepCentavos: config.limitRaises[n.reason].stepCentavos,
        ceilingCentavos: config.limitRaises[n.reason].ceilingCentavos,
      })),
    };
  }

  /**
   * Grants a one-time raise inside `tx`, which holds the customer's row lock (the lock order of repository.ts): once
   * per customer and reason (the unique index answers a concurrent duplicate), recording what it adds now. Returns
   * what it added, or null when it had been granted already.
   */
  async function grantInTx(
    tx: Tx,
    customerId: string,
    reason: OneTimeRaiseReason,
    grantedBy = 'system',
  ): Promise<number | null> {
    const [existing] = await tx
      .select({ id: limitRaises.id })
      .from(limitRaises)
      .where(and(eq(limitRaises.customerId, customerId), eq(limitRaises.reason, reason)));
    if (existing) return null;
    const [workInfo, orders, granted] = await Promise.all([
      sectionOf(tx, customerId, 'workInfo'),
      repo.ordersOf(tx, customerId),
      grantedRaises(tx, customerId),
    ]);
    // What it adds as the rules apply it; 0 without an approving band yet (the raise still counts once the band approves).
    const amount =
      historyOf(workInfo, orders, [...granted, { reason, at: now().toISOString(), amountCentavos: 0, grantedBy }])?.at(
        -1,
      )?.amountCentavos ?? 0;
    const inserted = await tx
      .insert(limitRaises)
      .values({ customerId, reason, amount, grantedBy, createdAt: now() })
      .onConflictDoNothing()
      .returning({ id: limitRaises.id });
    return inserted.length > 0 ? amount : null;
  }

  /** `grantInTx` in its own transaction, locking the customer first. */
  function grant(customerId: string, reason: OneTimeRaiseReason, grantedBy = 'system'): Promise<number | null> {
    return db.transaction(async (tx) => {
      await repo.lockCustomer(tx, customerId);
      return grantInTx(tx, customerId, reason, grantedBy);
    });
  }

  return { repaidOnTime, grantedRaises, limitOf, homeLimit, view, grantInTx, grant };
}

export type Limits = ReturnType<typeof createLimits>;
