/**
 * A daily schedule on the Manila calendar (server/jobs/runner.ts `Schedule`): the job `kind` at `minutes` past Manila
 * midnight, keyed by its day, so every instance enqueues each day's run once. Before that time of day the run due is
 * the day before's (already written, or written now by an instance that was down then).
 */
import { addDays, manilaStartOfDay, manilaToday } from '#domain/calendar-date.ts';
import type { Schedule } from './runner.ts';

export function dailyInManila(kind: string, minutes: number): Schedule {
  const runOn = (day: string) => new Date(manilaStartOfDay(day).getTime() + minutes * 60_000);
  return (at) => {
    const today = manilaToday(at);
    const day = at < runOn(today) ? addDays(today, -1) : today;
    return { kind, key: `${kind}:${day}`, runAt: runOn(day) };
  };
}
