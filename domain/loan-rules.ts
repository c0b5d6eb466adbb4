/**
 * The rules of a loan after it is priced: which order states follow which, how a repaying order stands against its
 * due date, what an overdue order owes in penalties, and what an extension costs. Pure functions of the order and
 * the Manila calendar day, so the server's daily job and the web app's display compute the same figures.
 */
import { addDays, daysBetween } from './calendar-date.ts';
import type { Centavos } from './money.ts';
import type { Accrual, DueStatus, OrderState, PlanPeriod, PricingConfig, SubProductPricing } from './loan-types.ts';
import { applyPpm, capPpm } from './pricing.ts';
import { capsFor } from './regulation.ts';

/**
 * The order state machine (product-decisions.md). A failed disbursement goes back to withdrawable once the borrower
 * fixes the payout account; rejected and settled are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  under_review: ['accepted', 'rejected'],
  accepted: ['withdrawable'],
  rejected: [],
  withdrawable: ['disbursing'],
  disbursing: ['repaying', 'disbursement_failed'],
  disbursement_failed: ['withdrawable'],
  repaying: ['settled'],
  settled: [],
};

/** True when an order may move from `from` to `to` in one step. */
export function canTransition(from: OrderState, to: OrderState): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * How a repaying order stands on `today`: overdue from the day after the due date, due_today on it, expiring in the
 * `expiringDays` days before it (so the borrower is warned), pending before that.
 */
export function dueStatus(config: Pick<PricingConfig, 'expiringDays'>, dueDate: string, today: string): DueStatus {
  const daysLeft = daysBetween(today, dueDate);
  if (daysLeft < 0) return 'overdue';
  if (daysLeft === 0) return 'due_today';
  return daysLeft <= config.expiringDays ? 'expiring' : 'pending';
}

/** Whole days past the due date on `today`, 0 until then. */
export function overdueDays(dueDate: string, today: string): number {
  return Math.max(0, daysBetween(dueDate, today));
}

export interface AccrualOrder {
  /**
   * The penalty basis: the amount overdue. For a single-payment loan the remaining plan; for an instalment loan the
   * overdue instalment (nextInstalment's amount), not the whole remaining plan.
   */
  readonly amountDueCentavos: Centavos;
  readonly principalCentavos: Centavos;
  /** Interest, fees and tax charged so far, extensions included (penalties excluded: they are what we compute). */
  readonly costChargedCentavos: Centavos;
  readonly dueDate: string;
}

/**
 * The late fine and overdue damages an order owes on `today`. A function of the overdue days alone, so the daily
 * job sets the figures rather than adding to them: running it twice, or late, charges the same. Damages are charged
 * once on the first overdue day, the fine each overdue day. SEC MC 14 s.2025 caps both ways: penalties at most
 * latePenaltyMonthlyMaxPpm of the amount due per started 30 days overdue, and all costs at most totalCostMaxPpm of
 * the principal. Caps round down, and when one cuts, damages are kept first and the fine takes the cut. Every cap
 * grows or stays as days pass, so the accrual never decreases.
 */
export function accrue(config: Pick<PricingConfig, 'caps'>, sub: SubProductPricing, order: AccrualOrder, today: string): Accrual {
  const days = overdueDays(order.dueDate, today);
  if (days === 0) return { overdueDays: 0, lateFineCentavos: 0, damagesCentavos: 0, capped: false };
  const fineAsked = applyPpm(order.amountDueCentavos, sub.lateFineDailyPpm) * days;
  const damagesAsked = applyPpm(order.amountDueCentavos, sub.overdueDamagesPpm);
  // The order carries no loan date here; the due date falls under the same regulation (one in the table).
  const caps = capsFor(config, order.dueDate);
  const penaltyCap = capPpm(order.amountDueCentavos, caps.latePenaltyMonthlyMaxPpm) * Math.ceil(days / 30);
  const costRoom = Math.max(0, capPpm(order.principalCentavos, caps.totalCostMaxPpm) - order.costChargedCentavos);
  const cap = Math.min(penaltyCap, costRoom);
  const damages = Math.min(damagesAsked, cap);
  const fine = Math.min(fineAsked, cap - damages);
  return { overdueDays: days, lateFineCentavos: fine, damagesCentavos: damages, capped: fine + damages < fineAsked + damagesAsked };
}

