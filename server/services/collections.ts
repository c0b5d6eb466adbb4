/**
 * Collections (docs/collections.md): the queue of overdue loans, a loan's collection view, contacts, promises to pay,
 * assignments, message templates (four eyes) and disputes, with SEC MC 18 s.2019 enforced on every contact: the
 * hours, the contacts a day per borrower, no contact while the loan is disputed, only approved templates and never
 * the wording MC 18 forbids. The rules are domain/collections.ts's with config/collections.json; what is overdue is
 * read from the loan's ledger (the loan core's ledgerOn). Every contact, refusal, promise, assignment and dispute is
 * in the audit log.
 *
 * A contact's checks and its row are one transaction under the borrower's row lock (the first lock of every money
 * operation too: server/services/loans/repository.ts), so two contacts at once cannot both take the day's last place
 * and a contact cannot slip past a dispute opened at the same moment. A template sent is a contact, an in-app message
 * written in the same transaction and an SMS job (the outbox) that checks the hours and the dispute again when it runs.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  templateLanguages,
  templatePlaceholders,
  type BorrowerContactsAnswer,
  type BorrowerDisputeAnswer,
  type BorrowerContactDetails,
  type BorrowerDisputeInput,
  type CollectionView,
  type DisputeReason,
  type ContactAnswer,
  type ContactInput,
  type ContactView,
  type DisputeResolveInput,
  type DisputeView,
  type PromiseInput,
  type PromiseView,
  type QueueAnswer,
  type QueueItem,
  type QueueQuery,
  type TemplateInput,
  type TemplateView,
} from '#api-contract/collections.ts';
import { collectionsFile } from '#config/collections.ts';
import { manilaToday } from '#domain/calendar-date.ts';
import {
  contactHoursVerdict,
  delinquencyOf,
  forbiddenWordingIn,
  lastPromiseDay,
  promiseDateAllowed,
  promiseState,
  underDailyCap,
  type CollectionRules,
  type ConsentedHours,
  type ContactPurpose,
  type Delinquency,
  type PaymentMade,
  type PromiseState,
  type WordingMatch,
} from '#domain/collections.ts';
import { ZERO } from '#domain/loan-ledger.ts';
import { formatPeso } from '#domain/money.ts';
import { toE164 } from '#domain/ph-phone.ts';
import { can } from '#domain/staff-roles.ts';
import type { Database } from '../db/database.ts';
import {
  collectionAssignments,
  collectionContacts,
  collectionDisputes,
  collectionPromises,
  collectionTemplates,
  customers,
  profileSections,
  staffAccounts,
} from '../db/tables.ts';
import { ApiError } from '../errors.ts';
import { enqueue, type ClaimedJob, type JobHandler, type Schedule } from '../jobs/runner.ts';
import { dailyInManila } from '../jobs/daily.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import { audit, staffAudit } from './audit.ts';
import { maskValue } from './staff/masking.ts';
import { createComplaintService } from './collection-complaints.ts';
import type { Tx } from './idempotency.ts';
import type { LoanService } from './loans.ts';
import { links } from './loans/notices.ts';
import {
  contactsWithOrderNo,
  disputesWithOrderNo,
  findOrder,
  ordersWithCollector,
  paymentsOfOrder,
  queuePage,
  recordDelinquencyChanges,
  repayingLoansPerCollector,
  successfulPaymentsOf,
  unassignedOverdueOrders,
  type OrderRow,
} from './loans/repository.ts';
import { notify } from './messages.ts';
import type { StaffCaller } from './staff/sessions.ts';
import { customerHeads, maskedWho } from './staff/customer-facts.ts';

type Db = Database | Tx;
type TemplateRow = typeof collectionTemplates.$inferSelect;
type DisputeRow = typeof collectionDisputes.$inferSelect;
type PromiseRow = typeof collectionPromises.$inferSelect;

/** Who a staff action is by, from where. */
export interface Actor {
  readonly staff: StaffCaller;
  readonly ip: string;
}

export interface CollectionDeps {
  readonly db: Database;
  /** The server's clock (DEMO_CLOCK's in a demonstration): the hours, the day's contacts and promise dates follow it. */
  readonly now: () => Date;
  readonly loans: LoanService;
  readonly sms: SmsProvider;
  readonly productName: string;
  /** The origin borrowers reach the app at (PUBLIC_URL): a template's {{payLink}} is the loan's bill there. */
  readonly publicUrl: () => string;
  /** Default config/collections.json. */
  readonly rules?: CollectionRules;
}

/** What a borrower sees of who contacted them: an alias made from the staff id, never the name. */
export const staffAlias = (staffId: string): string => staffId.replace(/-/gu, '').slice(0, 6).toUpperCase();

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/gu;
const NOT_DUE: Delinquency = {
  daysPastDue: 0,
  bucket: null,
  overdue: ZERO,
  overdueCentavos: 0,
  amountDueCentavos: 0,
};

const DATE_LOCALE: Record<string, string> = { en: 'en-PH', fil: 'fil-PH', 'zh-CN': 'zh-CN' };
const dayText = (day: string, language: string) =>
  new Intl.DateTimeFormat(DATE_LOCALE[language] ?? 'en-PH', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(new Date(`${day}T00:00:00Z`));

/** The placeholders of a template text no loan can fill. */
function unknownPlaceholders(text: string): string[] {
  const known: readonly string[] = templatePlaceholders;
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !known.includes(name));
}

