/**
 * Complaints about collection (RA 11765; docs/collections.md, Complaints). A borrower complains from the list of
 * contacts made to them, about one contact or the conduct in general; customer service (feedback.reply) sees each
 * complaint with its age and deadlines (config/collections.json complaints), acknowledges it and resolves it with an
 * answer the borrower reads in the app. A complaint is a row of the feedback inbox of the kind `collectionComplaint`
 * (the text and the answer encrypted like any feedback, erased with the customer), so the plain inbox and its reply
 * route leave it alone: it has its own states and deadlines. Every step is audited.
 */
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type {
  BorrowerComplaintAnswer,
  BorrowerComplaintInput,
  ComplaintListAnswer,
  ComplaintView,
  ContactView,
} from '#api-contract/collections.ts';
import {
  COMPLAINT_TEXT_LENGTH,
  complaintAge,
  complaintOrder,
  type CollectionRules,
  type ComplaintReason,
  type ComplaintState,
} from '#domain/collections.ts';
import type { Database } from '../db/database.ts';
import { collectionContacts, feedback, staffAccounts } from '../db/tables.ts';
import { ApiError } from '../errors.ts';
import { audit, staffAudit } from './audit.ts';
import { findOrder, orderNumbersOf } from './loans/repository.ts';
import type { Tx } from './idempotency.ts';
import { notify } from './messages.ts';
import { customerHeads, maskedWho } from './staff/customer-facts.ts';

type Db = Database | Tx;
type ComplaintRow = typeof feedback.$inferSelect;

/** The feedback kind a complaint about collection is stored as. */
export const COMPLAINT_KIND = 'collectionComplaint';

/** What the borrower and customer service call a complaint: short enough to read out on a call. */
export const complaintReference = (id: string): string => `CC-${id.replace(/-/gu, '').slice(0, 8).toUpperCase()}`;

const isComplaint = eq(feedback.kind, COMPLAINT_KIND);
const notResolved = ne(feedback.state, 'resolved');
const link = '/collectionContacts';

export interface ComplaintDeps {
  readonly db: Database;
  readonly now: () => Date;
  readonly rules: Pick<CollectionRules, 'complaints'>;
  /** The borrower's row lock (the loan core's): two complaints at once about one contact cannot both pass. */
  readonly lockCustomer: (tx: Tx, customerId: string) => Promise<unknown>;
}

/** Who acted, from where (server/services/collections.ts Actor). */
interface Actor {
  readonly staff: { readonly staffId: string };
  readonly ip: string;
}

