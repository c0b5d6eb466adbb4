/**
 * Complaints about collection (docs/collections.md, Complaints; RA 11765) through the API, on both databases: a
 * borrower complains about one of their own contacts (never another borrower's: NOT_FOUND) or collection in general,
 * once per contact while one is not resolved (COMPLAINT_OPEN); the text is encrypted at rest; a message acknowledges
 * it with its reference. Customer service lists complaints with their age in Manila days, overdue first, takes one in
 * hand and resolves it with an answer the borrower reads; a supervisor sees the loan's complaints in the collection
 * view, a collector reads none. Every step is audited, and the plain feedback inbox leaves complaints alone.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BorrowerComplaintAnswer,
  BorrowerContactsAnswer,
  CollectionView,
  ComplaintListAnswer,
  ComplaintView,
} from '#api-contract/collections.ts';
import { addDays, manilaStartOfDay, manilaToday } from '#domain/calendar-date.ts';
import { auditLog, messages, staffAccounts } from '#server/db/tables.ts';
import { databaseTargets } from '#server/db/test-database.ts';
import { borrowerWithProfile, login, type Borrower } from '#server/testing/borrower.ts';
import { caller } from '#server/testing/request.ts';
import { repayingLoan, staffCaller } from '#server/testing/collections.ts';
import { addTestStaff, type TestStaff } from '#server/testing/staff.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';

/** The instant of hh:mm Manila on `day`. */
const manila = (day: string, hh: number, mm = 0) => new Date(manilaStartOfDay(day).getTime() + (hh * 60 + mm) * 60_000);

const RUDE = 'The agent shouted at me and called me names on the phone.';

