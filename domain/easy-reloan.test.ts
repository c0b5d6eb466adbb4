import { describe, expect, it } from 'vitest';
import { nextReloanAmount, reloanCancellable, turnsOff } from './easy-reloan.ts';

const grid = { minCentavos: 100000, maxCentavos: 1000000, stepCentavos: 50000 };

describe('Easy Re-loan rules', () => {
  it('lends the limit by default, rounded down to the grid, never above the limit or the maximum', () => {
    expect(nextReloanAmount(grid, 320000, null)).toBe(300000);
    expect(nextReloanAmount(grid, 320000, 200000)).toBe(200000);
    expect(nextReloanAmount(grid, 320000, 900000)).toBe(300000);
    expect(nextReloanAmount(grid, 5000000, null)).toBe(1000000);
    expect(nextReloanAmount(grid, 90000, null)).toBeNull();
  });

  it('can be cancelled before approval and after the notice until the payout, never after', () => {
    const payoutAt = new Date('2026-11-25T10:00:00Z');
    expect(reloanCancellable('applied', null, payoutAt)).toBe(true);
    expect(reloanCancellable('noticed', payoutAt, new Date('2026-11-25T09:59:59Z'))).toBe(true);
    expect(reloanCancellable('noticed', payoutAt, payoutAt)).toBe(false);
    expect(reloanCancellable('disbursing', payoutAt, new Date('2026-11-25T08:00:00Z'))).toBe(false);
    expect(reloanCancellable('done', payoutAt, new Date('2026-11-25T08:00:00Z'))).toBe(false);
  });

  it('turns off at the configured number of disbursements', () => {
    expect(turnsOff(1, 2)).toBe(false);
    expect(turnsOff(2, 2)).toBe(true);
  });
});
