/**
 * The one job runner of the API (server/jobs/runner.ts), owning the work of every area: the loans' (when the API
 * serves loans), coupons', account deletion's, reminders' and housekeeping's. Decorates `app.jobs`; starts polling when
 * the app is ready (unless `pollMs` is 0: tests run due jobs themselves) and stops with the app. An area adds its
 * handlers and schedules here, not a runner of its own.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.ts';
import { createJobRunner, type JobHandler, type JobRunner, type NewJob, type Schedule } from '../jobs/runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner every area's background work runs on. */
    jobs: JobRunner;
  }
}

/** One area's background work. */
export interface JobWork {
  readonly handlers: Readonly<Record<string, JobHandler>>;
  readonly schedules?: readonly Schedule[];
}

export interface JobsPluginOptions {
  readonly db: Database;
  readonly now: () => Date;
  readonly work: readonly JobWork[];
  /** How often this instance looks for due jobs, in ms; 0: never by itself (tests call app.jobs.runDueJobs()). */
  readonly pollMs: number;
  /** How long a claimed job is held before another instance may take it over, in ms (the runner's default: 60 s). */
  readonly leaseMs?: number;
  /** Jobs enqueued when the app is ready, before polling starts (the accrual, which sets and never adds). */
  readonly onStart?: (now: Date) => readonly NewJob[];
  readonly onError?: (kind: string, error: unknown) => void;
}

export const jobsPlugin = fp<JobsPluginOptions>(async (app: FastifyInstance, options) => {
  const handlers: Record<string, JobHandler> = {};
  for (const work of options.work)
    for (const [kind, handler] of Object.entries(work.handlers)) {
      if (kind in handlers) throw new Error(`two areas handle the job kind ${kind}`);
      handlers[kind] = handler;
    }
  const jobs = createJobRunner({
    db: options.db,
    now: options.now,
    handlers,
    schedules: options.work.flatMap((work) => work.schedules ?? []),
    ...(options.leaseMs !== undefined && { leaseMs: options.leaseMs }),
    onError: (job, error) =>
      options.onError
        ? options.onError(job.kind, error)
        : app.log.warn({ err: error, job: job.kind, attempts: job.attempts }, 'job failed'),
  });
  app.decorate('jobs', jobs);
  if (options.pollMs > 0)
    app.addHook('onReady', async () => {
      for (const job of options.onStart?.(options.now()) ?? []) await jobs.enqueue(job);
      jobs.start(options.pollMs);
    });
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
});
