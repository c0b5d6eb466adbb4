/**
 * Staff accounts: created by an administrator (or the first one by `npm run staff -- create-admin`),
 * re-roled, disabled, unlocked, given a temporary password or a new second factor. Every change is audited in its
 * own transaction; a re-role, a disable or a reset ends the account's sessions, since a session carries the role and
 * credentials it was opened with. The routes (server/routes/staff/accounts.ts) and the CLI (scripts/staff.ts) share
 * these functions.
 *
 * - A new account gets a temporary password (shown once, to the administrator who hands it over) and no second
 *   factor: at the first sign-in its owner enrols an authenticator and sets their own password
 *   (server/services/staff/self-service.ts). No administrator ever sees an account's TOTP secret.
 * - Four eyes (server/services/staff/account-requests.ts): with two active administrators, an approving role is given only
 *   once another administrator approves.
 * - An administrator never holds both factors of an account its owner has set up: a second-factor reset is refused
 *   (STAFF_RESET_CONFLICT) while the account's password is a temporary one, and a password reset while its second
 *   factor awaits enrolment. Both at once (a lost phone and a forgotten password) is for the server's operator
 *   (`npm run staff`).
 */
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { isApprovingRole, isStaffRole, type StaffRole } from '#domain/staff-roles.ts';
import type { Database } from '#server/db/database.ts';
import { staffAccounts } from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import { staffAudit } from '../audit.ts';
import type { Tx } from '../idempotency.ts';
import { fourEyesApply, hasPendingRequest, openAccountRequest, pendingRoles } from './account-requests.ts';
import { loginLocks, unlockLogin } from './login-guard.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { hashPassword, temporaryPassword } from './passwords.ts';
import { revokeStaffSessionsOf, setupPending, type StaffSetupStep } from './sessions.ts';
import { newTotpEnrolment } from './totp.ts';

/** Who changes an account: a signed-in administrator, or the command line (staffId null). */
export interface StaffActor {
  readonly staffId: string | null;
  readonly ip: string | null;
}

