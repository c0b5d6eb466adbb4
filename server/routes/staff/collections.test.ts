/**
 * Collections (docs/collections.md) through the API, on one database (the rules are the service's, the same on both;
 * the borrower's row lock is the loans' own, proven on both by the loan suites), with a clock the test moves: loans go
 * overdue, land in a bucket and a collector's queue (by rule or by a supervisor), and SEC MC 18 holds: no contact at
 * 23:00 Manila unless the borrower agreed or the loan is more than 15 days past due, at most 3 contacts a day, none
 * while disputed, only approved templates (four eyes) without forbidden wording, never the emergency contacts in the
 * view. Promises are kept by payments and broken by the daily job; the borrower disputes and sees every contact.
 * Every contact, refusal, promise and dispute is in the audit log.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CollectionView,
  ContactAnswer,
  DisputeListAnswer,
  PromiseView,
  QueueAnswer,
  TemplateView,
} from '#api-contract/collections.ts';
import { addDays, manilaStartOfDay, manilaToday } from '#domain/calendar-date.ts';
import { auditLog, messages } from '#server/db/tables.ts';
import { oneDatabase } from '#server/db/test-database.ts';
import { staffAlias } from '#server/services/collections.ts';
import { login, type Borrower } from '#server/testing/borrower.ts';
import { caller, newKey } from '#server/testing/request.ts';
import { repayingLoan, staffCaller } from '#server/testing/collections.ts';
import { addTestStaff, type TestStaff } from '#server/testing/staff.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';

/** The instant of hh:mm Manila on `day`. */
const manila = (day: string, hh: number, mm = 0) => new Date(manilaStartOfDay(day).getTime() + (hh * 60 + mm) * 60_000);

const CLEAN = {
  en: 'Hello from {{product}}. Your loan {{orderNo}} is {{daysPastDue}} days past due: {{amount}} is overdue. Please pay in the app.',
  fil: 'Paalala mula sa {{product}}: ang iyong loan {{orderNo}} ay {{daysPastDue}} araw nang lampas sa takdang araw. Magbayad dito: {{payLink}}',
  'zh-CN': '{{product}} 提醒：您的借款 {{orderNo}} 已逾期 {{daysPastDue}} 天，请在应用内还款。',
};

