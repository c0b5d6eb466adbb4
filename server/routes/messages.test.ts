/**
 * The message center through the API (PGlite, and PostgreSQL with TEST_DATABASE_URL): the loan core's events write
 * their Notify message in their own transaction (none when the event is rolled back), the tabs page past 20, opening
 * one marks it read, clear-unread marks all, and borrower A never reads or marks B's messages.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messagesConfig from '#config/messages.json' with { type: 'json' };
import { announcements, loanOrders, messages } from '../db/tables.ts';
import { databaseTargets } from '../db/test-database.ts';
import { notify } from '../services/messages.ts';
import { login, type Borrower } from '../testing/borrower.ts';
import { completeProfile, signatureDocument, STANDARD_LOAN } from '../testing/loan-fixtures.ts';
import { caller, newKey } from '../testing/request.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';

interface Message {
  id: string;
  tab: string;
  template: string;
  params: Record<string, string | number>;
  link: string | null;
  createdAt: string;
  read: boolean;
}
interface Page {
  tab: string;
  messages: Message[];
  next: string | null;
}

describe.each(databaseTargets())('messages on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);
  const unread = async (b: Borrower) => {
    const res = await call(b, 'GET', '/messages/unread');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ notify: number; activity: number; total: number }>();
  };
  const list = async (b: Borrower, tab: string, before?: string) => {
    const res = await call(b, 'GET', `/messages?tab=${tab}${before ? `&before=${before}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };

  /**
   * A new borrower whose registration messages (welcome, coupon issued: the coupons suite tests them) are checked and
   * then removed, so the counts below are this test's events.
   */
  async function registered(): Promise<Borrower> {
    const b = await login(api);
    const written = await api.database.db
      .select({ template: messages.template })
      .from(messages)
      .where(eq(messages.customerId, b.customerId));
    expect(written.map((m) => m.template).sort()).toEqual(['couponIssued', 'welcome']);
    await api.database.db.delete(messages).where(eq(messages.customerId, b.customerId));
    return b;
  }

  async function borrower(): Promise<Borrower> {
    const b = await registered();
    await completeProfile(api.database.db, b.customerId);
    return b;
  }

  it('writes application received, then approved with the limit, each linking to its screen; opening one and clearing unread move the counts', async () => {
    const b = await borrower();
    const activity = messagesConfig.announcements.length;
    expect(await unread(b)).toEqual({ notify: 0, activity, total: activity });

    const applied = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(applied.statusCode, applied.body).toBe(201);
    const order = applied.json<{ id: string; orderNo: string }>();
    expect(await unread(b)).toMatchObject({ notify: 1 });
    api.advance(61);
    await api.runDueJobs();
    expect(await unread(b)).toMatchObject({ notify: 2, total: 2 + activity });

    const page = await list(b, 'notify');
    expect(page.next).toBeNull();
    expect(page.messages.map((m) => [m.template, m.link, m.read])).toEqual([
      ['approved', `/loan?order=${order.id}`, false],
      ['applicationReceived', '/homeIndex', false],
    ]);
    expect(page.messages[0]!.params).toEqual({ orderNo: order.orderNo, amountCentavos: 300000, limitCentavos: 500000 });
    expect(page.messages[1]!.params).toEqual({ orderNo: order.orderNo, amountCentavos: 300000 });

    const opened = await call(b, 'POST', `/messages/notify/${page.messages[1]!.id}/open`, {});
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<Message>()).toMatchObject({
      id: page.messages[1]!.id,
      template: 'applicationReceived',
      read: true,
    });
    expect(await unread(b)).toMatchObject({ notify: 1 });
    // Opening again changes nothing.
    expect((await call(b, 'POST', `/messages/notify/${page.messages[1]!.id}/open`, {})).json<Message>().read).toBe(
      true,
    );
    expect(await unread(b)).toMatchObject({ notify: 1 });

    // Activity: the configured announcements, newest first; one opened, then clear-unread of one tab, then of both.
    const news = await list(b, 'activity');
    expect(news.messages.map((m) => m.id)).toEqual(
      [...messagesConfig.announcements].sort((x, y) => y.publishedAt.localeCompare(x.publishedAt)).map((a) => a.id),
    );
    expect(
      (await call(b, 'POST', `/messages/activity/${news.messages[0]!.id}/open`, {})).json<Message>(),
    ).toMatchObject({ tab: 'activity', read: true });
    expect(await unread(b)).toEqual({ notify: 1, activity: activity - 1, total: activity });
    expect((await call(b, 'POST', '/messages/clear-unread', { tab: 'notify' })).json()).toEqual({
      notify: 0,
      activity: activity - 1,
      total: activity - 1,
    });
    expect((await call(b, 'POST', '/messages/clear-unread', {})).json()).toEqual({ notify: 0, activity: 0, total: 0 });
    expect((await list(b, 'activity')).messages.every((m) => m.read)).toBe(true);
  });

  it("writes money sent, payment succeeded and settled in the events' transactions; a replayed apply writes none twice", async () => {
    const b = await borrower();
    const key = newKey();
    const first = await call(b, 'POST', '/loans', STANDARD_LOAN, key);
    expect((await call(b, 'POST', '/loans', STANDARD_LOAN, key)).body).toBe(first.body);
    const o = first.json<{ id: string; orderNo: string }>();
    api.advance(61);
    await api.runDueJobs();
    await call(b, 'POST', `/loans/${o.id}/accept`, { agreePrivacy: true, agreeAgreement: true });
    await call(b, 'POST', '/signature', { signature: await signatureDocument(api.database.db, b.customerId) });
    await call(b, 'POST', `/loans/${o.id}/withdraw`, {}, newKey());
    await api.settle();
    const [row] = await api.database.db.select().from(loanOrders).where(eq(loanOrders.id, o.id));
    const pay = await call(b, 'POST', `/loans/${o.id}/payments`, { kind: 'settle', channel: 'otc' }, newKey());
    expect(pay.statusCode, pay.body).toBe(201);
    await api.settle();
    const page = await list(b, 'notify');
    expect(page.messages.map((m) => m.template)).toEqual(['settled', 'moneySent', 'approved', 'applicationReceived']);
    expect(page.messages[1]).toMatchObject({
      link: `/bill?order=${o.id}`,
      params: {
        orderNo: o.orderNo,
        amountCentavos: (row!.quote as { receivedCentavos: number }).receivedCentavos,
        dueDate: row!.dueDate,
      },
    });
    expect(page.messages[0]).toMatchObject({
      link: `/bill?order=${o.id}`,
      params: { amountCentavos: pay.json<{ amountCentavos: number }>().amountCentavos },
    });
  });

  it('tells a failed disbursement with the way to fix it: a link to change the payout account', async () => {
    const b = await registered();
    await completeProfile(api.database.db, b.customerId, {
      bankInfo: { accountNumber: '0000123456', accountNumberConfirm: '0000123456' },
    });
    const o = (await call(b, 'POST', '/loans', STANDARD_LOAN, newKey())).json<{ id: string; orderNo: string }>();
    api.advance(61);
    await api.runDueJobs();
    await call(b, 'POST', `/loans/${o.id}/accept`, { agreePrivacy: true, agreeAgreement: true });
    await call(b, 'POST', '/signature', { signature: await signatureDocument(api.database.db, b.customerId) });
    await call(b, 'POST', `/loans/${o.id}/withdraw`, {}, newKey());
    await api.settle();
    const [failed] = (await list(b, 'notify')).messages;
    expect(failed).toMatchObject({
      template: 'disbursementFailed',
      link: '/changeBank',
      params: { orderNo: o.orderNo },
      read: false,
    });
  });

  it('tells a rejection with the day the borrower may apply again', async () => {
    const b = await registered();
    await completeProfile(api.database.db, b.customerId, { workInfo: { monthlyIncome: 'upTo12000' } });
    const o = (await call(b, 'POST', '/loans', STANDARD_LOAN, newKey())).json<{ id: string; orderNo: string }>();
    api.advance(61);
    await api.runDueJobs();
    const [row] = await api.database.db.select().from(loanOrders).where(eq(loanOrders.id, o.id));
    expect(row).toMatchObject({ state: 'rejected' });
    const [rejected] = (await list(b, 'notify')).messages;
    expect(rejected).toMatchObject({
      template: 'rejected',
      link: '/homeIndex',
      params: { orderNo: o.orderNo, reapplyAfter: row!.reapplyAfter },
    });
  });

  it("writes no message when the event's transaction is rolled back", async () => {
    const b = await borrower();
    const db = api.database.db;
    // The apply transaction fails at its last write (the underwriting job), after the message was written.
    await db.execute(
      sql.raw(`create or replace function refuse_underwrite() returns trigger language plpgsql as $$ begin
      if new.kind = 'underwrite' and exists (select 1 from loan_orders o where o.id::text = new.payload->>'orderId' and o.customer_id = '${b.customerId}') then raise exception 'refused'; end if;
      return new; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger refuse_underwrite before insert on jobs for each row execute function refuse_underwrite()',
      ),
    );
    try {
      const res = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_underwrite on jobs'));
    }
    expect(await db.select().from(loanOrders).where(eq(loanOrders.customerId, b.customerId))).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.customerId, b.customerId))).toEqual([]);
    expect(await unread(b)).toMatchObject({ notify: 0 });
  });

  it('pages past 20 by id, newest first, with no message twice or missed', async () => {
    const b = await registered();
    for (let i = 0; i < 45; i += 1)
      await notify(api.database.db, {
        customerId: b.customerId,
        template: 'paymentSucceeded',
        params: { orderNo: `N${i}`, amountCentavos: i },
      });
    const seen: string[] = [];
    let before: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await list(b, 'notify', before);
      sizes.push(page.messages.length);
      seen.push(...page.messages.map((m) => String(m.params['orderNo'])));
      before = page.next ?? undefined;
    } while (before);
    expect(sizes).toEqual([20, 20, 5]);
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `N${44 - i}`));

    // Activity pages the same way (announcements published one minute apart), and hides ended or future ones.
    const at = api.now().getTime();
    const extra = Array.from({ length: 22 }, (_, i) => ({
      id: `page-${kind}-${i}`,
      template: 'safety',
      params: {},
      link: null,
      publishedAt: new Date(at - (i + 1) * 60_000),
    }));
    await api.database.db.insert(announcements).values([
      ...extra,
      {
        id: `ended-${kind}`,
        template: 'safety',
        params: {},
        link: null,
        publishedAt: new Date(at - 86_400_000),
        endsAt: new Date(at - 1000),
      },
      { id: `future-${kind}`, template: 'safety', params: {}, link: null, publishedAt: new Date(at + 86_400_000) },
    ]);
    const first = await list(b, 'activity');
    const second = await list(b, 'activity', first.next!);
    expect(first.messages.map((m) => m.id)).toEqual(extra.slice(0, 20).map((a) => a.id));
    expect(second.next).toBeNull();
    expect(second.messages.map((m) => m.id)).toEqual([
      ...extra.slice(20).map((a) => a.id),
      ...[...messagesConfig.announcements].reverse().map((a) => a.id),
    ]);
    expect((await call(b, 'POST', `/messages/activity/future-${kind}/open`, {})).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await call(b, 'POST', `/messages/activity/ended-${kind}/open`, {})).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    await api.database.db.delete(announcements).where(sql`${announcements.id} like ${`%-${kind}%`}`);
  });

  it("never lets borrower B read, open or clear A's messages", async () => {
    const a = await registered();
    const b = await registered();
    await notify(api.database.db, {
      customerId: a.customerId,
      template: 'approved',
      params: { orderNo: 'A1', amountCentavos: 1, limitCentavos: 1 },
    });
    const [mine] = (await list(a, 'notify')).messages;
    expect((await list(b, 'notify')).messages).toEqual([]);
    const foreign = await call(b, 'POST', `/messages/notify/${mine!.id}/open`, {});
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    await call(b, 'POST', '/messages/clear-unread', {});
    expect(await unread(a)).toMatchObject({ notify: 1 });
    const [row] = await api.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, a.customerId)));
    expect(row!.readAt).toBeNull();
    // Asking as A with B's customer id header is refused by the session check.
    const mixed = await api.app.inject({
      method: 'GET',
      url: '/api/v1/messages?tab=notify',
      headers: { ...a.headers, 'x-customer-id': b.customerId },
    });
    expect(mixed.statusCode).toBe(401);
  });

  it('answers bad input with a 4xx and a code, never a 5xx', async () => {
    const b = await registered();
    const cases: [string, string, object | undefined, number, string][] = [
      ['GET', '/messages?tab=inbox', undefined, 400, 'INVALID_INPUT'],
      ['GET', '/messages', undefined, 400, 'INVALID_INPUT'],
      ['GET', '/messages?tab=notify&before=abc', undefined, 400, 'INVALID_INPUT'],
      ['GET', '/messages?tab=notify&before=99999999999999999999', undefined, 400, 'INVALID_INPUT'],
      ['GET', `/messages?tab=activity&before=${'x'.repeat(65)}`, undefined, 400, 'INVALID_INPUT'],
      ['POST', '/messages/notify/abc/open', {}, 404, 'NOT_FOUND'],
      ['POST', '/messages/notify/0/open', {}, 404, 'NOT_FOUND'],
      ['POST', '/messages/notify/999999999999999/open', {}, 404, 'NOT_FOUND'],
      ['POST', '/messages/activity/no-such/open', {}, 404, 'NOT_FOUND'],
      ['POST', '/messages/activity/%27%3B--/open', {}, 404, 'NOT_FOUND'],
      ['POST', '/messages/inbox/1/open', {}, 400, 'INVALID_INPUT'],
      ['POST', '/messages/clear-unread', { tab: 'inbox' }, 400, 'INVALID_INPUT'],
      ['POST', '/messages/clear-unread', { all: true }, 400, 'INVALID_INPUT'],
    ];
    for (const [method, url, payload, status, code] of cases) {
      const res = await call(b, method as 'GET' | 'POST', url, payload);
      expect([url, res.statusCode, res.json<{ code: string }>().code]).toEqual([url, status, code]);
    }
    const anonymous = await api.app.inject({ method: 'GET', url: '/api/v1/messages/unread' });
    expect(anonymous.statusCode).toBe(401);
  });
});
