import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type UnderwritingConfig, type UnderwritingFacts, creditLimitCentavos, decide } from './underwriting.ts';

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
  limitStepPerSettledCentavos: 100_000,
  maxLimitCentavos: 1_000_000,
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
  it('approves with the band\'s first limit', () => {
    expect(decide(config, facts, today)).toEqual({ decision: 'approve', limitCentavos: 300_000 });
  });

  it('raises the limit PHP 1,000 per settled order, up to PHP 10,000', () => {
    // 3,000 + 2 x 1,000 = 5,000; 8,000 + 5 x 1,000 = 13,000 -> 10,000.
    expect(decide(config, { ...facts, settledOrders: 2 }, today)).toEqual({ decision: 'approve', limitCentavos: 500_000 });
    expect(decide(config, { ...facts, incomeBand: 'from25001To30000', settledOrders: 5 }, today)).toEqual({ decision: 'approve', limitCentavos: 1_000_000 });
  });

  it('rejects ages outside 18..65 with a reapply date 30 days on', () => {
    expect(decide(config, { ...facts, age: 17 }, today)).toEqual({ decision: 'reject', reason: 'AGE_OUT_OF_RANGE', reapplyAfter: '2026-05-01' });
    expect(decide(config, { ...facts, age: 66 }, today)).toMatchObject({ decision: 'reject', reason: 'AGE_OUT_OF_RANGE' });
    expect(decide(config, { ...facts, age: 18 }, today).decision).toBe('approve');
    expect(decide(config, { ...facts, age: 65 }, today).decision).toBe('approve');
  });

  it('rejects a refused employment type and a rejecting income band', () => {
    expect(decide(config, { ...facts, employmentType: 'unemployed' }, today)).toMatchObject({ decision: 'reject', reason: 'EMPLOYMENT_TYPE' });
    expect(decide(config, { ...facts, incomeBand: 'upTo12000' }, today)).toMatchObject({ decision: 'reject', reason: 'INCOME_BAND', reapplyAfter: '2026-05-01' });
  });

  it('sends doubts to a person', () => {
    const staff: UnderwritingConfig = { ...config, incomeBands: { ...config.incomeBands, from18001To25000: { decision: 'review' } } };
    expect(decide(staff, { ...facts, incomeBand: 'from18001To25000' }, today)).toEqual({ decision: 'review', reason: 'INCOME_BAND_REVIEW' });
    expect(decide(config, { ...facts, incomeBand: 'lottery' }, today)).toEqual({ decision: 'review', reason: 'UNKNOWN_INCOME_BAND' });
    expect(decide(config, { ...facts, age: null }, today)).toEqual({ decision: 'review', reason: 'MISSING_FACTS' });
    expect(decide(config, { ...facts, incomeBand: null }, today)).toEqual({ decision: 'review', reason: 'MISSING_FACTS' });
    expect(decide(config, { ...facts, worstOverdueDays: 16 }, today)).toEqual({ decision: 'review', reason: 'OVERDUE_HISTORY' });
    expect(decide(config, { ...facts, worstOverdueDays: 15 }, today).decision).toBe('approve');
    expect(decide(config, { ...facts, requestedPrincipalCentavos: 300_001 }, today)).toEqual({ decision: 'review', reason: 'OVER_LIMIT' });
  });

  it('rejects on hard rules even when facts are missing elsewhere', () => {
    expect(decide(config, { ...facts, age: 70, incomeBand: null }, today)).toMatchObject({ decision: 'reject', reason: 'AGE_OUT_OF_RANGE' });
    expect(decide(config, { ...facts, age: null, employmentType: 'unemployed' }, today)).toMatchObject({ decision: 'reject', reason: 'EMPLOYMENT_TYPE' });
  });

  it('never approves above the maximum or the band\'s limit plus the settled steps (property)', () => {
    const bands = Object.keys(config.incomeBands);
    fc.assert(
      fc.property(
        fc.record({
          age: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }),
          incomeBand: fc.option(fc.constantFrom(...bands, 'unknown'), { nil: null }),
          employmentType: fc.option(fc.constantFrom('selfEmployed', 'contractWorker', 'student', 'unemployed'), { nil: null }),
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
            expect(f.age! >= 18 && f.age! <= 65 && f.employmentType !== 'unemployed' && f.worstOverdueDays <= 15).toBe(true);
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
