/**
 * Customer-service opening hours, evaluated on the wall clock of the configured time zone (Asia/Manila), never the
 * device's zone: a borrower abroad or with a wrong phone zone still sees whether the Manila team is at work.
 */

/** Opening hours as configured: "HH:MM" clocks and an IANA time zone. */
export interface ServiceHours {
  opens: string;
  closes: string;
  timeZone: string;
}

/** Minutes since midnight of an "HH:MM" clock. */
export function clockMinutes(clock: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  if (!match) throw new Error(`invalid clock "${clock}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes since midnight of `now` on the wall clock of `timeZone`. */
export function minutesInZone(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: 'hour' | 'minute') => Number(parts.find((p) => p.type === type)?.value ?? Number.NaN);
  // Some engines print midnight as 24 even with h23.
  return (part('hour') % 24) * 60 + part('minute');
}

/**
 * True when `now` falls inside the opening hours: from `opens` (inclusive) to `closes` (exclusive). Hours that pass
 * midnight (opens later than closes) are supported; equal clocks mean open around the clock.
 */
export function isServiceOpen(now: Date, hours: ServiceHours): boolean {
  const current = minutesInZone(now, hours.timeZone);
  const opens = clockMinutes(hours.opens);
  const closes = clockMinutes(hours.closes);
  if (opens === closes) return true;
  return opens < closes ? current >= opens && current < closes : current >= opens || current < closes;
}
