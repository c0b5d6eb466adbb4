/**
 * The audit log as staff with `audit.read` see it: staff actions and looks, and borrowers' security events (no staff
 * id), newest first, filtered by who, which customer, what (an event prefix) and when; and the customer searches that
 * looked for a value, found by the value's keyed hash (a search's row keeps that hash, never the query). The phone of a
 * borrower's event is never read: it is personal data, and the log is for who did what.
 */
import { and, desc, eq, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import { dataKeys } from '#server/crypto/data-keys.ts';
import { searchHashes, type SearchedBy } from '#server/crypto/lookup-hashes.ts';
import type { Database } from '#server/db/database.ts';
import { auditLog, staffAccounts } from '#server/db/tables.ts';
import { likeLiteral } from './accounts.ts';

export interface AuditQuery {
  readonly page?: number;
  readonly perPage?: number;
  readonly staffId?: string;
  readonly customerId?: string;
  /** Events that start with this. */
  readonly action?: string;
  /** At or after. */
  readonly from?: string;
  /** Before. */
  readonly to?: string;
}

export interface AuditEntryView {
  readonly id: number;
  readonly at: string;
  readonly event: string;
  readonly staffId: string | null;
  readonly staffEmail: string | null;
  readonly customerId: string | null;
  readonly ip: string | null;
  readonly detail: Record<string, unknown> | null;
}

/** The events whose row holds the keyed hash of a searched value (`detail.queryHash`). */
const SEARCH_EVENTS = ['staff.customer.searched', 'staff.audit.searched'];

export async function listAuditLog(
  db: Database,
  query: AuditQuery,
): Promise<{ items: AuditEntryView[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.staffId) conditions.push(eq(auditLog.staffId, query.staffId));
  if (query.customerId) conditions.push(eq(auditLog.customerId, query.customerId));
  if (query.action) conditions.push(like(auditLog.event, `${likeLiteral(query.action)}%`));
  if (query.from) conditions.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) conditions.push(lt(auditLog.at, new Date(query.to)));
  return onePage(db, conditions, query);
}

/**
 * The searches that looked for `value` by `by` (a customer search, or an auditor's search like this one), newest
 * first: the value is hashed as a search hashes its query, under every data key held (searches recorded before a
 * rotation match while their key is still in DATA_KEYS).
 */
export async function findSearchesFor(
  db: Database,
  query: { readonly by: SearchedBy; readonly value: string; readonly page?: number; readonly perPage?: number },
): Promise<{ items: AuditEntryView[]; total: number }> {
  return onePage(
    db,
    [
      inArray(auditLog.event, SEARCH_EVENTS),
      inArray(sql<string>`${auditLog.detail}->>'queryHash'`, searchHashes(dataKeys(), query.by, query.value)),
    ],
    query,
  );
}

async function onePage(
  db: Database,
  conditions: SQL[],
  query: { readonly page?: number; readonly perPage?: number },
): Promise<{ items: AuditEntryView[]; total: number }> {
  const page = query.page ?? 1;
  const perPage = query.perPage ?? 20;
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        event: auditLog.event,
        staffId: auditLog.staffId,
        staffEmail: staffAccounts.email,
        customerId: auditLog.customerId,
        ip: auditLog.ip,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .leftJoin(staffAccounts, eq(staffAccounts.id, auditLog.staffId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return {
    items: rows.map((row) => ({ ...row, at: row.at.toISOString(), detail: isObject(row.detail) ? row.detail : null })),
    total: count?.total ?? 0,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
