/**
 * The ledger of a disbursed loan: what each period of the plan owes and what has been paid of it, component by
 * component (principal, interest, extension fee, late fine, overdue damages). Every money change of a repaying loan
 * (a payment, an extension, a day's accrual) is a pure function of the ledger that returns the next ledger and what
 * it did, so the server only stores what these functions return and the bill, the plan and the record are all read
 * from the same rows: they cannot tell different stories.
 *
 * Rules (docs/product-rules.md, SEC MC 14 s.2025, RA 11765):
 * - Interest accrues by the day on the principal outstanding: period k's interest accrues on each day of its period
 *   (after the previous due date, up to its own) on the principal of periods k..n still owed, so a loan paid on
 *   schedule owes exactly the quote's plan, and money repaid early stops interest from the next day. No interest
 *   accrues after a due date (penalties do). Each period keeps the centavo-days its interest accrued on and rounds
 *   once, so days accrued one at a time or all at once charge the same centavos.
 * - A payment pays the oldest period first; within a period the damages, then the late fine, then the extension
 *   fee, then the interest, and the principal last (Civil Code Art. 1253: interest before principal). What is left
 *   after every period is paid is returned as unapplied (to refund).
 * - An extension (single-payment loans) is offered from `windowDays` before the due date (never earlier: an early
 *   one buys nothing a later one would not, and costs sooner) while the new due date is not past: the borrower pays
 *   the interest and fees outstanding plus the fee (of the principal outstanding), outstanding penalties are waived
 *   (an extension charges no overdue fees), the due date moves by the extension days and interest goes on accruing
 *   by the day to it. It is not offered when it would take the loan's effective rate over the cap (below).
 * - Penalties accrue day by day on every overdue period (its principal, interest and fee outstanding): the late fine
 *   each overdue day, then the overdue damages (of the amount overdue on the first overdue day) as far as the cap
 *   lets them. The cap is pro rata: a period's penalties never pass the monthly late-penalty cap / 30 of the amount
 *   overdue, summed over the days it was overdue (one day late never costs a month's penalty); and every cost of the
 *   loan (upfront fees and tax, interest, fees, penalties) stays within the total-cost cap of the principal.
 *   Accrual records the last day it covered, so a rerun, or a job that runs twice, charges nothing more.
 * - The effective rate a borrower pays, from the real cash flows (effectiveFlows): the net proceeds on the loan
 *   date, every payment of interest and fees on the day it was paid, principal on the day it was paid or, when paid
 *   before its due date, on that due date (repaying early is the borrower's choice: with a service fee charged once,
 *   any loan repaid the next day would read as hundreds of percent a month). Penalties are apart: they have their
 *   own cap.
 *
 * Ledgers opened before interest accrued by the day (no `dailyInterestPpm`) keep their rule: the term's interest was
 * charged at opening, and an extension charges its days' interest when it is bought.
 */
import { addDays, daysBetween } from './calendar-date.ts';
import type { Centavos } from './money.ts';
import type { LendingCaps, Quote, SubProductPricing } from './loan-types.ts';
import { applyPpm, capPpm, withinEffectiveCap, type Cashflow } from './pricing.ts';

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
  /** What the period owed (penalties apart) on its first overdue day: the base of its overdue damages; null until then. */
  readonly penaltyBasis: Centavos | null;
  /** Penalties waived by extensions. */
  readonly waived: Centavos;
  /** The last day before the period's interest starts (the loan date, or the previous period's due date). */
  readonly startDate?: string;
  /** Centavo-days of principal the period's interest has accrued on: its interest is the daily rate of this, rounded once. */
  readonly interestCentavoDays?: number;
  /** The last day the period's interest covers (startDate until a day has accrued). */
  readonly interestThrough?: string;
  /** The amount overdue summed over each day the period has been overdue (this overdue spell): the pro-rata penalty cap's base. */
  readonly overdueCentavoDays?: number;
}

