/**
 * Staff sign-in tries in a row, counted before anything is checked (docs/security.md).
 *
 * - A try takes a place first, in one atomic upsert of `staff_login_guards`, and only a try that got one has its
 *   password (and code) checked: at most `lockout.maxFailures` checks per e-mail and client network in a row, however
 *   many tries arrive at once. The try that takes the last place sets the lock (`lockMinutes`); a success deletes the
 *   count.
 * - The count is per e-mail and client network, so tries from elsewhere cannot lock a staff member out of the office;
 *   all networks together have `lockout.accountMaxFailures` (NIST SP 800-63B: at most 100 failures in a row per account).
 * - The e-mail is kept as its SHA-256 whether an account has it or not, so an e-mail no account has is counted and
 *   locked exactly like one that has: the answers and their timing tell nothing about which e-mails exist.
 * Places are always taken in one order (the network's, then all networks'), each in its own statement.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { staffLoginGuards } from '#server/db/tables.ts';
import { staffConfig } from './staff-config.ts';

/** The `network` of the count over every network. */
export const EVERY_NETWORK = '*';

/** What the guard keeps of an e-mail. */
export const loginSubject = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/** Takes a place in the count of (subject, network); false when its tries are used up until its lock ends. */
async function takePlace(db: Database, subject: string, network: string, limit: number, now: Date): Promise<boolean> {
  const lockEnd = new Date(now.getTime() + staffConfig.lockout.lockMinutes * 60_000);
  const g = staffLoginGuards;
  // A lock that has ended starts the count again at this try.
  const next = sql`case when ${g.lockedUntil} <= ${now.toISOString()}::timestamptz then 1 else ${g.attempts} + 1 end`;
  const taken = await db
    .insert(g)
    .values({ subject, network, attempts: 1, lockedUntil: limit <= 1 ? lockEnd : null, updatedAt: now })
    .onConflictDoUpdate({
      target: [g.subject, g.network],
      set: {
        attempts: next,
        lockedUntil: sql`case when ${next} >= ${limit} then ${lockEnd.toISOString()}::timestamptz end`,
        updatedAt: now,
      },
      setWhere: sql`${g.attempts} < ${limit} or ${g.lockedUntil} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ attempts: g.attempts });
  return taken.length === 1;
}

/** Takes a try for `email` from `network`: true when it may be checked, false when it is answered unchecked. */
export async function takeLoginTry(db: Database, email: string, network: string, now: Date): Promise<boolean> {
  const subject = loginSubject(email);
  const { maxFailures, accountMaxFailures } = staffConfig.lockout;
  if (!(await takePlace(db, subject, network, maxFailures, now))) return false;
  return takePlace(db, subject, EVERY_NETWORK, accountMaxFailures, now);
}

/** A success: the tries of this network and of every network start again. */
export async function loginSucceeded(db: Database, email: string, network: string): Promise<void> {
  await db
    .delete(staffLoginGuards)
    .where(
      and(
        eq(staffLoginGuards.subject, loginSubject(email)),
        inArray(staffLoginGuards.network, [network, EVERY_NETWORK]),
      ),
    );
}

/** An administrator lifts every lock of an e-mail (every network's). */
export async function unlockLogin(db: Database, email: string): Promise<void> {
  await db.delete(staffLoginGuards).where(eq(staffLoginGuards.subject, loginSubject(email)));
}

/**
 * The latest lock still running on each of `emails` (on any network, or on all of them), for the account list:
 * absent when none.
 */
export async function loginLocks(db: Database, emails: readonly string[], now: Date): Promise<Map<string, Date>> {
  if (emails.length === 0) return new Map();
  const bySubject = new Map(emails.map((email) => [loginSubject(email), email]));
  const rows = await db
    .select({ subject: staffLoginGuards.subject, lockedUntil: staffLoginGuards.lockedUntil })
    .from(staffLoginGuards)
    .where(and(inArray(staffLoginGuards.subject, [...bySubject.keys()]), gt(staffLoginGuards.lockedUntil, now)));
  const locks = new Map<string, Date>();
  for (const row of rows) {
    const email = bySubject.get(row.subject)!;
    const until = row.lockedUntil!;
    if (!locks.has(email) || locks.get(email)! < until) locks.set(email, until);
  }
  return locks;
}
