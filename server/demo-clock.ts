/**
 * DEMO_CLOCK (docs/settings-and-operations.md, "Demonstrations"): the server's clock for a demonstration. It starts at
 * the given instant when the server starts and runs on at real speed; POST /api/v1/dev/clock (routes/dev-clock.ts)
 * moves it forward, so a loan walks into expiring, due today, overdue and settled in minutes. The settings refuse it
 * unless every provider is a simulated one (settings.ts readDemoClock), and buildApp refuses it with a real one
 * (app.ts): no real borrower, payment or SMS ever lives on it.
 *
 * What follows it: everything of the business (loans, due dates, accrual, reminders, coupons, messages, Easy Re-loan,
 * the job schedules, the simulated gateways). What keeps the real time: security (sessions, login codes, captchas,
 * throttling, staff sign-in and its TOTP codes, the audit log), see app.ts.
 */
import { isCalendarDate } from '#domain/calendar-date.ts';

/** A clock that starts at a given instant and runs at real speed; it moves forward on request, never back. */
export interface DemoClock {
  /** The demonstration's time now. */
  now(): Date;
  /** Moves the clock forward by `ms` (a whole number, 0 or more); answers the new time. */
  advance(ms: number): Date;
}

/** A demonstration clock at `start` now, then running with `real` (milliseconds since the epoch). */
export function createDemoClock(start: Date, real: () => number = Date.now): DemoClock {
  let offset = start.getTime() - real();
  const now = () => new Date(real() + offset);
  return {
    now,
    advance(ms) {
      if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`a demo clock moves forward only, got ${ms} ms`);
      offset += ms;
      return now();
    },
  };
}

/** An ISO 8601 date and time with its UTC offset (`Z` or ±hh:mm), seconds and milliseconds optional. */
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/u;

/** The instant `text` names, or null when it is not a real date and time with its offset (2026-02-30 is not). */
export function parseDemoInstant(text: string): Date | null {
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  // Date takes 2026-02-30 as 2 March: the calendar day must exist as written.
  if (!isCalendarDate(match[1]!)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}
