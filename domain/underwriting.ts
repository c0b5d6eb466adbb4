/**
 * Loan approval from configurable rules (docs/product-rules.md: age, income band, repayment history). Pure: the
 * server gathers the facts, this decides, so staff change the rules in config/underwriting.json without code. The
 * config type is declared here because domain/ cannot import config/; a unit test checks the generated type fits it.
 */
import { addDays } from './calendar-date.ts';
import type { Centavos } from './money.ts';

/** What an income band leads to: a first limit, a rejection, or a person's review. */
export type IncomeBandRule =
  | { readonly decision: 'approve'; readonly limitCentavos: Centavos }
  | { readonly decision: 'reject' }
  | { readonly decision: 'review' };

/** config/underwriting.json */
export interface UnderwritingConfig {
  /** Seconds between applying and the decision (the server's job delay; APPROVAL_DELAY_SECONDS overrides). */
  readonly approvalDelaySeconds: number;
  /** Days a rejected borrower waits before applying again. */
  readonly rejectReapplyDays: number;
  /** Ages in whole years (Manila calendar) that may borrow. */
  readonly age: { readonly min: number; readonly max: number };
  /** workInfo employment types refused outright. */
  readonly rejectEmploymentTypes: readonly string[];
  /** Rule per workInfo income band id (forms/workInfo.income-bands.json). */
  readonly incomeBands: Readonly<Record<string, IncomeBandRule>>;
  /** No limit goes above this, whatever the band and the raises. */
  readonly maxLimitCentavos: Centavos;
  /** THE rules that raise a limit above the band's first limit: each a step and a ceiling. */
  readonly limitRaises: LimitRaiseRules;
  /** A past order more days overdue than this sends the application to a person. */
  readonly reviewIfOverdueDaysOver: number;
}

/** A raise: added `stepCentavos`, never taking the limit above `ceilingCentavos` (nor the config's maximum). */
export interface LimitRaiseRule {
  readonly stepCentavos: Centavos;
  readonly ceilingCentavos: Centavos;
}

/** config/underwriting.json limitRaises */
export interface LimitRaiseRules {
  /** Each order settled at most `maxOverdueDays` overdue. */
  readonly repaidOnTime: LimitRaiseRule & { readonly maxOverdueDays: number };
  /** Once per customer: the app opened from the home screen. */
  readonly addToHomeScreen: LimitRaiseRule;
  /** Once per customer: a Facebook account bound (unbinding keeps it). */
  readonly facebookBinding: LimitRaiseRule;
}

export type LimitRaiseReason = keyof LimitRaiseRules;
/** The one-time raises (granted once per customer, recorded when granted). */
export type OneTimeRaiseReason = Exclude<LimitRaiseReason, 'repaidOnTime'>;

/** One line of a limit's history: the band's first limit, or a raise and what it added. */
export interface LimitHistoryEntry {
  readonly reason: 'incomeBand' | LimitRaiseReason;
  /** What this line added (0 when a ceiling was already reached). */
  readonly amountCentavos: Centavos;
  readonly limitAfterCentavos: Centavos;
  /** When it happened (ISO instant), as the caller gave it. */
  readonly at: string | null;
}

/** What a raise would add now, for "what raises my limit next". */
export interface NextRaise {
  readonly reason: LimitRaiseReason;
  readonly amountCentavos: Centavos;
}

/** What the next raise of `rule` adds to `current`: the step, cut at the rule's ceiling and the maximum; never negative. */
export function raiseAmount(
  config: Pick<UnderwritingConfig, 'maxLimitCentavos'>,
  rule: LimitRaiseRule,
  current: Centavos,
): Centavos {
  return Math.max(0, Math.min(current + rule.stepCentavos, rule.ceilingCentavos, config.maxLimitCentavos) - current);
}

/**
 * The limit's history, in the one order the rules apply: the income band's first limit, then each order repaid on
 * time, then the one-time raises in the order they were granted. Null when the band does not approve. A raise never
 * lowers the limit; the last line's `limitAfterCentavos` is the limit.
 */
export function limitHistory(
  config: Pick<UnderwritingConfig, 'incomeBands' | 'maxLimitCentavos' | 'limitRaises'>,
  incomeBand: string | null,
  raises: readonly { readonly reason: LimitRaiseReason; readonly at: string | null }[],
): LimitHistoryEntry[] | null {
  const rule = incomeBand === null ? undefined : config.incomeBands[incomeBand];
  if (rule?.decision !== 'approve') return null;
  let limit = Math.min(config.maxLimitCentavos, rule.limitCentavos);
  const entries: LimitHistoryEntry[] = [
    { reason: 'incomeBand', amountCentavos: limit, limitAfterCentavos: limit, at: null },
  ];
  const ordered = [
    ...raises.filter((r) => r.reason === 'repaidOnTime'),
    ...raises.filter((r) => r.reason !== 'repaidOnTime'),
  ];
  for (const raise of ordered) {
    const amount = raiseAmount(config, config.limitRaises[raise.reason], limit);
    limit += amount;
    entries.push({ reason: raise.reason, amountCentavos: amount, limitAfterCentavos: limit, at: raise.at });
  }
  return entries;
}

