/**
 * The API's one job runner (server/plugins/jobs.ts) and its daily housekeeping (./housekeeping.ts): an API that serves
 * no loans still runs the account deletion's and the housekeeping's jobs, and the housekeeping removes old finished
 * jobs, ended throttling windows and idle sign-in tries, and nothing else.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { OpenDatabase } from '../db/database.ts';
import { jobs, rateCounters, staffLoginGuards } from '../db/tables.ts';
import { TEST_KEYRING, testDatabase } from '../db/test-database.ts';
import { createDeterministicIdentityChecker } from '../providers/identity/deterministic.ts';
import { createConsoleOutbox } from '../providers/sms/console-outbox.ts';
import { createEncryptedStorage } from '../providers/storage/encrypted.ts';
import { createLocalDiskStorage } from '../providers/storage/local-disk.ts';
import { HOUSEKEEPING, housekeepingJobs } from './housekeeping.ts';
import { enqueue } from './runner.ts';

const DAY = 86_400_000;

describe('housekeeping', () => {
  let database: OpenDatabase;
  const uploads = mkdtempSync(join(tmpdir(), 'housekeeping-'));
  beforeAll(async () => {
    database = await testDatabase('pglite');
  });
  afterAll(async () => {
    await database?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  it("runs on the one job runner of an API that serves no loans, with the account deletion's jobs", async () => {
    // 10:00 Manila: the day's housekeeping (04:00) is due.
    const now = new Date('2026-11-27T02:00:00Z');
    const app = await buildApp({
      api: {
        db: database.db,
        sms: createConsoleOutbox({ log: () => undefined }),
        storage: createEncryptedStorage(createLocalDiskStorage(uploads), TEST_KEYRING),
        checker: createDeterministicIdentityChecker(),
        secret: randomBytes(32),
        now: () => now,
        publicUrl: () => 'http://localhost',
        jobPollMs: 0,
      },
    });
    try {
      await app.ready();
      expect(app.loans).toBeUndefined();
      await enqueue(database.db, {
        kind: 'erase_files',
        key: 'erase_files:housekeeping-test',
        payload: { keys: ['documents/gone-already.jpg'] },
        runAt: now,
      });
      expect(await app.jobs.runDueJobs()).toBeGreaterThanOrEqual(2);
      const done = await database.db.select({ kind: jobs.kind, key: jobs.key, doneAt: jobs.doneAt }).from(jobs);
      expect(done).toContainEqual({ kind: HOUSEKEEPING, key: `${HOUSEKEEPING}:2026-11-27`, doneAt: now });
      expect(done.find((j) => j.kind === 'erase_files')?.doneAt).toEqual(now);
    } finally {
      await app.close();
      await database.db.delete(jobs);
    }
  });

  it('removes finished jobs after 30 days, throttling windows after a day and idle sign-in tries after 30 days', async () => {
    const now = new Date('2026-11-27T02:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const db = database.db;
    await db.insert(jobs).values([
      { kind: 'old-done', key: 'old-done', payload: {}, runAt: ago(40), doneAt: ago(31) },
      { kind: 'old-failing', key: 'old-failing', payload: {}, runAt: ago(40), attempts: 9 },
      { kind: 'recent-done', key: 'recent-done', payload: {}, runAt: ago(10), doneAt: ago(29) },
    ]);
    await db.insert(rateCounters).values([
      { key: 'ip:old', windowStart: ago(1.5), count: 3 },
      { key: 'ip:recent', windowStart: ago(0.5), count: 3 },
    ]);
    await db.insert(staffLoginGuards).values([
      { subject: 'idle', network: '*', attempts: 2, updatedAt: ago(31) },
      { subject: 'idle-locked', network: '*', attempts: 100, updatedAt: ago(31), lockedUntil: ago(-1) },
      { subject: 'recent', network: '*', attempts: 2, updatedAt: ago(2) },
    ]);
    const { sweep } = housekeepingJobs({ db, now: () => now, securityNow: () => now });
    expect(await sweep()).toEqual({ jobs: 1, rateCounters: 1, staffLoginGuards: 1 });
    expect((await db.select({ key: jobs.key }).from(jobs)).map((j) => j.key).sort()).toEqual([
      'old-failing',
      'recent-done',
    ]);
    expect((await db.select({ key: rateCounters.key }).from(rateCounters)).map((r) => r.key)).toEqual(['ip:recent']);
    expect((await db.select({ s: staffLoginGuards.subject }).from(staffLoginGuards)).map((g) => g.s).sort()).toEqual([
      'idle-locked',
      'recent',
    ]);
    // A second run finds nothing more.
    expect(await sweep()).toEqual({ jobs: 0, rateCounters: 0, staffLoginGuards: 0 });
    await db.delete(jobs).where(eq(jobs.kind, 'old-failing'));
  });
});