/** A template text with its placeholders filled. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function createCollectionService(deps: CollectionDeps) {
  const { db, now, loans } = deps;
  const rules = deps.rules ?? collectionsFile;
  const today = () => manilaToday(now());
  const supervises = (staff: StaffCaller) => can(staff.role, 'collections.supervise');
  const complaints = createComplaintService({ db, now, rules, lockCustomer: loans.lockCustomer });

  /** What is overdue on `order` on `day`, from its ledger; nothing for an order not repaying. */
  function delinquency(order: OrderRow, day: string): Delinquency {
    if (order.state !== 'repaying') return NOT_DUE;
    const ledger = loans.ledgerOn(order, day);
    return ledger ? delinquencyOf(ledger, day, rules.buckets) : NOT_DUE;
  }

  const consentOf = (c: { contactFrom: string | null; contactTo: string | null }): ConsentedHours | null =>
    c.contactFrom && c.contactTo ? { from: c.contactFrom, to: c.contactTo } : null;

  /** The successful payments of some orders, by order. */
  async function paymentsOf(on: Db, orderIds: readonly string[]): Promise<Map<string, PaymentMade[]>> {
    const out = new Map<string, PaymentMade[]>();
    if (orderIds.length === 0) return out;
    const rows = await successfulPaymentsOf(on, orderIds);
    for (const row of rows) {
      if (!row.completedAt) continue;
      const list = out.get(row.orderId) ?? [];
      list.push({ at: row.completedAt, amountCentavos: row.amount });
      out.set(row.orderId, list);
    }
    return out;
  }

  /** A promise's state now: as stored once kept or broken, else as its payments say (the daily job stores it). */
  const liveState = (p: PromiseRow, paid: readonly PaymentMade[], at: Date): PromiseState =>
    p.state === 'pending'
      ? promiseState({ madeAt: p.madeAt, promisedOn: p.promisedOn, amountCentavos: p.amount }, paid, at)
      : (p.state as PromiseState);

  /** The promises of some orders with their states now, oldest first, by order. */
  async function promisesOf(on: Db, orderIds: readonly string[], at: Date) {
    const out = new Map<string, { row: PromiseRow; state: PromiseState; staffName: string }[]>();
    if (orderIds.length === 0) return out;
    const [rows, paid] = await Promise.all([
      on
        .select({ promise: collectionPromises, staffName: staffAccounts.name })
        .from(collectionPromises)
        .innerJoin(staffAccounts, eq(staffAccounts.id, collectionPromises.staffId))
        .where(inArray(collectionPromises.orderId, [...orderIds]))
        .orderBy(asc(collectionPromises.madeAt)),
      paymentsOf(on, orderIds),
    ]);
    for (const { promise, staffName } of rows) {
      const list = out.get(promise.orderId) ?? [];
      list.push({ row: promise, state: liveState(promise, paid.get(promise.orderId) ?? [], at), staffName });
      out.set(promise.orderId, list);
    }
    return out;
  }

  /** Promises broken since the last one kept. */
  const brokenSinceKept = (states: readonly PromiseState[]) =>
    states.reduce((n, state) => (state === 'kept' ? 0 : state === 'broken' ? n + 1 : n), 0);

  const promiseView = (p: { row: PromiseRow; state: PromiseState; staffName: string }): PromiseView => ({
    id: p.row.id,
    orderId: p.row.orderId,
    promisedOn: p.row.promisedOn,
    amountCentavos: p.row.amount,
    state: p.state,
    madeAt: p.row.madeAt.toISOString(),
    staffName: p.staffName,
    contactId: p.row.contactId,
  });

  async function openDisputeOf(on: Db, orderId: string): Promise<DisputeRow | undefined> {
    const [row] = await on
      .select()
      .from(collectionDisputes)
      .where(and(eq(collectionDisputes.orderId, orderId), eq(collectionDisputes.state, 'open')));
    return row;
  }

  async function contactsToday(on: Db, customerId: string, day: string): Promise<number> {
    const [row] = await on
      .select({ n: count() })
      .from(collectionContacts)
      .where(and(eq(collectionContacts.customerId, customerId), eq(collectionContacts.day, day)));
    return row?.n ?? 0;
  }

  async function assignmentOf(on: Db, orderId: string) {
    const [row] = await on
      .select({ collectorId: collectionAssignments.collectorId, name: staffAccounts.name })
      .from(collectionAssignments)
      .innerJoin(staffAccounts, eq(staffAccounts.id, collectionAssignments.collectorId))
      .where(eq(collectionAssignments.orderId, orderId));
    return row;
  }

  /** A collector works the loans assigned to them; a supervisor every loan. */
  async function checkAccess(on: Db, staff: StaffCaller, orderId: string) {
    const assignment = await assignmentOf(on, orderId);
    if (!supervises(staff) && assignment?.collectorId !== staff.staffId) throw new ApiError('COLLECTION_NOT_ASSIGNED');
    return assignment;
  }

  async function orderOf(on: Db, orderId: string): Promise<OrderRow> {
    const order = await findOrder(on, orderId);
    if (!order) throw new ApiError('NOT_FOUND');
    return order;
  }

  /**
   * A staff action on an order, audited when refused (`collection.refused`: what was tried and the code), since the
   * refused action's own transaction leaves nothing behind.
   */
  async function refusalsAudited<T>(actor: Actor, orderId: string, attempted: string, fn: () => Promise<T>) {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof ApiError && error.status < 500 && error.code !== 'NOT_FOUND') {
        const order = await findOrder(db, orderId);
        await staffAudit(db, {
          staffId: actor.staff.staffId,
          action: 'collection.refused',
          customerId: order?.customerId ?? null,
          ip: actor.ip,
          detail: { orderId, attempted, code: error.code },
        });
      }
      throw error;
    }
  }

  /**
   * The checks of a contact with the borrower of `orderId` at `at`, in `tx` under the borrower's row lock: the
   * caller's access, a loan past due, no open dispute, the hours (MC 18), the day's cap. Answers what the contact row
   * needs.
   */
  async function contactGate(tx: Tx, staff: StaffCaller, orderId: string, at: Date) {
    const head = await orderOf(tx, orderId);
    await loans.lockCustomer(tx, head.customerId);
    const order = await orderOf(tx, orderId);
    await checkAccess(tx, staff, orderId);
    const day = manilaToday(at);
    const d = delinquency(order, day);
    if (d.daysPastDue < 1) throw new ApiError('COLLECTION_NOT_OVERDUE');
    if (await openDisputeOf(tx, orderId)) throw new ApiError('COLLECTION_DISPUTED');
    const [customer] = await tx.select().from(customers).where(eq(customers.id, order.customerId));
    if (!customer || customer.erasedAt) throw new ApiError('NOT_FOUND');
    const verdict = contactHoursVerdict(at, d.daysPastDue, consentOf(customer), rules);
    if (!verdict.allowed)
      throw new ApiError('COLLECTION_OUTSIDE_HOURS', {
        from: rules.contactHours.from,
        to: rules.contactHours.to,
        exemptAfterDays: rules.hoursExemptAfterDaysPastDue,
      });
    if (!underDailyCap(await contactsToday(tx, order.customerId, day), rules))
      throw new ApiError('COLLECTION_DAILY_CAP', { max: rules.maxContactsPerDay });
    const promises = (await promisesOf(tx, [orderId], at)).get(orderId) ?? [];
    const purpose: ContactPurpose = promises.some((p) => p.state !== 'kept') ? 'promiseFollowUp' : 'overdue';
    return { order, customer, d, day, purpose };
  }

  const contactView = (row: typeof collectionContacts.$inferSelect, staffName: string): ContactView => ({
    id: row.id,
    at: row.at.toISOString(),
    channel: row.channel as ContactView['channel'],
    outcome: row.outcome as ContactView['outcome'],
    note: row.note,
    staffId: row.staffId,
    staffName,
    templateId: row.templateId,
    purpose: row.purpose as ContactPurpose,
    daysPastDue: row.daysPastDue,
  });

  /** Checks a promise's date and amount against today and what is owed. */
  function checkPromise(input: PromiseInput, day: string, d: Delinquency) {
    if (!promiseDateAllowed(input.promisedOn, day, rules))
      throw new ApiError('PROMISE_DATE_OUT_OF_RANGE', { from: day, to: lastPromiseDay(day, rules) });
    if (input.amountCentavos < 1 || input.amountCentavos > d.amountDueCentavos)
      throw new ApiError('PROMISE_AMOUNT_OUT_OF_RANGE', { maxCentavos: d.amountDueCentavos });
  }

  async function insertPromise(
    tx: Tx,
    actor: Actor,
    order: OrderRow,
    input: PromiseInput,
    at: Date,
    contactId: string | null,
  ): Promise<PromiseView> {
    const [row] = await tx
      .insert(collectionPromises)
      .values({
        orderId: order.id,
        customerId: order.customerId,
        staffId: actor.staff.staffId,
        contactId,
        promisedOn: input.promisedOn,
        amount: input.amountCentavos,
        state: 'pending',
        madeAt: at,
      })
      .returning();
    await staffAudit(tx, {
      staffId: actor.staff.staffId,
      action: 'collection.promise-recorded',
      customerId: order.customerId,
      ip: actor.ip,
      detail: {
        orderId: order.id,
        promiseId: row!.id,
        promisedOn: input.promisedOn,
        amountCentavos: input.amountCentavos,
      },
    });
    return promiseView({ row: row!, state: 'pending', staffName: actor.staff.name });
  }

  /** A dispute opened: contact pauses until a supervisor resolves it (borrower's or staff's; audited by the caller). */
  async function insertDispute(
    tx: Tx,
    order: OrderRow,
    reason: DisputeReason,
    note: string | null,
    openedBy: string | null,
    at: Date,
  ): Promise<DisputeRow> {
    if (await openDisputeOf(tx, order.id)) throw new ApiError('DISPUTE_OPEN');
    const [row] = await tx
      .insert(collectionDisputes)
      .values({
        orderId: order.id,
        customerId: order.customerId,
        reason,
        note,
        openedBy,
        state: 'open',
        createdAt: at,
      })
      .returning();
    await notify(tx, {
      customerId: order.customerId,
      template: 'disputeReceived',
      params: { orderNo: order.orderNo },
      link: links.bill(order),
      dedupeKey: `dispute:${row!.id}`,
      at,
    });
    return row!;
  }

  // ---- Staff: contacts, promises, messages ----

  /** Records a contact attempt (and the promise it brought, or the dispute the borrower stated). */
  async function recordContact(actor: Actor, orderId: string, input: ContactInput): Promise<ContactAnswer> {
    if ((input.outcome === 'promise') !== (input.promise !== undefined))
      throw new ApiError('VALIDATION_FAILED', {
        errors: [{ instancePath: '/promise', keyword: input.promise ? 'not' : 'required', params: {} }],
      });
    return refusalsAudited(actor, orderId, 'contact', () =>
      db.transaction(async (tx) => {
        const at = now();
        const { order, d, day, purpose } = await contactGate(tx, actor.staff, orderId, at);
        if (input.promise) checkPromise(input.promise, day, d);
        const [row] = await tx
          .insert(collectionContacts)
          .values({
            orderId,
            customerId: order.customerId,
            staffId: actor.staff.staffId,
            channel: input.channel,
            outcome: input.outcome,
            note: input.note ?? null,
            purpose,
            daysPastDue: d.daysPastDue,
            day,
            at,
          })
          .returning();
        await staffAudit(tx, {
          staffId: actor.staff.staffId,
          action: 'collection.contact-recorded',
          customerId: order.customerId,
          ip: actor.ip,
          detail: { orderId, contactId: row!.id, channel: input.channel, outcome: input.outcome },
        });
        const promise = input.promise ? await insertPromise(tx, actor, order, input.promise, at, row!.id) : null;
        if (input.outcome === 'disputed') {
          const dispute = await insertDispute(tx, order, 'statedOnCall', null, actor.staff.staffId, at);
          await staffAudit(tx, {
            staffId: actor.staff.staffId,
            action: 'collection.dispute-opened',
            customerId: order.customerId,
            ip: actor.ip,
            detail: { orderId, disputeId: dispute.id, reason: 'statedOnCall' },
          });
        }
        return { contact: contactView(row!, actor.staff.name), promise };
      }),
    );
  }

  /** Records a promise to pay (not a contact: no hours or cap; never on a disputed loan). */
  async function recordPromise(actor: Actor, orderId: string, input: PromiseInput): Promise<PromiseView> {
    return refusalsAudited(actor, orderId, 'promise', () =>
      db.transaction(async (tx) => {
        const at = now();
        const head = await orderOf(tx, orderId);
        await loans.lockCustomer(tx, head.customerId);
        const order = await orderOf(tx, orderId);
        await checkAccess(tx, actor.staff, orderId);
        const day = manilaToday(at);
        const d = delinquency(order, day);
        if (d.daysPastDue < 1) throw new ApiError('COLLECTION_NOT_OVERDUE');
        if (await openDisputeOf(tx, orderId)) throw new ApiError('COLLECTION_DISPUTED');
        checkPromise(input, day, d);
        return insertPromise(tx, actor, order, input, at, null);
      }),
    );
  }

  /** The values a template's placeholders take for `order` in `language`. */
  function templateValues(order: OrderRow, d: Delinquency, language: string): Record<string, string | number> {
    return {
      product: deps.productName,
      orderNo: order.orderNo,
      amount: formatPeso(d.overdueCentavos),
      amountDue: formatPeso(d.amountDueCentavos),
      dueDate: order.dueDate ? dayText(order.dueDate, language) : '',
      daysPastDue: d.daysPastDue,
      payLink: `${deps.publicUrl().replace(/\/$/u, '')}${links.bill(order)}`,
    };
  }

  /** A template as `customer` receives it for `order` now: in their language (English where it has none), filled in. */
  function messageOf(template: TemplateRow, customer: { language: string }, order: OrderRow, d: Delinquency) {
    const language = customer.language in template.texts ? customer.language : 'en';
    return { language, text: fill(template.texts[language] ?? '', templateValues(order, d, language)) };
  }

  /**
   * Sends an approved template to the borrower, in their language: a contact (the same rules as any), an in-app
   * message in this transaction and the SMS job (outbox).
   */
  async function sendTemplate(actor: Actor, orderId: string, templateId: string): Promise<ContactAnswer> {
    return refusalsAudited(actor, orderId, 'message', () =>
      db.transaction(async (tx) => {
        const at = now();
        const [template] = await tx.select().from(collectionTemplates).where(eq(collectionTemplates.id, templateId));
        if (!template) throw new ApiError('NOT_FOUND');
        if (template.state !== 'approved') throw new ApiError('TEMPLATE_NOT_APPROVED', { state: template.state });
        const { order, customer, d, day, purpose } = await contactGate(tx, actor.staff, orderId, at);
        const { language, text: message } = messageOf(template, customer, order, d);
        const [row] = await tx
          .insert(collectionContacts)
          .values({
            orderId,
            customerId: order.customerId,
            staffId: actor.staff.staffId,
            channel: 'sms',
            outcome: null,
            templateId,
            language,
            message,
            purpose,
            daysPastDue: d.daysPastDue,
            day,
            at,
          })
          .returning();
        await notify(tx, {
          customerId: order.customerId,
          template: 'collectionMessage',
          params: { orderNo: order.orderNo, text: message },
          link: links.bill(order),
          dedupeKey: `collection:${row!.id}`,
          at,
        });
        await enqueue(tx, {
          kind: 'collection_sms',
          key: `collection_sms:${row!.id}`,
          payload: { contactId: row!.id },
          runAt: at,
        });
        await staffAudit(tx, {
          staffId: actor.staff.staffId,
          action: 'collection.message-sent',
          customerId: order.customerId,
          ip: actor.ip,
          detail: { orderId, contactId: row!.id, templateId, language },
        });
        return { contact: contactView(row!, actor.staff.name), promise: null };
      }),
    );
  }

  /**
   * The SMS of a template sent (job `collection_sms`): checked again when it runs, so a job run late (outside the
   * hours) or after the borrower disputed the loan sends nothing.
   */
  async function sendSms(job: ClaimedJob): Promise<void> {
    const contactId = String(job.payload['contactId']);
    const [contact] = await db.select().from(collectionContacts).where(eq(collectionContacts.id, contactId));
    if (!contact?.message) return;
    const at = now();
    const order = await findOrder(db, contact.orderId);
    const [customer] = await db.select().from(customers).where(eq(customers.id, contact.customerId));
    if (!order || !customer || customer.erasedAt) return;
    const d = delinquency(order, manilaToday(at));
    if (d.daysPastDue < 1 || (await openDisputeOf(db, order.id))) return;
    if (!contactHoursVerdict(at, d.daysPastDue, consentOf(customer), rules).allowed) return;
    const to = toE164(customer.phone);
    if (!to) return;
    await deps.sms.send({ to, text: `${deps.productName}: ${contact.message}` });
  }

  // ---- Staff: the queue and one loan ----

  /**
   * A page of the queue: the order, the page and the buckets' counts come from one SQL query over the orders' ledger
   * columns and the promises (queuePage: queueOrder's order); only the page's loans are then read whole (ledger,
   * promises, disputes, last contact) for their items.
   */
  async function queue(staff: StaffCaller, query: QueueQuery, page: number, perPage: number): Promise<QueueAnswer> {
    const at = now();
    const day = manilaToday(at);
    const own = !supervises(staff);
    const held = own
      ? eq(collectionAssignments.collectorId, staff.staffId)
      : query.collectorId
        ? eq(collectionAssignments.collectorId, query.collectorId)
        : query.unassigned
          ? isNull(collectionAssignments.orderId)
          : undefined;
    const found = await queuePage(db, { day, held, bucket: query.bucket, buckets: rules.buckets, page, perPage });
    const ids = found.ids;
    const [rows, promises, disputes, lastContacts] = await Promise.all([
      ids.length > 0 ? ordersWithCollector(db, ids) : [],
      promisesOf(db, ids, at),
      ids.length > 0
        ? db
            .select({ orderId: collectionDisputes.orderId })
            .from(collectionDisputes)
            .where(and(inArray(collectionDisputes.orderId, ids), eq(collectionDisputes.state, 'open')))
        : [],
      ids.length > 0
        ? db
            .select({ orderId: collectionContacts.orderId, at: sql<Date>`max(${collectionContacts.at})` })
            .from(collectionContacts)
            .where(inArray(collectionContacts.orderId, ids))
            .groupBy(collectionContacts.orderId)
        : [],
    ]);
    const heads = await customerHeads(
      db,
      rows.map((r) => r.order.customerId),
    );
    const disputed = new Set(disputes.map((x) => x.orderId));
    const lastAt = new Map(lastContacts.map((x) => [x.orderId, new Date(x.at)]));
    const byId = new Map(rows.map((r) => [r.order.id, r]));
    const items: QueueItem[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) continue;
      const { order, collectorId, collectorName } = row;
      const d = delinquency(order, day);
      const mine = promises.get(order.id) ?? [];
      const latest = mine.at(-1);
      items.push({
        orderId: order.id,
        orderNo: order.orderNo,
        customerId: order.customerId,
        customer: maskedWho(heads, order.customerId),
        collector: collectorId && collectorName ? { id: collectorId, name: collectorName } : null,
        bucket: d.bucket ?? rules.buckets[0]!.id,
        daysPastDue: d.daysPastDue,
        overdueCentavos: d.overdueCentavos,
        amountDueCentavos: d.amountDueCentavos,
        brokenPromises: brokenSinceKept(mine.map((p) => p.state)),
        promise: latest
          ? {
              id: latest.row.id,
              promisedOn: latest.row.promisedOn,
              amountCentavos: latest.row.amount,
              state: latest.state,
            }
          : null,
        lastContactAt: lastAt.get(order.id)?.toISOString() ?? null,
        disputed: disputed.has(order.id),
      });
    }
    const buckets = rules.buckets.map((b) => ({
      id: b.id,
      fromDays: b.fromDays,
      toDays: b.toDays,
      loans: found.buckets.get(b.id)?.loans ?? 0,
      overdueCentavos: found.buckets.get(b.id)?.overdueCentavos ?? 0,
    }));
    return { items, total: found.total, buckets };
  }

  const disputeView = (r: Awaited<ReturnType<typeof disputesWithOrderNo>>[number]): DisputeView => ({
    id: r.dispute.id,
    orderId: r.dispute.orderId,
    orderNo: r.orderNo,
    customerId: r.dispute.customerId,
    reason: r.dispute.reason as DisputeView['reason'],
    note: r.dispute.note,
    state: r.dispute.state as DisputeView['state'],
    openedAt: r.dispute.createdAt.toISOString(),
    openedByName: r.openedByName,
    resolution: r.dispute.resolution as DisputeView['resolution'],
    resolutionNote: r.dispute.resolutionNote,
    resolvedByName: r.resolvedByName,
    resolvedAt: r.dispute.resolvedAt?.toISOString() ?? null,
  });

  /**
   * One loan's collection view (audited): what is overdue by component, the borrower's own contact details and
   * preferences (never the emergency contacts of the contact step: references, not guarantors, MC 18), the contacts,
   * promises, payments and disputes, and what the rules say of a contact now.
   */
  async function view(actor: Actor, orderId: string): Promise<CollectionView> {
    const order = await orderOf(db, orderId);
    const assignment = await checkAccess(db, actor.staff, orderId);
    const at = now();
    const day = manilaToday(at);
    const d = delinquency(order, day);
    const [customer] = await db.select().from(customers).where(eq(customers.id, order.customerId));
    if (!customer) throw new ApiError('NOT_FOUND');
    const [own, contactRows, promises, paymentRows, disputes, madeToday, loanComplaints, approved] = await Promise.all([
      ownDetails(order.customerId),
      db
        .select({ contact: collectionContacts, staffName: staffAccounts.name })
        .from(collectionContacts)
        .innerJoin(staffAccounts, eq(staffAccounts.id, collectionContacts.staffId))
        .where(eq(collectionContacts.orderId, orderId))
        .orderBy(desc(collectionContacts.at)),
      promisesOf(db, [orderId], at),
      paymentsOfOrder(db, orderId),
      disputesWithOrderNo(db, eq(collectionDisputes.orderId, orderId)),
      contactsToday(db, order.customerId, day),
      // A supervisor sees what the borrower complained of; a collector does not read complaints.
      supervises(actor.staff) ? complaints.complaintsOfOrder(orderId) : null,
      db.select().from(collectionTemplates).where(eq(collectionTemplates.state, 'approved')),
    ]);
    const open = disputes.some((x) => x.dispute.state === 'open');
    const verdict = contactHoursVerdict(at, d.daysPastDue, consentOf(customer), rules);
    const why = open
      ? 'disputed'
      : !verdict.allowed
        ? verdict.why
        : !underDailyCap(madeToday, rules)
          ? 'dailyCap'
          : verdict.why;
    await staffAudit(db, {
      staffId: actor.staff.staffId,
      action: 'collection.viewed',
      customerId: order.customerId,
      ip: actor.ip,
      detail: { orderId },
    });
    return {
      order: {
        id: order.id,
        orderNo: order.orderNo,
        state: order.state,
        principalCentavos: order.principal,
        loanDate: order.loanDate,
        dueDate: order.dueDate,
        amountDueCentavos: d.amountDueCentavos || order.amountDue,
        amountRepaidCentavos: order.amountRepaid,
      },
      delinquency: {
        daysPastDue: d.daysPastDue,
        bucket: d.bucket,
        overdue: d.overdue,
        overdueCentavos: d.overdueCentavos,
      },
      borrower: {
        customerId: customer.id,
        // Masked as everywhere in the console: the collector asks for them to call (contactDetails, audited).
        name: maskValue(own.name),
        phone: customer.erasedAt ? '' : maskValue(customer.phone),
        email: own.email === null ? null : maskValue(own.email),
        language: customer.language,
        smsReminders: customer.smsReminders,
        contactHours: consentOf(customer),
        contactConsentAt: customer.contactConsentAt?.toISOString() ?? null,
      },
      collector: assignment ? { id: assignment.collectorId, name: assignment.name } : null,
      rules: {
        contactAllowedNow: d.daysPastDue > 0 && why !== 'disputed' && why !== 'outsideHours' && why !== 'dailyCap',
        why,
        contactHours: { ...rules.contactHours },
        hoursExemptAfterDays: rules.hoursExemptAfterDaysPastDue,
        contactsToday: madeToday,
        maxContactsPerDay: rules.maxContactsPerDay,
        promiseLastDay: lastPromiseDay(day, rules),
      },
      contacts: contactRows.map((r) => contactView(r.contact, r.staffName)),
      promises: (promises.get(orderId) ?? []).map(promiseView).reverse(),
      payments: paymentRows.map((p) => ({
        id: p.id,
        kind: p.kind,
        amountCentavos: p.amount,
        state: p.state,
        createdAt: p.createdAt.toISOString(),
        completedAt: p.completedAt?.toISOString() ?? null,
      })),
      disputes: disputes.map(disputeView),
      complaints: loanComplaints,
      messages: approved.map((template) => ({ templateId: template.id, ...messageOf(template, customer, order, d) })),
    };
  }

  /**
   * The borrower's name, mobile number and e-mail in the clear, for the collector who works the loan (or a supervisor)
   * to reach them: audited, like every look at personal data in the console.
   */
  async function contactDetails(actor: Actor, orderId: string): Promise<BorrowerContactDetails> {
    const order = await orderOf(db, orderId);
    await checkAccess(db, actor.staff, orderId);
    const [customer] = await db.select().from(customers).where(eq(customers.id, order.customerId));
    if (!customer) throw new ApiError('NOT_FOUND');
    const own = await ownDetails(order.customerId);
    await staffAudit(db, {
      staffId: actor.staff.staffId,
      action: 'collection.contact-details-shown',
      customerId: order.customerId,
      ip: actor.ip,
      detail: { orderId },
    });
    return { name: own.name, phone: customer.erasedAt ? '' : customer.phone, email: own.email };
  }

  /** The borrower's own name and e-mail from their profile (never the emergency contacts of the contact step). */
  async function ownDetails(customerId: string): Promise<{ name: string; email: string | null }> {
    const sections = await db
      .select({ step: profileSections.step, data: profileSections.data })
      .from(profileSections)
      .where(
        and(eq(profileSections.customerId, customerId), inArray(profileSections.step, ['identityInfo', 'contact'])),
      );
    const field = (step: string, key: string) => {
      const value = (sections.find((s) => s.step === step)?.data as Record<string, unknown> | undefined)?.[key];
      return typeof value === 'string' ? value : null;
    };
    return { name: field('identityInfo', 'name') ?? '', email: field('contact', 'email') };
  }

  /** The roles a loan may be assigned to. */
  const ASSIGNABLE = ['collector', 'supervisor'];

  /** Who loans may be assigned to (active collectors and supervisors), with the repaying loans each holds. */
  async function collectors() {
    const [people, held] = await Promise.all([
      db
        .select({ id: staffAccounts.id, name: staffAccounts.name, role: staffAccounts.role })
        .from(staffAccounts)
        .where(
          and(
            inArray(staffAccounts.role, ASSIGNABLE),
            isNull(staffAccounts.disabledAt),
            eq(staffAccounts.awaitingApproval, false),
          ),
        )
        .orderBy(asc(staffAccounts.name), asc(staffAccounts.id)),
      repayingLoansPerCollector(db),
    ]);
    const open = new Map(held.map((h) => [h.collectorId, h.n]));
    return { items: people.map((p) => ({ ...p, openLoans: open.get(p.id) ?? 0 })) };
  }

  /** Assigns a loan to a collector (a supervisor's action). */
  async function assign(actor: Actor, orderId: string, collectorId: string) {
    const [collector] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, collectorId));
    if (!collector || collector.disabledAt || collector.awaitingApproval || !ASSIGNABLE.includes(collector.role))
      throw new ApiError('COLLECTOR_INVALID');
    return db.transaction(async (tx) => {
      const order = await orderOf(tx, orderId);
      if (order.state !== 'repaying') throw new ApiError('COLLECTION_NOT_OVERDUE');
      const before = await assignmentOf(tx, orderId);
      const at = now();
      await tx
        .insert(collectionAssignments)
        .values({ orderId, collectorId, assignedBy: actor.staff.staffId, assignedAt: at })
        .onConflictDoUpdate({
          target: collectionAssignments.orderId,
          set: { collectorId, assignedBy: actor.staff.staffId, assignedAt: at },
        });
      await staffAudit(tx, {
        staffId: actor.staff.staffId,
        action: 'collection.assigned',
        customerId: order.customerId,
        ip: actor.ip,
        detail: { orderId, collectorId, previousCollectorId: before?.collectorId ?? null },
      });
      return { orderId, collector: { id: collector.id, name: collector.name } };
    });
  }

  // ---- Templates (four eyes) ----

  /** What a template's texts say that MC 18 forbids, per language. */
  function wordingOf(texts: Record<string, string>): (WordingMatch & { language: string })[] {
    return templateLanguages.flatMap((language) =>
      forbiddenWordingIn((texts[language] ?? '').replace(PLACEHOLDER, ' '), rules).map((m) => ({ ...m, language })),
    );
  }

  async function templateRows(where?: SQL) {
    const decider = sql<string | null>`(select name from staff_accounts where id = ${collectionTemplates.decidedBy})`;
    return db
      .select({ template: collectionTemplates, createdByName: staffAccounts.name, decidedByName: decider })
      .from(collectionTemplates)
      .innerJoin(staffAccounts, eq(staffAccounts.id, collectionTemplates.createdBy))
      .where(where)
      .orderBy(desc(collectionTemplates.createdAt));
  }

  const templateView = (r: {
    template: TemplateRow;
    createdByName: string;
    decidedByName: string | null;
  }): TemplateView => ({
    id: r.template.id,
    name: r.template.name,
    texts: {
      en: r.template.texts['en'] ?? '',
      fil: r.template.texts['fil'] ?? '',
      'zh-CN': r.template.texts['zh-CN'] ?? '',
    },
    state: r.template.state as TemplateView['state'],
    createdBy: r.template.createdBy,
    createdByName: r.createdByName,
    decidedByName: r.decidedByName,
    decidedAt: r.template.decidedAt?.toISOString() ?? null,
    createdAt: r.template.createdAt.toISOString(),
  });

  /** Checks a template's placeholders and wording; a refusal for wording is audited. */
  async function checkTemplate(actor: Actor, texts: Record<string, string>, templateId: string | null) {
    for (const language of templateLanguages) {
      const [placeholder] = unknownPlaceholders(texts[language] ?? '');
      if (placeholder) throw new ApiError('TEMPLATE_PLACEHOLDER_UNKNOWN', { placeholder, language });
    }
    const matches = wordingOf(texts);
    if (matches.length === 0) return;
    await staffAudit(db, {
      staffId: actor.staff.staffId,
      action: 'collection.template-wording-refused',
      ip: actor.ip,
      detail: {
        templateId,
        matches: matches.map((m) => ({ language: m.language, category: m.category, phrase: m.phrase })),
      },
    });
    throw new ApiError('TEMPLATE_WORDING_FORBIDDEN', { matches });
  }

  async function createTemplate(actor: Actor, input: TemplateInput): Promise<TemplateView> {
    await checkTemplate(actor, input.texts, null);
    const [row] = await db
      .insert(collectionTemplates)
      .values({
        name: input.name,
        texts: { ...input.texts },
        state: 'pending',
        createdBy: actor.staff.staffId,
        createdAt: now(),
      })
      .returning();
    await staffAudit(db, {
      staffId: actor.staff.staffId,
      action: 'collection.template-created',
      ip: actor.ip,
      detail: { templateId: row!.id },
    });
    return templateView({ template: row!, createdByName: actor.staff.name, decidedByName: null });
  }

  /** Approves (the wording checked again: the list may have grown) or refuses another person's template. */
  async function decideTemplate(actor: Actor, templateId: string, approve: boolean): Promise<TemplateView> {
    const [current] = await db.select().from(collectionTemplates).where(eq(collectionTemplates.id, templateId));
    if (!current) throw new ApiError('NOT_FOUND');
    if (approve) await checkTemplate(actor, current.texts, templateId);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(collectionTemplates)
        .where(eq(collectionTemplates.id, templateId))
        .for('update');
      if (!row) throw new ApiError('NOT_FOUND');
      if (row.state !== 'pending') throw new ApiError('REQUEST_STATE', { state: row.state });
      if (row.createdBy === actor.staff.staffId) throw new ApiError('SAME_PERSON');
      await tx
        .update(collectionTemplates)
        .set({ state: approve ? 'approved' : 'refused', decidedBy: actor.staff.staffId, decidedAt: now() })
        .where(eq(collectionTemplates.id, templateId));
      await staffAudit(tx, {
        staffId: actor.staff.staffId,
        action: approve ? 'collection.template-approved' : 'collection.template-rejected',
        ip: actor.ip,
        detail: { templateId },
      });
    });
    const [row] = await templateRows(eq(collectionTemplates.id, templateId));
    return templateView(row!);
  }

  async function templates(state?: string): Promise<TemplateView[]> {
    return (await templateRows(state ? eq(collectionTemplates.state, state) : undefined)).map(templateView);
  }

  // ---- Disputes ----

  /** A borrower disputes a repaying loan of theirs from the bill: contact pauses, a supervisor resolves it. */
  async function openDispute(customerId: string, orderId: string, input: BorrowerDisputeInput, ip: string | null) {
    return db.transaction(async (tx) => {
      await loans.lockCustomer(tx, customerId);
      const order = await findOrder(tx, orderId, customerId);
      if (!order) throw new ApiError('NOT_FOUND');
      if (order.state !== 'repaying') throw new ApiError('ORDER_STATE', { state: order.state });
      const row = await insertDispute(tx, order, input.reason, input.note ?? null, null, now());
      await audit(tx, {
        event: 'collection.dispute-opened',
        customerId,
        ip,
        detail: { orderId, disputeId: row.id, reason: input.reason },
      });
      return borrowerDispute(row, order.orderNo);
    });
  }

  const borrowerDispute = (row: DisputeRow, orderNo: string): BorrowerDisputeAnswer => ({
    id: row.id,
    orderId: row.orderId,
    orderNo,
    reason: row.reason as BorrowerDisputeAnswer['reason'],
    state: row.state as BorrowerDisputeAnswer['state'],
    openedAt: row.createdAt.toISOString(),
    resolution: row.resolution as BorrowerDisputeAnswer['resolution'],
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  });

  async function disputeList(state: string | undefined, page: number, perPage: number) {
    const where = state ? eq(collectionDisputes.state, state) : undefined;
    const rows = (await disputesWithOrderNo(db, where)).slice((page - 1) * perPage, page * perPage);
    const [total] = await db.select({ n: count() }).from(collectionDisputes).where(where);
    const heads = await customerHeads(
      db,
      rows.map((r) => r.dispute.customerId),
    );
    return {
      items: rows.map((r) => ({ ...disputeView(r), customer: maskedWho(heads, r.dispute.customerId) })),
      total: total?.n ?? 0,
    };
  }

  async function resolveDispute(actor: Actor, disputeId: string, input: DisputeResolveInput): Promise<DisputeView> {
    const orderId = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(collectionDisputes)
        .where(eq(collectionDisputes.id, disputeId))
        .for('update');
      if (!row) throw new ApiError('NOT_FOUND');
      if (row.state !== 'open') throw new ApiError('DISPUTE_RESOLVED', { state: row.state });
      const at = now();
      await tx
        .update(collectionDisputes)
        .set({
          state: 'resolved',
          resolution: input.resolution,
          resolutionNote: input.note ?? null,
          resolvedBy: actor.staff.staffId,
          resolvedAt: at,
        })
        .where(eq(collectionDisputes.id, disputeId));
      const order = await orderOf(tx, row.orderId);
      await notify(tx, {
        customerId: row.customerId,
        template: 'disputeResolved',
        params: { orderNo: order.orderNo },
        link: links.bill(order),
        dedupeKey: `dispute-resolved:${row.id}`,
        at,
      });
      await staffAudit(tx, {
        staffId: actor.staff.staffId,
        action: 'collection.dispute-resolved',
        customerId: row.customerId,
        ip: actor.ip,
        detail: { orderId: row.orderId, disputeId, resolution: input.resolution },
      });
      return row.orderId;
    });
    const [row] = (await disputesWithOrderNo(db, eq(collectionDisputes.orderId, orderId))).filter(
      (r) => r.dispute.id === disputeId,
    );
    return disputeView(row!);
  }

  // ---- The borrower's own view ----

  /** Every collection contact made to the borrower (newest first, at most 200) and their disputes. */
  async function borrowerContacts(customerId: string): Promise<BorrowerContactsAnswer> {
    const [rows, disputes, mine] = await Promise.all([
      contactsWithOrderNo(db, customerId, 200),
      disputesWithOrderNo(db, eq(collectionDisputes.customerId, customerId)),
      complaints.borrowerComplaints(customerId),
    ]);
    return {
      items: rows.map(({ contact, orderNo }) => ({
        id: contact.id,
        at: contact.at.toISOString(),
        channel: contact.channel as ContactView['channel'],
        staffAlias: staffAlias(contact.staffId),
        purpose: contact.purpose as ContactPurpose,
        orderId: contact.orderId,
        orderNo,
        daysPastDue: contact.daysPastDue,
        message: contact.message,
      })),
      disputes: disputes.map((r) => borrowerDispute(r.dispute, r.orderNo)),
      complaints: mine,
    };
  }

  // ---- The daily job: promises kept or broken, loans assigned by rule ----

  /** Stores the promises whose state changed (kept by payments, or broken: the day passed); answers how many. */
  async function settlePromises(): Promise<number> {
    const at = now();
    const pending = await db.select().from(collectionPromises).where(eq(collectionPromises.state, 'pending'));
    const paid = await paymentsOf(
      db,
      pending.map((p) => p.orderId),
    );
    let changed = 0;
    for (const p of pending) {
      const state = liveState(p, paid.get(p.orderId) ?? [], at);
      if (state === 'pending') continue;
      await db.transaction(async (tx) => {
        const done = await tx
          .update(collectionPromises)
          .set({ state, settledAt: at })
          .where(and(eq(collectionPromises.id, p.id), eq(collectionPromises.state, 'pending')))
          .returning({ id: collectionPromises.id });
        if (done.length === 0) return;
        changed += 1;
        await audit(tx, {
          event: state === 'kept' ? 'collection.promise-kept' : 'collection.promise-broken',
          customerId: p.customerId,
          detail: { orderId: p.orderId, promiseId: p.id, promisedOn: p.promisedOn, amountCentavos: p.amount },
        });
      });
    }
    return changed;
  }

  /**
   * Assigns every overdue loan no one has to the active collector with the fewest open loans (the rule; a supervisor
   * may move any loan). With no collector, loans wait unassigned in the supervisors' queue. Answers how many.
   */
  async function assignByRule(): Promise<number> {
    const day = today();
    const collectors = await db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(
        and(
          eq(staffAccounts.role, 'collector'),
          isNull(staffAccounts.disabledAt),
          eq(staffAccounts.awaitingApproval, false),
        ),
      )
      .orderBy(asc(staffAccounts.id));
    if (collectors.length === 0) return 0;
    const loads = new Map(collectors.map((c) => [c.id, 0]));
    const held = await repayingLoansPerCollector(db);
    for (const h of held) if (loads.has(h.collectorId)) loads.set(h.collectorId, h.n);
    const waiting = await unassignedOverdueOrders(db, day);
    let assigned = 0;
    for (const order of waiting) {
      const [collectorId] = [...loads.entries()].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))[0]!;
      await db.transaction(async (tx) => {
        const written = await tx
          .insert(collectionAssignments)
          .values({ orderId: order.id, collectorId, assignedBy: null, assignedAt: now() })
          .onConflictDoNothing()
          .returning({ orderId: collectionAssignments.orderId });
        if (written.length === 0) return;
        assigned += 1;
        loads.set(collectorId, (loads.get(collectorId) ?? 0) + 1);
        await audit(tx, {
          event: 'collection.assigned-by-rule',
          customerId: order.customerId,
          detail: { orderId: order.id, collectorId },
        });
      });
    }
    return assigned;
  }

  /**
   * The day's run: each loan's bucket today kept as a `delinquency` event where it changed (the book's history of a
   * past day: docs/book.md), promises (a broken one moves its loan up), then the new overdue loans assigned.
   */
  async function daily(): Promise<void> {
    await recordDelinquencyChanges(db, today(), now(), rules.buckets);
    await settlePromises();
    await assignByRule();
  }

  const handlers: Record<string, JobHandler> = {
    collections: () => daily(),
    collection_sms: sendSms,
  };
  /** Daily at 00:30 Manila, after the accrual (00:05) brought every loan's penalties and days past due to the day. */
  const schedules: Schedule[] = [dailyInManila('collections', 30)];

  return {
    rules,
    queue,
    view,
    contactDetails,
    recordContact,
    recordPromise,
    sendTemplate,
    assign,
    collectors,
    createTemplate,
    decideTemplate,
    templates,
    openDispute,
    disputeList,
    resolveDispute,
    borrowerContacts,
    createComplaint: complaints.createComplaint,
    complaintList: complaints.complaintList,
    acknowledgeComplaint: complaints.acknowledgeComplaint,
    resolveComplaint: complaints.resolveComplaint,
    settlePromises,
    assignByRule,
    daily,
    handlers,
    schedules,
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;
