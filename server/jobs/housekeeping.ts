/**
 * `housekeeping`, daily at 04:00 Manila: keeps the tables that grow with traffic and are never read back bounded.
 *
 * - `jobs`: a job done more than {@link JOB_RETENTION_DAYS} days ago. A job's key dedupes it only while its work can
 *   be asked for again, and every key is of a day (a schedule's run) or of one event (an order's decision, an
 *   erasure's files), asked for within minutes of it; a job not done (due, running or failing) is never removed.
 * - `rate_counters`: a throttling window that ended more than a day ago. A limit reads its current window and the one
 *   before it (server/services/rate-limit.ts), and no window is longer than an hour.
 * - `staff_login_guards`: the sign-in tries of an e-mail and network with no try for {@link GUARD_RETENTION_DAYS} days
 *   and no running lock. Tries are counted in a row (server/services/staff/login-guard.ts): a month without one starts a new
 *   count, as a success would.
 *
 * Business rows (orders, payments, audit, messages) are never touched here: their retention is the law's
 * (server/services/staff/deletion-jobs.ts).
 */
import { and, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { jobs, staffLoginGuards } from '../db/tables.ts';
import { prune } from '../services/rate-limit.ts';
import { dailyInManila } from './daily.ts';
import type { JobHandler, Schedule } from './runner.ts';

export const HOUSEKEEPING = 'housekeeping';
/** Its hour in Manila: at night, after the retention purge (03:00). */
const HOUSEKEEPING_HOUR = 4;
export const JOB_RETENTION_DAYS = 30;
export const GUARD_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

export interface HousekeepingDeps {
  readonly db: Database;
  /** The business clock: what the jobs' times follow. */
  readonly now: () => Date;
  /** The security clock: what throttling windows and sign-in tries follow (the real time under DEMO_CLOCK). */
  readonly securityNow: () => Date;
}

export interface Swept {
  readonly jobs: number;
  readonly rateCounters: number;
  readonly staffLoginGuards: number;
}

export function housekeepingJobs(deps: HousekeepingDeps): {
  handlers: Record<string, JobHandler>;
  schedules: Schedule[];
  sweep: () => Promise<Swept>;
} {
  const { db, now, securityNow } = deps;

  async function sweep(): Promise<Swept> {
    const doneJobs = await db
      .delete(jobs)
      .where(and(isNotNull(jobs.doneAt), lt(jobs.doneAt, new Date(now().getTime() - JOB_RETENTION_DAYS * DAY_MS))))
      .returning({ id: jobs.id });
    const real = securityNow();
    const counters = await prune(db, new Date(real.getTime() - DAY_MS));
    const guards = await db
      .delete(staffLoginGuards)
      .where(
        and(
          lt(staffLoginGuards.updatedAt, new Date(real.getTime() - GUARD_RETENTION_DAYS * DAY_MS)),
          or(isNull(staffLoginGuards.lockedUntil), lt(staffLoginGuards.lockedUntil, real)),
        ),
      )
      .returning({ subject: staffLoginGuards.subject });
    return { jobs: doneJobs.length, rateCounters: counters, staffLoginGuards: guards.length };
  }

  const schedules: Schedule[] = [dailyInManila(HOUSEKEEPING, HOUSEKEEPING_HOUR * 60)];

  return {
    handlers: {
      [HOUSEKEEPING]: async () => {
        await sweep();
      },
    },
    schedules,
    sweep,
  };
}
