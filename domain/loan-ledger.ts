/**
 * The ledger of a disbursed loan: what each period of the plan owes and what has been paid of it, component by
 * component (principal, interest, extension fee, late fine, overdue damages). Every money change of a repaying loan
 * (a payment, an extension, a day's accrual) is a pure function of the ledger that returns the next ledger and what
 * it did, so the server only stores what these functions return and the bill, the plan and the record are all read
 * from the same rows: they cannot tell different stories.
 *
 * Rules (product-decisions.md, SEC MC 14 s.2025):
 * - A payment pays the oldest period first; within a period the damages, then the late fine, then the extension
 *   fee, then the interest, and the principal last (Civil Code Art. 1253: interest before principal). What is left
 *   after every period is paid is returned as unapplied (to refund).
 * - An extension (single-payment loans) works on what is still owed: the fee is of the principal outstanding, the
 *   new interest is the extension days on the principal outstanding, the borrower pays the interest and fees
 *   outstanding plus the fee, outstanding penalties are waived (an extension charges no overdue fees), the due date
 *   moves by the extension days and principal is never owed twice.
 * - Penalties accrue day by day on every overdue period (its principal, interest and fee outstanding): the damages
 *   once on its first overdue day, the fine each overdue day. A period's penalties stay within the late-penalty cap
 *   of its amount overdue per started 30 days, and every cost of the loan (upfront fees and tax, interest, fees,
 *   penalties) within the total-cost cap of the principal. Accrual records the last day it covered, so a rerun, or
 *   a job that runs twice, charges nothing more.
 */
import { addDays, daysBetween } from './calendar-date.ts';
import type { Centavos } from './money.ts';
import type { LendingCaps, Quote, SubProductPricing } from './loan-types.ts';
import { applyPpm, capPpm } from './pricing.ts';

/** Money by component. */
export interface Components {
  readonly principal: Centavos;
  readonly interest: Centavos;
  readonly fee: Centavos;
  readonly lateFine: Centavos;
  readonly damages: Centavos;
}

export const ZERO: Components = { principal: 0, interest: 0, fee: 0, lateFine: 0, damages: 0 };
/** The order a payment pays a period's components in. */
export const ALLOCATION_ORDER: readonly (keyof Components)[] = ['damages', 'lateFine', 'fee', 'interest', 'principal'];

/** The sum of two amounts by component. */
export const addComponents = (a: Components, b: Components): Components => ({
  principal: a.principal + b.principal,
  interest: a.interest + b.interest,
  fee: a.fee + b.fee,
  lateFine: a.lateFine + b.lateFine,
  damages: a.damages + b.damages,
});
const sub = (a: Components, b: Components): Components => ({
  principal: a.principal - b.principal,
  interest: a.interest - b.interest,
  fee: a.fee - b.fee,
  lateFine: a.lateFine - b.lateFine,
  damages: a.damages - b.damages,
});
/** The total of the components. */
export const total = (c: Components): Centavos => c.principal + c.interest + c.fee + c.lateFine + c.damages;
const penaltiesOf = (c: Components): Centavos => c.lateFine + c.damages;

/** One period of the plan: what it owes (charged so far) and what has been paid of it. */
export interface LedgerRow {
  /** 1-based. */
  readonly period: number;
  readonly dueDate: string;
  readonly owed: Components;
  readonly paid: Components;
  /** What the period owed (penalties apart) on its first overdue day: the base of its late-penalty cap; null until then. */
  readonly penaltyBasis: Centavos | null;
  /** Penalties waived by extensions. */
  readonly waived: Centavos;
}

export interface Ledger {
  readonly principal: Centavos;
  /** Service fee, credit report fee and tax, deducted at disbursement: costs already charged. */
  readonly upfrontCost: Centavos;
  readonly loanDate: string;
  readonly rows: readonly LedgerRow[];
  /** The last Manila day the accrual covered (the loan date until a period is overdue). */
  readonly accruedThrough: string;
  readonly extensionCount: number;
  /** Days from the loan date to the last due date (the term plus the extensions). */
  readonly totalTermDays: number;
  /** The most days any period has been overdue (underwriting reads the repayment history). */
  readonly worstOverdueDays: number;
  /** The Manila day the last payment settled the loan; null while anything is owed. */
  readonly closedOn: string | null;
  /** Costs forgiven by repayment coupons (discount), in all; absent on ledgers from before coupons (0). */
  readonly discounted?: Centavos;
}

