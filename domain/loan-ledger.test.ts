import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import pricingJson from '#config/pricing.json' with { type: 'json' };
import { addDays } from './calendar-date.ts';
import {
  accrue,
  allocate,
  discount,
  discountRoom,
  extend,
  extensionTerms,
  figuresOf,
  nextDue,
  openLedger,
  total,
  type Ledger,
} from './loan-ledger.ts';
import { scheduleOf } from './loan-standing.ts';
import type { LendingCaps, PricingConfig, SubProductPricing } from './loan-types.ts';
import { capPpm, findSubProduct, quote } from './pricing.ts';
import { REGULATIONS } from './regulation.ts';

const config = pricingJson as unknown as PricingConfig;
const caps: LendingCaps = REGULATIONS[0]!.caps;
const rules = { caps, extensionDays: 8 };
const standard = findSubProduct(config, 'cash', 'standard')!;
const plus = findSubProduct(config, 'cash', 'plus')!;

function loan(sub: SubProductPricing, principal: number, term: number, day = '2026-12-01'): Ledger {
  return openLedger(quote(config, sub, { principalCentavos: principal, termDays: term, loanDate: day }));
}

describe('the issue 10 history: ₱3,000 / 30 days, repaid in full two days late, then extended', () => {
  it('extends what is still owed, never the repaid principal again', () => {
    let l = loan(standard, 300_000, 30, '2026-12-01');
    const due = figuresOf(l, '2026-12-31');
    expect(due.amountDue).toBe(309_000);
    l = accrue(l, standard, caps, '2027-01-02').ledger; // two days late
    const late = figuresOf(l, '2027-01-02');
    expect(late.owed.lateFine + late.owed.damages).toBeGreaterThan(0);
    const paid = allocate(l, 309_000);
    l = paid.ledger;
    // Penalties and interest first, so what remains is principal.
    const after = figuresOf(l, '2027-01-02');
    expect(after.outstanding.interest).toBe(0);
    expect(after.outstanding.lateFine + after.outstanding.damages).toBe(0);
    expect(after.outstanding.principal).toBe(late.owed.lateFine + late.owed.damages);
    const terms = extensionTerms(l, standard, rules, '2027-01-02')!;
    expect(terms.fee).toBe(Math.round(after.outstanding.principal * 0.02));
    const extended = extend(l, terms, 8, '2027-01-02');
    const figures = figuresOf(extended.ledger, '2027-01-02');
    expect(figures.amountDue).toBe(terms.newAmountDue);
    expect(figures.amountDue).toBeLessThan(after.outstanding.principal + 100);
    expect(figures.owed.principal).toBe(300_000);
  });

  it('charges its fee on the principal outstanding, and is not offered once it is repaid', () => {
    const part = allocate(loan(standard, 300_000, 30), 109_000).ledger; // the interest, then ₱1,000 of principal
    expect(figuresOf(part, '2026-12-05').outstanding.principal).toBe(200_000);
    expect(extensionTerms(part, standard, rules, '2026-12-05')).toMatchObject({
      amount: 4_000,
      fee: 4_000,
      newInterest: 1_600,
      newAmountDue: 201_600,
    });
    const all = allocate(part, 200_000).ledger;
    expect(figuresOf(all, '2026-12-05').settled).toBe(true);
    expect(extensionTerms(all, standard, rules, '2026-12-05')).toBeNull();
  });
});

describe('accrual', () => {
  it('charges every overdue instalment, each on its own amount', () => {
    let l = loan(plus, 400_000, 60, '2026-12-01');
    const [p1, p2] = l.rows;
    // Both periods overdue: period 1 by 40 days, period 2 by 10.
    const day = addDays(p2!.dueDate, 10);
    l = accrue(l, plus, caps, day).ledger;
    expect(l.rows[0]!.owed.damages).toBeGreaterThan(0);
    expect(l.rows[1]!.owed.damages).toBeGreaterThan(0);
    expect(l.rows[1]!.owed.lateFine).toBe(Math.round((p2!.owed.principal + p2!.owed.interest) * 0.001) * 10);
    expect(daysBetweenSafe(p1!.dueDate, day)).toBe(40);
  });

  it('charges nothing more when run twice on a day, and catches up on missed days', () => {
    const l = loan(standard, 500_000, 30, '2026-12-01');
    const once = accrue(l, standard, caps, '2027-01-10').ledger;
    expect(accrue(once, standard, caps, '2027-01-10').ledger).toEqual(once);
    let daily = l;
    for (let d = '2026-12-31'; d <= '2027-01-10'; d = addDays(d, 1)) daily = accrue(daily, standard, caps, d).ledger;
    expect(daily).toEqual(once);
  });
});