/** The raises still open to a borrower and what each would add to `limit` now (one-time ones not yet granted; 0 at a ceiling). */
export function nextRaises(
  config: Pick<UnderwritingConfig, 'maxLimitCentavos' | 'limitRaises'>,
  limit: Centavos,
  granted: readonly OneTimeRaiseReason[],
): NextRaise[] {
  return (Object.keys(config.limitRaises) as LimitRaiseReason[])
    .filter((reason) => reason === 'repaidOnTime' || !granted.includes(reason))
    .map((reason) => ({ reason, amountCentavos: raiseAmount(config, config.limitRaises[reason], limit) }));
}

export interface UnderwritingFacts {
  /** Age on the decision day; null when the birth date is missing. */
  readonly age: number | null;
  readonly incomeBand: string | null;
  readonly employmentType: string | null;
  /** Orders settled on time (limitRaises.repaidOnTime.maxOverdueDays): each raises the limit. */
  readonly settledOrders: number;
  /** The one-time raises granted (limit_raises rows), in the order they were granted. */
  readonly oneTimeRaises?: readonly OneTimeRaiseReason[];
  /** The most days any past order was overdue (0 when none). */
  readonly worstOverdueDays: number;
  readonly requestedPrincipalCentavos: Centavos;
}

export type UnderwritingDecision =
  | { readonly decision: 'approve'; readonly limitCentavos: Centavos }
  | { readonly decision: 'reject'; readonly reason: RejectReason; readonly reapplyAfter: string }
  | { readonly decision: 'review'; readonly reason: ReviewReason };

export type RejectReason = 'AGE_OUT_OF_RANGE' | 'EMPLOYMENT_TYPE' | 'INCOME_BAND';
export type ReviewReason =
  'MISSING_FACTS' | 'UNKNOWN_INCOME_BAND' | 'INCOME_BAND_REVIEW' | 'OVERDUE_HISTORY' | 'OVER_LIMIT';

/**
 * The borrower's credit limit from the income band, the orders settled on time and the one-time raises granted, or
 * null when the band does not approve (limitHistory's last line). The home screen shows it and the apply route
 * refuses amounts above it.
 */
export function creditLimitCentavos(
  config: UnderwritingConfig,
  facts: Pick<UnderwritingFacts, 'incomeBand' | 'settledOrders' | 'oneTimeRaises'>,
): Centavos | null {
  const raises = [
    ...Array.from({ length: Math.max(0, facts.settledOrders) }, () => ({ reason: 'repaidOnTime' as const, at: null })),
    ...(facts.oneTimeRaises ?? []).map((reason) => ({ reason, at: null })),
  ];
  return limitHistory(config, facts.incomeBand, raises)?.at(-1)?.limitAfterCentavos ?? null;
}

/**
 * Decides an application on `today`. Hard rules reject (age outside the range, a refused employment type, a
 * rejecting income band) with the day the borrower may reapply; doubts go to a person rather than being refused:
 * missing facts, a band staff set to review or that the config does not know, a bad repayment history, or an
 * amount above the limit (the apply route should have refused it; a person decides rather than the borrower
 * waiting rejectReapplyDays for a race). Otherwise approve with the limit.
 */
export function decide(config: UnderwritingConfig, facts: UnderwritingFacts, today: string): UnderwritingDecision {
  const reject = (reason: RejectReason) => ({
    decision: 'reject' as const,
    reason,
    reapplyAfter: addDays(today, config.rejectReapplyDays),
  });
  if (facts.age !== null && (facts.age < config.age.min || facts.age > config.age.max))
    return reject('AGE_OUT_OF_RANGE');
  if (facts.employmentType !== null && config.rejectEmploymentTypes.includes(facts.employmentType))
    return reject('EMPLOYMENT_TYPE');
  const rule = facts.incomeBand === null ? undefined : config.incomeBands[facts.incomeBand];
  if (rule?.decision === 'reject') return reject('INCOME_BAND');
  if (facts.age === null || facts.incomeBand === null) return { decision: 'review', reason: 'MISSING_FACTS' };
  if (rule === undefined) return { decision: 'review', reason: 'UNKNOWN_INCOME_BAND' };
  if (rule.decision === 'review') return { decision: 'review', reason: 'INCOME_BAND_REVIEW' };
  if (facts.worstOverdueDays > config.reviewIfOverdueDaysOver) return { decision: 'review', reason: 'OVERDUE_HISTORY' };
  const limit = creditLimitCentavos(config, facts) ?? 0;
  if (facts.requestedPrincipalCentavos > limit) return { decision: 'review', reason: 'OVER_LIMIT' };
  return { decision: 'approve', limitCentavos: limit };
}
