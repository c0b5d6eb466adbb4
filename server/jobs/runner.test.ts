/**
 * The job runner's timing: a job enqueued in this process runs when it is due, not at the next poll, and a schedule's
 * run is written once, not every pass; the schedules' runs due at once go one after another. (Claiming, leases and retries are proven through the loan suites.)
 */
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenDatabase } from '../db/database.ts';
import { jobs } from '../db/tables.ts';
import { testDatabase } from '../db/test-database.ts';
import { createJobRunner, enqueue } from './runner.ts';

describe('the job runner', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await testDatabase('pglite');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('runs a job enqueued in this process when it is due, though its poll is an hour away', async () => {
    const ran: number[] = [];
    const runner = createJobRunner({
      db: database.db,
      now: () => new Date(),
      handlers: { note: async (job) => void ran.push(job.payload['n'] as number) },
    });
    runner.start(3_600_000);
    try {
      await enqueue(database.db, { kind: 'note', payload: { n: 1 }, runAt: new Date() });
      await enqueue(database.db, { kind: 'note', payload: { n: 2 }, runAt: new Date(Date.now() + 300) });
      await expect.poll(() => ran, { timeout: 10_000 }).toEqual([1, 2]);
      expect(await database.db.select().from(jobs).where(isNotNull(jobs.doneAt))).toHaveLength(2);
    } finally {
      await runner.stop();
    }
    // A stopped runner is told of nothing: this one stays queued.
    await enqueue(database.db, { kind: 'note', payload: { n: 3 }, runAt: new Date() });
    await new Promise((r) => setTimeout(r, 200));
    expect(ran).toEqual([1, 2]);
  });

  it('writes a schedule’s run once, however many passes find it due', async () => {
    const insert = vi.spyOn(database.db, 'insert');
    try {
      const runner = createJobRunner({
        db: database.db,
        now: () => new Date(),
        handlers: { daily: async () => undefined },
        schedules: [() => ({ kind: 'daily', key: 'daily:2026-11-27', runAt: new Date(Date.now() + 86_400_000) })],
      });
      for (let i = 0; i < 5; i += 1) await runner.runDueJobs();
      expect(insert).toHaveBeenCalledTimes(1);
    } finally {
      insert.mockRestore();
    }
  });

  it('runs the schedules’ runs due at once one after another, in the order they fell due, other jobs beside them', async () => {
    const log: string[] = [];
    const slow = (name: string, ms: number) => async () => {
      log.push(`${name}:start`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`${name}:end`);
    };
    const day = new Date(Date.now() - 3_600_000);
    const runner = createJobRunner({
      db: database.db,
      now: () => new Date(),
      // As after a pause: the accrual (00:05) and the collections run (00:30) that reads it are both due.
      handlers: { accrue: slow('accrue', 150), collections: slow('collections', 10), other: slow('other', 10) },
      schedules: [
        () => ({ kind: 'collections', key: 'collections:order-test', runAt: new Date(day.getTime() + 25 * 60_000) }),
        () => ({ kind: 'accrue', key: 'accrue:order-test', runAt: day }),
      ],
    });
    await enqueue(database.db, { kind: 'other', runAt: new Date(day.getTime() + 60_000) });
    await runner.runDueJobs();
    expect(log.indexOf('accrue:end')).toBeLessThan(log.indexOf('collections:start'));
    // The other job did not wait for them.
    expect(log.indexOf('other:end')).toBeLessThan(log.indexOf('accrue:end'));
  });
});