export function createComplaintService(deps: ComplaintDeps) {
  const { db, now, rules } = deps;

  function borrowerView(row: ComplaintRow, orderNo: string | null): BorrowerComplaintAnswer {
    return {
      id: row.id,
      reference: complaintReference(row.id),
      contactId: row.contactId,
      orderId: row.orderId,
      orderNo,
      reason: row.category as ComplaintReason,
      text: row.text,
      state: row.state as ComplaintState,
      receivedAt: row.createdAt.toISOString(),
      answer: row.state === 'resolved' ? (row.reply ?? null) : null,
      answeredAt: row.state === 'resolved' ? (row.repliedAt?.toISOString() ?? null) : null,
    };
  }

  /** A complaint of `customerId`'s: about their own contact (its loan follows) or, in general, their own loan or none. */
  async function create(
    customerId: string,
    input: BorrowerComplaintInput,
    ip: string | null,
  ): Promise<BorrowerComplaintAnswer> {
    const text = input.text.trim();
    // The schema counts spaces too: a text of blanks says nothing. The same answer as the schema's own refusal.
    if (text.length < COMPLAINT_TEXT_LENGTH.min)
      throw new ApiError('INVALID_INPUT', {
        detail: `text must have at least ${COMPLAINT_TEXT_LENGTH.min} characters besides spaces`,
      });
    return db.transaction(async (tx) => {
      await deps.lockCustomer(tx, customerId);
      let orderId: string | null = null;
      let contactId: string | null = null;
      if (input.contactId !== undefined) {
        const [contact] = await tx
          .select({ id: collectionContacts.id, orderId: collectionContacts.orderId })
          .from(collectionContacts)
          .where(and(eq(collectionContacts.id, input.contactId), eq(collectionContacts.customerId, customerId)));
        // Another borrower's contact is not theirs to know of: the same answer as none.
        if (!contact) throw new ApiError('NOT_FOUND');
        if (input.orderId !== undefined && input.orderId !== contact.orderId) throw new ApiError('NOT_FOUND');
        contactId = contact.id;
        orderId = contact.orderId;
        const [open] = await tx
          .select({ id: feedback.id })
          .from(feedback)
          .where(and(isComplaint, eq(feedback.contactId, contactId), notResolved));
        if (open) throw new ApiError('COMPLAINT_OPEN', { reference: complaintReference(open.id) });
      } else if (input.orderId !== undefined) {
        const order = await findOrder(tx, input.orderId, customerId);
        if (!order) throw new ApiError('NOT_FOUND');
        orderId = order.id;
      }
      const at = now();
      const [row] = await tx
        .insert(feedback)
        .values({
          customerId,
          kind: COMPLAINT_KIND,
          category: input.reason,
          text,
          state: 'received',
          orderId,
          contactId,
          createdAt: at,
        })
        .returning();
      if (!row) throw new Error('complaint insert returned nothing');
      const reference = complaintReference(row.id);
      await notify(tx, {
        customerId,
        template: 'collectionComplaintReceived',
        params: { reference },
        link,
        dedupeKey: `complaint:${row.id}`,
        at,
      });
      await audit(tx, {
        event: 'collection.complaint-received',
        customerId,
        ip,
        detail: { complaintId: row.id, reference, reason: input.reason, contactId, orderId },
      });
      const numbers = await orderNumbersOf(tx, orderId ? [orderId] : []);
      return borrowerView(row, orderId ? (numbers.get(orderId) ?? null) : null);
    });
  }

  /** The borrower's own complaints, newest first. */
  async function ofBorrower(customerId: string): Promise<BorrowerComplaintAnswer[]> {
    const rows = (
      await db
        .select()
        .from(feedback)
        .where(and(isComplaint, eq(feedback.customerId, customerId)))
    ).map((complaint) => ({ complaint }));
    const numbers = await orderNumbersOf(
      db,
      rows.flatMap((r) => (r.complaint.orderId ? [r.complaint.orderId] : [])),
    );
    return rows
      .sort(
        (a, b) =>
          b.complaint.createdAt.getTime() - a.complaint.createdAt.getTime() ||
          b.complaint.id.localeCompare(a.complaint.id),
      )
      .map((r) => borrowerView(r.complaint, r.complaint.orderId ? (numbers.get(r.complaint.orderId) ?? null) : null));
  }

  /** Complaints (`where` besides the kind) with what customer service sees of each, in the order they are worked. */
  async function views(on: Db, where: SQL | undefined): Promise<ComplaintView[]> {
    const rows = await on
      .select({
        complaint: feedback,
        contactAt: collectionContacts.at,
        contactChannel: collectionContacts.channel,
        contactStaffId: collectionContacts.staffId,
      })
      .from(feedback)
      .leftJoin(collectionContacts, eq(collectionContacts.id, feedback.contactId))
      .where(and(isComplaint, where));
    const staffIds = [
      ...new Set(
        rows.flatMap((r) =>
          [r.contactStaffId, r.complaint.acknowledgedBy, r.complaint.repliedBy].filter((x): x is string => !!x),
        ),
      ),
    ];
    const names = new Map(
      staffIds.length === 0
        ? []
        : (
            await on
              .select({ id: staffAccounts.id, name: staffAccounts.name })
              .from(staffAccounts)
              .where(inArray(staffAccounts.id, staffIds))
          ).map((s) => [s.id, s.name]),
    );
    const numbers = await orderNumbersOf(
      on,
      rows.flatMap((r) => (r.complaint.orderId ? [r.complaint.orderId] : [])),
    );
    const heads = await customerHeads(
      db,
      rows.map((r) => r.complaint.customerId),
    );
    const at = now();
    const nameOf = (id: string | null) => (id ? (names.get(id) ?? null) : null);
    return rows
      .map((r) => {
        const c = r.complaint;
        const state = c.state as ComplaintState;
        return {
          r,
          id: c.id,
          receivedAt: c.createdAt,
          age: complaintAge({ receivedAt: c.createdAt, state, complex: c.complex }, at, rules),
        };
      })
      .sort(complaintOrder)
      .map(({ r, age }) => {
        const c = r.complaint;
        return {
          id: c.id,
          reference: complaintReference(c.id),
          customerId: c.customerId,
          customer: maskedWho(heads, c.customerId),
          orderId: c.orderId,
          orderNo: c.orderId ? (numbers.get(c.orderId) ?? null) : null,
          contact:
            c.contactId && r.contactAt
              ? {
                  id: c.contactId,
                  at: r.contactAt.toISOString(),
                  channel: r.contactChannel as ContactView['channel'],
                  staffName: nameOf(r.contactStaffId) ?? '',
                }
              : null,
          reason: c.category as ComplaintReason,
          text: c.text,
          state: c.state as ComplaintState,
          receivedAt: c.createdAt.toISOString(),
          ageDays: age.days,
          acknowledgeBy: age.acknowledgeBy,
          resolveBy: age.resolveBy,
          complex: c.complex,
          overdue: age.overdue,
          acknowledgedAt: c.acknowledgedAt?.toISOString() ?? null,
          acknowledgedByName: nameOf(c.acknowledgedBy),
          answer: c.reply ?? null,
          answeredAt: c.repliedAt?.toISOString() ?? null,
          answeredByName: nameOf(c.repliedBy),
        };
      });
  }

  /**
   * Customer service's list: not resolved (`open`), resolved, or all; overdue first, then the oldest. The whole
   * selection is read to order it by the deadlines, which move with the day: complaints are few next to loans.
   */
  async function list(
    state: 'open' | 'resolved' | undefined,
    page: number,
    perPage: number,
  ): Promise<ComplaintListAnswer> {
    const where = state === 'open' ? notResolved : state === 'resolved' ? eq(feedback.state, 'resolved') : undefined;
    const all = await views(db, where);
    return {
      items: all.slice((page - 1) * perPage, page * perPage),
      total: all.length,
      deadlines: { ...rules.complaints },
    };
  }

  /** A loan's complaints, for a supervisor's collection view. */
  const ofOrder = (orderId: string) => views(db, eq(feedback.orderId, orderId));

  /** One complaint under its row lock, or NOT_FOUND (plain feedback is not a complaint). */
  async function locked(tx: Tx, complaintId: string): Promise<ComplaintRow> {
    const [row] = await tx
      .select()
      .from(feedback)
      .where(and(eq(feedback.id, complaintId), isComplaint))
      .for('update');
    if (!row) throw new ApiError('NOT_FOUND');
    return row;
  }

  async function viewOf(complaintId: string): Promise<ComplaintView> {
    const [view] = await views(db, eq(feedback.id, complaintId));
    if (!view) throw new ApiError('NOT_FOUND');
    return view;
  }

  /**
   * Customer service takes a received complaint in hand: in progress, who and when recorded; `complex` (it needs an
   * investigation, another party or documents) gives it the longer period to be resolved.
   */
  async function acknowledge(actor: Actor, complaintId: string, complex = false): Promise<ComplaintView> {
    await db.transaction(async (tx) => {
      const row = await locked(tx, complaintId);
      if (row.state !== 'received') throw new ApiError('COMPLAINT_STATE', { state: row.state });
      await tx
        .update(feedback)
        .set({ state: 'in_progress', acknowledgedAt: now(), acknowledgedBy: actor.staff.staffId, complex })
        .where(eq(feedback.id, complaintId));
      await staffAudit(tx, {
        staffId: actor.staff.staffId,
        action: 'collection.complaint-acknowledged',
        customerId: row.customerId,
        ip: actor.ip,
        detail: { complaintId, reference: complaintReference(row.id), orderId: row.orderId, complex },
      });
    });
    return viewOf(complaintId);
  }

  /**
   * Customer service resolves a complaint with its answer (received or in progress: one not acknowledged before is
   * acknowledged by the same act); the borrower gets a message and reads the answer on the list of contacts.
   */
  async function resolve(actor: Actor, complaintId: string, answer: string): Promise<ComplaintView> {
    await db.transaction(async (tx) => {
      const row = await locked(tx, complaintId);
      if (row.state === 'resolved') throw new ApiError('COMPLAINT_STATE', { state: row.state });
      const at = now();
      const reference = complaintReference(row.id);
      await tx
        .update(feedback)
        .set({
          state: 'resolved',
          reply: answer,
          repliedAt: at,
          repliedBy: actor.staff.staffId,
          acknowledgedAt: row.acknowledgedAt ?? at,
          acknowledgedBy: row.acknowledgedBy ?? actor.staff.staffId,
        })
        .where(eq(feedback.id, complaintId));
      await notify(tx, {
        customerId: row.customerId,
        template: 'collectionComplaintResolved',
        params: { reference },
        link,
        dedupeKey: `complaint-resolved:${row.id}`,
        at,
      });
      await staffAudit(tx, {
        staffId: actor.staff.staffId,
        action: 'collection.complaint-resolved',
        customerId: row.customerId,
        ip: actor.ip,
        detail: { complaintId, reference, orderId: row.orderId },
      });
    });
    return viewOf(complaintId);
  }

  return {
    createComplaint: create,
    borrowerComplaints: ofBorrower,
    complaintList: list,
    complaintsOfOrder: ofOrder,
    acknowledgeComplaint: acknowledge,
    resolveComplaint: resolve,
  };
}

export type ComplaintService = ReturnType<typeof createComplaintService>;
