import { describe, expect, it } from 'vitest';
import { dailyInManila } from './daily.ts';

describe('a daily schedule on the Manila calendar', () => {
  const at0400 = dailyInManila('sweep', 4 * 60);
  it("is the day's run from its time of day (Manila, UTC+8), and the day before's until then", () => {
    // 2026-11-27 04:00 Manila is 2026-11-26 20:00 UTC.
    expect(at0400(new Date('2026-11-26T20:00:00Z'))).toEqual({
      kind: 'sweep',
      key: 'sweep:2026-11-27',
      runAt: new Date('2026-11-26T20:00:00Z'),
    });
    expect(at0400(new Date('2026-11-26T19:59:59Z'))).toEqual({
      kind: 'sweep',
      key: 'sweep:2026-11-26',
      runAt: new Date('2026-11-25T20:00:00Z'),
    });
    // 23:59 Manila: still that day's.
    expect(at0400(new Date('2026-11-27T15:59:00Z')).key).toBe('sweep:2026-11-27');
  });
  it('takes minutes past midnight (the accrual at 00:05)', () => {
    const accrue = dailyInManila('accrue', 5);
    expect(accrue(new Date('2026-11-26T16:04:00Z')).key).toBe('accrue:2026-11-26');
    expect(accrue(new Date('2026-11-26T16:05:00Z'))).toEqual({
      kind: 'accrue',
      key: 'accrue:2026-11-27',
      runAt: new Date('2026-11-26T16:05:00Z'),
    });
  });
});
