/**
 * Staff accounts (issue 13): created by an administrator (or the first one by `npm run staff -- create-admin`),
 * re-roled, disabled, unlocked, given a new second factor. Every change is audited in its own transaction; a re-role
 * or a disable ends the account's sessions, since a session carries the role it was opened with. The routes
 * (server/routes/staff/accounts.ts) and the CLI (scripts/staff.ts) share these functions.
 */
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { isStaffRole, type StaffRole } from '#domain/staff-roles.ts';
import type { Database } from '../db/database.ts';
import { staffAccounts } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { staffAudit } from '../services/audit.ts';
import { loginLocks, unlockLogin } from './login-guard.ts';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords.ts';
import { revokeStaffSessionsOf } from './sessions.ts';
import { newTotpEnrolment } from './totp.ts';

/** Who changes an account: a signed-in administrator, or the command line (staffId null). */
export interface StaffActor {
  readonly staffId: string | null;
  readonly ip: string | null;
}

/** A staff account as administrators see it (api-schema/staff.ts staffAccountAnswer). */
export interface StaffAccountView {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly disabled: boolean;
  readonly lockedUntil: string | null;
  readonly lastLoginAt: string | null;
  readonly createdAt: string;
}

type AccountRow = typeof staffAccounts.$inferSelect;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

/** An e-mail as accounts keep it (lower case), or INVALID_INPUT. */
export function staffEmailOf(input: string): string {
  const email = input.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) throw new ApiError('INVALID_INPUT', { field: '/email' });
  return email;
}

/** The account as administrators see it; `lockedUntil`: the latest sign-in lock still running (login-guard.ts). */
export function accountView(row: AccountRow, lockedUntil: Date | undefined = undefined): StaffAccountView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: isStaffRole(row.role) ? row.role : 'customerService',
    disabled: row.disabledAt !== null,
    lockedUntil: lockedUntil?.toISOString() ?? null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `text` as a LIKE pattern that matches it literally. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/gu, (c) => `\\${c}`);

export async function listStaffAccounts(
  db: Database,
  query: { page?: number; perPage?: number; role?: StaffRole; q?: string },
  now: Date,
): Promise<{ items: StaffAccountView[]; total: number }> {
  const page = query.page ?? 1;
  const perPage = query.perPage ?? 20;
  const conditions: SQL[] = [];
  if (query.role) conditions.push(eq(staffAccounts.role, query.role));
  if (query.q) {
    const pattern = `%${likeLiteral(query.q.trim())}%`;
    conditions.push(or(ilike(staffAccounts.email, pattern), ilike(staffAccounts.name, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(staffAccounts)
      .where(where)
      .orderBy(asc(staffAccounts.email))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(staffAccounts)
      .where(where),
  ]);
  const locks = await loginLocks(
    db,
    rows.map((row) => row.email),
    now,
  );
  return { items: rows.map((row) => accountView(row, locks.get(row.email))), total: count?.total ?? 0 };
}

export async function staffAccountByEmail(db: Database, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email.trim().toLowerCase()));
  return row;
}

export interface NewStaffAccount {
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly password: string;
}

/**
 * A new account with its TOTP secret, which is answered only here (the database keeps it encrypted). The issuer of
 * the otpauth URI is the product's name, its label the e-mail: what the authenticator app shows.
 */
export async function createStaffAccount(
  db: Database,
  input: NewStaffAccount,
  by: StaffActor,
  now: Date,
  issuer: string,
): Promise<{ account: StaffAccountView; totp: { secret: string; uri: string } }> {
  const email = staffEmailOf(input.email);
  const name = input.name.trim();
  if (!name || name.length > 100) throw new ApiError('INVALID_INPUT', { field: '/name' });
  if (!isStaffRole(input.role)) throw new ApiError('INVALID_INPUT', { field: '/role' });
  if (input.password.length < MIN_PASSWORD_LENGTH)
    throw new ApiError('INVALID_INPUT', { field: '/password', minLength: MIN_PASSWORD_LENGTH });
  const passwordHash = await hashPassword(input.password);
  const totp = newTotpEnrolment(issuer, email);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(staffAccounts)
      .values({
        email,
        name,
        role: input.role,
        passwordHash,
        totpSecret: totp.secret,
        createdBy: by.staffId,
        createdAt: now,
      })
      .onConflictDoNothing({ target: staffAccounts.email })
      .returning();
    if (!created) throw new ApiError('STAFF_EMAIL_TAKEN');
    await staffAudit(tx, {
      staffId: by.staffId ?? created.id,
      action: 'account.created',
      ip: by.ip,
      detail: { accountId: created.id, role: created.role, ...(by.staffId === null && { via: 'cli' }) },
    });
    return created;
  });
  return { account: accountView(row), totp };
}