/** The next unpaid period of an instalment plan. */
export interface InstalmentDue {
  /** 1-based period number. */
  readonly period: number;
  readonly count: number;
  readonly dueDate: string;
  /** What the period still asks, penalties apart (the plan's amount, less any prepayment that left less to pay). */
  readonly amountCentavos: Centavos;
  /** The period's interest (what interest outstanding goes down by when it is paid). */
  readonly interestCentavos: Centavos;
  /** True for the last unpaid period: paying it settles the loan. */
  readonly last: boolean;
}

/**
 * The next instalment of a plan after `paidPeriods` paid periods, with `amountDueCentavos` of the plan left to pay
 * (penalties apart), or null for a single-payment plan or when every period is paid. A period asks its plan amount,
 * at most what is left; the last period asks all that is left (prepayments and partial repayments count against the
 * last periods first, so a borrower's next date and amount never jump).
 */
export function nextInstalment(plan: readonly PlanPeriod[], paidPeriods: number, amountDueCentavos: Centavos): InstalmentDue | null {
  if (plan.length < 2 || paidPeriods < 0 || paidPeriods >= plan.length) return null;
  const p = plan[paidPeriods]!;
  const last = paidPeriods === plan.length - 1 || amountDueCentavos <= p.amountCentavos;
  return {
    period: p.period,
    count: plan.length,
    dueDate: p.dueDate,
    amountCentavos: last ? amountDueCentavos : p.amountCentavos,
    interestCentavos: p.interestCentavos,
    last,
  };
}

export interface ExtensionOrder {
  readonly principalCentavos: Centavos;
  /** Interest of the current term not yet paid. */
  readonly interestOutstandingCentavos: Centavos;
  /** Interest, fees and tax charged so far, extensions included. */
  readonly costChargedCentavos: Centavos;
  readonly dueDate: string;
  /** Days from the loan date to the current due date (the original term plus earlier extensions). */
  readonly totalTermDays: number;
  readonly instalmentCount: number;
}

export interface ExtensionOffer {
  /** What the borrower pays now: the outstanding interest plus the extension fee. */
  readonly amountCentavos: Centavos;
  readonly newDueDate: string;
  /** Interest of the extension days on the unchanged principal. */
  readonly newInterestCentavos: Centavos;
  /** Amount due on the new due date: principal + the new interest. */
  readonly newAmountDueCentavos: Centavos;
  readonly feeCentavos: Centavos;
}

/**
 * What extending costs on `today`, or null when it is not offered. The borrower pays the current term's outstanding
 * interest plus the extension fee (of the principal); the due date moves extensionDays from the current due date
 * (even when overdue: the borrower buys days, not a fresh start), overdue fees are waived (the caller drops them),
 * and the principal stays owed with interest for the new days. Not offered for instalment loans (their plan has
 * several dates), when the total term would pass the caps' term (the loan would leave SEC MC 14's scope), when
 * the costs would pass the total-cost cap, or when the new due date would still be before `today` (paying would
 * leave the borrower overdue).
 */
export function extensionOffer(
  config: Pick<PricingConfig, 'caps' | 'extensionDays'>,
  sub: SubProductPricing,
  order: ExtensionOrder,
  today: string,
): ExtensionOffer | null {
  if (order.instalmentCount > 1) return null;
  const caps = capsFor(config, addDays(order.dueDate, -order.totalTermDays));
  if (order.totalTermDays + config.extensionDays > caps.termMaxDays) return null;
  const newDueDate = addDays(order.dueDate, config.extensionDays);
  if (daysBetween(today, newDueDate) < 0) return null;
  const fee = applyPpm(order.principalCentavos, sub.extensionFeePpm);
  const newInterest = applyPpm(order.principalCentavos, sub.dailyInterestPpm, config.extensionDays);
  if (order.costChargedCentavos + fee + newInterest > capPpm(order.principalCentavos, caps.totalCostMaxPpm)) return null;
  return {
    amountCentavos: order.interestOutstandingCentavos + fee,
    newDueDate,
    newInterestCentavos: newInterest,
    newAmountDueCentavos: order.principalCentavos + newInterest,
    feeCentavos: fee,
  };
}
