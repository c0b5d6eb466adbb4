/**
 * Four eyes on staff accounts. Once two active administrators exist, an administrator who creates an
 * account with an approving role (administrator, supervisor, productStaff: domain/staff-roles.ts isApprovingRole) or
 * re-roles one into such a role opens a request that another administrator approves or refuses: until then the new
 * account cannot sign in (`awaitingApproval`) and a re-roled one keeps its role. So one person cannot make the second
 * person of an approval. With a single administrator (the first one, before a second exists) the change is made at
 * once, audited with `fourEyes: false`. The command line (the server's operator) is not asked.
 *
 * A request is decided once: the decision is one conditional UPDATE of a pending row, so two approvals at once apply
 * it once and the other gets ALREADY_DECIDED. The requester may refuse (withdraw) their own request, never approve it.
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isStaffRole, type StaffRole } from '#domain/staff-roles.ts';
import type { Database } from '#server/db/database.ts';
import { staffAccountRequests, staffAccounts } from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import { staffAudit } from '../audit.ts';
import type { Tx } from '../idempotency.ts';
import { revokeStaffSessionsOf } from './sessions.ts';

type Executor = Database | Tx;

export type AccountRequestKind = 'create' | 'role';
export type AccountRequestState = 'pending' | 'approved' | 'refused';

/** A request as administrators see it (api-contract/staff.ts accountRequestAnswer). */
export interface AccountRequestView {
  readonly id: string;
  readonly kind: AccountRequestKind;
  readonly accountId: string | null;
  readonly email: string;
  readonly name: string | null;
  readonly role: StaffRole;
  readonly previousRole: StaffRole | null;
  readonly state: AccountRequestState;
  readonly requestedBy: { readonly id: string; readonly name: string };
  readonly decidedBy: { readonly id: string; readonly name: string } | null;
  readonly decidedAt: string | null;
  readonly createdAt: string;
}

/** Whether a change by a signed-in administrator needs another one: two or more active administrators exist. */
export async function fourEyesApply(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(staffAccounts)
    .where(
      and(
        eq(staffAccounts.role, 'administrator'),
        isNull(staffAccounts.disabledAt),
        eq(staffAccounts.awaitingApproval, false),
      ),
    );
  return (row?.n ?? 0) >= 2;
}

/** Whether an account has a request waiting. */
export async function hasPendingRequest(db: Executor, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staffAccountRequests.id })
    .from(staffAccountRequests)
    .where(and(eq(staffAccountRequests.accountId, accountId), eq(staffAccountRequests.state, 'pending')));
  return row !== undefined;
}

/** The role each of `accountIds` waits for, if any. */
export async function pendingRoles(db: Executor, accountIds: readonly string[]): Promise<Map<string, StaffRole>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ accountId: staffAccountRequests.accountId, role: staffAccountRequests.role })
    .from(staffAccountRequests)
    .where(and(eq(staffAccountRequests.state, 'pending'), inArray(staffAccountRequests.accountId, [...accountIds])));
  return new Map(rows.flatMap((row) => (row.accountId && isStaffRole(row.role) ? [[row.accountId, row.role]] : [])));
}

/** Opens a request (inside the caller's transaction); a second pending one for the account is STAFF_REQUEST_PENDING. */
export async function openAccountRequest(
  tx: Tx,
  request: {
    kind: AccountRequestKind;
    accountId: string;
    email: string;
    role: StaffRole;
    previousRole: StaffRole | null;
    requestedBy: string;
  },
  now: Date,
): Promise<string> {
  const [row] = await tx
    .insert(staffAccountRequests)
    .values({ ...request, state: 'pending', createdAt: now })
    .onConflictDoNothing()
    .returning({ id: staffAccountRequests.id });
  if (!row) throw new ApiError('STAFF_REQUEST_PENDING');
  return row.id;
}

const requester = alias(staffAccounts, 'requester');
const decider = alias(staffAccounts, 'decider');