export interface Ledger {
  readonly principal: Centavos;
  /** Service fee, credit report fee and tax, deducted at disbursement: costs already charged. */
  readonly upfrontCost: Centavos;
  readonly loanDate: string;
  readonly rows: readonly LedgerRow[];
  /** The last Manila day the accrual covered (the loan date until a day has accrued). */
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
  /** Interest a day on the principal outstanding, ppm; absent on ledgers whose interest was charged at opening. */
  readonly dailyInterestPpm?: number;
  /** What the quote's repayment coupon still takes off the last period's interest as it accrues. */
  readonly interestCredit?: Centavos;
  /** The payments as the effective rate counts them (see effectiveFlows): day from the loan date, centavos. */
  readonly flows?: readonly Cashflow[];
  /** A remainder too small for the payment gateway, forgiven when the loan closed (waiveRemainder). */
  readonly waivedRemainder?: Components;
}

/**
 * The ledger of a loan disbursed on the quote's loan date (the quote re-dated to the day the money arrived). With
 * `chargedAtOpening` (orders from before the ledger was kept), the term's interest is owed from the start, as then.
 */
export function openLedger(q: Quote, options: { chargedAtOpening?: boolean } = {}): Ledger {
  const accrues = options.chargedAtOpening !== true;
  return {
    principal: q.principalCentavos,
    upfrontCost:
      q.serviceFeeCentavos +
      q.creditReportFeeCentavos +
      q.taxCentavos -
      (q.couponKind === 'withdrawal' ? q.couponCentavos : 0),
    loanDate: q.loanDate,
    rows: q.plan.map((p, i) => ({
      period: p.period,
      dueDate: p.dueDate,
      // Charged at opening: the plan's amount already carries the repayment coupon (as less interest on the last period).
      owed: { ...ZERO, principal: p.principalCentavos, interest: accrues ? 0 : p.amountCentavos - p.principalCentavos },
      paid: ZERO,
      penaltyBasis: null,
      waived: 0,
      ...(accrues && {
        startDate: i === 0 ? q.loanDate : q.plan[i - 1]!.dueDate,
        interestCentavoDays: 0,
        interestThrough: i === 0 ? q.loanDate : q.plan[i - 1]!.dueDate,
      }),
    })),
    accruedThrough: q.loanDate,
    extensionCount: 0,
    totalTermDays: q.termDays,
    worstOverdueDays: 0,
    closedOn: null,
    ...(accrues && {
      dailyInterestPpm: q.dailyInterestPpm,
      interestCredit: q.couponKind === 'repayment' ? q.couponCentavos : 0,
      flows: [],
    }),
  };
}

/** What a row still owes, by component. */
export const outstandingOf = (row: LedgerRow): Components => sub(row.owed, row.paid);
const isPaid = (row: LedgerRow): boolean => total(outstandingOf(row)) === 0;
const later = (a: string, b: string): string => (daysBetween(a, b) > 0 ? b : a);
const earlier = (a: string, b: string): string => (daysBetween(a, b) < 0 ? b : a);

/** The principal interest of `rows[index]`'s period accrues on: what periods index..n still owe of it. */
const interestBase = (rows: readonly LedgerRow[], index: number): Centavos =>
  rows.slice(index).reduce((s, r) => s + outstandingOf(r).principal, 0);

/**
 * The interest `row` (at `index`) accrues from its interestThrough to `until` on the principal outstanding now, and
 * the row with it; the last period takes the quote's repayment coupon off first (`credit` left of it).
 */
function interestTo(
  ledger: Ledger,
  index: number,
  until: string,
  credit: Centavos,
): { row: LedgerRow; interest: Centavos; credit: Centavos } {
  const row = ledger.rows[index]!;
  const rate = ledger.dailyInterestPpm;
  if (rate === undefined || row.interestThrough === undefined) return { row, interest: 0, credit };
  const end = earlier(until, row.dueDate);
  const days = daysBetween(row.interestThrough, end);
  if (days <= 0) return { row, interest: 0, credit };
  const before = row.interestCentavoDays ?? 0;
  const after = before + interestBase(ledger.rows, index) * days;
  let interest = applyPpm(after, rate) - applyPpm(before, rate);
  if (index === ledger.rows.length - 1) {
    const take = Math.min(credit, interest);
    interest -= take;
    credit -= take;
  }
  return {
    row: {
      ...row,
      owed: { ...row.owed, interest: row.owed.interest + interest },
      interestCentavoDays: after,
      interestThrough: end,
    },
    interest,
    credit,
  };
}

