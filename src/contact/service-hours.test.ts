import { describe, expect, it } from 'vitest';
import { product } from '../config.ts';
import { clockMinutes, isServiceOpen, minutesInZone } from './service-hours.ts';

const manila = { opens: '09:00', closes: '18:00', timeZone: 'Asia/Manila' };

/** A UTC instant given as Manila wall-clock time (UTC+8, no daylight saving). */
function manilaTime(hhmm: string, day = '2026-03-02'): Date {
  const at = new Date(`${day}T${hhmm}:00+08:00`);
  if (Number.isNaN(at.getTime())) throw new Error(hhmm);
  return at;
}

describe('isServiceOpen (Asia/Manila)', () => {
  it.each([
    ['08:59', false],
    ['09:00', true],
    ['12:30', true],
    ['17:59', true],
    ['18:00', false],
    ['23:59', false],
    ['00:00', false],
  ])('at %s Manila time it is open: %s', (hhmm, open) => {
    expect(isServiceOpen(manilaTime(hhmm), manila)).toBe(open);
  });

  it('uses Manila time, not UTC: 01:00 UTC is 09:00 in Manila, 10:00 UTC is 18:00 in Manila', () => {
    expect(isServiceOpen(new Date('2026-03-02T01:00:00Z'), manila)).toBe(true);
    expect(isServiceOpen(new Date('2026-03-02T00:59:00Z'), manila)).toBe(false);
    expect(isServiceOpen(new Date('2026-03-02T10:00:00Z'), manila)).toBe(false);
    expect(isServiceOpen(new Date('2026-03-02T09:59:00Z'), manila)).toBe(true);
  });

  it('evaluates the configured product hours', () => {
    const hours = product.customerService;
    expect(isServiceOpen(manilaTime(hours.opens), hours)).toBe(true);
    expect(isServiceOpen(manilaTime(hours.closes), hours)).toBe(false);
  });

  it('supports hours past midnight and round-the-clock hours', () => {
    const night = { opens: '22:00', closes: '06:00', timeZone: 'Asia/Manila' };
    expect(isServiceOpen(manilaTime('23:00'), night)).toBe(true);
    expect(isServiceOpen(manilaTime('05:59'), night)).toBe(true);
    expect(isServiceOpen(manilaTime('06:00'), night)).toBe(false);
    expect(isServiceOpen(manilaTime('12:00'), { opens: '00:00', closes: '00:00', timeZone: 'Asia/Manila' })).toBe(true);
  });
});

describe('helpers', () => {
  it('reads clocks and rejects malformed ones', () => {
    expect(clockMinutes('00:00')).toBe(0);
    expect(clockMinutes('18:00')).toBe(1080);
    expect(() => clockMinutes('9:00')).toThrow();
    expect(() => clockMinutes('24:00')).toThrow();
  });

  it('reads the wall clock of the zone', () => {
    expect(minutesInZone(new Date('2026-03-02T16:00:00Z'), 'Asia/Manila')).toBe(0);
    expect(minutesInZone(new Date('2026-03-02T15:59:00Z'), 'Asia/Manila')).toBe(23 * 60 + 59);
  });
});
