/**
 * What staff views share of a customer: the profile masked step by step, the documents' list, the notes with their
 * writers' names.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { customers, documents, profileSections, staffAccounts, staffNotes } from '#server/db/tables.ts';
import { maskValue } from './masking.ts';

export async function maskedProfile(db: Database, customerId: string) {
  const rows = await db
    .select()
    .from(profileSections)
    .where(eq(profileSections.customerId, customerId))
    .orderBy(asc(profileSections.step));
  return rows.map((row) => ({
    step: row.step,
    updatedAt: row.updatedAt.toISOString(),
    fields: Object.entries(row.data as Record<string, unknown>).map(([key, value]) => ({
      key,
      value: maskValue(value, key),
    })),
  }));
}

/** What staff see of who a customer is: name and phone masked, nothing once erased. */
function headOf(row: typeof customers.$inferSelect, identity: unknown) {
  const name = (identity as Record<string, unknown> | null | undefined)?.['name'];
  const erased = row.erasedAt !== null;
  return {
    row,
    erased,
    phoneMasked: erased ? '' : maskValue(row.phone.replace(/^\+?63/, '').replace(/^0/, '')),
    nameMasked: typeof name === 'string' ? maskValue(name) : '',
  };
}

export async function customerHead(db: Database, customerId: string) {
  return (await customerHeads(db, [customerId])).get(customerId);
}

/** The masked heads of several customers at once (a list's rows), by customer id. */
export async function customerHeads(db: Database, customerIds: readonly string[]) {
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) return new Map<string, ReturnType<typeof headOf>>();
  const rows = await db
    .select({ row: customers, identity: profileSections.data })
    .from(customers)
    .leftJoin(
      profileSections,
      and(eq(profileSections.customerId, customers.id), eq(profileSections.step, 'identityInfo')),
    )
    .where(inArray(customers.id, ids));
  return new Map(rows.map(({ row, identity }) => [row.id, headOf(row, identity)]));
}

/** The masked name and phone a list row shows of its customer (empty when unknown or erased). */
export function maskedWho(heads: Awaited<ReturnType<typeof customerHeads>>, customerId: string) {
  const head = heads.get(customerId);
  return { nameMasked: head?.nameMasked ?? '', phoneMasked: head?.phoneMasked ?? '' };
}

export async function documentList(db: Database, customerId: string) {
  const rows = await db
    .select()
    .from(documents)
    .where(eq(documents.customerId, customerId))
    .orderBy(asc(documents.createdAt));
  return rows.map((d) => ({
    id: d.id,
    kind: d.kind,
    contentType: d.contentType,
    createdAt: d.createdAt.toISOString(),
  }));
}

export async function notesOf(db: Database, customerId: string) {
  const rows = await db
    .select({
      id: staffNotes.id,
      text: staffNotes.text,
      orderId: staffNotes.orderId,
      createdAt: staffNotes.createdAt,
      staffName: staffAccounts.name,
    })
    .from(staffNotes)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffNotes.staffId))
    .where(eq(staffNotes.customerId, customerId))
    .orderBy(desc(staffNotes.createdAt));
  return rows.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() }));
}
