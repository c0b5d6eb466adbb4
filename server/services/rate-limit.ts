/**
 * Fixed-window counters in PostgreSQL (rate_counters), so every API instance shares them: `hit` counts one event under
 * a key and says whether the window's limit is passed. One atomic upsert per hit.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { rateCounters } from '../db/schema.ts';

export interface Window {
  readonly limit: number;
  readonly seconds: number;
}

/** The start of the window `now` falls in. */
export function windowStart(now: Date, seconds: number): Date {
  const ms = seconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/** Counts one event; resolves to the count in the window after it, and whether that passes the limit. */
export async function hit(db: Database, key: string, window: Window, now: Date): Promise<{ count: number; over: boolean }> {
  const start = windowStart(now, window.seconds);
  const [row] = await db
    .insert(rateCounters)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { count: sql`${rateCounters.count} + 1` } })
    .returning({ count: rateCounters.count });
  const count = row?.count ?? 1;
  return { count, over: count > window.limit };
}

/** The count under `key` in the current window, without counting. */
export async function peek(db: Database, key: string, window: Window, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateCounters.count })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, windowStart(now, window.seconds))));
  return row?.count ?? 0;
}

/** Clears a key's current window (a captcha solved lifts the abnormal flag). */
export async function reset(db: Database, key: string, window: Window, now: Date): Promise<void> {
  await db.delete(rateCounters).where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, windowStart(now, window.seconds))));
}

/** Drops windows older than `before` (housekeeping). */
export async function prune(db: Database, before: Date): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, before));
}
