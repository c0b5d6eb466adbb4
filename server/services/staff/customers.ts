/**
 * Customer service (docs/staff-console.md): find a customer (phone, name, order number, ID number; audited with the
 * query's keyed hash, never the query), the customer's view with personal data masked, unmasking named fields (audited
 * by name), notes, documents' bytes.
 */
import { and, asc, desc, eq, inArray, like, or } from 'drizzle-orm';
import { isOpenOrder } from '#domain/loan-rules.ts';
import type { OrderState } from '#domain/loan-types.ts';
import { dataKeys } from '#server/crypto/data-keys.ts';
import { idNumberHashes, nameHashes, searchHash } from '#server/crypto/lookup-hashes.ts';
import type { Database } from '#server/db/database.ts';
import {
  auditLog,
  coupons,
  couponGrants,
  customers,
  documents,
  feedback,
  messages,
  profileSections,
  staffAccounts,
  staffNotes,
} from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import type { FileStorage } from '#server/providers/storage/file-storage.ts';
import { staffAudit } from '../audit.ts';
import type { LoanService } from '../loans.ts';
import {
  customerIdsOfOrderNo,
  eventsOf,
  isOrderOf,
  orderHistoryOf,
  orderStatesOf,
  paymentsOfOrderOldestFirst,
} from '../loans/repository.ts';
import { customerHead, documentList, maskedProfile, notesOf } from './customer-facts.ts';
import { clearValue } from './masking.ts';