/** The ledger of a loan disbursed on the quote's loan date (the quote re-dated to the day the money arrived). */
export function openLedger(q: Quote): Ledger {
  return {
    principal: q.principalCentavos,
    upfrontCost:
      q.serviceFeeCentavos +
      q.creditReportFeeCentavos +
      q.taxCentavos -
      (q.couponKind === 'withdrawal' ? q.couponCentavos : 0),
    loanDate: q.loanDate,
    rows: q.plan.map((p) => ({
      period: p.period,
      dueDate: p.dueDate,
      // The plan's amount already carries the repayment coupon (as less interest on the last period).
      owed: { ...ZERO, principal: p.principalCentavos, interest: p.amountCentavos - p.principalCentavos },
      paid: ZERO,
      penaltyBasis: null,
      waived: 0,
    })),
    accruedThrough: q.loanDate,
    extensionCount: 0,
    totalTermDays: q.termDays,
    worstOverdueDays: 0,
    closedOn: null,
  };
}

/** What a row still owes, by component. */
export const outstandingOf = (row: LedgerRow): Components => sub(row.owed, row.paid);
const isPaid = (row: LedgerRow): boolean => total(outstandingOf(row)) === 0;

/** Every figure of a ledger on `day`, as the bill, the order list and the jobs read them. */
export interface LedgerFigures {
  readonly owed: Components;
  readonly paid: Components;
  readonly outstanding: Components;
  /** Everything still owed: what full settlement pays today. */
  readonly amountDue: Centavos;
  readonly amountRepaid: Centavos;
  /** Upfront costs, interest, fees and penalties charged so far (the total-cost cap's numerator). */
  readonly costCharged: Centavos;
  /** The due date of the oldest period still owing, or null when all is paid. */
  readonly dueDate: string | null;
  /** Days the oldest period still owing is past its due date on `day`. */
  readonly overdueDays: number;
  readonly paidPeriods: number;
  readonly settled: boolean;
}

export function figuresOf(ledger: Ledger, day: string): LedgerFigures {
  const owed = ledger.rows.reduce((s, r) => addComponents(s, r.owed), ZERO);
  const paid = ledger.rows.reduce((s, r) => addComponents(s, r.paid), ZERO);
  const outstanding = sub(owed, paid);
  const open = ledger.rows.find((r) => !isPaid(r));
  return {
    owed,
    paid,
    outstanding,
    amountDue: total(outstanding),
    amountRepaid: total(paid),
    costCharged: ledger.upfrontCost + owed.interest + owed.fee + penaltiesOf(owed),
    dueDate: open?.dueDate ?? null,
    overdueDays: open ? Math.max(0, daysBetween(open.dueDate, day)) : 0,
    paidPeriods: ledger.rows.filter(isPaid).length,
    settled: open === undefined,
  };
}

/** The row a borrower pays next (the oldest still owing), with what it asks in all. */
export function nextDue(ledger: Ledger): { row: LedgerRow; amount: Centavos; last: boolean } | null {
  const index = ledger.rows.findIndex((r) => !isPaid(r));
  if (index < 0) return null;
  const row = ledger.rows[index]!;
  const last = ledger.rows.slice(index + 1).every(isPaid);
  return { row, amount: total(outstandingOf(row)), last };
}

export interface Allocation {
  readonly ledger: Ledger;
  /** What the money paid, by component. */
  readonly applied: Components;
  /** Money left when nothing was owed any more (to refund). */
  readonly unapplied: Centavos;
}

/**
 * Pays `amount` against the ledger: oldest period first, each period in ALLOCATION_ORDER. With `day`, a payment that
 * leaves nothing owed closes the ledger on that day.
 */
