import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pesos } from './money.ts';
import { CAP_NAMES, REGULATIONS, capSources, capsFor, regulationFor, type LendingCaps } from './regulation.ts';

/** SEC MC 14 s.2025 as the circular states it: loans up to PHP 10,000 and 4 months; 6 %, 12 %, 5 % a month; 100 %. */
const percent = (value: number) => value * 10_000;
const MC_14: LendingCaps = {
  principalMaxCentavos: pesos(10_000),
  termMaxDays: 4 * 30,
  nominalMonthlyMaxPpm: percent(6),
  effectiveMonthlyMaxPpm: percent(12),
  latePenaltyMonthlyMaxPpm: percent(5),
  totalCostMaxPpm: percent(100),
};

describe('REGULATIONS and regulationFor', () => {
  it('holds SEC MC 14 s.2025 for loans from 2026-04-01: 6 %, 12 %, 5 %, 100 %, PHP 10,000, 120 days', () => {
    expect(REGULATIONS).toEqual([{ id: 'SEC MC 14 s.2025', inForceFrom: '2026-04-01', caps: MC_14 }]);
  });

  it('is dated in order, one regulation a day at most', () => {
    for (let i = 1; i < REGULATIONS.length; i += 1)
      expect(REGULATIONS[i]!.inForceFrom > REGULATIONS[i - 1]!.inForceFrom).toBe(true);
  });

  it('answers the regulation in force on the loan date, null before any', () => {
    expect(regulationFor('2026-03-31')).toBeNull();
    expect(regulationFor('2026-04-01')?.id).toBe('SEC MC 14 s.2025');
    expect(regulationFor('2030-12-31')?.id).toBe('SEC MC 14 s.2025');
    expect(() => regulationFor('1 April 2026')).toThrow(RangeError);
  });
});

describe('capsFor', () => {
  it('is the law when the config has no limits of its own', () => {
    expect(capsFor({}, '2026-11-24')).toEqual(MC_14);
    expect(capsFor({ caps: {} }, '2026-11-24')).toEqual(MC_14);
  });

  it('tightens the law with a stricter config limit and ignores one above the law', () => {
    const caps = capsFor(
      { caps: { totalCostMaxPpm: 500_000, effectiveMonthlyMaxPpm: 200_000, principalMaxCentavos: 500_000 } },
      '2026-04-01',
    );
    expect(caps).toEqual({ ...MC_14, totalCostMaxPpm: 500_000, principalMaxCentavos: 500_000 });
    expect(
      capSources({ caps: { totalCostMaxPpm: 500_000, effectiveMonthlyMaxPpm: 200_000 } }, '2026-04-01'),
    ).toMatchObject({
      totalCostMaxPpm: 'config',
      effectiveMonthlyMaxPpm: 'SEC MC 14 s.2025',
    });
  });

  it('applies the first regulation to a date before it: never looser than SEC MC 14 s.2025', () => {
    expect(capsFor({}, '2025-01-01')).toEqual(MC_14);
    expect(capsFor({ caps: { nominalMonthlyMaxPpm: 30_000 } }, '2025-01-01').nominalMonthlyMaxPpm).toBe(30_000);
  });

  it('never exceeds the law nor the config, whatever the limits (property)', () => {
    const limit = fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined });
    const limits = fc.record(
      Object.fromEntries(CAP_NAMES.map((name) => [name, limit])) as Record<keyof LendingCaps, typeof limit>,
    );
    const day = fc
      .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(limits, day, (own, loanDate) => {
        const caps = capsFor({ caps: own }, loanDate);
        for (const name of CAP_NAMES) {
          expect(caps[name]).toBeLessThanOrEqual(MC_14[name]);
          if (own[name] !== undefined) expect(caps[name]).toBeLessThanOrEqual(own[name]);
          expect(caps[name] === MC_14[name] || caps[name] === own[name]).toBe(true);
        }
      }),
    );
  });
});
