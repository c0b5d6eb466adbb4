import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pricingFile } from '#config/pricing.ts';
import { addDays } from './calendar-date.ts';
import {
  accrue,
  allocate,
  effectiveFlows,
  discount,
  discountRoom,
  extend,
  extensionTerms,
  figuresOf,
  nextDue,
  openLedger,
  total,
  waiveRemainder,
  ZERO as ZERO_COMPONENTS,
  type Ledger,
} from './loan-ledger.ts';
import { scheduleOf } from './loan-standing.ts';
import type { LendingCaps, PricingConfig, SubProductPricing } from './loan-types.ts';
import { capPpm, effectiveMonthlyRatePpm, findSubProduct, quote } from './pricing.ts';
import { REGULATIONS } from './regulation.ts';

const config: PricingConfig = pricingFile;
const caps: LendingCaps = REGULATIONS[0]!.caps;
const rules = { caps, extensionDays: 8, windowDays: 3 };
const standard = findSubProduct(config, 'cash', 'standard')!;
const plus = findSubProduct(config, 'cash', 'plus')!;

function loan(sub: SubProductPricing, principal: number, term: number, day = '2026-12-01'): Ledger {
  return openLedger(quote(config, sub, { principalCentavos: principal, termDays: term, loanDate: day }));
}

describe('a history: ₱3,000 / 30 days, repaid in full two days late, then extended', () => {
  it('extends what is still owed, never the repaid principal again', () => {
    let l = loan(standard, 300_000, 30, '2026-12-01');
    expect(figuresOf(accrue(l, standard, caps, '2026-12-31').ledger, '2026-12-31').amountDue).toBe(309_000);
    l = accrue(l, standard, caps, '2027-01-02').ledger; // two days late
    const late = figuresOf(l, '2027-01-02');
    expect(late.owed.lateFine + late.owed.damages).toBeGreaterThan(0);
    l = allocate(l, 309_000, '2027-01-02').ledger;
    // Penalties and interest first, so what remains is principal.
    const after = figuresOf(l, '2027-01-02');
    expect(after.outstanding.interest).toBe(0);
    expect(after.outstanding.lateFine + after.outstanding.damages).toBe(0);
    expect(after.outstanding.principal).toBe(late.owed.lateFine + late.owed.damages);
    const terms = extensionTerms(l, standard, rules, '2027-01-02')!;
    expect(terms.fee).toBe(Math.round(after.outstanding.principal * 0.02));
    const extended = extend(l, terms, 8, '2027-01-02');
    const figures = figuresOf(extended.ledger, '2027-01-02');
    expect(figures.amountAtDue).toBe(terms.newAmountDue);
    expect(figures.amountAtDue).toBeLessThan(after.outstanding.principal + 100);
    expect(figures.owed.principal).toBe(300_000);
  });
});