export interface StaffAccountPatch {
  readonly role?: StaffRole;
  readonly disabled?: boolean;
  readonly name?: string;
}

/**
 * Renames, re-roles, disables or enables an account. An administrator cannot disable or de-role themselves (FORBIDDEN):
 * so there is always an administrator left. A changed role or a disable ends the account's sessions.
 */
export async function updateStaffAccount(
  db: Database,
  id: string,
  patch: StaffAccountPatch,
  by: StaffActor,
  now: Date,
): Promise<StaffAccountView> {
  const name = patch.name?.trim();
  if (patch.name !== undefined && (!name || name.length > 100)) throw new ApiError('INVALID_INPUT', { field: '/name' });
  if (patch.role !== undefined && !isStaffRole(patch.role)) throw new ApiError('INVALID_INPUT', { field: '/role' });
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update');
    if (!current) throw new ApiError('NOT_FOUND');
    const roleChanged = patch.role !== undefined && patch.role !== current.role;
    const disabling = patch.disabled === true && current.disabledAt === null;
    if (id === by.staffId && (roleChanged || patch.disabled === true)) throw new ApiError('FORBIDDEN');
    const [updated] = await tx
      .update(staffAccounts)
      .set({
        ...(name !== undefined && { name }),
        ...(patch.role !== undefined && { role: patch.role }),
        ...(patch.disabled !== undefined && { disabledAt: patch.disabled ? (current.disabledAt ?? now) : null }),
      })
      .where(eq(staffAccounts.id, id))
      .returning();
    if (roleChanged || disabling) await revokeStaffSessionsOf(tx, id, now);
    await staffAudit(tx, {
      staffId: by.staffId ?? id,
      action: 'account.updated',
      ip: by.ip,
      detail: {
        accountId: id,
        role: updated!.role,
        disabled: updated!.disabledAt !== null,
        ...(roleChanged && { previousRole: current.role }),
        ...(name !== undefined && { renamed: name !== current.name }),
      },
    });
    return updated!;
  });
  return accountView(row, (await loginLocks(db, [row.email], now)).get(row.email));
}

/** A new TOTP secret for an account (a lost phone): the old one stops working and the account's sessions end. */
export async function resetStaffSecondFactor(
  db: Database,
  id: string,
  by: StaffActor,
  now: Date,
  issuer: string,
): Promise<{ secret: string; uri: string }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ email: staffAccounts.email })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, id))
      .for('update');
    if (!current) throw new ApiError('NOT_FOUND');
    const totp = newTotpEnrolment(issuer, current.email);
    await tx.update(staffAccounts).set({ totpSecret: totp.secret, totpLastStep: 0 }).where(eq(staffAccounts.id, id));
    await revokeStaffSessionsOf(tx, id, now);
    await staffAudit(tx, {
      staffId: by.staffId ?? id,
      action: 'account.second-factor-reset',
      ip: by.ip,
      detail: { accountId: id, ...(by.staffId === null && { via: 'cli' }) },
    });
    return totp;
  });
}

/** Lifts the sign-in locks of an account before their time, on every network. */
export async function unlockStaffAccount(db: Database, id: string, by: StaffActor): Promise<StaffAccountView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id));
    if (!row) throw new ApiError('NOT_FOUND');
    await unlockLogin(tx, row.email);
    await staffAudit(tx, {
      staffId: by.staffId ?? id,
      action: 'account.unlocked',
      ip: by.ip,
      detail: { accountId: id },
    });
    return accountView(row);
  });
}