export async function listAccountRequests(
  db: Database,
  query: { page?: number; perPage?: number; state?: AccountRequestState },
): Promise<{ items: AccountRequestView[]; total: number }> {
  const page = query.page ?? 1;
  const perPage = query.perPage ?? 20;
  const r = staffAccountRequests;
  const where = query.state ? eq(r.state, query.state) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: r.id,
        kind: r.kind,
        accountId: r.accountId,
        email: r.email,
        role: r.role,
        previousRole: r.previousRole,
        state: r.state,
        requestedBy: r.requestedBy,
        decidedBy: r.decidedBy,
        decidedAt: r.decidedAt,
        createdAt: r.createdAt,
        name: staffAccounts.name,
        requesterName: requester.name,
        deciderName: decider.name,
      })
      .from(r)
      .leftJoin(staffAccounts, eq(staffAccounts.id, r.accountId))
      .innerJoin(requester, eq(requester.id, r.requestedBy))
      .leftJoin(decider, eq(decider.id, r.decidedBy))
      .where(where)
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(r).where(where),
  ]);
  return {
    items: rows.map((request) => ({
      id: request.id,
      kind: request.kind as AccountRequestKind,
      accountId: request.accountId,
      email: request.email,
      name: request.name,
      role: request.role as StaffRole,
      previousRole: request.previousRole as StaffRole | null,
      state: request.state as AccountRequestState,
      requestedBy: { id: request.requestedBy, name: request.requesterName },
      decidedBy: request.decidedBy ? { id: request.decidedBy, name: request.deciderName ?? '' } : null,
      decidedAt: request.decidedAt?.toISOString() ?? null,
      createdAt: request.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/**
 * Approves or refuses a pending request, as another administrator than the requester (a requester may only refuse:
 * withdraw). Approved: a new account may sign in, a re-role takes effect (the account's sessions end). Refused: a new
 * account is deleted (it never signed in), a re-role is dropped.
 */
export async function decideAccountRequest(
  db: Database,
  id: string,
  approve: boolean,
  by: { staffId: string; ip: string | null },
  now: Date,
): Promise<{ state: AccountRequestState }> {
  return db.transaction(async (tx) => {
    const r = staffAccountRequests;
    const [current] = await tx.select().from(r).where(eq(r.id, id));
    if (!current) throw new ApiError('NOT_FOUND');
    if (current.state !== 'pending') throw new ApiError('ALREADY_DECIDED', { state: current.state });
    if (approve && (current.requestedBy === by.staffId || current.accountId === by.staffId))
      throw new ApiError('SAME_PERSON');
    const state: AccountRequestState = approve ? 'approved' : 'refused';
    // The one decision: of two at once, the second finds the row no longer pending.
    const [decided] = await tx
      .update(r)
      .set({ state, decidedBy: by.staffId, decidedAt: now })
      .where(and(eq(r.id, id), eq(r.state, 'pending')))
      .returning();
    if (!decided) throw new ApiError('ALREADY_DECIDED', { state: 'decided' });
    const accountId = decided.accountId;
    if (accountId && decided.kind === 'create') {
      if (approve)
        await tx.update(staffAccounts).set({ awaitingApproval: false }).where(eq(staffAccounts.id, accountId));
      else
        await tx
          .delete(staffAccounts)
          .where(and(eq(staffAccounts.id, accountId), eq(staffAccounts.awaitingApproval, true)));
    }
    if (accountId && decided.kind === 'role' && approve) {
      await tx
        .update(staffAccounts)
        .set({ role: decided.role })
        .where(and(eq(staffAccounts.id, accountId), eq(staffAccounts.role, decided.previousRole ?? '')));
      await revokeStaffSessionsOf(tx, accountId, now);
    }
    await staffAudit(tx, {
      staffId: by.staffId,
      action: approve ? 'account.request-approved' : 'account.request-refused',
      ip: by.ip,
      detail: {
        requestId: id,
        kind: decided.kind,
        accountId,
        role: decided.role,
        requestedBy: decided.requestedBy,
        ...(decided.previousRole && { previousRole: decided.previousRole }),
      },
    });
    return { state };
  });
}