/**
 * The ledger with the interest of every day up to `day` charged (each period within its own days). Pure and
 * idempotent; every function that moves money on a day calls it first, and accrue() does with the penalties.
 */
export function accrueInterest(ledger: Ledger, day: string): Ledger {
  if (ledger.dailyInterestPpm === undefined) return ledger;
  let credit = ledger.interestCredit ?? 0;
  let current = ledger;
  let changed = false;
  for (let i = 0; i < ledger.rows.length; i += 1) {
    const next = interestTo(current, i, day, credit);
    if (next.row === current.rows[i]) continue;
    changed = true;
    credit = next.credit;
    current = { ...current, rows: current.rows.map((r, j) => (j === i ? next.row : r)) };
  }
  return changed ? { ...current, interestCredit: credit } : ledger;
}

/** Interest still to accrue to each period's due date on the principal outstanding now (the repayment coupon off). */
export function interestToCome(ledger: Ledger): { byRow: Centavos[]; all: Centavos } {
  let credit = ledger.interestCredit ?? 0;
  const byRow = ledger.rows.map((_, i) => {
    const next = interestTo(ledger, i, ledger.rows[i]!.dueDate, credit);
    credit = next.credit;
    return next.interest;
  });
  return { byRow, all: byRow.reduce((s, x) => s + x, 0) };
}

/** Every figure of a ledger on `day`, as the bill, the order list and the jobs read them. */
export interface LedgerFigures {
  readonly owed: Components;
  readonly paid: Components;
  readonly outstanding: Components;
  /** Everything still owed: what full settlement pays today. */
  readonly amountDue: Centavos;
  /** What will be owed on the due dates if nothing more is paid: the amount due plus the interest still to accrue. */
  readonly amountAtDue: Centavos;
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

/** The figures of the ledger as it stands (call accrue first for `day`'s interest and penalties). */
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
    amountAtDue: total(outstanding) + interestToCome(ledger).all,
    amountRepaid: total(paid),
    costCharged: ledger.upfrontCost + owed.interest + owed.fee + penaltiesOf(owed),
    dueDate: open?.dueDate ?? null,
    overdueDays: open ? Math.max(0, daysBetween(open.dueDate, day)) : 0,
    paidPeriods: ledger.rows.filter(isPaid).length,
    settled: open === undefined,
  };
}

/**
 * The row a borrower pays next (the oldest still owing), with what it asks today in all and what it will ask on its
 * due date (with the interest still to accrue).
 */
export function nextDue(
  ledger: Ledger,
): { row: LedgerRow; amount: Centavos; amountAtDue: Centavos; last: boolean } | null {
  const index = ledger.rows.findIndex((r) => !isPaid(r));
  if (index < 0) return null;
  const row = ledger.rows[index]!;
  const last = ledger.rows.slice(index + 1).every(isPaid);
  const amount = total(outstandingOf(row));
  return { row, amount, amountAtDue: amount + interestToCome(ledger).byRow[index]!, last };
}

export interface Allocation {
  readonly ledger: Ledger;
  /** What the money paid, by component. */
  readonly applied: Components;
  /** Money left when nothing was owed any more (to refund). */
  readonly unapplied: Centavos;
}

/** The flows a payment on `day` adds to the effective rate's: interest and fees that day, principal on the later of the day and its period's due date. */
function flowsOf(ledger: Ledger, day: string, paidByRow: readonly Components[]): Cashflow[] {
  const at = daysBetween(ledger.loanDate, day);
  const out: Cashflow[] = [];
  const costs = paidByRow.reduce((s, p) => s + p.interest + p.fee, 0);
  if (costs > 0) out.push({ day: at, centavos: costs });
  paidByRow.forEach((p, i) => {
    if (p.principal === 0) return;
    out.push({ day: Math.max(at, daysBetween(ledger.loanDate, ledger.rows[i]!.dueDate)), centavos: p.principal });
  });
  return out;
}