export function allocate(ledger: Ledger, amount: Centavos, day?: string): Allocation {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`a payment is whole centavos >= 0, got ${amount}`);
  let left = amount;
  let applied = ZERO;
  const rows = ledger.rows.map((row) => {
    if (left === 0) return row;
    const out = outstandingOf(row);
    const pay: Record<keyof Components, number> = { ...ZERO };
    for (const part of ALLOCATION_ORDER) {
      const take = Math.min(left, out[part]);
      pay[part] = take;
      left -= take;
    }
    if (total(pay) === 0) return row;
    applied = addComponents(applied, pay);
    return { ...row, paid: addComponents(row.paid, pay) };
  });
  const closedOn = ledger.closedOn ?? (day !== undefined && rows.every(isPaid) ? day : null);
  return { ledger: { ...ledger, rows, closedOn }, applied, unapplied: left };
}

/** The costs (every component but the principal) a discount may lower, in the order it lowers them. */
const DISCOUNTABLE: readonly (keyof Components)[] = ['damages', 'lateFine', 'fee', 'interest'];

/** What a discount of up to `amount` would take off the amount due now: at most the costs still outstanding. */
export function discountRoom(ledger: Ledger, amount: Centavos): Centavos {
  const out = ledger.rows.reduce((s, r) => addComponents(s, outstandingOf(r)), ZERO);
  return Math.max(0, Math.min(amount, total(out) - out.principal));
}

/**
 * A repayment coupon: lowers what is owed (not what was paid) by up to `amount`, oldest period first, each period's
 * costs in ALLOCATION_ORDER; the principal is never forgiven. So the amount due falls by exactly `applied`, the
 * amount repaid is unchanged, and `discounted` keeps the total the plan and record show.
 */
export function discount(ledger: Ledger, amount: Centavos): { ledger: Ledger; applied: Components } {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`a discount is whole centavos >= 0, got ${amount}`);
  let left = amount;
  let applied = ZERO;
  const rows = ledger.rows.map((row) => {
    if (left === 0) return row;
    const out = outstandingOf(row);
    const take: Record<keyof Components, number> = { ...ZERO };
    for (const part of DISCOUNTABLE) {
      take[part] = Math.min(left, out[part]);
      left -= take[part];
    }
    if (total(take) === 0) return row;
    applied = addComponents(applied, take);
    return { ...row, owed: sub(row.owed, take) };
  });
  return { ledger: { ...ledger, rows, discounted: (ledger.discounted ?? 0) + total(applied) }, applied };
}

export interface ExtensionTerms {
  /** What the borrower pays now: interest and fees outstanding plus the extension fee. */
  readonly amount: Centavos;
  readonly newDueDate: string;
  readonly fee: Centavos;
  /** Interest of the extension days on the principal outstanding. */
  readonly newInterest: Centavos;
  /** What is owed on the new due date: principal outstanding plus the new interest. */
  readonly newAmountDue: Centavos;
  /** Outstanding penalties the extension waives. */
  readonly waived: Centavos;
}

export interface ExtensionRules {
  readonly caps: LendingCaps;
  readonly extensionDays: number;
}

/**
 * What extending costs on `day`, or null when it is not offered: not for instalment loans (several dates), not once
 * the principal is repaid (nothing to extend), not when the total term would pass the caps' term (the loan would
 * leave the regulation's scope), not when the costs would pass the total-cost cap, and not when the new due date
 * would still be before `day` (paying would leave the borrower overdue).
 */
export function extensionTerms(
  ledger: Ledger,
  sub_: SubProductPricing,
  rules: ExtensionRules,
  day: string,
): ExtensionTerms | null {
  if (ledger.rows.length !== 1) return null;
  const row = ledger.rows[0]!;
  const out = outstandingOf(row);
  if (out.principal <= 0) return null;
  if (ledger.totalTermDays + rules.extensionDays > rules.caps.termMaxDays) return null;
  const newDueDate = addDays(row.dueDate, rules.extensionDays);
  if (daysBetween(day, newDueDate) < 0) return null;
  const fee = applyPpm(out.principal, sub_.extensionFeePpm);
  const newInterest = applyPpm(out.principal, sub_.dailyInterestPpm, rules.extensionDays);
  const waived = penaltiesOf(out);
  const costAfter = figuresOf(ledger, day).costCharged - waived + fee + newInterest;
  if (costAfter > capPpm(ledger.principal, rules.caps.totalCostMaxPpm)) return null;
  return {
    amount: out.interest + out.fee + fee,
    newDueDate,
    fee,
    newInterest,
    newAmountDue: out.principal + newInterest,
    waived,
  };
}

