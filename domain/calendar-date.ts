/**
 * Calendar days as 'YYYY-MM-DD' strings (docs/product-rules.md: dates are Asia/Manila calendar days), and age in whole
 * years. Plain strings, not Date objects, so a birthday never shifts by a day in some machine's time zone.
 */

/**
 * A real Gregorian calendar date 'YYYY-MM-DD' (years 0000-9999), leap years included: 2024-02-29 matches, 2023-02-29
 * and 2100-02-29 do not.
 */
export const ISO_DATE_PATTERN =
  '^(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)$';

interface Ymd {
  year: number;
  month: number;
  day: number;
}

function parseDate(text: string): Ymd | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(text);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
  const probe = new Date(Date.UTC(2000, month - 1, day));
  probe.setUTCFullYear(year);
  const real = probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
  return real ? { year, month, day } : null;
}

/** True when `text` is a real calendar date written 'YYYY-MM-DD'. */
export function isCalendarDate(text: string): boolean {
  return parseDate(text) !== null;
}

/**
 * Age in whole years on `today` of someone born on `birthDate` (both 'YYYY-MM-DD'); null when either is not a real
 * date or the birth date is after `today`. A 29 February birthday counts as passed only from 1 March in common
 * years, so such a person turns 18 on 1 March, not 28 February: the later reading never makes a minor an adult early.
 */
export function ageOn(birthDate: string, today: string): number | null {
  const birth = parseDate(birthDate);
  const now = parseDate(today);
  if (birth === null || now === null) return null;
  const birthdayPassed = now.month > birth.month || (now.month === birth.month && now.day >= birth.day);
  const age = now.year - birth.year - (birthdayPassed ? 0 : 1);
  return age < 0 ? null : age;
}

/**
 * Manila's offset from UTC. Asia/Manila has kept UTC+8 without daylight saving since its last summer time, in 1990
 * (the tz database), so a Manila calendar day is the UTC calendar day of the instant 8 hours later. Plain arithmetic,
 * not an `Intl.DateTimeFormat` in that time zone: the first Intl formatter a page builds costs 35 to 50 ms of main
 * thread, whatever its time zone (measured in Chromium on a 2-core machine, more on a phone), and this module loads
 * on most routes.
 */
const MANILA_OFFSET_MS = 8 * 3_600_000;

/** 'YYYY-MM-DD' of a Date's UTC calendar day. */
function utcDay(probe: Date): string {
  const year = probe.getUTCFullYear().toString().padStart(4, '0');
  const month = (probe.getUTCMonth() + 1).toString().padStart(2, '0');
  const day = probe.getUTCDate().toString().padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** The Asia/Manila (UTC+8, no daylight saving) calendar day of the instant `now`, as 'YYYY-MM-DD'. */
export function manilaToday(now: Date): string {
  const time = now.getTime();
  if (Number.isNaN(time)) throw new RangeError('manilaToday needs a valid Date');
  return utcDay(new Date(time + MANILA_OFFSET_MS));
}

/** Whole days since 1970-01-01 of a real calendar date; throws on anything else (a due date must never be NaN). */
function epochDay(date: string): number {
  const ymd = parseDate(date);
  if (ymd === null) throw new RangeError(`not a calendar date 'YYYY-MM-DD': ${date}`);
  const probe = new Date(Date.UTC(2000, ymd.month - 1, ymd.day));
  probe.setUTCFullYear(ymd.year);
  return Math.round(probe.getTime() / 86_400_000);
}

/**
 * The calendar day `days` days after `date` (before it when negative). Counted on UTC days, which have no daylight
 * saving, so the count is exact; Manila has none either, so a Manila day plus n is n Manila days later.
 */
export function addDays(date: string, days: number): string {
  if (!Number.isSafeInteger(days)) throw new RangeError(`days must be a whole number, got ${days}`);
  const probe = new Date((epochDay(date) + days) * 86_400_000);
  const year = probe.getUTCFullYear();
  if (year < 0 || year > 9999) throw new RangeError(`date out of range: ${date} + ${days} days`);
  return utcDay(probe);
}

/** Days from `from` to `to`: positive when `to` is later, 0 on the same day, so addDays(from, daysBetween(from, to)) === to. */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

/** The instant a Manila calendar day starts (00:00 at UTC+8). */
export function manilaStartOfDay(day: string): Date {
  epochDay(day);
  return new Date(`${day}T00:00:00+08:00`);
}
