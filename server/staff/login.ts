/**
 * Staff sign-in: e-mail, password (scrypt) and an authenticator code (TOTP).
 *
 * - A wrong e-mail, a wrong password and a disabled account get one answer (STAFF_LOGIN_FAILED), and an unknown
 *   e-mail costs the same scrypt time as a known one (DUMMY_HASH).
 * - Wrong passwords and wrong codes in a row count in `failed_attempts`; at `lockout.maxFailures` the account is locked
 *   for `lockout.lockMinutes` (STAFF_LOCKED with the time left) and the count starts again. A success resets it. A
 *   missing code (TOTP_REQUIRED: the first step of the form) is no failure.
 * - A code's time step must be later than the last one accepted (`totp_last_step`), set by one conditional UPDATE: of
 *   two logins with the same code, one wins and the other gets TOTP_REUSED.
 * - Tries per client network are limited (rate_counters), whatever the e-mail.
 * Every outcome is audited: `staff.login.*` for an account, `access.refused` (area staff) for an unknown e-mail.
 * Never a password or a code.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { permissionsOf, isStaffRole, type StaffPermission, type StaffRole } from '#domain/staff-roles.ts';
import type { Database } from '../db/database.ts';
import { staffAccounts } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { audit, staffAudit } from '../services/audit.ts';
import { clientNetwork, hit, type Window } from '../services/rate-limit.ts';
import { DUMMY_HASH, verifyPassword } from './passwords.ts';
import { openStaffSession } from './sessions.ts';
import { staffConfig } from './staff-config.ts';
import { totpStepOf } from './totp.ts';

/** Login tries per client network (an office behind one address included). */
export const STAFF_LOGIN_PER_IP: Window = { limit: 30, seconds: 600 };

export interface StaffLoginInput {
  readonly email: string;
  readonly password: string;
  readonly code?: string;
}

/** The signed-in staff member as the console sees it. */
export interface StaffSelf {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly permissions: StaffPermission[];
}

export interface StaffLoginResult {
  readonly token: string;
  readonly expiresAt: string;
  readonly staff: StaffSelf;
}

export const staffSelf = (row: { id: string; email: string; name: string; role: StaffRole }): StaffSelf => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  permissions: [...permissionsOf(row.role)],
});

function lockedAnswer(until: Date, now: Date): ApiError {
  const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new ApiError('STAFF_LOCKED', { retryAfterSeconds, retryAfterMinutes: Math.ceil(retryAfterSeconds / 60) });
}

export async function loginStaff(
  db: Database,
  input: StaffLoginInput,
  ip: string,
  now: Date,
): Promise<StaffLoginResult> {
  if ((await hit(db, `staff-login:ip:${clientNetwork(ip)}`, STAFF_LOGIN_PER_IP, now)).over) {
    await audit(db, { event: 'throttled', ip, detail: { area: 'staff' } });
    throw new ApiError('TOO_FREQUENT');
  }
  const email = input.email.trim().toLowerCase();
  const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
  if (!account) {
    await verifyPassword(input.password, DUMMY_HASH);
    await audit(db, { event: 'access.refused', ip, detail: { area: 'staff', reason: 'unknownEmail' } });
    throw new ApiError('STAFF_LOGIN_FAILED');
  }
  const failed = (reason: string) =>
    staffAudit(db, { staffId: account.id, action: 'login.failed', ip, detail: { reason } });
  if (account.lockedUntil && account.lockedUntil > now) {
    await failed('locked');
    throw lockedAnswer(account.lockedUntil, now);
  }
  const passwordRight = await verifyPassword(input.password, account.passwordHash);
  if (account.disabledAt !== null || !isStaffRole(account.role)) {
    await failed('disabled');
    throw new ApiError('STAFF_LOGIN_FAILED');
  }
  if (!passwordRight) throw await countFailure(db, account.id, 'password', ip, now);
  if (input.code === undefined || input.code === '') throw new ApiError('TOTP_REQUIRED');
  const step = totpStepOf(account.totpSecret, input.code.trim(), now);
  if (step === null) throw await countFailure(db, account.id, 'code', ip, now);
  const role = account.role;
  const session = await db.transaction(async (tx) => {
    const [won] = await tx
      .update(staffAccounts)
      .set({ totpLastStep: step, failedAttempts: 0, lockedUntil: null, lastLoginAt: now })
      .where(
        and(eq(staffAccounts.id, account.id), lt(staffAccounts.totpLastStep, step), isNull(staffAccounts.disabledAt)),
      )
      .returning({ id: staffAccounts.id });
    if (!won) return null;
    const opened = await openStaffSession(tx, account.id, ip, now);
    await staffAudit(tx, { staffId: account.id, action: 'login.succeeded', ip });
    return opened;
  });
  if (!session) {
    await failed('codeReused');
    throw new ApiError('TOTP_REUSED');
  }
  return { token: session.token, expiresAt: session.expiresAt.toISOString(), staff: staffSelf({ ...account, role }) };
}

/**
 * One more failure in a row (atomically, so concurrent tries all count); the one that reaches the limit locks the
 * account and starts the count again. Answers the error to throw.
 */
async function countFailure(
  db: Database,
  staffId: string,
  reason: 'password' | 'code',
  ip: string,
  now: Date,
): Promise<ApiError> {
  const { maxFailures, lockMinutes } = staffConfig.lockout;
  const lockUntil = new Date(now.getTime() + lockMinutes * 60_000);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffAccounts)
      .set({
        failedAttempts: sql`case when ${staffAccounts.failedAttempts} + 1 >= ${maxFailures} then 0 else ${staffAccounts.failedAttempts} + 1 end`,
        lockedUntil: sql`case when ${staffAccounts.failedAttempts} + 1 >= ${maxFailures} then ${lockUntil.toISOString()}::timestamptz else ${staffAccounts.lockedUntil} end`,
      })
      .where(eq(staffAccounts.id, staffId))
      .returning({ failedAttempts: staffAccounts.failedAttempts, lockedUntil: staffAccounts.lockedUntil });
    await staffAudit(tx, { staffId, action: 'login.failed', ip, detail: { reason } });
    if (row?.lockedUntil && row.lockedUntil > now && row.failedAttempts === 0) {
      await staffAudit(tx, { staffId, action: 'login.locked', ip, detail: { minutes: lockMinutes } });
      return lockedAnswer(row.lockedUntil, now);
    }
    return new ApiError(reason === 'password' ? 'STAFF_LOGIN_FAILED' : 'TOTP_INVALID');
  });
}