describe('accrual figures (₱1,000 for 30 days: 1,030 due, 109 of upfront costs)', () => {
  const l = loan(standard, 100_000, 30, '2026-04-01'); // due 2026-05-01
  const penalties = (x: Ledger) => ({ lateFine: x.rows[0]!.owed.lateFine, damages: x.rows[0]!.owed.damages });

  it('charges nothing until overdue, then damages once and the fine per day', () => {
    expect(penalties(accrue(l, standard, caps, '2026-05-01').ledger)).toEqual({ lateFine: 0, damages: 0 });
    // fine 103,000 x 0.1 % = 103 a day; damages 103,000 x 2 % = 2,060 once.
    expect(penalties(accrue(l, standard, caps, '2026-05-02').ledger)).toEqual({ lateFine: 103, damages: 2_060 });
    expect(penalties(accrue(l, standard, caps, '2026-05-11').ledger)).toEqual({ lateFine: 1_030, damages: 2_060 });
  });

  it('stops at 5 % of the amount overdue per started 30 days, damages kept first', () => {
    expect(penalties(accrue(l, standard, caps, '2026-05-31').ledger)).toEqual({ lateFine: 3_090, damages: 2_060 });
    expect(penalties(accrue(l, standard, caps, '2026-06-01').ledger)).toEqual({ lateFine: 3_193, damages: 2_060 });
    const steep = accrue(l, { ...standard, lateFineDailyPpm: 5_000 }, caps, '2026-05-11');
    expect(penalties(steep.ledger)).toEqual({ lateFine: 3_090, damages: 2_060 });
    expect(steep.capped).toBe(true);
  });

  it('stops where all costs reach 100 % of principal', () => {
    // upfront 7,900 (fees and tax) + interest 3,000: room 89,100 for penalties at most.
    const run = accrue(
      l,
      { ...standard, lateFineDailyPpm: 50_000, overdueDamagesPpm: 0 },
      { ...caps, latePenaltyMonthlyMaxPpm: 1_000_000 },
      '2027-08-01',
    );
    expect(figuresOf(run.ledger, '2027-08-01').costCharged).toBe(100_000);
    expect(run.capped).toBe(true);
  });
});

describe('extension figures', () => {
  const l = loan(standard, 100_000, 30, '2026-04-01'); // due 2026-05-01, interest 3,000

  it('charges the outstanding interest plus 2 % and moves the due date 8 days', () => {
    expect(extensionTerms(l, standard, rules, '2026-04-29')).toEqual({
      amount: 5_000,
      newDueDate: '2026-05-09',
      fee: 2_000,
      newInterest: 800,
      newAmountDue: 100_800,
      waived: 0,
    });
  });

  it('counts from the current due date even when overdue, while that brings the loan current, and waives the penalties', () => {
    const late = accrue(l, standard, caps, '2026-05-05').ledger;
    expect(extensionTerms(late, standard, rules, '2026-05-05')).toMatchObject({
      newDueDate: '2026-05-09',
      waived: 2_060 + 4 * 103,
    });
    expect(extensionTerms(l, standard, rules, '2026-05-09')?.newDueDate).toBe('2026-05-09');
    expect(extensionTerms(l, standard, rules, '2026-05-10')).toBeNull();
    const extended = extend(late, extensionTerms(late, standard, rules, '2026-05-05')!, 8, '2026-05-05').ledger;
    expect(figuresOf(extended, '2026-05-05')).toMatchObject({
      amountDue: 100_800,
      dueDate: '2026-05-09',
      overdueDays: 0,
      amountRepaid: 5_000,
    });
    expect(scheduleOf(extended, '2026-05-05')).toEqual([
      expect.objectContaining({
        dueDate: '2026-05-09',
        paidCentavos: 5_000,
        outstandingCentavos: 100_800,
        waivedCentavos: 2_472,
        state: 'due',
      }),
    ]);
  });

  it('is not offered for instalments or past the term cap', () => {
    expect(extensionTerms(loan(plus, 400_000, 60), plus, rules, '2026-12-05')).toBeNull();
    let x = loan(standard, 100_000, 60, '2026-04-01');
    for (let i = 0; i < 7; i += 1) {
      const day = x.rows[0]!.dueDate;
      x = extend(x, extensionTerms(x, standard, rules, day)!, 8, day).ledger;
    }
    expect(x.totalTermDays).toBe(116);
    expect(extensionTerms(x, standard, rules, x.rows[0]!.dueDate)).toBeNull();
  });
});

