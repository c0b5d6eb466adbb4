/**
 * What staff views share of a customer: the profile masked step by step, the documents' list, the notes with their
 * writers' names.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { customers, documents, profileSections, staffAccounts, staffNotes } from '../db/schema.ts';
import { maskValue } from './masking.ts';

export async function maskedProfile(db: Database, customerId: string) {
  const rows = await db.select().from(profileSections).where(eq(profileSections.customerId, customerId)).orderBy(asc(profileSections.step));
  return rows.map((row) => ({
    step: row.step,
    updatedAt: row.updatedAt.toISOString(),
    fields: Object.entries(row.data as Record<string, unknown>).map(([key, value]) => ({ key, value: maskValue(value, key) })),
  }));
}

export async function customerHead(db: Database, customerId: string) {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!row) return undefined;
  const [identity] = await db.select({ data: profileSections.data }).from(profileSections).where(and(eq(profileSections.customerId, customerId), eq(profileSections.step, 'identityInfo')));
  const name = (identity?.data as Record<string, unknown> | undefined)?.['name'];
  const erased = row.erasedAt !== null;
  return {
    row,
    erased,
    phoneMasked: erased ? '' : maskValue(row.phone.replace(/^\+?63/, '').replace(/^0/, '')),
    nameMasked: typeof name === 'string' ? maskValue(name) : '',
  };
}

export async function documentList(db: Database, customerId: string) {
  const rows = await db.select().from(documents).where(eq(documents.customerId, customerId)).orderBy(asc(documents.createdAt));
  return rows.map((d) => ({ id: d.id, kind: d.kind, contentType: d.contentType, createdAt: d.createdAt.toISOString() }));
}

export async function notesOf(db: Database, customerId: string) {
  const rows = await db
    .select({ id: staffNotes.id, text: staffNotes.text, orderId: staffNotes.orderId, createdAt: staffNotes.createdAt, staffName: staffAccounts.name })
    .from(staffNotes)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffNotes.staffId))
    .where(eq(staffNotes.customerId, customerId))
    .orderBy(desc(staffNotes.createdAt));
  return rows.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() }));
}