/**
 * Pays `amount` against the ledger: oldest period first, each period in ALLOCATION_ORDER. With `day`, the ledger's
 * interest is first brought to that day, the payment joins the effective rate's flows, and a payment that leaves
 * nothing owed closes the ledger on that day.
 */
export function allocate(ledger: Ledger, amount: Centavos, day?: string): Allocation {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`a payment is whole centavos >= 0, got ${amount}`);
  const start = day === undefined ? ledger : accrueInterest(ledger, day);
  let left = amount;
  let applied = ZERO;
  const paidByRow: Components[] = [];
  const rows = start.rows.map((row) => {
    const pay: Record<keyof Components, number> = { ...ZERO };
    paidByRow.push(pay);
    if (left === 0) return row;
    const out = outstandingOf(row);
    for (const part of ALLOCATION_ORDER) {
      const take = Math.min(left, out[part]);
      pay[part] = take;
      left -= take;
    }
    if (total(pay) === 0) return row;
    applied = addComponents(applied, pay);
    return { ...row, paid: addComponents(row.paid, pay) };
  });
  const closedOn = start.closedOn ?? (day !== undefined && rows.every(isPaid) ? day : null);
  const flows =
    day !== undefined && start.flows !== undefined ? [...start.flows, ...flowsOf(start, day, paidByRow)] : start.flows;
  return {
    ledger: { ...start, rows, closedOn, ...(flows !== undefined && { flows }) },
    applied,
    unapplied: left,
  };
}

/**
 * The cash flows the effective rate of the loan so far is read from: the net proceeds out on day 0, then every
 * payment as allocate recorded it (interest and fees on the day paid, principal on the later of that day and its
 * due date; penalties apart). Empty flows (ledgers from before they were kept) give the net proceeds alone.
 */
