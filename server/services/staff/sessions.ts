/**
 * Staff sessions, apart from borrowers' (staff_sessions): an opaque random token given once at login and kept as its
 * SHA-256; it ends at logout, after `session.idleMinutes` unused, `session.maxHours` after login, or when the account
 * is disabled, re-roled or has a credential reset (all revoke its sessions; a password change ends the others).
 * A session of an account whose setup is not finished (no second factor enrolled, or a temporary password) carries
 * what is left in `pending`: the staff routes then allow only finishing it (server/routes/staff/group.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { isStaffRole, type StaffRole } from '#domain/staff-roles.ts';
import type { Database } from '#server/db/database.ts';
import type { Tx } from '../idempotency.ts';

/** A database or a transaction. */
type Executor = Database | Tx;
import { staffAccounts, staffSessions } from '#server/db/tables.ts';
import { staffConfig } from './staff-config.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What an account must do before anything else: enrol a second factor, set its own password. */
export type StaffSetupStep = 'secondFactor' | 'password';

/** What is left of an account's setup, in the order the console asks for it. */
export const setupPending = (account: { enrolled: boolean; passwordChangeRequired: boolean }): StaffSetupStep[] => [
  ...(account.enrolled ? [] : (['secondFactor'] as const)),
  ...(account.passwordChangeRequired ? (['password'] as const) : []),
];

/** Who a staff request comes from. */
export interface StaffCaller {
  readonly sessionId: string;
  readonly staffId: string;
  readonly role: StaffRole;
  readonly email: string;
  readonly name: string;
  /** Empty for a finished account; else the session may only finish its setup. */
  readonly pending: readonly StaffSetupStep[];
}

/** Starts a session for an account that passed password and TOTP; answers the token (never stored). */
export async function openStaffSession(
  db: Executor,
  staffId: string,
  ip: string | null,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + staffConfig.session.maxHours * 3_600_000);
  await db
    .insert(staffSessions)
    .values({ staffId, tokenHash: sha256(token), createdAt: now, lastSeenAt: now, expiresAt, ip });
  return { token, expiresAt };
}

/**
 * The caller of a token, or null when it is unknown, revoked, expired, idle too long, or its account is disabled.
 * A live session's `lastSeenAt` moves on (at most once a minute, to spare writes).
 */
export async function staffSessionOf(db: Database, token: string, now: Date): Promise<StaffCaller | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({
      id: staffSessions.id,
      staffId: staffSessions.staffId,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      role: staffAccounts.role,
      email: staffAccounts.email,
      name: staffAccounts.name,
      disabledAt: staffAccounts.disabledAt,
      awaitingApproval: staffAccounts.awaitingApproval,
      passwordChangeRequired: staffAccounts.passwordChangeRequired,
      // Whether a secret is there, without opening it.
      enrolled: sql<boolean>`${staffAccounts.totpSecret} is not null`,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, sha256(token)), isNull(staffSessions.revokedAt)));
  if (!row || row.disabledAt || row.awaitingApproval || !isStaffRole(row.role)) return null;
  const idleMs = staffConfig.session.idleMinutes * 60_000;
  if (row.expiresAt <= now || row.lastSeenAt.getTime() + idleMs <= now.getTime()) {
    await db.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.id, row.id));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000)
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.id));
  return {
    sessionId: row.id,
    staffId: row.staffId,
    role: row.role,
    email: row.email,
    name: row.name,
    pending: setupPending(row),
  };
}

/** Ends one session (logout). */
export async function revokeStaffSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

/** Ends every session of an account (disabled, re-roled, a credential reset), or every one but `keep` (a change). */
export async function revokeStaffSessionsOf(db: Executor, staffId: string, now: Date, keep?: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        keep === undefined ? undefined : ne(staffSessions.id, keep),
      ),
    );
}