export const SEARCH_KEYS = ['phone', 'name', 'order', 'idNumber'] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];
/** forms/identity.schema.json idType's enum: an ID number is looked up under each type. */
export const ID_TYPES = [
  'philSys',
  'umid',
  'driversLicense',
  'passport',
  'prc',
  'sss',
  'philHealth',
  'pagIbig',
  'tin',
  'postalId',
  'votersId',
] as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createCustomerService(deps: {
  db: Database;
  now: () => Date;
  storage: FileStorage;
  loans?: LoanService;
}) {
  const { db, storage, loans } = deps;

  async function idsFor(by: SearchKey, q: string, idType?: string): Promise<string[] | null> {
    if (by === 'phone') {
      const national = q.replace(/[\s-]/gu, '').replace(/^(?:\+?63|0)(?=9\d{9}$)/u, '');
      const rows = await db
        .select({ id: customers.id })
        .from(customers)
        .where(
          or(eq(customers.phone, national), eq(customers.phone, `+63${national}`), eq(customers.phone, `0${national}`)),
        );
      return rows.map((r) => r.id);
    }
    if (by === 'order') return customerIdsOfOrderNo(db, q);
    const hashes =
      by === 'name'
        ? nameHashes(dataKeys(), q)
        : (idType ? [idType] : ID_TYPES).flatMap((t) => idNumberHashes(dataKeys(), t, q));
    const column = by === 'name' ? profileSections.nameHash : profileSections.idNumberHash;
    const rows = await db
      .select({ id: profileSections.customerId })
      .from(profileSections)
      .where(and(eq(profileSections.step, 'identityInfo'), inArray(column, hashes)));
    return rows.map((r) => r.id);
  }

  async function search(
    staffId: string,
    ip: string,
    by: SearchKey,
    q: string,
    page: number,
    perPage: number,
    idType?: string,
  ) {
    const ids = [...new Set(await idsFor(by, q, idType))];
    // Who looked for whom: the query's keyed hash, which an auditor holding a candidate value finds (audit-log.ts).
    await staffAudit(db, {
      staffId,
      action: 'customer.searched',
      ip,
      detail: { by, ...(idType && { idType }), queryHash: searchHash(dataKeys(), by, q), count: ids.length },
    });
    if (ids.length === 0) return { items: [], total: 0 };
    const rows = await db
      .select()
      .from(customers)
      .where(inArray(customers.id, ids))
      .orderBy(asc(customers.createdAt), asc(customers.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const items = [];
    for (const row of rows) {
      const head = (await customerHead(db, row.id))!;
      const orders = await orderStatesOf(db, row.id);
      items.push({
        id: row.id,
        phoneMasked: head.phoneMasked,
        nameMasked: head.nameMasked,
        createdAt: row.createdAt.toISOString(),
        erased: head.erased,
        openOrderState: orders.find((o) => isOpenOrder(o.state as OrderState))?.state ?? null,
      });
    }
    return { items, total: ids.length };
  }

  async function view(staffId: string, ip: string, customerId: string) {
    const head = await customerHead(db, customerId);
    if (!head) throw new ApiError('NOT_FOUND');
    await staffAudit(db, { staffId, action: 'customer.viewed', customerId, ip });
    const orderRows = await orderHistoryOf(db, customerId);
    const orders = [];
    for (const o of orderRows) {
      const v = loans?.orderView(o);
      const events = await eventsOf(db, o.id);
      const pays = await paymentsOfOrderOldestFirst(db, o.id);
      orders.push({
        id: o.id,
        orderNo: o.orderNo,
        state: o.state,
        principalCentavos: o.principal,
        termDays: o.termDays,
        loanDate: o.loanDate ?? null,
        dueDate: v?.dueDate ?? o.dueDate ?? null,
        amountDueCentavos: v?.amountDueCentavos ?? o.amountDue,
        amountRepaidCentavos: v?.amountRepaidCentavos ?? 0,
        overdueDays: v?.overdueDays ?? o.overdueDays,
        createdAt: o.createdAt.toISOString(),
        events: events.map((e) => ({
          kind: e.kind,
          fromState: e.fromState,
          toState: e.toState,
          at: e.at.toISOString(),
        })),
        payments: pays.map((p) => ({
          id: p.id,
          kind: p.kind,
          channel: p.channel,
          amountCentavos: p.amount,
          state: p.state,
          createdAt: p.createdAt.toISOString(),
        })),
      });
    }
    const couponRows = await db
      .select()
      .from(coupons)
      .where(eq(coupons.customerId, customerId))
      .orderBy(desc(coupons.createdAt));
    const messageRows = await db
      .select()
      .from(messages)
      .where(eq(messages.customerId, customerId))
      .orderBy(desc(messages.createdAt))
      .limit(100);
    const feedbackRows = await db
      .select()
      .from(feedback)
      .where(and(eq(feedback.customerId, customerId), eq(feedback.kind, 'feedback')))
      .orderBy(desc(feedback.createdAt));
    const grants = await db
      .select()
      .from(couponGrants)
      .where(eq(couponGrants.customerId, customerId))
      .orderBy(desc(couponGrants.createdAt));
    const looked = await db
      .select({ staffName: staffAccounts.name, at: auditLog.at, action: auditLog.event })
      .from(auditLog)
      .innerJoin(staffAccounts, eq(staffAccounts.id, auditLog.staffId))
      .where(and(eq(auditLog.customerId, customerId), like(auditLog.event, 'staff.%')))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(50);
    return {
      customer: {
        id: customerId,
        phoneMasked: head.phoneMasked,
        language: head.row.language,
        createdAt: head.row.createdAt.toISOString(),
        erased: head.erased,
      },
      profile: await maskedProfile(db, customerId),
      documents: await documentList(db, customerId),
      orders,
      coupons: couponRows.map((c) => ({
        id: c.id,
        definitionId: c.definitionId,
        kind: c.kind,
        amountCentavos: c.amount,
        state: c.state,
        source: c.source,
        expiresAt: iso(c.expiresAt),
      })),
      messages: messageRows.map((m) => ({
        id: String(m.id),
        template: m.template,
        createdAt: m.createdAt.toISOString(),
        readAt: iso(m.readAt),
      })),
      feedback: feedbackRows.map(feedbackView),
      notes: await notesOf(db, customerId),
      couponGrants: grants.map(grantView),
      lookedAtBy: looked.map((l) => ({
        staffName: l.staffName,
        at: l.at.toISOString(),
        action: l.action.replace(/^staff\./u, ''),
      })),
    };
  }

  /** The clear values of named fields ('phone', '<step>.<key>') or all; audited with the names only. */
  async function unmask(
    staffId: string,
    ip: string,
    customerId: string,
    request: { fields?: string[]; all?: boolean },
  ) {
    const head = await customerHead(db, customerId);
    if (!head) throw new ApiError('NOT_FOUND');
    const sections = await db.select().from(profileSections).where(eq(profileSections.customerId, customerId));
    const every: Record<string, string> = { phone: head.erased ? '' : head.row.phone };
    for (const s of sections)
      for (const [key, value] of Object.entries(s.data as Record<string, unknown>))
        every[`${s.step}.${key}`] = clearValue(value);
    const names = request.all ? Object.keys(every) : (request.fields ?? []).filter((f) => f in every);
    await staffAudit(db, { staffId, action: 'customer.unmasked', customerId, ip, detail: { fields: names } });
    return { values: names.map((field) => ({ field, value: every[field]! })) };
  }

  async function addNote(staffId: string, ip: string, customerId: string, text: string, orderId?: string) {
    if (!(await customerHead(db, customerId))) throw new ApiError('NOT_FOUND');
    if (orderId && !(await isOrderOf(db, orderId, customerId))) throw new ApiError('NOT_FOUND');
    const note = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffNotes)
        .values({ customerId, staffId, text, orderId: orderId ?? null })
        .returning();
      await staffAudit(tx, {
        staffId,
        action: 'note.added',
        customerId,
        ip,
        detail: { noteId: row!.id, orderId: orderId ?? null },
      });
      return row!;
    });
    const [staff] = await db
      .select({ name: staffAccounts.name })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId));
    return {
      id: note.id,
      text: note.text,
      staffName: staff?.name ?? '',
      orderId: note.orderId,
      createdAt: note.createdAt.toISOString(),
    };
  }

  async function documentBytes(staffId: string, ip: string, customerId: string, documentId: string) {
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.customerId, customerId)));
    if (!row) throw new ApiError('NOT_FOUND');
    const file = await storage.get(row.storageKey);
    if (!file) throw new ApiError('NOT_FOUND');
    await staffAudit(db, {
      staffId,
      action: 'document.viewed',
      customerId,
      ip,
      detail: { documentId, kind: row.kind },
    });
    return { data: file.data, contentType: row.contentType };
  }

  return { search, view, unmask, addNote, documentBytes };
}

export function feedbackView(f: typeof feedback.$inferSelect) {
  return {
    id: f.id,
    customerId: f.customerId,
    category: f.category,
    text: f.text,
    state: f.state,
    reply: f.reply ?? null,
    createdAt: f.createdAt.toISOString(),
    repliedAt: iso(f.repliedAt),
  };
}

export function grantView(g: typeof couponGrants.$inferSelect) {
  return {
    id: g.id,
    customerId: g.customerId,
    definitionId: g.definitionId,
    amountCentavos: g.amount,
    reason: g.reason,
    state: g.state,
    requestedBy: g.requestedBy,
    decidedBy: g.decidedBy ?? null,
    decidedAt: iso(g.decidedAt),
    couponId: g.couponId ?? null,
    createdAt: g.createdAt.toISOString(),
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
