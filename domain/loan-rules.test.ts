import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './calendar-date.ts';
import type { OrderState, PricingConfig, SubProductPricing } from './loan-types.ts';
import { ORDER_TRANSITIONS, accrue, canTransition, dueStatus, extensionOffer, nextInstalment, overdueDays } from './loan-rules.ts';
import { quote } from './pricing.ts';

/** The numbers of config/pricing.json's standard sub-product and caps. */
const standard: SubProductPricing = {
  id: 'standard',
  nameKey: 'loan.products.standard',
  theme: 1,
  amount: { minCentavos: 100_000, maxCentavos: 1_000_000, stepCentavos: 50_000 },
  termsDays: [30, 60],
  dailyInterestPpm: 1_000,
  serviceFeePpm: 50_000,
  creditReportFeeCentavos: 2_000,
  lateFineDailyPpm: 1_000,
  overdueDamagesPpm: 20_000,
  extensionFeePpm: 20_000,
};
const config: PricingConfig = {
  caps: {
    principalMaxCentavos: 1_000_000,
    termMaxDays: 120,
    nominalMonthlyMaxPpm: 60_000,
    effectiveMonthlyMaxPpm: 120_000,
    latePenaltyMonthlyMaxPpm: 50_000,
    totalCostMaxPpm: 1_000_000,
  },
  tax: { labelKey: 'loan.tax.gst', ratePpm: 180_000, on: 'serviceFee' },
  extensionDays: 8,
  expiringDays: 3,
  products: [{ id: 'cash', nameKey: 'loan.products.cash', subProducts: [standard] }],
};

const STATES: OrderState[] = ['under_review', 'accepted', 'rejected', 'withdrawable', 'disbursing', 'disbursement_failed', 'repaying', 'settled'];

