/**
 * Sliding-window counters in PostgreSQL (rate_counters), so every API instance shares them. Each key counts events in
 * fixed buckets of the window's length (one atomic upsert per hit); the count of the window ending now is the current
 * bucket plus the previous bucket weighted by how much of it still lies inside the window (the "sliding window
 * counter" of Cloudflare's and nginx's limiters). So a limit never resets at a bucket boundary: 30 requests at 10:09:59
 * still count at 10:10:01.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { isIPv4, isIPv6 } from 'node:net';
import type { Database } from '../db/database.ts';
import { rateCounters } from '../db/tables.ts';

export interface Window {
  readonly limit: number;
  readonly seconds: number;
}

/** The start of the bucket `now` falls in. */
export function windowStart(now: Date, seconds: number): Date {
  const ms = seconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/**
 * The events of the `seconds` ending at `now`, estimated from the current bucket's count and the previous one's:
 * the previous bucket counts for the part of it still inside the sliding window.
 */
export function slidingCount(current: number, previous: number, now: Date, seconds: number): number {
  const ms = seconds * 1000;
  const elapsed = now.getTime() - windowStart(now, seconds).getTime();
  return current + (previous * (ms - elapsed)) / ms;
}

const previousStart = (now: Date, seconds: number) => new Date(windowStart(now, seconds).getTime() - seconds * 1000);

async function previousCount(db: Database, key: string, window: Window, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateCounters.count })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, previousStart(now, window.seconds))));
  return row?.count ?? 0;
}

/** Counts one event; resolves to the sliding count after it, and whether that passes the limit. */
export async function hit(
  db: Database,
  key: string,
  window: Window,
  now: Date,
): Promise<{ count: number; over: boolean }> {
  const [[row], previous] = await Promise.all([
    db
      .insert(rateCounters)
      .values({ key, windowStart: windowStart(now, window.seconds), count: 1 })
      .onConflictDoUpdate({
        target: [rateCounters.key, rateCounters.windowStart],
        set: { count: sql`${rateCounters.count} + 1` },
      })
      .returning({ count: rateCounters.count }),
    // The previous bucket is closed (nothing adds to it any more), so reading it beside the upsert is exact.
    previousCount(db, key, window, now),
  ]);
  const count = slidingCount(row?.count ?? 1, previous, now, window.seconds);
  return { count, over: count > window.limit };
}

/** The sliding count under `key`, without counting. */
export async function peek(db: Database, key: string, window: Window, now: Date): Promise<number> {
  const rows = await db
    .select({ start: rateCounters.windowStart, count: rateCounters.count })
    .from(rateCounters)
    .where(
      and(
        eq(rateCounters.key, key),
        inArray(rateCounters.windowStart, [windowStart(now, window.seconds), previousStart(now, window.seconds)]),
      ),
    );
  const current = rows.find((r) => r.start.getTime() === windowStart(now, window.seconds).getTime())?.count ?? 0;
  const previous = rows.find((r) => r.start.getTime() === previousStart(now, window.seconds).getTime())?.count ?? 0;
  return slidingCount(current, previous, now, window.seconds);
}

/** Clears a key's sliding window (a captcha solved lifts the abnormal flag). */
export async function reset(db: Database, key: string, window: Window, now: Date): Promise<void> {
  await db
    .delete(rateCounters)
    .where(
      and(
        eq(rateCounters.key, key),
        inArray(rateCounters.windowStart, [windowStart(now, window.seconds), previousStart(now, window.seconds)]),
      ),
    );
}

/** Drops the windows that started before `before` (server/jobs/housekeeping.ts); answers how many went. */
export async function prune(db: Database, before: Date): Promise<number> {
  const gone = await db
    .delete(rateCounters)
    .where(lt(rateCounters.windowStart, before))
    .returning({ key: rateCounters.key });
  return gone.length;
}

/**
 * The part of a client address a limit counts by: an IPv4 address (also when written IPv4-mapped, ::ffff:1.2.3.4),
 * or the /64 network of an IPv6 address, since one subscriber is routed a whole /64 and can pick any address in it.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/iu.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  // An embedded IPv4 tail (::1.2.3.4) is two groups of the last 32 bits.
  const text = ip
    .toLowerCase()
    .split('%')[0]!
    .replace(
      /(\d+)\.(\d+)\.(\d+)\.(\d+)$/u,
      (_all, a: string, b: string, c: string, d: string) =>
        `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
    );
  const [head = '', tail = ''] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = text.includes('::') && tail ? tail.split(':') : [];
  const groups = text.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
