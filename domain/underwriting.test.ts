import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type UnderwritingConfig,
  type UnderwritingFacts,
  creditLimitCentavos,
  decide,
  limitHistory,
  nextRaises,
} from './underwriting.ts';
import underwritingJson from '#config/underwriting.json' with { type: 'json' };

/** The numbers of config/underwriting.json. */
const config: UnderwritingConfig = {
  approvalDelaySeconds: 180,
  rejectReapplyDays: 30,
  age: { min: 18, max: 65 },
  rejectEmploymentTypes: ['unemployed'],
  incomeBands: {
    upTo12000: { decision: 'reject' },
    from12001To18000: { decision: 'approve', limitCentavos: 300_000 },
    from18001To25000: { decision: 'approve', limitCentavos: 500_000 },
    from25001To30000: { decision: 'approve', limitCentavos: 800_000 },
    over30000: { decision: 'approve', limitCentavos: 1_000_000 },
  },
  maxLimitCentavos: 1_000_000,
  limitRaises: {
    repaidOnTime: { stepCentavos: 100_000, ceilingCentavos: 1_000_000, maxOverdueDays: 0 },
    addToHomeScreen: { stepCentavos: 50_000, ceilingCentavos: 800_000 },
    facebookBinding: { stepCentavos: 50_000, ceilingCentavos: 800_000 },
  },
  reviewIfOverdueDaysOver: 15,
};
const facts: UnderwritingFacts = {
  age: 30,
  incomeBand: 'from12001To18000',
  employmentType: 'contractWorker',
  settledOrders: 0,
  worstOverdueDays: 0,
  requestedPrincipalCentavos: 200_000,
};
const today = '2026-04-01';

