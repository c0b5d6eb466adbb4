/**
 * Dates as staff read them (staff/ui.tsx `manilaText`): Manila's day in words in the console's language, for a Manila
 * day and for an instant, whatever the time zone of the machine showing it.
 */
import { describe, expect, it } from 'vitest';
import { manilaText } from './ui.tsx';

describe('manilaText', () => {
  it('writes a Manila day in words, never in figures that read as another day', () => {
    expect(manilaText('2027-01-31', 'en')).toBe('Jan 31, 2027');
    expect(manilaText('2027-01-02', 'en')).toBe('Jan 2, 2027');
    expect(manilaText('2027-01-31', 'zh-CN')).toBe('2027年1月31日');
    expect(manilaText('2027-01-31', 'fil')).toMatch(/^Ene 31, 2027$/u);
  });

  it("writes an instant as Manila's date and time, or its date alone", () => {
    // 20:00 UTC on 31 December is 04:00 on 1 January in Manila.
    const instant = '2026-12-31T20:00:00.000Z';
    expect(manilaText(instant, 'en')).toBe(
      new Intl.DateTimeFormat('en', { timeZone: 'Asia/Manila', dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(instant),
      ),
    );
    expect(manilaText(instant, 'en')).toMatch(/^Jan 1, 2027, 4:00\sAM$/u);
    expect(manilaText(instant, 'en', true)).toBe('Jan 1, 2027');
  });

  it('answers nothing for a value that is no date', () => {
    expect(manilaText('soon', 'en')).toBeUndefined();
    expect(manilaText('2027-02-30T99:00:00Z', 'en')).toBeUndefined();
  });
});