describe.each(oneDatabase())('collections on %s', (kind) => {
  let api: TestApi;
  let supervisor: TestStaff;
  let supervisor2: TestStaff;
  let collectorA: TestStaff;
  let collectorB: TestStaff;
  let desk: TestStaff;
  beforeAll(async () => {
    api = await testApi(kind, { clock: manila('2026-12-01', 10) });
    const db = api.database.db;
    supervisor = await addTestStaff(db, 'supervisor', api.now());
    supervisor2 = await addTestStaff(db, 'supervisor', api.now());
    collectorA = await addTestStaff(db, 'collector', api.now());
    collectorB = await addTestStaff(db, 'collector', api.now());
    desk = await addTestStaff(db, 'customerService', api.now());
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);
  const db = () => api.database.db;

  const asStaff = staffCaller(() => api);

  /** Moves the clock to hh:mm Manila on `day` and runs what became due (accrual, the collections job, SMS). */
  async function travel(day: string, hh: number, mm = 0) {
    api.advance((manila(day, hh, mm).getTime() - api.now().getTime()) / 1000);
    await api.runDueJobs();
  }

  /** The borrower's session again after the clock moved. */
  async function relogin(b: Borrower): Promise<Borrower> {
    return { ...b, headers: (await login(api, b.phone)).headers };
  }

  const repaying = (language?: string) => repayingLoan(api, language);

  const assign = async (orderId: string, collector: TestStaff) => {
    const res = await asStaff(supervisor, 'POST', `/collections/loans/${orderId}/assignment`, {
      collectorId: collector.id,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const contact = (staff: TestStaff, orderId: string, body: object = { channel: 'call', outcome: 'no_answer' }) =>
    asStaff(staff, 'POST', `/collections/loans/${orderId}/contacts`, body);
  const queueOf = async (staff: TestStaff, query = '') => {
    const res = await asStaff(staff, 'GET', `/collections/queue${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<QueueAnswer>();
  };
  const viewOf = async (staff: TestStaff, orderId: string) => {
    const res = await asStaff(staff, 'GET', `/collections/loans/${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CollectionView>();
  };
  const events = async (prefix: string, customerId?: string) =>
    (
      await db()
        .select()
        .from(auditLog)
        .where(and(like(auditLog.event, `${prefix}%`), customerId ? eq(auditLog.customerId, customerId) : undefined))
    ).map((e) => ({ event: e.event, staffId: e.staffId, detail: e.detail as Record<string, unknown> }));

  it('puts an overdue loan in its bucket and a collector’s queue by rule, and shows what is overdue by component, never the emergency contacts', async () => {
    const start = manilaToday(api.now());
    const first = await repaying();
    const second = await repaying();
    expect((await queueOf(supervisor)).items.map((i) => i.orderId)).not.toContain(first.order.id);

    // 3 days past due, 10:00: the daily job (00:30) assigned both to the collectors, the fewer loans first.
    await travel(addDays(start, 33), 10);
    const all = await queueOf(supervisor);
    const mine = all.items.filter((i) => i.orderId === first.order.id || i.orderId === second.order.id);
    expect(mine).toHaveLength(2);
    for (const item of mine) {
      expect(item).toMatchObject({ bucket: 'd1to7', daysPastDue: 3, disputed: false, brokenPromises: 0 });
      expect([collectorA.id, collectorB.id]).toContain(item.collector?.id);
      expect(item.customer.nameMasked).toBe('J*** d*** C***');
    }
    expect(mine[0]!.collector!.id).not.toBe(mine[1]!.collector!.id);
    expect(all.buckets.map((b) => b.id)).toEqual(['d1to7', 'd8to30', 'd31to60', 'd61to90', 'over90']);
    expect(all.buckets[0]!.loans).toBeGreaterThanOrEqual(2);
    const assigned = await events('collection.assigned-by-rule');
    expect(assigned.map((e) => e.detail['orderId'])).toEqual(expect.arrayContaining([first.order.id, second.order.id]));

    // A collector sees their own loans only; the other's is refused to them.
    const ofA = mine.find((i) => i.collector!.id === collectorA.id)!;
    const ofB = mine.find((i) => i.collector!.id === collectorB.id)!;
    const queueA = await queueOf(collectorA);
    expect(queueA.items.every((i) => i.collector?.id === collectorA.id)).toBe(true);
    expect(queueA.items.map((i) => i.orderId)).toContain(ofA.orderId);
    expect(queueA.items.map((i) => i.orderId)).not.toContain(ofB.orderId);
    const refused = await asStaff(collectorA, 'GET', `/collections/loans/${ofB.orderId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('COLLECTION_NOT_ASSIGNED');

    // The view: overdue by component (principal and 30 days' interest, then the penalties), the borrower's own
    // contact details and preferences, never the emergency contacts of the contact step.
    const view = await viewOf(collectorA, ofA.orderId);
    expect(view.delinquency).toMatchObject({ daysPastDue: 3, bucket: 'd1to7' });
    expect(view.delinquency.overdue).toMatchObject({ principal: 300_000, interest: 9_000, fee: 0 });
    expect(view.delinquency.overdue.lateFine + view.delinquency.overdue.damages).toBeGreaterThan(0);
    const o = view.delinquency.overdue;
    expect(view.delinquency.overdueCentavos).toBe(o.principal + o.interest + o.fee + o.lateFine + o.damages);
    // The borrower's details masked, as everywhere in the console; in the clear when the collector asks (audited).
    expect(view.borrower).toMatchObject({ name: 'J*** d*** C***', email: 'j***', language: 'en', contactHours: null });
    expect(view.borrower.phone).toMatch(/^•{8}\d{2}$/u);
    const details = await asStaff(collectorA, 'GET', `/collections/loans/${ofA.orderId}/contact-details`);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toEqual({
      name: 'Juan dela Cruz',
      phone: expect.stringMatching(new RegExp(`^9\\d{7}${view.borrower.phone.slice(-2)}$`, 'u')),
      email: 'juan.cruz@example.ph',
    });
    expect(await events('staff.collection.contact-details-shown', view.borrower.customerId)).toHaveLength(1);
    const notTheirs = await asStaff(collectorA, 'GET', `/collections/loans/${ofB.orderId}/contact-details`);
    expect(notTheirs.json().code).toBe('COLLECTION_NOT_ASSIGNED');
    expect(await events('staff.collection.contact-details-shown')).toHaveLength(1);
    expect(view.rules).toMatchObject({ contactAllowedNow: true, why: 'withinHours', contactsToday: 0 });
    const text = JSON.stringify(view);
    for (const reference of ['Maria Santos', '9181112222', 'Jose Reyes', '9181112223', 'Ana Reyes', 'emergency'])
      expect(text).not.toContain(reference);
    expect(await events('staff.collection.viewed', view.borrower.customerId)).toHaveLength(1);
    expect((await events('staff.collection.queue-listed')).length).toBeGreaterThanOrEqual(3);

    // Who loans may go to: active collectors and supervisors, with the loans each holds; for supervisors only.
    const people = (await asStaff(supervisor, 'GET', '/collections/collectors')).json<{
      items: { id: string; role: string; openLoans: number }[];
    }>().items;
    expect(people.map((p) => p.id)).toEqual(expect.arrayContaining([collectorA.id, collectorB.id, supervisor.id]));
    expect(people.map((p) => p.id)).not.toContain(desk.id);
    expect(people.find((p) => p.id === ofA.collector!.id)?.openLoans).toBeGreaterThanOrEqual(1);
    expect((await asStaff(collectorA, 'GET', '/collections/collectors')).statusCode).toBe(403);

    // A supervisor moves a loan; only collectors (or supervisors) take loans, and a collector assigns none.
    await assign(ofA.orderId, collectorB);
    expect((await queueOf(collectorB)).items.map((i) => i.orderId)).toContain(ofA.orderId);
    expect((await queueOf(collectorA)).items.map((i) => i.orderId)).not.toContain(ofA.orderId);
    const toDesk = await asStaff(supervisor, 'POST', `/collections/loans/${ofA.orderId}/assignment`, {
      collectorId: desk.id,
    });
    expect(toDesk.json().code).toBe('COLLECTOR_INVALID');
    const byCollector = await asStaff(collectorB, 'POST', `/collections/loans/${ofA.orderId}/assignment`, {
      collectorId: collectorB.id,
    });
    expect(byCollector.statusCode).toBe(403);
    expect(await events('staff.collection.assigned')).toEqual(
      expect.arrayContaining([expect.objectContaining({ staffId: supervisor.id })]),
    );
  });

  it('refuses a contact at 23:00 Manila, unless the borrower agreed to those hours or the loan is more than 15 days past due, and at most 3 a day', async () => {
    const start = manilaToday(api.now());
    const a = await repaying();
    const late = await repaying();
    await assign(a.order.id, collectorA);
    await assign(late.order.id, collectorA);

    // 3 days past due, 23:00 Manila: refused, and the refusal is audited.
    await travel(addDays(start, 33), 23);
    const night = await contact(collectorA, a.order.id);
    expect(night.statusCode).toBe(409);
    expect(night.json()).toMatchObject({
      code: 'COLLECTION_OUTSIDE_HOURS',
      from: '06:00',
      to: '22:00',
      exemptAfterDays: 15,
    });
    expect(night.json().message).toContain('06:00');
    expect((await viewOf(collectorA, a.order.id)).rules).toMatchObject({
      contactAllowedNow: false,
      why: 'outsideHours',
    });
    expect(await events('staff.collection.refused', a.b.customerId)).toEqual([
      {
        event: 'staff.collection.refused',
        staffId: collectorA.id,
        detail: { orderId: a.order.id, attempted: 'contact', code: 'COLLECTION_OUTSIDE_HOURS' },
      },
    ]);

    // The borrower agrees in the app to 21:00-23:30: the same contact is taken.
    const b = await relogin(a.b);
    const consent = await call(b, 'PATCH', '/me/preferences', { contactHours: { from: '21:00', to: '23:30' } });
    expect(consent.statusCode, consent.body).toBe(200);
    const taken = await contact(collectorA, a.order.id, {
      channel: 'call',
      outcome: 'reached',
      note: 'Will pay Friday',
    });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json<ContactAnswer>().contact).toMatchObject({
      channel: 'call',
      outcome: 'reached',
      note: 'Will pay Friday',
      purpose: 'overdue',
      daysPastDue: 3,
    });
    expect(await events('collection.consent-changed', a.b.customerId)).toHaveLength(1);

    // The next day, 10:00: three contacts on any channel, the fourth refused.
    await travel(addDays(start, 34), 10);
    for (const channel of ['sms', 'email', 'in_app'])
      expect((await contact(collectorA, a.order.id, { channel, outcome: 'no_answer' })).statusCode).toBe(201);
    const fourth = await contact(collectorA, a.order.id, { channel: 'call', outcome: 'no_answer' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ code: 'COLLECTION_DAILY_CAP', max: 3 });
    expect((await viewOf(collectorA, a.order.id)).rules).toMatchObject({ contactsToday: 3, why: 'dailyCap' });
    expect(await events('staff.collection.contact-recorded', a.b.customerId)).toHaveLength(4);

    // Six at once (truly at once on PostgreSQL) the next day: three taken, three refused, never a fourth.
    await travel(addDays(start, 35), 10);
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => contact(collectorA, a.order.id, { channel: 'call', outcome: 'no_answer' })),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect((await viewOf(collectorA, a.order.id)).rules.contactsToday).toBe(3);

    // 16 days past due, 23:00: allowed without consent (MC 18's exemption); 15 days was not.
    await travel(addDays(start, 45), 23);
    const fifteen = await contact(collectorA, late.order.id);
    expect(fifteen.json().code).toBe('COLLECTION_OUTSIDE_HOURS');
    await travel(addDays(start, 46), 23);
    const sixteen = await contact(collectorA, late.order.id);
    expect(sixteen.statusCode, sixteen.body).toBe(201);
    expect((await viewOf(collectorA, late.order.id)).rules.why).toBe('pastDueExemption');
    expect((await viewOf(collectorA, late.order.id)).delinquency.bucket).toBe('d8to30');

    // A loan not past due is not collected; another collector's is refused.
    const fresh = await repaying();
    await assign(fresh.order.id, collectorA);
    await travel(addDays(manilaToday(api.now()), 1), 10);
    expect((await contact(collectorA, fresh.order.id)).json().code).toBe('COLLECTION_NOT_OVERDUE');
    expect((await contact(collectorB, a.order.id)).json().code).toBe('COLLECTION_NOT_ASSIGNED');
  });

  it('sends only templates another person approved, never with wording MC 18 forbids, in the borrower’s language, by SMS and in the app', async () => {
    const threat = await asStaff(collectorA, 'POST', '/collections/templates', {
      name: 'Final warning',
      texts: { ...CLEAN, fil: 'Magbayad ka na o makukulong ka at ipopost ka namin sa Facebook.' },
    });
    expect(threat.statusCode).toBe(422);
    expect(threat.json().code).toBe('TEMPLATE_WORDING_FORBIDDEN');
    expect(threat.json().matches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ language: 'fil', category: 'jail', found: 'makukulong' }),
        expect.objectContaining({ language: 'fil', category: 'publishName' }),
      ]),
    );
    const english = await asStaff(collectorA, 'POST', '/collections/templates', {
      name: 'Warning',
      texts: { ...CLEAN, en: 'Pay now or we will call your employer and the POLICE.' },
    });
    expect(
      english
        .json()
        .matches.map((m: { category: string }) => m.category)
        .sort(),
    ).toEqual(['contactEmployer', 'police']);
    expect(await events('staff.collection.template-wording-refused')).toHaveLength(2);
    const unknown = await asStaff(collectorA, 'POST', '/collections/templates', {
      name: 'Reminder',
      texts: { ...CLEAN, en: 'Hi {{fullName}}, please pay.' },
    });
    expect(unknown.json()).toMatchObject({ code: 'TEMPLATE_PLACEHOLDER_UNKNOWN', placeholder: 'fullName' });

    const created = await asStaff(collectorA, 'POST', '/collections/templates', { name: 'Reminder', texts: CLEAN });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<TemplateView>();
    expect(template).toMatchObject({ state: 'pending', createdBy: collectorA.id });

    const start = manilaToday(api.now());
    const loan = await repaying('fil');
    await assign(loan.order.id, collectorA);
    await travel(addDays(start, 32), 9);
    const send = () =>
      asStaff(collectorA, 'POST', `/collections/loans/${loan.order.id}/messages`, { templateId: template.id });
    expect((await send()).json()).toMatchObject({ code: 'TEMPLATE_NOT_APPROVED', state: 'pending' });
    // A template waiting for its approval is not offered with the loan.
    expect((await viewOf(collectorA, loan.order.id)).messages.map((m) => m.templateId)).not.toContain(template.id);

    // Four eyes: not the author, not a collector; another supervisor approves.
    expect(
      (await asStaff(collectorA, 'POST', `/collections/templates/${template.id}/decision`, { approve: true }))
        .statusCode,
    ).toBe(403);
    const own = await asStaff(supervisor, 'POST', '/collections/templates', { name: 'Own', texts: CLEAN });
    const ownId = own.json<TemplateView>().id;
    expect(
      (await asStaff(supervisor, 'POST', `/collections/templates/${ownId}/decision`, { approve: true })).json().code,
    ).toBe('SAME_PERSON');
    const approved = await asStaff(supervisor, 'POST', `/collections/templates/${template.id}/decision`, {
      approve: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TemplateView>()).toMatchObject({ state: 'approved', decidedByName: 'Test supervisor' });
    expect(
      (await asStaff(supervisor2, 'POST', `/collections/templates/${template.id}/decision`, { approve: false })).json()
        .code,
    ).toBe('REQUEST_STATE');
    const list = await asStaff(collectorA, 'GET', '/collections/templates?state=approved');
    expect(list.json<{ items: TemplateView[] }>().items.map((t) => t.id)).toContain(template.id);

    // The loan's view shows it as the borrower will receive it: in Filipino, filled in.
    const previewed = (await viewOf(collectorA, loan.order.id)).messages.find((m) => m.templateId === template.id);
    expect(previewed).toMatchObject({ language: 'fil' });
    // Sent: a contact, the in-app message and the SMS, in Filipino with the loan's figures.
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<ContactAnswer>().contact).toMatchObject({
      channel: 'sms',
      outcome: null,
      templateId: template.id,
    });
    const [inApp] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, loan.b.customerId), eq(messages.template, 'collectionMessage')));
    const text = (inApp!.params as { text: string }).text;
    expect(text).toContain(`ang iyong loan ${loan.order.orderNo} ay 2 araw`);
    expect(text).toContain(`Magbayad dito: http://localhost/bill?order=${loan.order.id}`);
    expect(text).not.toContain('{{');
    expect(previewed!.text).toBe(text);
    await api.runDueJobs();
    expect(api.outbox.messages().filter((m) => m.to === `+63${loan.b.phone}` && m.text.includes(text))).toHaveLength(1);
    expect((await viewOf(collectorA, loan.order.id)).rules.contactsToday).toBe(1);
    expect(await events('staff.collection.message-sent', loan.b.customerId)).toHaveLength(1);

    // At 23:00 the same send is refused like any contact, and nothing is written or sent.
    await travel(addDays(start, 32), 23);
    expect((await send()).json().code).toBe('COLLECTION_OUTSIDE_HOURS');
    expect(
      await db()
        .select()
        .from(messages)
        .where(and(eq(messages.customerId, loan.b.customerId), eq(messages.template, 'collectionMessage'))),
    ).toHaveLength(1);
  });

  it('keeps a promise a payment meets; breaks one whose day passed, which moves the loan to the top of the queue', async () => {
    const start = manilaToday(api.now());
    const keeps = await repaying();
    const breaks = await repaying();
    await assign(keeps.order.id, collectorB);
    await assign(breaks.order.id, collectorB);
    const day = addDays(start, 33);
    await travel(day, 10);

    const refusedDate = await asStaff(collectorB, 'POST', `/collections/loans/${breaks.order.id}/promises`, {
      promisedOn: addDays(day, -1),
      amountCentavos: 10_000,
    });
    expect(refusedDate.json()).toMatchObject({
      code: 'PROMISE_DATE_OUT_OF_RANGE',
      from: day,
      to: addDays(day, 30),
    });
    const refusedAmount = await asStaff(collectorB, 'POST', `/collections/loans/${breaks.order.id}/promises`, {
      promisedOn: day,
      amountCentavos: 10_000_000,
    });
    expect(refusedAmount.json().code).toBe('PROMISE_AMOUNT_OUT_OF_RANGE');
    const missing = await contact(collectorB, breaks.order.id, { channel: 'call', outcome: 'promise' });
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    const stray = await contact(collectorB, breaks.order.id, {
      channel: 'call',
      outcome: 'reached',
      promise: { promisedOn: day, amountCentavos: 1000 },
    });
    expect(stray.json().code).toBe('VALIDATION_FAILED');

    // A promise from a call: the contact and the promise together.
    const withPromise = await contact(collectorB, breaks.order.id, {
      channel: 'call',
      outcome: 'promise',
      promise: { promisedOn: addDays(day, 2), amountCentavos: 50_000 },
    });
    expect(withPromise.statusCode, withPromise.body).toBe(201);
    expect(withPromise.json<ContactAnswer>().promise).toMatchObject({ state: 'pending', amountCentavos: 50_000 });
    const kept = await asStaff(collectorB, 'POST', `/collections/loans/${keeps.order.id}/promises`, {
      promisedOn: addDays(day, 1),
      amountCentavos: 20_000,
    });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json<PromiseView>().contactId).toBeNull();
    expect(await events('staff.collection.promise-recorded')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ detail: expect.objectContaining({ orderId: breaks.order.id }) }),
        expect.objectContaining({ detail: expect.objectContaining({ orderId: keeps.order.id }) }),
      ]),
    );

    // The borrower who promised pays in full the next day: kept; the other's day passes: broken by the daily job.
    await travel(addDays(day, 1), 11);
    const payer = await relogin(keeps.b);
    const paid = await call(
      payer,
      'POST',
      `/loans/${keeps.order.id}/payments`,
      { kind: 'settle', channel: 'otc' },
      newKey(),
    );
    expect(paid.statusCode, paid.body).toBe(201);
    await api.settle();
    await travel(addDays(day, 3), 10);
    expect(await events('collection.promise-kept', keeps.b.customerId)).toHaveLength(1);
    expect(await events('collection.promise-broken', breaks.b.customerId)).toHaveLength(1);
    const queue = await queueOf(collectorB);
    expect(queue.items[0]).toMatchObject({
      orderId: breaks.order.id,
      brokenPromises: 1,
      promise: { state: 'broken', amountCentavos: 50_000 },
    });
    expect(queue.items.map((i) => i.orderId)).not.toContain(keeps.order.id);
    const view = await viewOf(collectorB, breaks.order.id);
    expect(view.promises.map((p) => p.state)).toEqual(['broken']);
    // The next contact follows the broken promise up.
    const followUp = await contact(collectorB, breaks.order.id);
    expect(followUp.json<ContactAnswer>().contact.purpose).toBe('promiseFollowUp');
  });

  it('pauses collection while the borrower disputes the bill, until a supervisor resolves it; the borrower sees every contact', async () => {
    const start = manilaToday(api.now());
    const loan = await repaying();
    const other = await repaying();
    await assign(loan.order.id, collectorA);
    await assign(other.order.id, collectorA);
    // The other borrower disputes before the due date: no reminder comes while it is open.
    await travel(addDays(start, 25), 10);
    const early = await call(await relogin(other.b), 'POST', `/loans/${other.order.id}/dispute`, { reason: 'other' });
    expect(early.statusCode, early.body).toBe(201);
    await travel(addDays(start, 32), 10);
    const reminders = async (customerId: string) =>
      (await db().select().from(messages).where(eq(messages.customerId, customerId)))
        .map((m) => m.template)
        .filter((t) => ['dueIn3Days', 'dueToday', 'overdue'].includes(t));
    expect(await reminders(loan.b.customerId)).toEqual(['overdue']);
    expect(await reminders(other.b.customerId)).toEqual([]);
    expect((await contact(collectorA, loan.order.id, { channel: 'call', outcome: 'reached' })).statusCode).toBe(201);

    const b = await relogin(loan.b);
    const dispute = await call(b, 'POST', `/loans/${loan.order.id}/dispute`, {
      reason: 'alreadyPaid',
      note: 'I paid at the counter',
    });
    expect(dispute.statusCode, dispute.body).toBe(201);
    expect(dispute.json()).toMatchObject({ reason: 'alreadyPaid', state: 'open', orderNo: loan.order.orderNo });
    expect((await call(b, 'POST', `/loans/${loan.order.id}/dispute`, { reason: 'other' })).json().code).toBe(
      'DISPUTE_OPEN',
    );
    expect((await call(b, 'POST', `/loans/${other.order.id}/dispute`, { reason: 'other' })).statusCode).toBe(404);
    expect(await events('collection.dispute-opened', loan.b.customerId)).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(messages)
        .where(and(eq(messages.customerId, loan.b.customerId), eq(messages.template, 'disputeReceived'))),
    ).toHaveLength(1);

    // Paused: no contact, message or promise; the queue and the view say so.
    expect((await contact(collectorA, loan.order.id)).json().code).toBe('COLLECTION_DISPUTED');
    const promise = await asStaff(collectorA, 'POST', `/collections/loans/${loan.order.id}/promises`, {
      promisedOn: addDays(start, 33),
      amountCentavos: 1000,
    });
    expect(promise.json().code).toBe('COLLECTION_DISPUTED');
    expect((await queueOf(collectorA)).items.find((i) => i.orderId === loan.order.id)?.disputed).toBe(true);
    expect((await viewOf(collectorA, loan.order.id)).rules).toMatchObject({
      contactAllowedNow: false,
      why: 'disputed',
    });

    // A supervisor lists and resolves it; collection resumes and the borrower is told.
    const open = await asStaff(supervisor, 'GET', '/collections/disputes?state=open');
    const item = open.json<DisputeListAnswer>().items.find((d) => d.orderId === loan.order.id)!;
    expect(item).toMatchObject({ reason: 'alreadyPaid', note: 'I paid at the counter', openedByName: null });
    expect((await asStaff(collectorA, 'GET', '/collections/disputes')).statusCode).toBe(403);
    const resolved = await asStaff(supervisor, 'POST', `/collections/disputes/${item.id}/resolution`, {
      resolution: 'confirmed',
      note: 'No payment found at the counter',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      state: 'resolved',
      resolution: 'confirmed',
      resolvedByName: 'Test supervisor',
    });
    expect(
      (
        await asStaff(supervisor2, 'POST', `/collections/disputes/${item.id}/resolution`, { resolution: 'withdrawn' })
      ).json().code,
    ).toBe('DISPUTE_RESOLVED');
    expect(await events('staff.collection.dispute-resolved', loan.b.customerId)).toHaveLength(1);
    api.advance(60);
    expect((await contact(collectorA, loan.order.id)).statusCode).toBe(201);

    // The borrower says on a call that they dispute it: recorded, and collection pauses again.
    api.advance(60);
    const stated = await contact(collectorA, loan.order.id, { channel: 'call', outcome: 'disputed' });
    expect(stated.statusCode, stated.body).toBe(201);
    expect((await contact(collectorA, loan.order.id)).json().code).toBe('COLLECTION_DISPUTED');
    expect((await viewOf(collectorA, loan.order.id)).disputes.map((d) => [d.reason, d.state, d.openedByName])).toEqual([
      ['statedOnCall', 'open', 'Test collector'],
      ['alreadyPaid', 'resolved', null],
    ]);

    // What the borrower sees: every contact, when, how, by whom (an alias, never the name) and why; only theirs.
    const seen = await call(b, 'GET', '/collection-contacts');
    expect(seen.statusCode, seen.body).toBe(200);
    const { items, disputes } = seen.json<{ items: Record<string, unknown>[]; disputes: unknown[] }>();
    expect(items.map((i) => i['at'])).toEqual([...items.map((i) => i['at'] as string)].sort().reverse());
    expect(items).toHaveLength(3);
    expect(items[2]).toMatchObject({
      channel: 'call',
      staffAlias: staffAlias(collectorA.id),
      purpose: 'overdue',
      orderNo: loan.order.orderNo,
      daysPastDue: 2,
      message: null,
    });
    expect(seen.body).not.toContain('Test collector');
    expect(disputes).toHaveLength(2);
    const stranger = await relogin(other.b);
    const theirs = (await call(stranger, 'GET', '/collection-contacts')).json();
    expect(theirs.items).toEqual([]);
    expect(theirs.disputes).toEqual([expect.objectContaining({ orderId: other.order.id, state: 'open' })]);

    // Resolved, the other loan's overdue reminder is written on the next run.
    const otherDispute = (await asStaff(supervisor, 'GET', '/collections/disputes?state=open'))
      .json<DisputeListAnswer>()
      .items.find((d) => d.orderId === other.order.id)!;
    await asStaff(supervisor, 'POST', `/collections/disputes/${otherDispute.id}/resolution`, {
      resolution: 'corrected',
    });
    await api.loans.remindAll();
    expect(await reminders(other.b.customerId)).toEqual(['overdue']);
  });
});
