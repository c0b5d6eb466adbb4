/**
 * Jobs stored in PostgreSQL (server/db/tables.ts `jobs`), shared by every API instance: a worker claims due jobs with
 * `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), so two instances never run the same job at once and a job
 * whose instance died runs again once its lease has passed. A job with a `key` is enqueued at most once while its row
 * is kept (finished jobs are removed after 30 days, ./housekeeping.ts) (scheduled work such as the daily accrual uses the day as its key, so several instances schedule it once).
 * Handlers must be safe to run twice (each re-checks state under its row locks): a crash after the work but before
 * the job is marked done runs it again.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { jobs } from '../db/tables.ts';

/** A database or a transaction of it: enqueueing inside the caller's transaction is the outbox pattern. */
export type Queryable = Pick<Database, 'insert' | 'select' | 'update' | 'execute'>;

export interface NewJob {
  readonly kind: string;
  /** Dedupe key: a second job with the same key is not added. */
  readonly key?: string;
  readonly payload?: Record<string, unknown>;
  readonly runAt: Date;
}

export interface ClaimedJob {
  readonly id: number;
  readonly kind: string;
  readonly key: string | null;
  readonly payload: Record<string, unknown>;
  readonly attempts: number;
}

export type JobHandler = (job: ClaimedJob) => Promise<void>;

/** Work that repeats: the key and time of its run due at `now` (the same key for every instance). */
export type Schedule = (now: Date) => NewJob;

export interface JobRunnerOptions {
  readonly db: Database;
  readonly now: () => Date;
  readonly handlers: Readonly<Record<string, JobHandler>>;
  readonly schedules?: readonly Schedule[];
  /** How long a claimed job is held before another instance may take it over (default 60 s). */
  readonly leaseMs?: number;
  /** Attempts before a failing job is given up (default 20). */
  readonly maxAttempts?: number;
  readonly onError?: (job: ClaimedJob, error: unknown) => void;
}

const BATCH = 16;

/** Delay before the next try of a job that failed `attempts` times: 5 s doubling, at most 1 hour. */
export const retryDelayMs = (attempts: number): number => Math.min(3_600_000, 5000 * 2 ** Math.max(0, attempts - 1));

/** The runners started in this process, told of every job enqueued here (see `start`). */
const listeners = new Set<(runAt: Date) => void>();

export async function enqueue(db: Queryable, job: NewJob): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key ?? null, payload: job.payload ?? {}, runAt: job.runAt })
    .onConflictDoNothing();
  for (const listener of listeners) listener(job.runAt);
}

/** A timer never waits longer than this for a job (a clock a test holds still, a job due next week). */
const MAX_WAKE_MS = 3_600_000;
/** A wake comes this long after the job is due: an enqueue inside a transaction is seen once it commits. */
const WAKE_AFTER_MS = 25;

export function createJobRunner(options: JobRunnerOptions) {
  const { db, now, handlers } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 20;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  /** The keys each schedule last enqueued (by its index): the same key again is not written again. */
  const scheduled = new Map<number, string | undefined>();
  /** The kinds of work the schedules repeat. */
  const repeatingKinds = new Set((options.schedules ?? []).map((next) => next(new Date(0)).kind));
  const wakes = new Set<NodeJS.Timeout>();

  async function claim(): Promise<ClaimedJob[]> {
    const at = now();
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(isNull(jobs.doneAt), lte(jobs.runAt, at), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, at))))
      .orderBy(asc(jobs.runAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(jobs)
      .set({ lockedUntil: new Date(at.getTime() + leaseMs), attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning({
        id: jobs.id,
        kind: jobs.kind,
        key: jobs.key,
        payload: jobs.payload,
        attempts: jobs.attempts,
        runAt: jobs.runAt,
      });
    // In the order they fell due (an update returns its rows in no set order).
    return rows
      .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id)
      .map(({ runAt: _runAt, ...r }) => ({ ...r, payload: (r.payload ?? {}) as Record<string, unknown> }));
  }

  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      await handler(job);
      await db.update(jobs).set({ doneAt: now(), lockedUntil: null, lastError: null }).where(eq(jobs.id, job.id));
    } catch (error) {
      options.onError?.(job, error);
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts >= maxAttempts;
      await db
        .update(jobs)
        .set({
          lastError: message.slice(0, 2000),
          lockedUntil: null,
          runAt: new Date(now().getTime() + retryDelayMs(job.attempts)),
          ...(giveUp && { doneAt: now() }),
        })
        .where(eq(jobs.id, job.id));
    }
  }

  /**
   * Enqueues each schedule's run due now; a key this instance already enqueued is not written again (a keyed job is
   * added once ever, so the insert would change nothing; it costs a statement a tick).
   */
  async function schedule(): Promise<void> {
    for (const [index, next] of (options.schedules ?? []).entries()) {
      const job = next(now());
      if (job.key !== undefined && scheduled.get(index) === job.key) continue;
      await enqueue(db, job);
      scheduled.set(index, job.key);
    }
  }

  /** Schedules repeating work, then runs every due job (batches until none is due); answers how many ran. */
  async function runDueJobs(): Promise<number> {
    await schedule();
    let count = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return count;
      // The schedules' runs go one after another in the order they fell due (the day's accrual before the collections
      // run that reads its figures, when a pause left both due at once); other jobs side by side with them.
      const repeating = batch.filter((job) => repeatingKinds.has(job.kind));
      await Promise.all([
        (async () => {
          for (const job of repeating) await runOne(job);
        })(),
        ...batch.filter((job) => !repeatingKinds.has(job.kind)).map(runOne),
      ]);
      count += batch.length;
    }
  }

  function pass(): void {
    tick().catch((error: unknown) =>
      options.onError?.({ id: 0, kind: 'tick', key: null, payload: {}, attempts: 0 }, error),
    );
  }

  /** A pass when a job enqueued in this process is due. */
  function wake(runAt: Date): void {
    const delay = Math.min(MAX_WAKE_MS, Math.max(0, runAt.getTime() - now().getTime()) + WAKE_AFTER_MS);
    const t = setTimeout(() => {
      wakes.delete(t);
      // After a pass under way (its last look may have come before this job was there), a pass of its own.
      void (running ?? Promise.resolve()).catch(() => undefined).then(pass);
    }, delay);
    t.unref();
    wakes.add(t);
  }

  /** One pass at a time per instance (the interval and a test's call share it). */
  function tick(): Promise<number> {
    running ??= runDueJobs().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    enqueue: (job: NewJob, on: Queryable = db) => enqueue(on, job),
    /** Runs due jobs now (after a pass already under way, so nothing enqueued before the call is missed). */
    async runDueJobs(): Promise<number> {
      if (running) await running.catch(() => undefined);
      return tick();
    },
    /**
     * Polls for due jobs every `intervalMs` until stop(), and runs a job enqueued in this process when it is due
     * without waiting for the next poll (a timer per enqueue): the poll is left for the jobs other instances enqueue,
     * retries and leases that ran out, so it can be slow.
     */
    start(intervalMs: number) {
      if (timer) return;
      timer = setInterval(pass, intervalMs);
      timer.unref();
      listeners.add(wake);
    },
    /** A pass now if the runner is started (its clock just moved: a test, the demo clock). */
    poke(): void {
      if (timer) pass();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      listeners.delete(wake);
      for (const t of wakes) clearTimeout(t);
      wakes.clear();
      await running?.catch(() => undefined);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