describe('decide', () => {
  it("approves with the band's first limit", () => {
    expect(decide(config, facts, today)).toEqual({ decision: 'approve', limitCentavos: 300_000 });
  });

  it('raises the limit PHP 1,000 per settled order, up to PHP 10,000', () => {
    // 3,000 + 2 x 1,000 = 5,000; 8,000 + 5 x 1,000 = 13,000 -> 10,000.
    expect(decide(config, { ...facts, settledOrders: 2 }, today)).toEqual({
      decision: 'approve',
      limitCentavos: 500_000,
    });
    expect(decide(config, { ...facts, incomeBand: 'from25001To30000', settledOrders: 5 }, today)).toEqual({
      decision: 'approve',
      limitCentavos: 1_000_000,
    });
  });

  it('rejects ages outside 18..65 with a reapply date 30 days on', () => {
    expect(decide(config, { ...facts, age: 17 }, today)).toEqual({
      decision: 'reject',
      reason: 'AGE_OUT_OF_RANGE',
      reapplyAfter: '2026-05-01',
    });
    expect(decide(config, { ...facts, age: 66 }, today)).toMatchObject({
      decision: 'reject',
      reason: 'AGE_OUT_OF_RANGE',
    });
    expect(decide(config, { ...facts, age: 18 }, today).decision).toBe('approve');
    expect(decide(config, { ...facts, age: 65 }, today).decision).toBe('approve');
  });

  it('rejects a refused employment type and a rejecting income band', () => {
    expect(decide(config, { ...facts, employmentType: 'unemployed' }, today)).toMatchObject({
      decision: 'reject',
      reason: 'EMPLOYMENT_TYPE',
    });
    expect(decide(config, { ...facts, incomeBand: 'upTo12000' }, today)).toMatchObject({
      decision: 'reject',
      reason: 'INCOME_BAND',
      reapplyAfter: '2026-05-01',
    });
  });

  it('sends doubts to a person', () => {
    const staff: UnderwritingConfig = {
      ...config,
      incomeBands: { ...config.incomeBands, from18001To25000: { decision: 'review' } },
    };
    expect(decide(staff, { ...facts, incomeBand: 'from18001To25000' }, today)).toEqual({
      decision: 'review',
      reason: 'INCOME_BAND_REVIEW',
    });
    expect(decide(config, { ...facts, incomeBand: 'lottery' }, today)).toEqual({
      decision: 'review',
      reason: 'UNKNOWN_INCOME_BAND',
    });
    expect(decide(config, { ...facts, age: null }, today)).toEqual({ decision: 'review', reason: 'MISSING_FACTS' });
    expect(decide(config, { ...facts, incomeBand: null }, today)).toEqual({
      decision: 'review',
      reason: 'MISSING_FACTS',
    });
    expect(decide(config, { ...facts, worstOverdueDays: 16 }, today)).toEqual({
      decision: 'review',
      reason: 'OVERDUE_HISTORY',
    });
    expect(decide(config, { ...facts, worstOverdueDays: 15 }, today).decision).toBe('approve');
    expect(decide(config, { ...facts, requestedPrincipalCentavos: 300_001 }, today)).toEqual({
      decision: 'review',
      reason: 'OVER_LIMIT',
    });
  });

  it('rejects on hard rules even when facts are missing elsewhere', () => {
    expect(decide(config, { ...facts, age: 70, incomeBand: null }, today)).toMatchObject({
      decision: 'reject',
      reason: 'AGE_OUT_OF_RANGE',
    });
    expect(decide(config, { ...facts, age: null, employmentType: 'unemployed' }, today)).toMatchObject({
      decision: 'reject',
      reason: 'EMPLOYMENT_TYPE',
    });
  });

  it("never approves above the maximum or the band's limit plus the settled steps (property)", () => {
    const bands = Object.keys(config.incomeBands);
    fc.assert(
      fc.property(
        fc.record({
          age: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }),
          incomeBand: fc.option(fc.constantFrom(...bands, 'unknown'), { nil: null }),
          employmentType: fc.option(fc.constantFrom('selfEmployed', 'contractWorker', 'student', 'unemployed'), {
            nil: null,
          }),
          settledOrders: fc.integer({ min: 0, max: 50 }),
          worstOverdueDays: fc.integer({ min: 0, max: 100 }),
          requestedPrincipalCentavos: fc.integer({ min: 0, max: 2_000_000 }),
        }),
        (f) => {
          const d = decide(config, f, today);
          if (d.decision === 'approve') {
            expect(d.limitCentavos).toBeLessThanOrEqual(config.maxLimitCentavos);
            expect(d.limitCentavos).toBe(creditLimitCentavos(config, f));
            expect(f.requestedPrincipalCentavos).toBeLessThanOrEqual(d.limitCentavos);
            expect(f.age! >= 18 && f.age! <= 65 && f.employmentType !== 'unemployed' && f.worstOverdueDays <= 15).toBe(
              true,
            );
          }
          if (d.decision === 'reject') expect(d.reapplyAfter).toBe('2026-05-01');
        },
      ),
    );
  });
});

describe('creditLimitCentavos', () => {
  it('is null for a band that does not approve', () => {
    expect(creditLimitCentavos(config, { incomeBand: 'upTo12000', settledOrders: 3 })).toBeNull();
    expect(creditLimitCentavos(config, { incomeBand: null, settledOrders: 3 })).toBeNull();
    expect(creditLimitCentavos(config, { incomeBand: 'over30000', settledOrders: 0 })).toBe(1_000_000);
  });
});

