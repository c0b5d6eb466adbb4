import { afterEach, describe, expect, it } from 'vitest';
import { ISO_DATE_PATTERN, addDays, ageOn, daysBetween, isCalendarDate, manilaToday } from './calendar-date.ts';

describe('isCalendarDate', () => {
  it('accepts real dates, including 29 February of leap years', () => {
    for (const text of [
      '2000-01-01',
      '1999-12-31',
      '2024-02-29',
      '2000-02-29',
      '1600-02-29',
      '2023-04-30',
      '0004-02-29',
    ]) {
      expect(isCalendarDate(text), text).toBe(true);
    }
  });

  it('refuses impossible dates and other shapes', () => {
    for (const text of [
      '2023-02-29',
      '1900-02-29',
      '2100-02-29',
      '2024-02-30',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '2024-1-01',
      '24-01-01',
      '2024/01/01',
      '2024-01-01T00:00',
      ' 2024-01-01',
      '',
    ]) {
      expect(isCalendarDate(text), text).toBe(false);
    }
  });

  it('ISO_DATE_PATTERN agrees with isCalendarDate on every month and day of 209 years and odd years', () => {
    const re = new RegExp(ISO_DATE_PATTERN, 'u');
    const years = [0, 4, 100, 400, 1000, 9996, 9999];
    for (let y = 1896; y <= 2104; y += 1) years.push(y);
    const disagreements: string[] = [];
    let accepted = 0;
    for (const y of years) {
      for (let m = 0; m <= 13; m += 1) {
        for (let d = 0; d <= 32; d += 1) {
          const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          if (isCalendarDate(text)) accepted += 1;
          if (re.test(text) !== isCalendarDate(text)) disagreements.push(text);
        }
      }
    }
    expect(disagreements).toEqual([]);
    // 1896-2104 holds 51 leap years (1900 and 2100 are not); the seven odd years add 366 * 4 (0000, 0400, 9996 and
    // 0004 are leap years) + 365 * 3.
    expect(accepted).toBe(209 * 365 + 51 + 366 * 4 + 365 * 3);
  });
});

describe('ageOn', () => {
  it('counts whole years, a year older on the birthday itself', () => {
    expect(ageOn('2000-06-15', '2018-06-14')).toBe(17);
    expect(ageOn('2000-06-15', '2018-06-15')).toBe(18);
    expect(ageOn('2000-06-15', '2018-12-31')).toBe(18);
    expect(ageOn('2000-06-15', '2000-06-15')).toBe(0);
    expect(ageOn('1959-01-01', '2026-12-31')).toBe(67);
  });

  it('turns a 29 February birthday a year older on 1 March in common years, on 29 February in leap years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-28')).toBe(19);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('returns null for a birth date after today or a date that does not exist', () => {
    expect(ageOn('2026-05-02', '2026-05-01')).toBeNull();
    expect(ageOn('2023-02-29', '2026-05-01')).toBeNull();
    expect(ageOn('2000-01-01', '2026-13-01')).toBeNull();
    expect(ageOn('01/01/2000', '2026-05-01')).toBeNull();
  });
});

describe('manilaToday', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('switches day at Manila midnight, which is 16:00 UTC the day before', () => {
    expect(manilaToday(new Date('2026-03-01T15:59:59.999Z'))).toBe('2026-03-01');
    expect(manilaToday(new Date('2026-03-01T16:00:00.000Z'))).toBe('2026-03-02');
    expect(manilaToday(new Date('2025-12-31T16:00:00Z'))).toBe('2026-01-01');
    expect(manilaToday(new Date('2028-02-28T16:30:00Z'))).toBe('2028-02-29');
  });

  it('ignores the machine time zone', () => {
    const instant = new Date('2026-07-04T20:00:00Z'); // 5 July 04:00 in Manila, still 4 July in the Americas
    for (const tz of ['America/Los_Angeles', 'Pacific/Honolulu', 'UTC', 'Pacific/Kiritimati']) {
      process.env.TZ = tz;
      expect(manilaToday(instant), tz).toBe('2026-07-05');
    }
  });

  it('agrees with the tz database on Manila midnights and noons from 1991 to 2100', () => {
    const manila = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Manila',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const step = 37 * 86_400_000 + 3_600_000; // 37 days and an hour: every hour of the day comes round
    for (let time = Date.UTC(1991, 0, 1); time < Date.UTC(2100, 0, 1); time += step)
      for (const instant of [
        time,
        time - (time % 86_400_000) + 16 * 3_600_000 - 1,
        time - (time % 86_400_000) + 16 * 3_600_000,
      ]) {
        const at = new Date(instant);
        expect(manilaToday(at), at.toISOString()).toBe(manila.format(at));
      }
  });

  it('refuses an invalid Date', () => {
    expect(() => manilaToday(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('addDays and daysBetween', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-04-01', 30)).toBe('2026-05-01');
    expect(addDays('2026-12-25', 8)).toBe('2027-01-02');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(addDays('2026-04-01', 0)).toBe('2026-04-01');
  });

  it('counts days between dates, signed', () => {
    expect(daysBetween('2026-04-01', '2026-05-01')).toBe(30);
    expect(daysBetween('2026-05-01', '2026-04-01')).toBe(-30);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2023-01-01', '2024-01-01')).toBe(365);
    expect(daysBetween('2026-04-01', '2026-04-01')).toBe(0);
  });

  it('are inverse of each other over many days', () => {
    for (let n = -1000; n <= 1000; n += 7) {
      expect(daysBetween('2026-04-01', addDays('2026-04-01', n))).toBe(n);
    }
  });

  it('refuses impossible dates and fractional days', () => {
    expect(() => addDays('2023-02-29', 1)).toThrow(RangeError);
    expect(() => addDays('2026-04-01', 1.5)).toThrow(RangeError);
    expect(() => daysBetween('2026-04-01', 'soon')).toThrow(RangeError);
  });
});