/** A staff account as administrators see it (api-contract/staff.ts staffAccountAnswer). */
export interface StaffAccountView {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly disabled: boolean;
  /** A new account another administrator has not approved yet: it cannot sign in. */
  readonly awaitingApproval: boolean;
  /** The role a re-role waits to give, once another administrator approves; null when none waits. */
  readonly pendingRole: StaffRole | null;
  /** What the owner must still do at the next sign-in (enrol a second factor, replace a temporary password). */
  readonly setupPending: readonly StaffSetupStep[];
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

/**
 * The account as administrators see it; `lockedUntil`: the latest sign-in lock still running (login-guard.ts);
 * `pendingRole`: the role a request waits to give.
 */
export function accountView(
  row: AccountRow,
  lockedUntil: Date | undefined = undefined,
  pendingRole: StaffRole | undefined = undefined,
): StaffAccountView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: isStaffRole(row.role) ? row.role : 'customerService',
    disabled: row.disabledAt !== null,
    awaitingApproval: row.awaitingApproval,
    pendingRole: pendingRole ?? null,
    setupPending: setupPending({
      enrolled: row.totpSecret !== null,
      passwordChangeRequired: row.passwordChangeRequired,
    }),
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
  const [locks, roles] = await Promise.all([
    loginLocks(
      db,
      rows.map((row) => row.email),
      now,
    ),
    pendingRoles(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return {
    items: rows.map((row) => accountView(row, locks.get(row.email), roles.get(row.id))),
    total: count?.total ?? 0,
  };
}

export async function staffAccountByEmail(db: Database, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email.trim().toLowerCase()));
  return row;
}

export interface NewStaffAccount {
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
}

function checkedNewAccount(input: NewStaffAccount): NewStaffAccount {
  const email = staffEmailOf(input.email);
  const name = input.name.trim();
  if (!name || name.length > 100) throw new ApiError('INVALID_INPUT', { field: '/name' });
  if (!isStaffRole(input.role)) throw new ApiError('INVALID_INPUT', { field: '/role' });
  return { email, name, role: input.role };
}

/**
 * A new account, by an administrator: a temporary password (answered only here: the database keeps its scrypt hash)
 * and no second factor; its owner enrols one and sets a password at the first sign-in. With two active
 * administrators, an approving role waits for another one (`requestId`; the account cannot sign in until then).
 */
export async function createStaffAccount(
  db: Database,
  input: NewStaffAccount,
  by: StaffActor & { staffId: string },
  now: Date,
): Promise<{ account: StaffAccountView; temporaryPassword: string; requestId: string | null }> {
  const { email, name, role } = checkedNewAccount(input);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const { row, requestId } = await db.transaction(async (tx) => {
    const fourEyes = isApprovingRole(role) && (await fourEyesApply(tx));
    const [created] = await tx
      .insert(staffAccounts)
      .values({
        email,
        name,
        role,
        passwordHash,
        totpSecret: null,
        passwordChangeRequired: true,
        awaitingApproval: fourEyes,
        createdBy: by.staffId,
        createdAt: now,
      })
      .onConflictDoNothing({ target: staffAccounts.email })
      .returning();
    if (!created) throw new ApiError('STAFF_EMAIL_TAKEN');
    const request = fourEyes
      ? await openAccountRequest(
          tx,
          { kind: 'create', accountId: created.id, email, role, previousRole: null, requestedBy: by.staffId },
          now,
        )
      : null;
    await staffAudit(tx, {
      staffId: by.staffId,
      action: 'account.created',
      ip: by.ip,
      detail: {
        accountId: created.id,
        role,
        ...(isApprovingRole(role) && { fourEyes }),
        ...(request && { requestId: request }),
      },
    });
    return { row: created, requestId: request };
  });
  return { account: accountView(row), temporaryPassword: password, requestId };
}

/**
 * An administrator made on the server's machine (`npm run staff -- create-admin`): the person at the terminal is its
 * owner, so the password is theirs (checked by the password policy) and the TOTP secret is shown to them there.
 */
export async function createAdministratorOnServer(
  db: Database,
  input: { email: string; name: string; password: string },
  now: Date,
  issuer: string,
): Promise<{ account: StaffAccountView; totp: { secret: string; uri: string } }> {
  const { email, name } = checkedNewAccount({ ...input, role: 'administrator' });
  assertPasswordAllowed(input.password, { email, name });
  const passwordHash = await hashPassword(input.password);
  const totp = newTotpEnrolment(issuer, email);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(staffAccounts)
      .values({
        email,
        name,
        role: 'administrator',
        passwordHash,
        totpSecret: totp.secret,
        passwordChangedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing({ target: staffAccounts.email })
      .returning();
    if (!created) throw new ApiError('STAFF_EMAIL_TAKEN');
    await staffAudit(tx, {
      staffId: created.id,
      action: 'account.created',
      ip: null,
      detail: { accountId: created.id, role: created.role, via: 'cli' },
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
 * so there is always an administrator left. A changed role or a disable ends the account's sessions. A re-role into an
 * approving role, with two active administrators, opens a request instead (`pendingRole` of the answer; `requestId`).
 */
export async function updateStaffAccount(
  db: Database,
  id: string,
  patch: StaffAccountPatch,
  by: StaffActor,
  now: Date,
): Promise<{ account: StaffAccountView; requestId: string | null }> {
  const name = patch.name?.trim();
  if (patch.name !== undefined && (!name || name.length > 100)) throw new ApiError('INVALID_INPUT', { field: '/name' });
  if (patch.role !== undefined && !isStaffRole(patch.role)) throw new ApiError('INVALID_INPUT', { field: '/role' });
  const { row, requestId } = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update');
    if (!current) throw new ApiError('NOT_FOUND');
    const roleChanged = patch.role !== undefined && patch.role !== current.role;
    if (id === by.staffId && (roleChanged || patch.disabled === true)) throw new ApiError('FORBIDDEN');
    if (roleChanged && (current.awaitingApproval || (await hasPendingRequest(tx, id))))
      throw new ApiError('STAFF_REQUEST_PENDING');
    const fourEyes = roleChanged && by.staffId !== null && isApprovingRole(patch.role!) && (await fourEyesApply(tx));
    const request =
      fourEyes && by.staffId !== null
        ? await openAccountRequest(
            tx,
            {
              kind: 'role',
              accountId: id,
              email: current.email,
              role: patch.role!,
              previousRole: isStaffRole(current.role) ? current.role : null,
              requestedBy: by.staffId,
            },
            now,
          )
        : null;
    const roleNow = roleChanged && !request;
    const disabling = patch.disabled === true && current.disabledAt === null;
    const changes = {
      ...(name !== undefined && { name }),
      ...(roleNow && { role: patch.role }),
      ...(patch.disabled !== undefined && { disabledAt: patch.disabled ? (current.disabledAt ?? now) : null }),
    };
    const [updated] =
      Object.keys(changes).length > 0
        ? await tx.update(staffAccounts).set(changes).where(eq(staffAccounts.id, id)).returning()
        : [current];
    if (roleNow || disabling) await revokeStaffSessionsOf(tx, id, now);
    await staffAudit(tx, {
      staffId: by.staffId ?? id,
      action: 'account.updated',
      ip: by.ip,
      detail: {
        accountId: id,
        role: updated!.role,
        disabled: updated!.disabledAt !== null,
        ...(roleNow && { previousRole: current.role }),
        ...(roleNow && isApprovingRole(patch.role!) && { fourEyes: false }),
        ...(request && { requestedRole: patch.role, requestId: request }),
        ...(name !== undefined && { renamed: name !== current.name }),
      },
    });
    return { row: updated!, requestId: request };
  });
  const [locks, roles] = await Promise.all([loginLocks(db, [row.email], now), pendingRoles(db, [row.id])]);
  return { account: accountView(row, locks.get(row.email), roles.get(row.id)), requestId };
}

/** The account `id` locked for a reset, refused for oneself (a member changes their own password instead). */
async function accountForReset(tx: Tx, id: string, by: StaffActor) {
  if (id === by.staffId) throw new ApiError('FORBIDDEN');
  const [current] = await tx
    .select({
      email: staffAccounts.email,
      passwordChangeRequired: staffAccounts.passwordChangeRequired,
      enrolled: sql<boolean>`${staffAccounts.totpSecret} is not null`,
    })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, id))
    .for('update');
  if (!current) throw new ApiError('NOT_FOUND');
  return current;
}

/**
 * A temporary password for an account (a forgotten or leaked password): the account's sessions end, and at the next
 * sign-in (password and authenticator code) its owner must set a new password before anything else. Answered only
 * here. From the command line the operator may give it (`password`, checked by the policy).
 */
export async function resetStaffPassword(
  db: Database,
  id: string,
  by: StaffActor,
  now: Date,
  password: string | undefined = undefined,
): Promise<{ temporaryPassword: string }> {
  const given = password ?? temporaryPassword();
  const passwordHash = await hashPassword(given);
  return db.transaction(async (tx) => {
    const current = await accountForReset(tx, id, by);
    // The owner's password is all that stands between the administrator and an account awaiting enrolment.
    if (by.staffId !== null && !current.enrolled && !current.passwordChangeRequired)
      throw new ApiError('STAFF_RESET_CONFLICT', { pending: ['secondFactor'] });
    if (password !== undefined) {
      const [row] = await tx.select({ name: staffAccounts.name }).from(staffAccounts).where(eq(staffAccounts.id, id));
      assertPasswordAllowed(password, { email: current.email, name: row!.name });
    }
    await tx.update(staffAccounts).set({ passwordHash, passwordChangeRequired: true }).where(eq(staffAccounts.id, id));
    await revokeStaffSessionsOf(tx, id, now);
    await staffAudit(tx, {
      staffId: by.staffId ?? id,
      action: 'account.password-reset',
      ip: by.ip,
      detail: { accountId: id, ...(by.staffId === null && { via: 'cli' }) },
    });
    return { temporaryPassword: given };
  });
}

/**
 * A second factor reset (a lost phone): the old secret stops working, the account's sessions end, and its owner
 * enrols a new authenticator at the next sign-in with their password. Nobody but the owner sees the new secret.
 */
export async function resetStaffSecondFactor(
  db: Database,
  id: string,
  by: StaffActor,
  now: Date,
): Promise<StaffAccountView> {
  const row = await db.transaction(async (tx) => {
    const current = await accountForReset(tx, id, by);
    // The administrator gave the temporary password: with the second factor too, they would hold the account.
    if (by.staffId !== null && current.enrolled && current.passwordChangeRequired)
      throw new ApiError('STAFF_RESET_CONFLICT', { pending: ['password'] });
    const [updated] = await tx
      .update(staffAccounts)
      .set({ totpSecret: null, totpPendingSecret: null })
      .where(eq(staffAccounts.id, id))
      .returning();
    await revokeStaffSessionsOf(tx, id, now);
    await staffAudit(tx, {
      staffId: by.staffId ?? id,
      action: 'account.second-factor-reset',
      ip: by.ip,
      detail: { accountId: id, ...(by.staffId === null && { via: 'cli' }) },
    });
    return updated!;
  });
  return accountView(row, (await loginLocks(db, [row.email], now)).get(row.email));
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