describe('limit raises', () => {
  it('this file uses the numbers of config/underwriting.json', () => {
    expect(underwritingJson.limitRaises).toEqual(config.limitRaises);
    expect(underwritingJson.maxLimitCentavos).toBe(config.maxLimitCentavos);
  });

  it('applies the band, then each order repaid on time, then the one-time raises, each within its ceiling', () => {
    const history = limitHistory(config, 'from12001To18000', [
      { reason: 'facebookBinding', at: '2026-05-01T00:00:00.000Z' },
      { reason: 'repaidOnTime', at: '2026-04-20T00:00:00.000Z' },
      { reason: 'addToHomeScreen', at: '2026-05-02T00:00:00.000Z' },
    ]);
    expect(history).toEqual([
      { reason: 'incomeBand', amountCentavos: 300_000, limitAfterCentavos: 300_000, at: null },
      { reason: 'repaidOnTime', amountCentavos: 100_000, limitAfterCentavos: 400_000, at: '2026-04-20T00:00:00.000Z' },
      {
        reason: 'facebookBinding',
        amountCentavos: 50_000,
        limitAfterCentavos: 450_000,
        at: '2026-05-01T00:00:00.000Z',
      },
      {
        reason: 'addToHomeScreen',
        amountCentavos: 50_000,
        limitAfterCentavos: 500_000,
        at: '2026-05-02T00:00:00.000Z',
      },
    ]);
    expect(
      creditLimitCentavos(config, {
        incomeBand: 'from12001To18000',
        settledOrders: 1,
        oneTimeRaises: ['facebookBinding', 'addToHomeScreen'],
      }),
    ).toBe(500_000);
  });

  it("never raises above a raise's ceiling, and never lowers a limit already above it", () => {
    // 8,000 is the one-time raises' ceiling: a band of 8,000 gets nothing from them, one of 10,000 keeps its 10,000.
    expect(
      creditLimitCentavos(config, {
        incomeBand: 'from25001To30000',
        settledOrders: 0,
        oneTimeRaises: ['facebookBinding'],
      }),
    ).toBe(800_000);
    expect(
      creditLimitCentavos(config, {
        incomeBand: 'over30000',
        settledOrders: 0,
        oneTimeRaises: ['facebookBinding', 'addToHomeScreen'],
      }),
    ).toBe(1_000_000);
    expect(
      limitHistory(config, 'from18001To25000', [
        { reason: 'repaidOnTime', at: null },
        { reason: 'repaidOnTime', at: null },
        { reason: 'facebookBinding', at: null },
      ])?.map((e) => e.amountCentavos),
    ).toEqual([500_000, 100_000, 100_000, 50_000]);
    expect(
      limitHistory(config, 'from18001To25000', [
        { reason: 'repaidOnTime', at: null },
        { reason: 'repaidOnTime', at: null },
        { reason: 'repaidOnTime', at: null },
        { reason: 'facebookBinding', at: null },
      ])?.map((e) => e.amountCentavos),
    ).toEqual([500_000, 100_000, 100_000, 100_000, 0]);
  });

  it('keeps every limit within the maximum and never below the band, whatever the raises', () => {
    const reason = fc.constantFrom('repaidOnTime' as const, 'addToHomeScreen' as const, 'facebookBinding' as const);
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(config.incomeBands)),
        fc.array(reason, { maxLength: 20 }),
        (band, reasons) => {
          const history = limitHistory(
            config,
            band,
            reasons.map((r) => ({ reason: r, at: null })),
          );
          if (history === null) return;
          for (const [i, entry] of history.entries()) {
            expect(entry.limitAfterCentavos).toBeLessThanOrEqual(config.maxLimitCentavos);
            expect(entry.amountCentavos).toBeGreaterThanOrEqual(0);
            if (i > 0) expect(entry.limitAfterCentavos).toBe(history[i - 1]!.limitAfterCentavos + entry.amountCentavos);
          }
        },
      ),
    );
  });

  it('says what would raise the limit next: repaying on time always, a one-time raise until granted', () => {
    expect(nextRaises(config, 300_000, [])).toEqual([
      { reason: 'repaidOnTime', amountCentavos: 100_000 },
      { reason: 'addToHomeScreen', amountCentavos: 50_000 },
      { reason: 'facebookBinding', amountCentavos: 50_000 },
    ]);
    expect(nextRaises(config, 780_000, ['addToHomeScreen'])).toEqual([
      { reason: 'repaidOnTime', amountCentavos: 100_000 },
      { reason: 'facebookBinding', amountCentavos: 20_000 },
    ]);
  });
});