/**
 * The extension bought with `terms` (extensionTerms of the same ledger and day): penalties waived, the fee and the
 * new interest charged, the interest and fees outstanding paid, the due date moved. The payment itself is
 * `terms.amount`; the caller allocates any money over it.
 */
export function extend(ledger: Ledger, terms: ExtensionTerms, extensionDays: number, day: string): Allocation {
  const row = ledger.rows[0]!;
  const owed: Components = {
    ...row.owed,
    lateFine: row.paid.lateFine,
    damages: row.paid.damages,
    fee: row.owed.fee + terms.fee,
  };
  const charged: Ledger = {
    ...ledger,
    rows: [{ ...row, owed, waived: row.waived + terms.waived, dueDate: terms.newDueDate, penaltyBasis: null }],
    accruedThrough: day > ledger.accruedThrough ? day : ledger.accruedThrough,
    extensionCount: ledger.extensionCount + 1,
    totalTermDays: ledger.totalTermDays + extensionDays,
  };
  // Pay the interest and fees due now, then add the new days' interest (so the payment cannot reach it).
  const paid = allocate(charged, terms.amount);
  const after = paid.ledger.rows[0]!;
  return {
    ...paid,
    ledger: {
      ...paid.ledger,
      rows: [{ ...after, owed: { ...after.owed, interest: after.owed.interest + terms.newInterest } }],
    },
  };
}

export interface PenaltyRates {
  readonly lateFineDailyPpm: number;
  readonly overdueDamagesPpm: number;
}

export interface AccrualResult {
  readonly ledger: Ledger;
  /** Penalties charged by this run, by component. */
  readonly charged: Components;
  /** True when a cap stopped some of it. */
  readonly capped: boolean;
}

/**
 * Charges the penalties of every overdue period for each day after `accruedThrough` up to `day`. Idempotent: a
 * second run on the same day charges nothing, and a run that missed days catches up on them.
 */
export function accrue(ledger: Ledger, rates: PenaltyRates, caps: LendingCaps, day: string): AccrualResult {
  if (daysBetween(ledger.accruedThrough, day) <= 0) return { ledger, charged: ZERO, capped: false };
  const costCap = capPpm(ledger.principal, caps.totalCostMaxPpm);
  let cost = figuresOf(ledger, day).costCharged;
  let capped = false;
  let charged = ZERO;
  let worst = ledger.worstOverdueDays;
  const rows = ledger.rows.map((row) => {
    const out = outstandingOf(row);
    const base = out.principal + out.interest + out.fee;
    if (base === 0 || daysBetween(row.dueDate, day) <= 0) return row;
    let { lateFine, damages } = row.owed;
    let basis = row.penaltyBasis;
    const from =
      daysBetween(row.dueDate, ledger.accruedThrough) >= 0
        ? addDays(ledger.accruedThrough, 1)
        : addDays(row.dueDate, 1);
    for (let d = from; daysBetween(d, day) >= 0; d = addDays(d, 1)) {
      const overdue = daysBetween(row.dueDate, d);
      if (basis === null) {
        basis = base;
        const asked = applyPpm(base, rates.overdueDamagesPpm);
        const room = Math.max(
          0,
          Math.min(capPpm(basis, caps.latePenaltyMonthlyMaxPpm) - lateFine - damages, costCap - cost),
        );
        const take = Math.min(asked, room);
        if (take < asked) capped = true;
        damages += take;
        cost += take;
      }
      const asked = applyPpm(base, rates.lateFineDailyPpm);
      const penaltyCap = capPpm(basis, caps.latePenaltyMonthlyMaxPpm) * Math.ceil(overdue / 30);
      const room = Math.max(0, Math.min(penaltyCap - lateFine - damages, costCap - cost));
      const take = Math.min(asked, room);
      if (take < asked) capped = true;
      lateFine += take;
      cost += take;
      worst = Math.max(worst, overdue);
    }
    const delta = { ...ZERO, lateFine: lateFine - row.owed.lateFine, damages: damages - row.owed.damages };
    charged = addComponents(charged, delta);
    return { ...row, owed: { ...row.owed, lateFine, damages }, penaltyBasis: basis };
  });
  return { ledger: { ...ledger, rows, accruedThrough: day, worstOverdueDays: worst }, charged, capped };
}
