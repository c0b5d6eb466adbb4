/**
 * Loan approval from configurable rules (product-decisions.md: age, income band, repayment history). Pure: the
 * server gathers the facts, this decides, so staff change the rules in config/underwriting.json without code. The
 * config type is declared here because domain/ cannot import config/; a unit test checks the generated type fits it.
 */
import { addDays } from './calendar-date.ts';
import type { Centavos } from './money.ts';

/** What an income band leads to: a first limit, a rejection, or a person's review. */
export type IncomeBandRule = { readonly decision: 'approve'; readonly limitCentavos: Centavos } | { readonly decision: 'reject' } | { readonly decision: 'review' };

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
  /** Rule per workInfo income band id (schemas/workInfo.income-bands.json). */
  readonly incomeBands: Readonly<Record<string, IncomeBandRule>>;
  /** Limit added per settled order: repaying well raises the limit. */
  readonly limitStepPerSettledCentavos: Centavos;
  readonly maxLimitCentavos: Centavos;
  /** A past order more days overdue than this sends the application to a person. */
  readonly reviewIfOverdueDaysOver: number;
}

export interface UnderwritingFacts {
  /** Age on the decision day; null when the birth date is missing. */
  readonly age: number | null;
  readonly incomeBand: string | null;
  readonly employmentType: string | null;
  readonly settledOrders: number;
  /** The most days any past order was overdue (0 when none). */
  readonly worstOverdueDays: number;
  readonly requestedPrincipalCentavos: Centavos;
}

export type UnderwritingDecision =
  | { readonly decision: 'approve'; readonly limitCentavos: Centavos }
  | { readonly decision: 'reject'; readonly reason: RejectReason; readonly reapplyAfter: string }
  | { readonly decision: 'review'; readonly reason: ReviewReason };

export type RejectReason = 'AGE_OUT_OF_RANGE' | 'EMPLOYMENT_TYPE' | 'INCOME_BAND';
export type ReviewReason = 'MISSING_FACTS' | 'UNKNOWN_INCOME_BAND' | 'INCOME_BAND_REVIEW' | 'OVERDUE_HISTORY' | 'OVER_LIMIT';

/**
 * The borrower's credit limit from the income band and the settled orders, or null when the band does not approve.
 * The home screen shows it and the apply route refuses amounts above it.
 */
export function creditLimitCentavos(config: UnderwritingConfig, facts: Pick<UnderwritingFacts, 'incomeBand' | 'settledOrders'>): Centavos | null {
  const rule = facts.incomeBand === null ? undefined : config.incomeBands[facts.incomeBand];
  if (rule?.decision !== 'approve') return null;
  return Math.min(config.maxLimitCentavos, rule.limitCentavos + Math.max(0, facts.settledOrders) * config.limitStepPerSettledCentavos);
}

/**
 * Decides an application on `today`. Hard rules reject (age outside the range, a refused employment type, a
 * rejecting income band) with the day the borrower may reapply; doubts go to a person rather than being refused:
 * missing facts, a band staff set to review or that the config does not know, a bad repayment history, or an
 * amount above the limit (the apply route should have refused it; a person decides rather than the borrower
 * waiting rejectReapplyDays for a race). Otherwise approve with the limit.
 */
export function decide(config: UnderwritingConfig, facts: UnderwritingFacts, today: string): UnderwritingDecision {
  const reject = (reason: RejectReason) => ({ decision: 'reject' as const, reason, reapplyAfter: addDays(today, config.rejectReapplyDays) });
  if (facts.age !== null && (facts.age < config.age.min || facts.age > config.age.max)) return reject('AGE_OUT_OF_RANGE');
  if (facts.employmentType !== null && config.rejectEmploymentTypes.includes(facts.employmentType)) return reject('EMPLOYMENT_TYPE');
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
