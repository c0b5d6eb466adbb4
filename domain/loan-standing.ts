/**
 * What the bill shows of a disbursed loan, read from its ledger (loan-ledger.ts): the plan as it stands and the
 * loan's standing on a day (headline, next instalment, extension offer). Shared by the server's order view and the web
 * app's test fixtures, so both read a ledger the same way.
 */
import { daysBetween } from './calendar-date.ts';
import {
  extensionTerms,
  figuresOf,
  interestToCome,
  nextDue,
  outstandingOf,
  total,
  type ExtensionRules,
  type Ledger,
} from './loan-ledger.ts';
import type { SubProductPricing } from './loan-types.ts';
import type { Centavos } from './money.ts';

/** A row of the plan as the bill shows it. */
export interface ScheduleRow {
  readonly period: number;
  readonly dueDate: string;
  readonly principalCentavos: Centavos;
  readonly interestCentavos: Centavos;
  readonly feeCentavos: Centavos;
  readonly penaltiesCentavos: Centavos;
  /** Everything the period has owed and will on its due date (principal, interest, fees, penalties). */
  readonly amountCentavos: Centavos;
  readonly paidCentavos: Centavos;
  readonly outstandingCentavos: Centavos;
  readonly waivedCentavos: Centavos;
  readonly state: 'paid' | 'overdue' | 'due' | 'upcoming';
}

/**
 * The plan as it stands, each period as it will ask on its due date (the interest still to accrue to it on today's
 * principal included): rows sum to the amount repaid (paid) and to the amount owed on the due dates (outstanding).
 */
export function scheduleOf(ledger: Ledger, day: string): ScheduleRow[] {
  const next = nextDue(ledger);
  const toCome = interestToCome(ledger).byRow;
  return ledger.rows.map((row, i) => {
    const coming = toCome[i]!;
    const out = total(outstandingOf(row)) + coming;
    const state =
      out === 0
        ? 'paid'
        : daysBetween(row.dueDate, day) > 0
          ? 'overdue'
          : row.period === next?.row.period
            ? 'due'
            : 'upcoming';
    return {
      period: row.period,
      dueDate: row.dueDate,
      principalCentavos: row.owed.principal,
      interestCentavos: row.owed.interest + coming,
      feeCentavos: row.owed.fee,
      penaltiesCentavos: row.owed.lateFine + row.owed.damages,
      amountCentavos: total(row.owed) + coming,
      paidCentavos: total(row.paid),
      outstandingCentavos: out,
      waivedCentavos: row.waived,
      state,
    };
  });
}

/** What the bill shows of a disbursed loan on `day`: its headline, next instalment, extension offer and plan, from one ledger. */
export interface LoanStanding {
  readonly dueDate: string | null;
  readonly overdueDays: number;
  readonly lateFineCentavos: Centavos;
  readonly damagesCentavos: Centavos;
  /** What full settlement pays today (interest to today). */
  readonly amountDueCentavos: Centavos;
  /** What is owed on the due date if nothing is paid before (the interest to it included). */
  readonly amountAtDueCentavos: Centavos;
  readonly amountRepaidCentavos: Centavos;
  readonly paidPeriods: number;
  readonly extensionCount: number;
  readonly settledOn: string | null;
  readonly schedule: ScheduleRow[];
  /** The oldest period still owing of an instalment loan. */
  readonly instalment: {
    period: number;
    count: number;
    /** What paying it today takes (its interest to today). */
    amountCentavos: Centavos;
    /** What it asks on its due date. */
    amountAtDueCentavos: Centavos;
    dueDate: string;
  } | null;
  readonly extension: {
    amountCentavos: Centavos;
    newDueDate: string;
    feeCentavos: Centavos;
    newAmountDueCentavos: Centavos;
    waivedCentavos: Centavos;
  } | null;
}

export function standingOf(ledger: Ledger, sub_: SubProductPricing, rules: ExtensionRules, day: string): LoanStanding {
  const f = figuresOf(ledger, day);
  const next = ledger.rows.length > 1 ? nextDue(ledger) : null;
  const offer = f.settled ? null : extensionTerms(ledger, sub_, rules, day);
  return {
    dueDate: f.dueDate,
    overdueDays: f.overdueDays,
    lateFineCentavos: f.outstanding.lateFine,
    damagesCentavos: f.outstanding.damages,
    amountDueCentavos: f.amountDue,
    amountAtDueCentavos: f.amountAtDue,
    amountRepaidCentavos: f.amountRepaid,
    paidPeriods: f.paidPeriods,
    extensionCount: ledger.extensionCount,
    settledOn: ledger.closedOn,
    schedule: scheduleOf(ledger, day),
    instalment: next
      ? {
          period: next.row.period,
          count: ledger.rows.length,
          amountCentavos: next.amount,
          amountAtDueCentavos: next.amountAtDue,
          dueDate: next.row.dueDate,
        }
      : null,
    extension: offer
      ? {
          amountCentavos: offer.amount,
          newDueDate: offer.newDueDate,
          feeCentavos: offer.fee,
          newAmountDueCentavos: offer.newAmountDue,
          waivedCentavos: offer.waived,
        }
      : null,
  };
}
