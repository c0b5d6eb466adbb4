/**
 * Staff sign-in: e-mail, password (scrypt) and an authenticator code (TOTP).
 *
 * - Every try takes its place in the tries in a row of its e-mail and client network first (server/services/staff/login-guard.ts):
 *   a try without one is answered unchecked. So a wrong e-mail, a wrong password, a disabled account and a locked one
 *   all get one answer (STAFF_LOGIN_FAILED, which says how many tries a network has and how long it then waits), and
 *   an unknown e-mail costs the same scrypt time as a known one (DUMMY_HASH) and is locked like one.
 * - A success starts the count again. A missing code (TOTP_REQUIRED: the first step of the form) and a wrong one
 *   (TOTP_INVALID, only after the right password) are tries like the others.
 * - A code's time step must be later than the last one accepted (`totp_last_step`), set by one conditional UPDATE: of
 *   two logins with the same code, one wins and the other gets TOTP_REUSED.
 * - Tries per client network are limited (rate_counters), whatever the e-mail.
 * - An account awaiting another administrator's approval is refused like a disabled one.
 * - An account without a second factor (new, or reset by an administrator) signs in with its password alone, into a
 *   session that may only enrol one (and set a password): `staff.pending` says what is left (server/services/staff/sessions.ts).
 *   An account with a temporary password signs in with password and code into a session that must set a new one.
 * Every outcome is audited: `staff.login.*` for an account, `access.refused` (area staff) for an unknown e-mail.
 * Never a password or a code.
 */
import { and, eq, isNull, lt } from 'drizzle-orm';
import { permissionsOf, isStaffRole, type StaffPermission, type StaffRole } from '#domain/staff-roles.ts';
import type { Database } from '#server/db/database.ts';
import { staffAccounts } from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import { audit, staffAudit } from '../audit.ts';
import { clientNetwork, hit, type Window } from '../rate-limit.ts';
import { loginSucceeded, takeLoginTry } from './login-guard.ts';
import { DUMMY_HASH, verifyPassword } from './passwords.ts';
import { openStaffSession, setupPending, type StaffSetupStep } from './sessions.ts';
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
  /** What the session must do before anything else; empty when the account is set up. */
  readonly pending: StaffSetupStep[];
}

export interface StaffLoginResult {
  readonly token: string;
  readonly expiresAt: string;
  readonly staff: StaffSelf;
}

export const staffSelf = (row: {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  pending: readonly StaffSetupStep[];
}): StaffSelf => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  permissions: [...permissionsOf(row.role)],
  pending: [...row.pending],
});

/** The one answer to a try that fails before the code: the same for every e-mail, known, unknown or locked. */
function loginFailed(): ApiError {
  const { maxFailures, lockMinutes } = staffConfig.lockout;
  return new ApiError('STAFF_LOGIN_FAILED', { maxFailures, lockMinutes });
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
  const network = clientNetwork(ip);
  const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
  const refused = (reason: string) =>
    account
      ? staffAudit(db, { staffId: account.id, action: 'login.failed', ip, detail: { reason } })
      : audit(db, { event: 'access.refused', ip, detail: { area: 'staff', reason } });
  if (!(await takeLoginTry(db, email, network, now))) {
    await refused('locked');
    throw loginFailed();
  }
  if (!account) {
    await verifyPassword(input.password, DUMMY_HASH);
    await refused('unknownEmail');
    throw loginFailed();
  }
  const passwordRight = await verifyPassword(input.password, account.passwordHash);
  if (account.disabledAt !== null || account.awaitingApproval || !isStaffRole(account.role)) {
    await refused(account.awaitingApproval ? 'awaitingApproval' : 'disabled');
    throw loginFailed();
  }
  if (!passwordRight) {
    await refused('password');
    throw loginFailed();
  }
  const totpSecret = account.totpSecret;
  let step: number | null = null;
  if (totpSecret !== null) {
    if (input.code === undefined || input.code === '') throw new ApiError('TOTP_REQUIRED');
    step = totpStepOf(totpSecret, input.code.trim(), now);
    if (step === null) {
      await refused('code');
      throw new ApiError('TOTP_INVALID');
    }
  }
  const role = account.role;
  const pending = setupPending({
    enrolled: totpSecret !== null,
    passwordChangeRequired: account.passwordChangeRequired,
  });
  const session = await db.transaction(async (tx) => {
    const [won] = await tx
      .update(staffAccounts)
      .set({ ...(step !== null && { totpLastStep: step }), lastLoginAt: now })
      .where(
        and(
          eq(staffAccounts.id, account.id),
          step === null ? isNull(staffAccounts.totpSecret) : lt(staffAccounts.totpLastStep, step),
          isNull(staffAccounts.disabledAt),
          eq(staffAccounts.awaitingApproval, false),
        ),
      )
      .returning({ id: staffAccounts.id });
    if (!won) return null;
    const opened = await openStaffSession(tx, account.id, ip, now);
    await staffAudit(tx, {
      staffId: account.id,
      action: 'login.succeeded',
      ip,
      ...(pending.length > 0 && { detail: { pending } }),
    });
    return opened;
  });
  if (!session && step === null) throw new ApiError('TOTP_REQUIRED'); // enrolled in the meantime
  if (!session) {
    await refused('codeReused');
    throw new ApiError('TOTP_REUSED');
  }
  await loginSucceeded(db, email, network);
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    staff: staffSelf({ ...account, role, pending }),
  };
}