describe('interest by the day (₱1,000 for 30 days from 2026-04-01: 0.1 % a day, 1,030 due on 2026-05-01)', () => {
  const l = loan(standard, 100_000, 30, '2026-04-01');
  const on = (x: Ledger, day: string) => figuresOf(accrue(x, standard, caps, day).ledger, day);

  it('owes the interest of the days borrowed: ₱1,001 settles on day 1, ₱1,030 on the due date', () => {
    expect(on(l, '2026-04-01')).toMatchObject({ amountDue: 100_000, amountAtDue: 103_000 });
    expect(on(l, '2026-04-02')).toMatchObject({ amountDue: 100_100, amountAtDue: 103_000 });
    expect(on(l, '2026-05-01')).toMatchObject({ amountDue: 103_000, amountAtDue: 103_000 });
    const settled = allocate(accrue(l, standard, caps, '2026-04-02').ledger, 100_100, '2026-04-02');
    expect(settled.unapplied).toBe(0);
    expect(settled.ledger.closedOn).toBe('2026-04-02');
    // Nothing accrues after it closed.
    expect(on(settled.ledger, '2026-05-20')).toMatchObject({ amountDue: 0, settled: true });
  });

  it('charges the same centavos accrued a day at a time or all at once (one rounding per period)', () => {
    const odd = loan(standard, 150_000, 30, '2026-04-01'); // 150 centavos a day
    let daily = odd;
    for (let d = '2026-04-02'; d <= '2026-05-01'; d = addDays(d, 1)) daily = accrue(daily, standard, caps, d).ledger;
    expect(daily).toEqual(accrue(odd, standard, caps, '2026-05-01').ledger);
    expect(figuresOf(daily, '2026-05-01').amountDue).toBe(154_500);
  });

  it('stops interest on principal repaid early from the next day', () => {
    const part = allocate(accrue(l, standard, caps, '2026-04-11').ledger, 50_000, '2026-04-11').ledger;
    // 10 days' interest (1,000) paid, 49,000 of principal: 51,000 left, 20 more days on it.
    expect(on(part, '2026-05-01')).toMatchObject({ amountDue: 51_000 + 1_020, amountRepaid: 50_000 });
  });

  it('owes an instalment loan paid on schedule exactly its plan', () => {
    const q = quote(config, plus, { principalCentavos: 400_000, termDays: 60, loanDate: '2026-04-01' });
    let x = openLedger(q);
    for (const p of q.plan) {
      x = accrue(x, plus, caps, p.dueDate).ledger;
      expect(nextDue(x)!.amount).toBe(p.amountCentavos);
      x = allocate(x, p.amountCentavos, p.dueDate).ledger;
    }
    expect(x.closedOn).toBe(q.repaymentDate);
    expect(figuresOf(x, q.repaymentDate).amountRepaid).toBe(q.amountDueCentavos);
  });

  it('shows the schedule at term in the plan, and what the next instalment will ask on its date', () => {
    const q = quote(config, plus, { principalCentavos: 400_000, termDays: 60, loanDate: '2026-04-01' });
    const x = accrue(openLedger(q), plus, caps, '2026-04-05').ledger;
    expect(scheduleOf(x, '2026-04-05').map((r) => r.amountCentavos)).toEqual(q.plan.map((p) => p.amountCentavos));
    expect(nextDue(x)!.amountAtDue).toBe(q.plan[0]!.amountCentavos);
    expect(figuresOf(x, '2026-04-05').amountAtDue).toBe(q.amountDueCentavos);
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
    expect(l.rows[1]!.owed.lateFine).toBe(Math.round((p2!.owed.principal + l.rows[1]!.owed.interest) * 0.001) * 10);
    expect(daysBetweenSafe(p1!.dueDate, day)).toBe(40);
  });

  it('charges nothing more when run twice on a day, and catches up on missed days', () => {
    const l = loan(standard, 500_000, 30, '2026-12-01');
    const once = accrue(l, standard, caps, '2027-01-10').ledger;
    expect(accrue(once, standard, caps, '2027-01-10').ledger).toEqual(once);
    let daily = l;
    for (let d = '2026-12-02'; d <= '2027-01-10'; d = addDays(d, 1)) daily = accrue(daily, standard, caps, d).ledger;
    expect(daily).toEqual(once);
  });
});

