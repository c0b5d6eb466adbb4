/**
 * What a staff member does for their own account (§4): change their password (the current one
 * required; their other sessions end, this one stays), and at the first sign-in after an account was made or its
 * second factor reset, enrol an authenticator: the secret is shown to the owner only, and kept only once a first
 * valid code of it confirms it. A temporary password is replaced the same way as any other. All audited, never a
 * password, code or secret.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { staffAccounts } from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import { staffAudit } from '../audit.ts';
import { hit, peek, type Window } from '../rate-limit.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeStaffSessionsOf, type StaffCaller } from './sessions.ts';
import { newTotpEnrolment, totpStepOf } from './totp.ts';

/** Wrong current passwords per account: a stolen session cannot try passwords one after another. */
export const PASSWORD_CHECKS_PER_ACCOUNT: Window = { limit: 5, seconds: 900 };
/** First codes per account during enrolment. */
export const ENROLMENT_TRIES_PER_ACCOUNT: Window = { limit: 10, seconds: 900 };

async function accountOf(db: Database, staffId: string) {
  const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId));
  if (!account) throw new ApiError('UNAUTHORIZED');
  return account;
}

/**
 * Sets a new password after checking the current one (the temporary one after a reset or at the first sign-in):
 * refused by the policy (PASSWORD_REFUSED) or when unchanged; the account's other sessions end.
 */
export async function changeOwnPassword(
  db: Database,
  caller: StaffCaller,
  input: { currentPassword: string; newPassword: string },
  ip: string | null,
  now: Date,
): Promise<void> {
  const limitKey = `staff-password:${caller.staffId}`;
  if ((await peek(db, limitKey, PASSWORD_CHECKS_PER_ACCOUNT, now)) >= PASSWORD_CHECKS_PER_ACCOUNT.limit) {
    await staffAudit(db, {
      staffId: caller.staffId,
      action: 'password.change-refused',
      ip,
      detail: { reason: 'throttled' },
    });
    throw new ApiError('TOO_FREQUENT');
  }
  const account = await accountOf(db, caller.staffId);
  // The policy first: it needs no secret, and spares a password hash for a new password that cannot be.
  assertPasswordAllowed(input.newPassword, account);
  if (!(await verifyPassword(input.currentPassword, account.passwordHash))) {
    await hit(db, limitKey, PASSWORD_CHECKS_PER_ACCOUNT, now);
    await staffAudit(db, {
      staffId: caller.staffId,
      action: 'password.change-refused',
      ip,
      detail: { reason: 'current' },
    });
    throw new ApiError('CURRENT_PASSWORD_WRONG');
  }
  if (input.newPassword.normalize('NFKC') === input.currentPassword.normalize('NFKC'))
    throw new ApiError('PASSWORD_REFUSED', { reason: 'reused' });
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({ passwordHash, passwordChangeRequired: false, passwordChangedAt: now })
      .where(eq(staffAccounts.id, caller.staffId));
    await revokeStaffSessionsOf(tx, caller.staffId, now, caller.sessionId);
    await staffAudit(tx, {
      staffId: caller.staffId,
      action: 'password.changed',
      ip,
      detail: { temporary: account.passwordChangeRequired },
    });
  });
}

/**
 * A new authenticator secret for an account without a second factor, shown to its owner (this answer only) and kept
 * pending until confirmed; asking again replaces it. TOTP_ENROLLED when the account has one.
 */
export async function startEnrolment(
  db: Database,
  caller: StaffCaller,
  issuer: string,
  ip: string | null,
): Promise<{ secret: string; uri: string }> {
  if (!caller.pending.includes('secondFactor')) throw new ApiError('TOTP_ENROLLED');
  const totp = newTotpEnrolment(issuer, caller.email);
  await db.transaction(async (tx) => {
    await tx.update(staffAccounts).set({ totpPendingSecret: totp.secret }).where(eq(staffAccounts.id, caller.staffId));
    await staffAudit(tx, { staffId: caller.staffId, action: 'second-factor.shown', ip });
  });
  return totp;
}

/**
 * Confirms the pending secret with a first valid code: it becomes the account's second factor (its time step the last
 * one used, so that code cannot sign in again). ENROLMENT_CODE_INVALID for a wrong code or no secret shown.
 */
export async function confirmEnrolment(
  db: Database,
  caller: StaffCaller,
  code: string,
  ip: string | null,
  now: Date,
): Promise<void> {
  if (!caller.pending.includes('secondFactor')) throw new ApiError('TOTP_ENROLLED');
  if ((await hit(db, `staff-enrolment:${caller.staffId}`, ENROLMENT_TRIES_PER_ACCOUNT, now)).over)
    throw new ApiError('TOO_FREQUENT');
  const account = await accountOf(db, caller.staffId);
  const secret = account.totpPendingSecret;
  const step = secret ? totpStepOf(secret, code.trim(), now) : null;
  if (secret === null || step === null) {
    await staffAudit(db, { staffId: caller.staffId, action: 'second-factor.refused', ip });
    throw new ApiError('ENROLMENT_CODE_INVALID');
  }
  await db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step })
      .where(and(eq(staffAccounts.id, caller.staffId), isNull(staffAccounts.totpSecret)));
    await staffAudit(tx, { staffId: caller.staffId, action: 'second-factor.enrolled', ip });
  });
}