describe.each(databaseTargets())('complaints about collection on %s', (kind) => {
  let api: TestApi;
  let supervisor: TestStaff;
  let collector: TestStaff;
  let desk: TestStaff;
  beforeAll(async () => {
    api = await testApi(kind, { clock: manila('2026-12-01', 10) });
    const db = api.database.db;
    supervisor = await addTestStaff(db, 'supervisor', api.now());
    collector = await addTestStaff(db, 'collector', api.now());
    desk = await addTestStaff(db, 'customerService', api.now());
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);
  const db = () => api.database.db;

  const asStaff = staffCaller(() => api);

  async function travel(day: string, hh: number) {
    api.advance((manila(day, hh).getTime() - api.now().getTime()) / 1000);
    await api.runDueJobs();
  }

  const relogin = async (b: Borrower): Promise<Borrower> => ({ ...b, headers: (await login(api, b.phone)).headers });

  const repaying = () => repayingLoan(api);

  const list = async (staff: TestStaff, query = '') => {
    const res = await asStaff(staff, 'GET', `/collections/complaints${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ComplaintListAnswer>();
  };
  const events = async (prefix: string, customerId: string) =>
    (
      await db()
        .select()
        .from(auditLog)
        .where(and(like(auditLog.event, `${prefix}%`), eq(auditLog.customerId, customerId)))
    ).map((e) => ({ event: e.event, staffId: e.staffId, detail: e.detail as Record<string, unknown> }));
  const nameOf = async (staff: TestStaff) =>
    (await db().select().from(staffAccounts).where(eq(staffAccounts.id, staff.id)))[0]!.name;
  const templates = async (customerId: string) =>
    (await db().select().from(messages).where(eq(messages.customerId, customerId)))
      .filter((m) => m.template.startsWith('collectionComplaint'))
      .map((m) => ({ template: m.template, params: m.params, link: m.link }));

  it('takes a complaint about the borrower’s own contact or collection in general, refuses a duplicate and another’s contact, and tracks its age until customer service resolves it', async () => {
    const start = manilaToday(api.now());
    const mine = await repaying();
    const theirs = await repaying();
    await travel(addDays(start, 33), 10);
    for (const loan of [mine, theirs]) {
      const res = await asStaff(supervisor, 'POST', `/collections/loans/${loan.order.id}/contacts`, {
        channel: 'call',
        outcome: 'reached',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const b = await relogin(mine.b);
    const other = await relogin(theirs.b);
    const [contact] = (await call(b, 'GET', '/collection-contacts')).json<BorrowerContactsAnswer>().items;
    const [foreign] = (await call(other, 'GET', '/collection-contacts')).json<BorrowerContactsAnswer>().items;

    // About the contact: received, with its reference; a message says so, the audit log has it, the text is sealed.
    const sent = await call(b, 'POST', '/collection-complaints', {
      contactId: contact!.id,
      reason: 'rudeOrThreatening',
      text: `  ${RUDE}  `,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const complaint = sent.json<BorrowerComplaintAnswer>();
    expect(complaint).toMatchObject({
      contactId: contact!.id,
      orderId: mine.order.id,
      orderNo: mine.order.orderNo,
      reason: 'rudeOrThreatening',
      text: RUDE,
      state: 'received',
      answer: null,
      answeredAt: null,
    });
    expect(complaint.reference).toMatch(/^CC-[0-9A-F]{8}$/u);
    expect(await templates(mine.b.customerId)).toEqual([
      {
        template: 'collectionComplaintReceived',
        params: { reference: complaint.reference },
        link: '/collectionContacts',
      },
    ]);
    expect(await events('collection.complaint', mine.b.customerId)).toEqual([
      expect.objectContaining({
        event: 'collection.complaint-received',
        detail: expect.objectContaining({ complaintId: complaint.id, contactId: contact!.id, orderId: mine.order.id }),
      }),
    ]);
    const stored = (
      (await db().execute(sql`select t::text as line from feedback t where id = ${complaint.id}`)) as unknown as {
        rows: { line: string }[];
      }
    ).rows;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.line).toContain('v1.test1.');
    expect(stored[0]!.line).not.toContain('shouted');

    // The same contact again while the first is not resolved; another's contact, another's loan; bad input.
    const again = await call(b, 'POST', '/collection-complaints', {
      contactId: contact!.id,
      reason: 'other',
      text: 'Again about the same call.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'COMPLAINT_OPEN', reference: complaint.reference });
    for (const body of [
      { contactId: foreign!.id, reason: 'other', text: 'Not my contact at all.' },
      { orderId: theirs.order.id, reason: 'other', text: 'Not my loan at all here.' },
      { contactId: contact!.id, orderId: theirs.order.id, reason: 'other', text: 'A loan that is not the contact’s.' },
    ]) {
      const res = await call(b, 'POST', '/collection-complaints', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('NOT_FOUND');
    }
    for (const body of [
      { reason: 'other', text: 'short' },
      { reason: 'other', text: '            ' },
      { reason: 'other', text: 'x'.repeat(1001) },
      { reason: 'yelling', text: 'A reason not on the list.' },
      { reason: 'other' },
      { reason: 'other', text: 'An unknown field too.', staffId: desk.id },
    ]) {
      const res = await call(b, 'POST', '/collection-complaints', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('INVALID_INPUT');
    }

    // Collection in general, about the loan, a minute later: a second one is fine.
    api.advance(60);
    const general = await call(b, 'POST', '/collection-complaints', {
      orderId: mine.order.id,
      reason: 'tooManyContacts',
      text: 'They call me every day, several times.',
    });
    expect(general.statusCode, general.body).toBe(201);
    const generalId = general.json<BorrowerComplaintAnswer>().id;
    expect(general.json()).toMatchObject({ contactId: null, orderId: mine.order.id, state: 'received' });

    // The borrower's list, newest first; the plain feedback list, inbox and reply route leave complaints alone.
    const seen = (await call(b, 'GET', '/collection-contacts')).json<BorrowerContactsAnswer>();
    expect(seen.complaints.map((c) => c.id)).toEqual([generalId, complaint.id]);
    expect((await call(other, 'GET', '/collection-contacts')).json<BorrowerContactsAnswer>().complaints).toEqual([]);
    expect((await call(b, 'GET', '/feedback')).json<{ items: unknown[] }>().items).toEqual([]);
    const inbox = await asStaff(desk, 'GET', '/feedback');
    expect(inbox.json<{ items: { id: string }[] }>().items.map((i) => i.id)).not.toContain(complaint.id);
    expect((await asStaff(desk, 'POST', `/feedback/${complaint.id}/reply`, { text: 'Hi' })).statusCode).toBe(404);

    // Day 0: neither overdue, the older first; the read is audited. A collector and a supervisor may not list them.
    const today = manilaToday(api.now());
    let answer = await list(desk, '?state=open');
    const ours = (a: ComplaintListAnswer) => a.items.filter((c) => c.customerId === mine.b.customerId);
    expect(answer.deadlines).toEqual({ acknowledgeDays: 2, resolveDays: 7, complexResolveDays: 45 });
    expect(ours(answer).map((c) => [c.id, c.ageDays, c.overdue])).toEqual([
      [complaint.id, 0, false],
      [generalId, 0, false],
    ]);
    expect(ours(answer)[0]).toMatchObject({
      reference: complaint.reference,
      orderNo: mine.order.orderNo,
      contact: { id: contact!.id, channel: 'call', staffName: await nameOf(supervisor) },
      text: RUDE,
      acknowledgeBy: addDays(today, 2),
      resolveBy: addDays(today, 7),
      acknowledgedAt: null,
    });
    expect(ours(answer)[0]!.customer.nameMasked).not.toBe('');
    expect(
      (await db().select().from(auditLog).where(eq(auditLog.event, 'staff.collection.complaints-listed'))).length,
    ).toBeGreaterThan(0);
    // A supervisor oversees the list; a collector reads none; only customer service acts on them.
    expect((await asStaff(supervisor, 'GET', '/collections/complaints')).statusCode).toBe(200);
    expect((await asStaff(collector, 'GET', '/collections/complaints')).statusCode).toBe(403);
    for (const staff of [collector, supervisor]) {
      const act = await asStaff(staff, 'POST', `/collections/complaints/${complaint.id}/acknowledgement`, {});
      expect(act.statusCode).toBe(403);
    }

    // Three days later: both past the day to acknowledge; customer service takes the first in hand.
    await travel(addDays(today, 3), 9);
    answer = await list(desk, '?state=open');
    expect(ours(answer).map((c) => [c.id, c.ageDays, c.overdue])).toEqual([
      [complaint.id, 3, true],
      [generalId, 3, true],
    ]);
    const taken = await asStaff(desk, 'POST', `/collections/complaints/${complaint.id}/acknowledgement`, {});
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<ComplaintView>()).toMatchObject({
      state: 'in_progress',
      acknowledgedByName: await nameOf(desk),
      overdue: false,
    });
    expect(
      (await asStaff(desk, 'POST', `/collections/complaints/${complaint.id}/acknowledgement`, {})).json(),
    ).toMatchObject({ code: 'COMPLAINT_STATE', state: 'in_progress' });
    // The one still unacknowledged is overdue and listed first.
    answer = await list(desk, '?state=open');
    expect(ours(answer).map((c) => [c.id, c.overdue])).toEqual([
      [generalId, true],
      [complaint.id, false],
    ]);
    expect(
      (await call(await relogin(b), 'GET', '/collection-contacts')).json<BorrowerContactsAnswer>().complaints[1],
    ).toMatchObject({ id: complaint.id, state: 'in_progress', answer: null });

    // A supervisor sees the loan's complaints in the collection view; the collector holding the loan reads none.
    expect(
      (
        await asStaff(supervisor, 'POST', `/collections/loans/${mine.order.id}/assignment`, {
          collectorId: collector.id,
        })
      ).statusCode,
    ).toBe(200);
    const supervised = (await asStaff(supervisor, 'GET', `/collections/loans/${mine.order.id}`)).json<CollectionView>();
    expect(supervised.complaints?.map((c) => c.id)).toEqual([generalId, complaint.id]);
    const worked = await asStaff(collector, 'GET', `/collections/loans/${mine.order.id}`);
    expect(worked.statusCode, worked.body).toBe(200);
    expect(worked.json<CollectionView>().complaints).toBeNull();
    expect(worked.body).not.toContain('shouted');

    // Eight days after: the one in progress is past the day to resolve.
    await travel(addDays(today, 8), 9);
    answer = await list(desk, '?state=open');
    expect(ours(answer).map((c) => [c.id, c.ageDays, c.overdue])).toEqual([
      [complaint.id, 8, true],
      [generalId, 8, true],
    ]);

    // Resolved with an answer (who and when), the borrower told and shown it; once only.
    const text = 'We spoke with the agent and reviewed the call. We apologise; it will not happen again.';
    expect((await asStaff(desk, 'POST', `/collections/complaints/${complaint.id}/resolution`, {})).statusCode).toBe(
      400,
    );
    const resolved = await asStaff(desk, 'POST', `/collections/complaints/${complaint.id}/resolution`, {
      answer: text,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<ComplaintView>()).toMatchObject({
      state: 'resolved',
      answer: text,
      answeredByName: await nameOf(desk),
      answeredAt: api.now().toISOString(),
      overdue: false,
    });
    const twice = await asStaff(desk, 'POST', `/collections/complaints/${complaint.id}/resolution`, { answer: text });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'COMPLAINT_STATE', state: 'resolved' });
    // A general one resolved without a separate acknowledgement is acknowledged by the same act.
    const direct = await asStaff(desk, 'POST', `/collections/complaints/${generalId}/resolution`, { answer: 'Noted.' });
    expect(direct.json<ComplaintView>()).toMatchObject({ state: 'resolved', acknowledgedByName: await nameOf(desk) });
    expect((await list(desk, '?state=open')).items.map((c) => c.id)).not.toContain(complaint.id);
    expect((await list(desk, '?state=resolved')).items.map((c) => c.id)).toContain(complaint.id);

    const b2 = await relogin(b);
    const after = (await call(b2, 'GET', '/collection-contacts')).json<BorrowerContactsAnswer>();
    expect(after.complaints.find((c) => c.id === complaint.id)).toMatchObject({
      state: 'resolved',
      answer: text,
      answeredAt: api.now().toISOString(),
    });
    expect((await templates(mine.b.customerId)).map((m) => m.template)).toEqual([
      'collectionComplaintReceived',
      'collectionComplaintReceived',
      'collectionComplaintResolved',
      'collectionComplaintResolved',
    ]);
    const trail = await events('staff.collection.complaint', mine.b.customerId);
    expect(trail.map((e) => [e.event, e.staffId, e.detail['complaintId']])).toEqual([
      ['staff.collection.complaint-acknowledged', desk.id, complaint.id],
      ['staff.collection.complaint-resolved', desk.id, complaint.id],
      ['staff.collection.complaint-resolved', desk.id, generalId],
    ]);

    // Once resolved, the same contact may be complained about again.
    const anew = await call(b2, 'POST', '/collection-complaints', {
      contactId: contact!.id,
      reason: 'other',
      text: 'It happened again after your answer.',
    });
    expect(anew.statusCode, anew.body).toBe(201);
  });

  it('gives a complaint customer service marks complex the longer period to be resolved', async () => {
    const { b } = await repayingLoan(api);
    const made = await call(b, 'POST', '/collection-complaints', {
      reason: 'wrongAmount',
      text: 'The penalties on my bill do not match what I was told.',
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json<BorrowerComplaintAnswer>();
    const received = manilaToday(api.now());
    const taken = await asStaff(desk, 'POST', `/collections/complaints/${id}/acknowledgement`, { complex: true });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<ComplaintView>()).toMatchObject({ complex: true, resolveBy: addDays(received, 45) });
    expect(
      (await asStaff(desk, 'POST', `/collections/complaints/${id}/acknowledgement`, { complex: 'yes' })).statusCode,
    ).toBe(400);
    // Ten days on, a simple complaint would be overdue; this one is not.
    await travel(addDays(received, 10), 9);
    const listed = (await list(desk, '?state=open')).items.find((c) => c.id === id);
    expect(listed).toMatchObject({ complex: true, overdue: false, ageDays: 10 });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.event, 'staff.collection.complaint-acknowledged'),
          sql`${auditLog.detail}->>'complaintId' = ${id}`,
        ),
      );
    expect(entry?.detail).toMatchObject({ complex: true });
  });

  it('answers NOT_FOUND for a complaint that is not one (plain feedback, or none)', async () => {
    const b = await borrowerWithProfile(api);
    const fb = await call(b, 'POST', '/feedback', { category: 'app', text: 'The app is slow on my phone.' });
    expect(fb.statusCode, fb.body).toBe(201);
    const id = fb.json<{ id: string }>().id;
    for (const [url, body] of [
      [`/collections/complaints/${id}/acknowledgement`, { complex: false }],
      [`/collections/complaints/${id}/resolution`, { answer: 'x' }],
    ] as const) {
      const res = await asStaff(desk, 'POST', url, body);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await list(desk)).items.map((c) => c.id)).not.toContain(id);
  });
});