describe('penalties by the day (₱1,000 for 30 days: 1,030 overdue from 2026-05-02)', () => {
  const l = loan(standard, 100_000, 30, '2026-04-01'); // due 2026-05-01
  const penalties = (x: Ledger) => ({ lateFine: x.rows[0]!.owed.lateFine, damages: x.rows[0]!.owed.damages });

  it('charges one day late at most 5 % / 30 of the amount overdue, never a month of it', () => {
    expect(penalties(accrue(l, standard, caps, '2026-05-01').ledger)).toEqual({ lateFine: 0, damages: 0 });
    // Day 1: the fine 103,000 x 0.1 % = 103, then the damages as far as 103,000 x 5 % / 30 = 171 lets them: 68.
    expect(penalties(accrue(l, standard, caps, '2026-05-02').ledger)).toEqual({ lateFine: 103, damages: 68 });
    expect(penalties(accrue(l, standard, caps, '2026-05-11').ledger)).toEqual({ lateFine: 1_030, damages: 686 });
  });

  it('reaches the whole damages only after a month, and never passes 5 % a month pro rata', () => {
    expect(penalties(accrue(l, standard, caps, '2026-05-31').ledger)).toEqual({ lateFine: 3_090, damages: 2_060 });
    expect(penalties(accrue(l, standard, caps, '2026-06-01').ledger)).toEqual({ lateFine: 3_193, damages: 2_060 });
    const steep = accrue(l, { ...standard, lateFineDailyPpm: 5_000 }, caps, '2026-05-11');
    // 10 days: 103,000 x 10 x 5 % / 30 = 1,716, all of it fine (5 x 103 = 515 asked a day).
    expect(penalties(steep.ledger)).toEqual({ lateFine: 1_716, damages: 0 });
    expect(steep.capped).toBe(true);
  });

  it('stops where all costs reach 100 % of principal', () => {
    // upfront 7,000 (fees) + interest 3,000: room 90,000 for penalties at most.
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
  const l = loan(standard, 100_000, 30, '2026-04-01'); // due 2026-05-01, 100 centavos of interest a day
  const at = (day: string) => accrue(l, standard, caps, day).ledger;

  it('is offered from 3 days before the due date, never from the loan date ', () => {
    for (const day of ['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04', '2026-04-27'])
      expect(extensionTerms(at(day), standard, rules, day)).toBeNull();
    expect(extensionTerms(at('2026-04-28'), standard, rules, '2026-04-28')).not.toBeNull();
  });

  it('charges the interest to the day plus 2 %, moves the due date 8 days, and interest goes on by the day', () => {
    expect(extensionTerms(at('2026-04-29'), standard, rules, '2026-04-29')).toEqual({
      amount: 2_800 + 2_000,
      newDueDate: '2026-05-09',
      fee: 2_000,
      newInterest: 1_000,
      newAmountDue: 101_000,
      waived: 0,
    });
  });

  it('counts from the current due date even when overdue, while that brings the loan current, and waives the penalties', () => {
    const late = at('2026-05-05');
    const terms = extensionTerms(late, standard, rules, '2026-05-05')!;
    expect(terms).toMatchObject({ newDueDate: '2026-05-09', waived: 4 * 103 + 4 * 68 + 2, amount: 5_000 });
    expect(extensionTerms(at('2026-05-09'), standard, rules, '2026-05-09')?.newDueDate).toBe('2026-05-09');
    expect(extensionTerms(at('2026-05-10'), standard, rules, '2026-05-10')).toBeNull();
    const extended = extend(late, terms, 8, '2026-05-05').ledger;
    expect(figuresOf(accrue(extended, standard, caps, '2026-05-05').ledger, '2026-05-05')).toMatchObject({
      amountDue: 100_400,
      amountAtDue: 100_800,
      dueDate: '2026-05-09',
      overdueDays: 0,
      amountRepaid: 5_000,
    });
    expect(scheduleOf(extended, '2026-05-05')).toEqual([
      expect.objectContaining({
        dueDate: '2026-05-09',
        paidCentavos: 5_000,
        outstandingCentavos: 100_800,
        waivedCentavos: terms.waived,
        state: 'due',
      }),
    ]);
  });

  it('is not offered for instalments or past the term cap', () => {
    expect(extensionTerms(loan(plus, 400_000, 60), plus, rules, '2026-12-05')).toBeNull();
    let x = loan(standard, 100_000, 60, '2026-04-01');
    for (let i = 0; i < 7; i += 1) {
      const day = x.rows[0]!.dueDate;
      x = accrue(x, standard, caps, day).ledger;
      x = extend(x, extensionTerms(x, standard, rules, day)!, 8, day).ledger;
    }
    expect(x.totalTermDays).toBe(116);
    expect(extensionTerms(x, standard, rules, x.rows[0]!.dueDate)).toBeNull();
  });

  it('is not offered when it would take the effective rate past the cap', () => {
    const dear = { ...standard, extensionFeePpm: 150_000 };
    const day = '2026-04-28';
    expect(
      extensionTerms(at(day), dear, { ...rules, caps: { ...caps, effectiveMonthlyMaxPpm: 1_000_000 } }, day),
    ).not.toBeNull();
    expect(extensionTerms(at(day), dear, rules, day)).toBeNull();
  });
});

describe('a remainder too small for the gateway', () => {
  it('is waived: the ledger closes, the waiver kept by component, the principal still whole', () => {
    let l = loan(standard, 100_000, 30, '2026-04-01');
    l = accrue(l, standard, caps, '2026-05-01').ledger;
    l = allocate(l, 101_500, '2026-05-01').ledger; // 1,500 left: under PayMongo's 2,000
    const { ledger, waived } = waiveRemainder(l, '2026-05-01');
    expect(total(waived)).toBe(1_500);
    expect(waived.principal).toBe(1_500);
    expect(ledger.closedOn).toBe('2026-05-01');
    const f = figuresOf(ledger, '2026-05-01');
    expect(f).toMatchObject({ amountDue: 0, settled: true, amountRepaid: 101_500 });
    expect(f.owed.principal + ledger.waivedRemainder!.principal).toBe(100_000);
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
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('pay' as const), share: fc.double({ min: 0, max: 1.2, noNaN: true }) }),
  fc.constant({ kind: 'extend' as const }),
  fc.constant({ kind: 'next' as const }),
  fc.constant({ kind: 'settle' as const }),
  fc.record({ kind: fc.constant('coupon' as const), amount: fc.integer({ min: 0, max: 60_000 }) }),
);

/** PayMongo's smallest payment, which the server's repayments keep to (server/services/loans/repay.ts). */
const GATEWAY_MINIMUM = 2_000;

describe('an extension after a payment that reached the penalties', () => {
  it('keeps the penalties already paid within the pro-rata cap of the days that earned them', () => {
    // A counterexample of the random histories below: one day late, a payment of a few centavos (the damages first),
    // then an extension; the penalties paid stay charged, and the overdue days that earned them stay counted.
    const principal = standard.amount.minCentavos;
    let day = '2026-12-01';
    let l = loan(standard, principal, 30, day);
    day = addDays(day, 31);
    l = accrue(l, standard, caps, day).ledger;
    l = allocate(l, 10, day).ledger;
    expect(l.rows[0]!.paid.damages + l.rows[0]!.paid.lateFine).toBeGreaterThan(0);
    const terms = extensionTerms(l, standard, rules, day)!;
    l = extend(l, terms, 8, day).ledger;
    for (const row of l.rows) {
      const cap = Math.floor(((row.overdueCentavoDays ?? 0) * caps.latePenaltyMonthlyMaxPpm) / 30 / 1e6);
      expect(row.owed.lateFine + row.owed.damages).toBeLessThanOrEqual(cap);
    }
  });
});

describe('random histories (days passing, partial payments, extensions on any day, instalments, settlement early or late, accrual, coupons, overpayments, remainders)', () => {
  it('hold every rule: reconcile to the centavo, principal once, the caps (penalties pro rata, total cost, the realised effective rate)', () => {
    let settledHistories = 0;
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
          let waived = 0;
          for (const s of steps) {
            l = accrue(l, sub, caps, day).ledger;
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
              const a = allocate(l, amount, day);
              l = a.ledger;
              repaid += amount;
              refunded += a.unapplied;
              expect(total(a.applied) + a.unapplied).toBe(amount);
              // What the gateway cannot take is waived, never left owing.
              const left = figuresOf(l, day).amountDue;
              if (left > 0 && left < GATEWAY_MINIMUM) {
                const w = waiveRemainder(l, day);
                expect(total(w.waived)).toBe(left);
                l = w.ledger;
                waived += left;
              }
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
              expect(figuresOf(l, day).amountAtDue).toBe(terms.newAmountDue);
            }
            const g = figuresOf(l, day);
            // Every centavo paid is in the ledger once, and the ledger's totals agree with themselves.
            expect(g.amountRepaid + refunded).toBe(repaid);
            expect(g.amountDue).toBe(total(g.owed) - total(g.paid));
            expect(g.amountDue).toBeGreaterThanOrEqual(0);
            expect(g.amountAtDue).toBeGreaterThanOrEqual(g.amountDue);
            expect(l.discounted ?? 0).toBe(discounted);
            expect(total(l.waivedRemainder ?? ZERO_COMPONENTS)).toBe(waived);
            // Never asked for less than the gateway takes.
            expect(g.amountDue === 0 || g.amountDue >= GATEWAY_MINIMUM).toBe(true);
            // Principal is owed once: never more than lent, never repaid twice.
            expect(g.owed.principal + (l.waivedRemainder?.principal ?? 0)).toBe(principal);
            expect(g.paid.principal).toBeLessThanOrEqual(principal);
            // The total-cost cap: everything charged beyond the principal.
            expect(g.costCharged).toBeLessThanOrEqual(capPpm(principal, caps.totalCostMaxPpm));
            expect(g.amountRepaid + g.amountDue).toBeLessThanOrEqual(
              principal + capPpm(principal, caps.totalCostMaxPpm) - l.upfrontCost,
            );
            // The plan the bill shows sums to the same figures (each period as it asks on its due date).
            const plan = scheduleOf(l, day);
            expect(plan.reduce((s, r) => s + r.paidCentavos, 0)).toBe(g.amountRepaid);
            expect(plan.reduce((s, r) => s + r.outstandingCentavos, 0)).toBe(g.amountAtDue);
            // Each period's penalties stay within the late-penalty cap, pro rata of the amount overdue each day.
            for (const row of l.rows) {
              const cap = Math.floor(((row.overdueCentavoDays ?? 0) * caps.latePenaltyMonthlyMaxPpm) / 30 / 1e6);
              expect(row.owed.lateFine + row.owed.damages).toBeLessThanOrEqual(cap);
            }
          }
          // A history that ended paid: the effective rate the borrower paid, from its real flows, within the cap.
          if (figuresOf(l, day).settled) {
            settledHistories += 1;
            expect(effectiveMonthlyRatePpm(effectiveFlows(l))).toBeLessThanOrEqual(caps.effectiveMonthlyMaxPpm);
          }
        },
      ),
      { numRuns: 400 },
    );
    expect(settledHistories).toBeGreaterThan(40);
  });
});