describe('order state machine', () => {
  it('allows exactly the transitions of product-decisions.md', () => {
    const allowed = STATES.flatMap((from) => STATES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual(
      [
        'under_review->accepted',
        'under_review->rejected',
        'accepted->withdrawable',
        'withdrawable->disbursing',
        'disbursing->repaying',
        'disbursing->disbursement_failed',
        'disbursement_failed->withdrawable',
        'repaying->settled',
      ].sort(),
    );
  });

  it('ends in rejected or settled, and reaches settled from under_review', () => {
    expect(ORDER_TRANSITIONS.rejected).toEqual([]);
    expect(ORDER_TRANSITIONS.settled).toEqual([]);
    const seen = new Set<OrderState>(['under_review']);
    for (const s of seen) for (const t of ORDER_TRANSITIONS[s]) seen.add(t); // a Set iterates what is added while iterating
    expect([...seen].sort()).toEqual([...STATES].sort());
  });
});

describe('dueStatus', () => {
  it('reads pending, expiring (3 days before), due_today and overdue', () => {
    const due = '2026-05-01';
    expect(dueStatus(config, due, '2026-04-27')).toBe('pending');
    expect(dueStatus(config, due, '2026-04-28')).toBe('expiring');
    expect(dueStatus(config, due, '2026-04-30')).toBe('expiring');
    expect(dueStatus(config, due, '2026-05-01')).toBe('due_today');
    expect(dueStatus(config, due, '2026-05-02')).toBe('overdue');
    expect(dueStatus({ expiringDays: 0 }, due, '2026-04-30')).toBe('pending');
  });

  it('counts overdue days from the day after the due date', () => {
    expect(overdueDays('2026-05-01', '2026-04-20')).toBe(0);
    expect(overdueDays('2026-05-01', '2026-05-01')).toBe(0);
    expect(overdueDays('2026-05-01', '2026-05-02')).toBe(1);
    expect(overdueDays('2026-05-01', '2026-06-01')).toBe(31);
  });
});

describe('accrue', () => {
  // PHP 1,000 for 30 days: due 103,000; interest + fees + tax charged 3,000 + 5,000 + 2,000 + 900 = 10,900.
  const order = { amountDueCentavos: 103_000, principalCentavos: 100_000, costChargedCentavos: 10_900, dueDate: '2026-05-01' };

  it('charges nothing until overdue', () => {
    expect(accrue(config, standard, order, '2026-05-01')).toEqual({ overdueDays: 0, lateFineCentavos: 0, damagesCentavos: 0, capped: false });
  });

  it('charges damages once and the fine per day', () => {
    // fine 103,000 x 0.1 % = 103 a day; damages 103,000 x 2 % = 2,060 once.
    expect(accrue(config, standard, order, '2026-05-02')).toEqual({ overdueDays: 1, lateFineCentavos: 103, damagesCentavos: 2_060, capped: false });
    expect(accrue(config, standard, order, '2026-05-11')).toEqual({ overdueDays: 10, lateFineCentavos: 1_030, damagesCentavos: 2_060, capped: false });
  });

  it('stops at 5 % of the amount due per started 30 days, damages kept first', () => {
    // cap 103,000 x 5 % = 5,150 for days 1-30. Day 30: 2,060 + 3,090 = 5,150, exactly the cap; day 31: cap 10,300.
    expect(accrue(config, standard, order, '2026-05-31')).toEqual({ overdueDays: 30, lateFineCentavos: 3_090, damagesCentavos: 2_060, capped: false });
    expect(accrue(config, standard, order, '2026-06-01')).toEqual({ overdueDays: 31, lateFineCentavos: 3_193, damagesCentavos: 2_060, capped: false });
    const steep = { ...standard, lateFineDailyPpm: 5_000 };
    // fine 515 a day: day 10 asks 5,150 + 2,060 = 7,210 > 5,150: the fine is cut to 3,090.
    expect(accrue(config, steep, order, '2026-05-11')).toEqual({ overdueDays: 10, lateFineCentavos: 3_090, damagesCentavos: 2_060, capped: true });
  });

  it('stops where all costs reach 100 % of principal', () => {
    // room 100,000 - 98,000 = 2,000: damages take it all (2,060 asked), the fine gets nothing.
    const costly = { ...order, costChargedCentavos: 98_000 };
    expect(accrue(config, standard, costly, '2026-05-05')).toEqual({ overdueDays: 4, lateFineCentavos: 0, damagesCentavos: 2_000, capped: true });
    expect(accrue(config, standard, { ...order, costChargedCentavos: 120_000 }, '2026-05-05')).toMatchObject({ lateFineCentavos: 0, damagesCentavos: 0, capped: true });
  });

  it('never passes either cap and never decreases as days pass (property)', () => {
    const cases = fc.record({
      principal: fc.integer({ min: 1, max: 1_000_000 }),
      interestShare: fc.integer({ min: 0, max: 500_000 }),
      costCharged: fc.integer({ min: 0, max: 1_200_000 }),
      fine: fc.integer({ min: 0, max: 20_000 }),
      damages: fc.integer({ min: 0, max: 200_000 }),
      days: fc.integer({ min: 0, max: 400 }),
    });
    fc.assert(
      fc.property(cases, ({ principal, interestShare, costCharged, fine, damages, days }) => {
        const sub = { ...standard, lateFineDailyPpm: fine, overdueDamagesPpm: damages };
        const amountDue = principal + Math.floor((principal * interestShare) / 1e6);
        const o = { amountDueCentavos: amountDue, principalCentavos: principal, costChargedCentavos: costCharged, dueDate: '2026-05-01' };
        const today = addDays(o.dueDate, days);
        const a = accrue(config, sub, o, today);
        const b = accrue(config, sub, o, addDays(today, 1));
        const penalties = a.lateFineCentavos + a.damagesCentavos;
        for (const v of [a.lateFineCentavos, a.damagesCentavos]) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
        expect(penalties * 1e6).toBeLessThanOrEqual(amountDue * 50_000 * Math.max(1, Math.ceil(days / 30)));
        if (penalties > 0) expect(costCharged + penalties).toBeLessThanOrEqual(principal);
        expect(b.lateFineCentavos + b.damagesCentavos).toBeGreaterThanOrEqual(penalties);
        expect(b.damagesCentavos).toBeGreaterThanOrEqual(a.damagesCentavos);
        expect(accrue(config, sub, o, today)).toEqual(a);
      }),
      { numRuns: 500 },
    );
  });
});

describe('nextInstalment', () => {
  const plus: SubProductPricing = { ...standard, id: 'plus', termsDays: [60, 90], instalments: { count: 2 }, dailyInterestPpm: 900 };
  const plan = quote(config, plus, { principalCentavos: 600_000, termDays: 60, loanDate: '2026-05-01' }).plan;
  const [p1, p2] = plan;
  const total = p1!.amountCentavos + p2!.amountCentavos;

  it('is null for a single-payment plan and once every period is paid', () => {
    expect(nextInstalment(quote(config, standard, { principalCentavos: 100_000, termDays: 30, loanDate: '2026-05-01' }).plan, 0, 103_000)).toBeNull();
    expect(nextInstalment(plan, 2, 0)).toBeNull();
  });

  it('asks each period in turn, the last one all that is left', () => {
    // 300,000 + 600,000 x 0.09 % x 30 = 316,200 then 300,000 + 8,100 = 308,100.
    expect(nextInstalment(plan, 0, total)).toEqual({ period: 1, count: 2, dueDate: '2026-05-31', amountCentavos: 316_200, interestCentavos: 16_200, last: false });
    expect(nextInstalment(plan, 1, p2!.amountCentavos)).toEqual({ period: 2, count: 2, dueDate: '2026-06-30', amountCentavos: 308_100, interestCentavos: 8_100, last: true });
  });

  it('counts prepayments against the last periods: the next period asks its amount, at most what is left', () => {
    expect(nextInstalment(plan, 0, total - 50_000)).toMatchObject({ period: 1, amountCentavos: 316_200, last: false });
    expect(nextInstalment(plan, 0, 200_000)).toMatchObject({ period: 1, amountCentavos: 200_000, last: true });
    expect(nextInstalment(plan, 1, 100_000)).toMatchObject({ period: 2, amountCentavos: 100_000, last: true });
  });
});

describe('extensionOffer', () => {
  const order = {
    principalCentavos: 100_000,
    interestOutstandingCentavos: 3_000,
    costChargedCentavos: 10_900,
    dueDate: '2026-05-01',
    totalTermDays: 30,
    instalmentCount: 1,
  };

  it('charges the outstanding interest plus 2 % and moves the due date 8 days', () => {
    // fee 100,000 x 2 % = 2,000; pays 3,000 + 2,000 = 5,000; new interest 100,000 x 0.1 % x 8 = 800; due 100,800.
    expect(extensionOffer(config, standard, order, '2026-04-29')).toEqual({
      amountCentavos: 5_000,
      newDueDate: '2026-05-09',
      newInterestCentavos: 800,
      newAmountDueCentavos: 100_800,
      feeCentavos: 2_000,
    });
  });

  it('counts from the current due date even when overdue, while that brings the loan current', () => {
    expect(extensionOffer(config, standard, order, '2026-05-05')?.newDueDate).toBe('2026-05-09');
    expect(extensionOffer(config, standard, order, '2026-05-09')?.newDueDate).toBe('2026-05-09');
    expect(extensionOffer(config, standard, order, '2026-05-10')).toBeNull();
  });

  it('is not offered for instalments, past the term cap or past the total-cost cap', () => {
    expect(extensionOffer(config, standard, { ...order, instalmentCount: 2 }, '2026-04-29')).toBeNull();
    expect(extensionOffer(config, standard, { ...order, totalTermDays: 112 }, '2026-04-29')).not.toBeNull();
    expect(extensionOffer(config, standard, { ...order, totalTermDays: 113 }, '2026-04-29')).toBeNull();
    // room 100,000: 97,200 + 2,000 + 800 = 100,000 fits; one centavo more does not.
    expect(extensionOffer(config, standard, { ...order, costChargedCentavos: 97_200 }, '2026-04-29')).not.toBeNull();
    expect(extensionOffer(config, standard, { ...order, costChargedCentavos: 97_201 }, '2026-04-29')).toBeNull();
  });

  it('keeps the principal and adds exactly extensionDays (property)', () => {
    const cases = fc.record({
      principal: fc.integer({ min: 1, max: 1_000_000 }),
      interest: fc.integer({ min: 0, max: 100_000 }),
      term: fc.integer({ min: 1, max: 130 }),
      lateBy: fc.integer({ min: -30, max: 30 }),
      rate: fc.integer({ min: 0, max: 2_000 }),
    });
    fc.assert(
      fc.property(cases, ({ principal, interest, term, lateBy, rate }) => {
        const sub = { ...standard, dailyInterestPpm: rate };
        const o = { ...order, principalCentavos: principal, interestOutstandingCentavos: interest, costChargedCentavos: interest, totalTermDays: term };
        const offer = extensionOffer(config, sub, o, addDays(o.dueDate, lateBy));
        const refused = term + 8 > 120 || lateBy > 8 || interest + offerCost(principal, rate) > principal;
        expect(offer === null).toBe(refused);
        if (offer === null) return;
        expect(daysBetween(o.dueDate, offer.newDueDate)).toBe(config.extensionDays);
        expect(offer.newAmountDueCentavos - offer.newInterestCentavos).toBe(principal);
        expect(offer.amountCentavos).toBe(interest + offer.feeCentavos);
        expect(interest + offer.feeCentavos + offer.newInterestCentavos).toBeLessThanOrEqual(principal);
      }),
      { numRuns: 500 },
    );
  });
});

/** Fee + new interest of an extension: round(P x 2 %) + round(P x rate x 8), half up. */
function offerCost(principal: number, ratePpm: number): number {
  return Math.floor((principal * 20_000 * 2 + 1e6) / 2e6) + Math.floor((principal * ratePpm * 8 * 2 + 1e6) / 2e6);
}