function daysBetweenSafe(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

type Step =
  | { kind: 'days'; days: number }
  | { kind: 'pay'; share: number }
  | { kind: 'extend' }
  | { kind: 'next' }
  | { kind: 'settle' }
  | { kind: 'coupon'; amount: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 0, max: 45 }) }),
  fc.record({ kind: fc.constant('pay' as const), share: fc.double({ min: 0, max: 1.2, noNaN: true }) }),
  fc.constant({ kind: 'extend' as const }),
  fc.constant({ kind: 'next' as const }),
  fc.constant({ kind: 'settle' as const }),
  fc.record({ kind: fc.constant('coupon' as const), amount: fc.integer({ min: 0, max: 60_000 }) }),
);

describe('random histories (days passing, partial payments, extensions, instalments, settlement, accrual)', () => {
  it('never charge more than the principal plus the capped cost, reconcile, and never count principal twice', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(standard, plus),
        fc.integer({ min: 0, max: 18 }),
        fc.array(step, { maxLength: 25 }),
        (sub, stepIndex, steps) => {
          const principal =
            sub.amount.minCentavos +
            Math.min(stepIndex * sub.amount.stepCentavos, sub.amount.maxCentavos - sub.amount.minCentavos);
          const term = sub.termsDays[stepIndex % sub.termsDays.length]!;
          let day = '2026-12-01';
          let l = loan(sub, principal, term, day);
          let repaid = 0;
          let refunded = 0;
          let discounted = 0;
          for (const s of steps) {
            const f = figuresOf(l, day);
            if (f.settled) break;
            if (s.kind === 'days') {
              day = addDays(day, s.days);
              l = accrue(l, sub, caps, day).ledger;
            } else if (s.kind === 'pay' || s.kind === 'settle' || s.kind === 'next') {
              const amount =
                s.kind === 'settle'
                  ? f.amountDue
                  : s.kind === 'next'
                    ? nextDue(l)!.amount
                    : Math.floor(f.amountDue * s.share);
              const a = allocate(l, amount);
              l = a.ledger;
              repaid += amount;
              refunded += a.unapplied;
              expect(total(a.applied) + a.unapplied).toBe(amount);
            } else if (s.kind === 'coupon') {
              // A repayment coupon: the amount due falls by what it applied, nothing counts as repaid, and it never
              // takes more than asked nor any principal.
              const room = discountRoom(l, s.amount);
              const d = discount(l, s.amount);
              expect(total(d.applied)).toBe(room);
              expect(d.applied.principal).toBe(0);
              expect(figuresOf(d.ledger, day).amountDue).toBe(f.amountDue - room);
              expect(figuresOf(d.ledger, day).amountRepaid).toBe(f.amountRepaid);
              l = d.ledger;
              discounted += room;
            } else {
              const terms = extensionTerms(l, sub, rules, day);
              if (!terms) continue;
              const a = extend(l, terms, 8, day);
              l = a.ledger;
              repaid += terms.amount;
              expect(a.unapplied).toBe(0);
              expect(figuresOf(l, day).amountDue).toBe(terms.newAmountDue);
            }
            const g = figuresOf(l, day);
            // Every centavo paid is in the ledger once, and the ledger's totals agree with themselves.
            expect(g.amountRepaid + refunded).toBe(repaid);
            expect(g.amountDue).toBe(total(g.owed) - total(g.paid));
            expect(g.amountDue).toBeGreaterThanOrEqual(0);
            expect(l.discounted ?? 0).toBe(discounted);
            // Principal is owed once: never more than lent, never repaid twice.
            expect(g.owed.principal).toBe(principal);
            expect(g.paid.principal).toBeLessThanOrEqual(principal);
            // The total-cost cap: everything charged beyond the principal.
            expect(g.costCharged).toBeLessThanOrEqual(capPpm(principal, caps.totalCostMaxPpm));
            expect(g.amountRepaid + g.amountDue).toBeLessThanOrEqual(
              principal + capPpm(principal, caps.totalCostMaxPpm) - l.upfrontCost,
            );
            // The plan the bill shows sums to the same figures.
            const plan = scheduleOf(l, day);
            expect(plan.reduce((s, r) => s + r.paidCentavos, 0)).toBe(g.amountRepaid);
            expect(plan.reduce((s, r) => s + r.outstandingCentavos, 0)).toBe(g.amountDue);
            // Each period's penalties stay within the late-penalty cap of its amount overdue.
            for (const row of l.rows) {
              if (row.penaltyBasis === null) continue;
              const months = Math.max(1, Math.ceil(Math.max(1, daysBetweenSafe(row.dueDate, day)) / 30));
              expect(row.owed.lateFine + row.owed.damages).toBeLessThanOrEqual(
                capPpm(row.penaltyBasis, caps.latePenaltyMonthlyMaxPpm) * months,
              );
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