export function effectiveFlows(ledger: Ledger): Cashflow[] {
  return [{ day: 0, centavos: -(ledger.principal - ledger.upfrontCost) }, ...(ledger.flows ?? [])];
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

/**
 * Forgives everything still owed (a remainder the payment gateway cannot take: below its minimum) and closes the
 * ledger on `day`. The waiver is kept by component in `waivedRemainder`: the owed principal plus the waived principal
 * is still the principal lent.
 */
export function waiveRemainder(ledger: Ledger, day: string): { ledger: Ledger; waived: Components } {
  const waived = ledger.rows.reduce((s, r) => addComponents(s, outstandingOf(r)), ZERO);
  const rows = ledger.rows.map((row) => ({ ...row, owed: row.paid }));
  return {
    ledger: {
      ...ledger,
      rows,
      closedOn: ledger.closedOn ?? day,
      waivedRemainder: addComponents(ledger.waivedRemainder ?? ZERO, waived),
    },
    waived,
  };
}

export interface ExtensionTerms {
  /** What the borrower pays now: interest and fees outstanding plus the extension fee. */
  readonly amount: Centavos;
  readonly newDueDate: string;
  readonly fee: Centavos;
  /** Interest still to accrue to the new due date on the principal outstanding. */
  readonly newInterest: Centavos;
  /** What is owed on the new due date: principal outstanding plus the new interest. */
  readonly newAmountDue: Centavos;
  /** Outstanding penalties the extension waives. */
  readonly waived: Centavos;
}

export interface ExtensionRules {
  readonly caps: LendingCaps;
  readonly extensionDays: number;
  /** Offered from this many days before the due date (pricing `expiringDays`: the due-soon window). */
  readonly windowDays: number;
}

/**
 * What extending costs on `day` (the ledger accrued to it), or null when it is not offered: not for instalment loans
 * (several dates), not once the principal is repaid (nothing to extend), not before the window opens, not when the
 * total term would pass the caps' term (the loan would leave the regulation's scope), not when the costs would pass
 * the total-cost cap, not when the new due date would still be before `day` (paying would leave the borrower
 * overdue), and not when it would take the effective rate over its cap (extensionWithinRate).
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
  if (daysBetween(day, row.dueDate) > rules.windowDays) return null;
  if (ledger.totalTermDays + rules.extensionDays > rules.caps.termMaxDays) return null;
  const newDueDate = addDays(row.dueDate, rules.extensionDays);
  if (daysBetween(day, newDueDate) < 0) return null;
  const fee = applyPpm(out.principal, sub_.extensionFeePpm);
  const accrues = ledger.dailyInterestPpm !== undefined;
  const newInterest = accrues
    ? interestTo({ ...ledger, rows: [{ ...row, dueDate: newDueDate }] }, 0, newDueDate, ledger.interestCredit ?? 0)
        .interest
    : applyPpm(out.principal, sub_.dailyInterestPpm, rules.extensionDays);
  const waived = penaltiesOf(out);
  const costAfter = figuresOf(ledger, day).costCharged - waived + fee + newInterest;
  if (costAfter > capPpm(ledger.principal, rules.caps.totalCostMaxPpm)) return null;
  const amount = out.interest + out.fee + fee;
  if (accrues && !extensionWithinRate(ledger, amount, newDueDate, rules.caps, day)) return null;
  return { amount, newDueDate, fee, newInterest, newAmountDue: out.principal + newInterest, waived };
}

/**
 * The effective-rate check of an extension paying `amount` on `day` and moving the due date to `newDueDate`: the
 * flows so far, this payment, then the principal and the interest still to accrue on the new due date (a later
 * extension is checked when it is offered). The config check (pricing.ts extendedCashflows) covers the worst of
 * these histories, so with a config it passes this never refuses; it holds the law for any other.
 */
function extensionWithinRate(ledger: Ledger, amount: Centavos, newDueDate: string, caps: LendingCaps, day: string) {
  const row = ledger.rows[0]!;
  const principal = outstandingOf(row).principal;
  const coming = interestTo({ ...ledger, rows: [{ ...row, dueDate: newDueDate }] }, 0, newDueDate, 0).interest;
  const flows: Cashflow[] = [
    ...effectiveFlows(ledger),
    { day: daysBetween(ledger.loanDate, day), centavos: amount },
    { day: daysBetween(ledger.loanDate, newDueDate), centavos: principal + coming },
  ];
  return withinEffectiveCap(flows, caps.effectiveMonthlyMaxPpm);
}

/**
 * The extension bought with `terms` (extensionTerms of the same ledger and day): penalties waived, the fee charged,
 * the interest and fees outstanding paid, the due date moved (interest then accrues to it by the day; on a ledger
 * charged at opening, the new days' interest is charged now). The payment itself is `terms.amount`; the caller
 * allocates any money over it.
 */
export function extend(ledger: Ledger, terms: ExtensionTerms, extensionDays: number, day: string): Allocation {
  const start = accrueInterest(ledger, day);
  const row = start.rows[0]!;
  const owed: Components = {
    ...row.owed,
    lateFine: row.paid.lateFine,
    damages: row.paid.damages,
    fee: row.owed.fee + terms.fee,
  };
  const charged: Ledger = {
    ...start,
    rows: [
      {
        ...row,
        owed,
        waived: row.waived + terms.waived,
        penaltyBasis: null,
        // The overdue days start again, unless penalties already paid stay charged: the days that earned them stay
        // counted, so they remain within the pro-rata cap (a payment of a centavo of penalties, then an extension).
        ...(row.overdueCentavoDays !== undefined && {
          overdueCentavoDays: penaltiesOf(owed) > 0 ? row.overdueCentavoDays : 0,
        }),
      },
    ],
    accruedThrough: later(start.accruedThrough, day),
    extensionCount: start.extensionCount + 1,
    totalTermDays: start.totalTermDays + extensionDays,
  };
  // Pay the interest and fees due now (the due date moves after, so the payment counts as made before the old one).
  const paid = allocate(charged, terms.amount, day);
  const after = paid.ledger.rows[0]!;
  const moved: LedgerRow =
    start.dailyInterestPpm === undefined
      ? {
          ...after,
          dueDate: terms.newDueDate,
          owed: { ...after.owed, interest: after.owed.interest + terms.newInterest },
        }
      : { ...after, dueDate: terms.newDueDate };
  return { ...paid, ledger: { ...paid.ledger, rows: [moved] } };
}

export interface PenaltyRates {
  readonly lateFineDailyPpm: number;
  readonly overdueDamagesPpm: number;
}

export interface AccrualResult {
  readonly ledger: Ledger;
  /** Interest and penalties charged by this run, by component. */
  readonly charged: Components;
  /** True when a cap stopped some of it. */
  readonly capped: boolean;
}

/** floor(centavoDays × monthlyPpm / 30 / 1,000,000): the pro-rata late-penalty cap, exact. */
const proRataCap = (centavoDays: number, monthlyPpm: number): Centavos =>
  Number((BigInt(centavoDays) * BigInt(monthlyPpm)) / (30n * 1_000_000n));

/**
 * Charges the interest of every day up to `day`, then the penalties of every overdue period for each day after
 * `accruedThrough` up to `day`. Idempotent: a second run on the same day charges nothing, and a run that missed days
 * catches up on them.
 */
export function accrue(ledger: Ledger, rates: PenaltyRates, caps: LendingCaps, day: string): AccrualResult {
  const withInterest = accrueInterest(ledger, day);
  const interestCharged = figuresOf(withInterest, day).owed.interest - figuresOf(ledger, day).owed.interest;
  if (daysBetween(withInterest.accruedThrough, day) <= 0)
    return { ledger: withInterest, charged: { ...ZERO, interest: interestCharged }, capped: false };
  const costCap = capPpm(withInterest.principal, caps.totalCostMaxPpm);
  let cost = figuresOf(withInterest, day).costCharged;
  let capped = false;
  let charged: Components = { ...ZERO, interest: interestCharged };
  let worst = withInterest.worstOverdueDays;
  const rows = withInterest.rows.map((row) => {
    const out = outstandingOf(row);
    const base = out.principal + out.interest + out.fee;
    if (base === 0 || daysBetween(row.dueDate, day) <= 0) return row;
    let { lateFine, damages } = row.owed;
    let basis = row.penaltyBasis;
    const from =
      daysBetween(row.dueDate, withInterest.accruedThrough) >= 0
        ? addDays(withInterest.accruedThrough, 1)
        : addDays(row.dueDate, 1);
    // A row from before the pro-rata cap: its overdue days so far as if the amount overdue had stayed its basis.
    let centavoDays =
      row.overdueCentavoDays ??
      (basis === null ? 0 : basis * Math.max(0, daysBetween(row.dueDate, withInterest.accruedThrough)));
    for (let d = from; daysBetween(d, day) >= 0; d = addDays(d, 1)) {
      const overdue = daysBetween(row.dueDate, d);
      basis ??= base;
      centavoDays += base;
      const room = () =>
        Math.max(
          0,
          Math.min(proRataCap(centavoDays, caps.latePenaltyMonthlyMaxPpm) - lateFine - damages, costCap - cost),
        );
      // The day's fine first, then what the damages still ask as far as the cap lets them.
      const fineAsked = applyPpm(base, rates.lateFineDailyPpm);
      const fine = Math.min(fineAsked, room());
      lateFine += fine;
      cost += fine;
      const damagesAsked = Math.max(0, applyPpm(basis, rates.overdueDamagesPpm) - damages);
      const more = Math.min(damagesAsked, room());
      damages += more;
      cost += more;
      if (fine < fineAsked || more < damagesAsked) capped = true;
      worst = Math.max(worst, overdue);
    }
    const delta = { ...ZERO, lateFine: lateFine - row.owed.lateFine, damages: damages - row.owed.damages };
    charged = addComponents(charged, delta);
    return {
      ...row,
      owed: { ...row.owed, lateFine, damages },
      penaltyBasis: basis,
      overdueCentavoDays: centavoDays,
    };
  });
  return {
    ledger: { ...withInterest, rows, accruedThrough: day, worstOverdueDays: worst },
    charged,
    capped,
  };
}
