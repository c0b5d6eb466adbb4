/**
 * Collections in the console (docs/collections.md), in Chromium against the built console and the real server: a loan
 * goes overdue (the server's clock moved), the daily job puts it in its bucket and the collector's queue; at 23:00
 * Manila the collector's contact is refused and says why; a template with a threat in Filipino is refused with the
 * wording named, a clean one waits for a supervisor, who approves it; the next morning the collector sends it (in-app
 * message and SMS) and records a promise, which the daily job marks broken two days later (the queue shows it); the
 * borrower disputes the bill, collection pauses (the contact is refused) until the supervisor resolves the dispute,
 * and the borrower's list of contacts holds them all, by a staff alias. The borrower disputes from the bill and reads
 * the contacts on /collectionContacts in a phone's Chromium (their session put in the page's storage), complains
 * about the call there, and reads the answer customer service gave from its list of complaints. A month past due,
 * the supervisor's dashboard (/staff/book) holds the loan in PAR 30 and its CSV export agrees. On one
 * database (browserDatabase in ./server.ts); the server suite (server/routes/staff/collections.test.ts) covers every
 * rule.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, manilaStartOfDay, manilaToday } from '#domain/calendar-date.ts';
import { formatPeso } from '#domain/money.ts';
import { collectionAssignments, collectionPromises, loanOrders } from '#server/db/tables.ts';
import { staffAlias } from '#server/services/collections.ts';
import { maskValue } from '#server/services/staff/masking.ts';
import { login, type Borrower } from '#server/testing/borrower.ts';
import { completeProfile, signatureDocument, STANDARD_LOAN } from '#server/testing/loan-fixtures.ts';
import { caller, newKey } from '#server/testing/request.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabases, startServer, type E2eServer } from './server.ts';
import { addTestStaff, staffDesktop, staffLogin, staffText, type StaffCredentials } from './staff.ts';

const suite = chromiumSuite(inject('baseUrl'));
const en = staffText('en');
const errors = staffText('en', 'errors');
const loanText = staffText('en', 'loan');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(browserDatabases('one'))('collections in the console on %s', (kind) => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = caller(() => server);

  /** Moves the server's clock to hh:mm Manila on `day` (its jobs run on their own timer). */
  const travel = (day: string, hh: number) =>
    server.advance((manilaStartOfDay(day).getTime() + hh * 3_600_000 - server.now().getTime()) / 1000);

  /** Polls `read` until it answers true (the server's jobs run every second). */
  async function until(what: string, read: () => Promise<boolean>) {
    for (let i = 0; i < 240; i += 1) {
      if (await read()) return;
      await sleep(250);
    }
    throw new Error(`never: ${what}`);
  }

  /** A borrower with a ₱3,000 loan of 30 days paid out today, through the API. */
  async function repaying(): Promise<{ b: Borrower; orderId: string; orderNo: string }> {
    const b = await login(server);
    await completeProfile(server.database.db, b.customerId);
    const applied = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(applied.statusCode, applied.body).toBe(201);
    const { id } = applied.json<{ id: string }>();
    const state = async () => (await call(b, 'GET', `/loans/${id}`)).json<{ state: string }>().state;
    await until('approved', async () => (await state()) === 'accepted');
    await call(b, 'POST', `/loans/${id}/accept`, { agreePrivacy: true, agreeAgreement: true });
    await call(b, 'POST', '/signature', { signature: await signatureDocument(server.database.db, b.customerId) });
    await call(b, 'POST', `/loans/${id}/withdraw`, {}, newKey());
    await until('paid out', async () => (await state()) === 'repaying');
    const [order] = await server.database.db.select().from(loanOrders).where(eq(loanOrders.id, id));
    return { b, orderId: id, orderNo: order!.orderNo };
  }

  /** A console page signed in as `staff` (a new one after the clock moved: sessions idle out). */
  async function signedIn(staff: StaffCredentials): Promise<Page> {
    const page = await suite.open(staffDesktop);
    page.setDefaultTimeout(20_000);
    await staffLogin(page, server, staff);
    return page;
  }

  /** The borrower's app on a phone, holding the session of `b` (its token, customer id and device id). */
  async function borrowerPage(b: Borrower): Promise<Page> {
    const page = await suite.open(iPhone(2));
    page.setDefaultTimeout(20_000);
    const token = b.headers['authorization']!.replace(/^Bearer /u, '');
    const core = JSON.stringify({
      state: { publicData: { token, customerId: b.customerId, phone_number: b.phone } },
      version: 1,
    });
    await page.context().addInitScript(
      ([c, d]) => {
        localStorage.setItem('core', c!);
        localStorage.setItem('deviceId', d!);
      },
      [core, b.headers['x-device-id']!],
    );
    return page;
  }

  /** Records a contact in the loan's view; answers the form's error text, if any. */
  async function recordContact(page: Page, outcome: string, promise?: { day: string; pesos: string }) {
    const form = page.locator('[data-form=collectionContact]');
    await form.getByLabel(en('collectionContact.options.channel.call')).check();
    await form.getByLabel(en('collectionContact.outcome')).selectOption({
      label: en(`collectionContact.options.outcome.${outcome}`),
    });
    if (promise) {
      await form.getByLabel(en('collectionContact.promisedOn')).fill(promise.day);
      await form.getByLabel(en('collectionContact.promisePesos')).fill(promise.pesos);
    }
    await form.getByRole('button', { name: en('collections.recordContact') }).click();
  }

  it('queues an overdue loan, enforces the hours, the wording, four eyes and disputes, and shows the borrower every contact', async () => {
    const db = server.database.db;
    const collector = await addTestStaff(db, 'collector', server.now());
    const supervisor = await addTestStaff(db, 'supervisor', server.now());
    const loan = await repaying();
    const due = addDays(manilaToday(server.now()), 30);

    // 3 days past due, 23:00 Manila: the daily job assigned the loan to the only collector.
    travel(addDays(due, 3), 23);
    await until('assigned', async () => {
      const [row] = await db
        .select()
        .from(collectionAssignments)
        .where(eq(collectionAssignments.orderId, loan.orderId));
      return row?.collectorId === collector.id;
    });
    const desk = await signedIn(collector);
    await desk.waitForURL((url) => url.pathname === '/staff/collections');
    const row = desk.locator(`tr[data-order="${loan.orderId}"]`);
    await expect.poll(() => row.getAttribute('data-bucket')).toBe('d1to7');
    expect(await row.textContent()).toContain(en('collections.buckets.d1to7'));
    await row.getByTestId('queue-order').click();
    await desk.waitForURL((url) => url.pathname === `/staff/collections/${loan.orderId}`);
    await expect.poll(() => desk.getByTestId('rules').getAttribute('data-allowed')).toBe('false');
    expect(await desk.getByTestId('rules').textContent()).toContain(en('collections.why.outsideHours'));
    expect(await desk.getByTestId('days-past-due').textContent()).toBe('3');
    const view = await desk.locator('.st-page').textContent();
    for (const reference of ['Maria Santos', '9181112222']) expect(view).not.toContain(reference);
    await recordContact(desk, 'no_answer');
    await expect
      .poll(() => desk.getByRole('alert').first().textContent())
      .toBe(errors('COLLECTION_OUTSIDE_HOURS', { from: '06:00', to: '22:00', exemptAfterDays: '15' }));
    await desk.screenshot({ path: '/tmp/collections-loan-night.png', fullPage: true });

    // A template with a threat in Filipino is refused, the wording named; a clean one waits for a supervisor.
    await desk.getByRole('link', { name: en('nav.collection-templates') }).click();
    const form = desk.locator('[data-form=collectionTemplate]');
    const propose = async (name: string, fil: string) => {
      await form.getByLabel(en('collectionTemplate.name')).fill(name);
      await form
        .getByLabel(en('collectionTemplate.en'))
        .fill('Your loan {{orderNo}} is overdue. Pay here: {{payLink}}');
      await form.getByLabel(en('collectionTemplate.fil')).fill(fil);
      await form.getByLabel(en('collectionTemplate.zh-CN')).fill('您的借款 {{orderNo}} 已逾期，请在应用内还款。');
      await form.getByRole('button', { name: en('collections.propose') }).click();
    };
    await propose('Final warning', 'Magbayad ka na o makukulong ka.');
    await expect
      .poll(() => desk.getByTestId('wording-matches').textContent())
      .toContain(en('collections.wording.jail'));
    await propose(
      'Reminder',
      'Paalala: ang iyong loan {{orderNo}} ay lampas na sa takdang araw. Magbayad dito: {{payLink}}',
    );
    const pending = desk.locator('li[data-state=pending]', { hasText: 'Reminder' });
    await pending.waitFor();
    await expect.poll(() => form.getByLabel(en('collectionTemplate.name')).inputValue()).toBe('');
    await desk.screenshot({ path: '/tmp/collections-templates.png', fullPage: true });
    expect(await pending.getByRole('button', { name: en('approvals.approve') }).count()).toBe(0);

    const boss = await signedIn(supervisor);
    await boss.goto(`${server.url}/staff/collection-templates`);
    await boss
      .locator('li[data-state=pending]', { hasText: 'Reminder' })
      .getByRole('button', { name: en('approvals.approve') })
      .click();
    await boss.locator('li[data-state=approved]', { hasText: 'Reminder' }).waitFor();

    // The next morning: the approved message goes out (in the app and by SMS), and a promise is recorded.
    travel(addDays(due, 4), 10);
    const morning = await signedIn(collector);
    await morning.goto(`${server.url}/staff/collections/${loan.orderId}`);
    await expect.poll(() => morning.getByTestId('rules').getAttribute('data-allowed')).toBe('true');
    // The borrower's number is masked until the collector asks for it to call (audited on the server).
    expect(await morning.getByTestId('borrower-phone').textContent()).toBe(maskValue(loan.b.phone));
    await morning.getByRole('button', { name: en('collections.showContact') }).click();
    await expect.poll(() => morning.getByTestId('borrower-phone').textContent()).toBe(loan.b.phone);
    expect(await morning.getByRole('button', { name: en('collections.showContact') }).count()).toBe(0);
    await morning.getByTestId('template-choice').selectOption({ label: 'Reminder' });
    // Shown as the borrower will read it: their language, this loan's number and link.
    const preview = morning.getByTestId('template-preview');
    expect(await preview.locator('figcaption').textContent()).toBe(
      en('collections.previewIn', { language: en('languages.en') }),
    );
    expect(await preview.locator('.st-quote').textContent()).toBe(
      `Your loan ${loan.orderNo} is overdue. Pay here: ${server.url}/bill?order=${loan.orderId}`,
    );
    await morning.getByRole('button', { name: en('collections.send') }).click();
    await morning.getByTestId('contacts').getByText(en('collections.messageSent')).waitFor();
    await expect
      .poll(
        () =>
          server.outbox.messages().filter((m) => m.to === `+63${loan.b.phone}` && m.text.includes(loan.orderNo)).length,
      )
      .toBe(1);
    await recordContact(morning, 'promise', { day: addDays(due, 5), pesos: '500' });
    await morning.locator('[data-promise-state=pending]').waitFor();
    // The form starts again empty for the next contact.
    await expect
      .poll(() =>
        morning.locator('[data-form=collectionContact]').getByLabel(en('collectionContact.promisePesos')).count(),
      )
      .toBe(0);
    await morning.screenshot({ path: '/tmp/collections-loan-morning.png', fullPage: true });

    // Two days later the promise's day has passed: broken by the daily job, first in the queue.
    travel(addDays(due, 6), 10);
    await until('broken', async () => {
      const [promise] = await db.select().from(collectionPromises).where(eq(collectionPromises.orderId, loan.orderId));
      return promise?.state === 'broken';
    });
    const later = await signedIn(collector);
    await later.locator(`tr[data-order="${loan.orderId}"]`).getByText(en('collections.promiseStates.broken')).waitFor();
    await later.screenshot({ path: '/tmp/collections-queue.png', fullPage: true });

    // The borrower disputes the bill in the app: collection pauses until the supervisor resolves it.
    const b = { ...loan.b, headers: (await login(server, loan.b.phone)).headers };
    const phone = await borrowerPage(b);
    await phone.goto(`${server.url}/bill?order=${loan.orderId}`);
    await phone.getByRole('button', { name: loanText('collections.disputeAction') }).click();
    await phone.getByRole('radio', { name: loanText('collections.disputeReasons.amountWrong') }).check();
    await phone.getByRole('textbox', { name: loanText('collections.noteLabel') }).fill('The late fine is too high');
    await phone.getByRole('button', { name: loanText('collections.disputeSend') }).click();
    expect(await phone.getByTestId('disputed').textContent()).toContain(loanText('collections.disputedNote'));
    await later.goto(`${server.url}/staff/collections/${loan.orderId}`);
    expect(await later.getByTestId('rules').textContent()).toContain(en('collections.why.disputed'));
    await recordContact(later, 'reached');
    await expect.poll(() => later.getByRole('alert').first().textContent()).toBe(errors('COLLECTION_DISPUTED'));

    const resolver = await signedIn(supervisor);
    await resolver.goto(`${server.url}/staff/disputes`);
    const dispute = resolver.locator('tr[data-state=open]', { hasText: loan.orderNo });
    await dispute.getByRole('button', { name: en('collections.resolve') }).click();
    await dispute.getByLabel(en('disputeResolution.options.resolution.confirmed')).check();
    await dispute.getByRole('button', { name: en('collections.resolve') }).click();
    await expect.poll(() => resolver.locator('tr[data-state=open]', { hasText: loan.orderNo }).count()).toBe(0);
    await later.reload();
    await expect.poll(() => later.getByTestId('rules').getAttribute('data-allowed')).toBe('true');

    // What the borrower is told: every contact, by an alias, never a name.
    const seen = await call(b, 'GET', '/collection-contacts');
    const items = seen.json<{ items: { channel: string; staffAlias: string; message: string | null }[] }>().items;
    expect(items.map((i) => i.channel)).toEqual(['call', 'sms']);
    expect(items.every((i) => i.staffAlias === staffAlias(collector.id))).toBe(true);
    expect(items[1]!.message).toContain(`${server.url}/bill?order=${loan.orderId}`);
    expect(seen.body).not.toContain('Test collector');
    await phone.goto(`${server.url}/collectionContacts`);
    await expect.poll(() => phone.locator('[data-contact]').count()).toBe(2);
    const alias = loanText('collections.staffAlias', { alias: staffAlias(collector.id) });
    expect(await phone.locator('[data-contact]').first().textContent()).toContain(alias);
    expect(await phone.locator('[data-contact]').first().textContent()).toContain(
      loanText('collections.channels.call'),
    );
    expect(await phone.locator('[data-dispute]').getAttribute('data-state')).toBe('resolved');
    expect(await phone.textContent('body')).not.toContain('Test collector');
    await phone.screenshot({ path: '/tmp/collections-borrower.png', fullPage: true });

    // A complaint about the call reaches customer service with its age; the answer comes back to the borrower.
    const called = phone.locator('[data-contact]').first();
    await called.getByTestId('complain-contact').click();
    await called.getByTestId('complaint-reason').selectOption('rudeOrThreatening');
    await called.getByTestId('complaint-text').fill('The agent shouted at me on the phone.');
    await called.getByTestId('complaint-send').click();
    const complaint = phone.locator('[data-complaint]');
    await expect.poll(() => complaint.getAttribute('data-state')).toBe('received');
    const complaintId = (await complaint.getAttribute('data-complaint'))!;
    const reference = (await complaint.getByTestId('complaint-reference').textContent())!;
    const service = await signedIn(await addTestStaff(db, 'customerService', server.now()));
    await service.goto(`${server.url}/staff/collection-complaints`);
    const filed = service.locator(`tr[data-complaint="${complaintId}"]`);
    await filed.waitFor();
    expect(reference).toContain((await filed.getAttribute('data-reference'))!);
    expect(await filed.getAttribute('data-overdue')).toBe('false');
    expect(await filed.getByTestId('complaint-age').textContent()).toBe(
      en('collections.complaints.age_other', { count: 0 }),
    );
    await service.screenshot({ path: '/tmp/collections-complaints.png', fullPage: true });
    await filed.getByTestId('complaint-acknowledge').click();
    await expect.poll(() => filed.getAttribute('data-state')).toBe('in_progress');
    await filed.getByTestId('complaint-resolve').click();
    await filed.getByLabel(en('feedbackReply.text')).fill('We reviewed the call and spoke with the agent.');
    await filed.getByRole('button', { name: en('collections.complaints.resolve') }).click();
    await expect.poll(() => filed.count()).toBe(0);
    await phone.reload();
    await expect.poll(() => complaint.getAttribute('data-state')).toBe('resolved');
    expect(await complaint.getByTestId('complaint-answer').textContent()).toContain('spoke with the agent');
    await phone.screenshot({ path: '/tmp/collections-borrower-complaint.png', fullPage: true });

    // A month past due: the loan rolls to 31-60 days, and the supervisor's dashboard counts it in PAR 1 and PAR 30,
    // not yet in PAR 60; its bucket's table and the export agree.
    travel(addDays(due, 31), 10);
    const board = await signedIn(supervisor);
    await board.getByRole('link', { name: en('nav.book') }).click();
    await board.waitForURL((url) => url.pathname === '/staff/book');
    const card = (days: number) => board.getByTestId('book-summary').locator(`[data-par="${days}"]`);
    await expect.poll(() => card(30).textContent()).toContain(formatPeso(STANDARD_LOAN.principalCentavos));
    expect(await card(30).textContent()).toContain(en('book.loanCount_one', { count: 1 }));
    expect(await card(1).textContent()).toContain(en('book.loanCount_one', { count: 1 }));
    expect(await card(60).textContent()).toContain(en('book.loanCount_other', { count: 0 }));
    const bucketRow = board.getByTestId('book-buckets').locator('tr', { hasText: en('collections.buckets.d31to60') });
    expect(await bucketRow.textContent()).toContain(formatPeso(STANDARD_LOAN.principalCentavos));
    // The figures stay on screen while the funnel's step names arrive (the forms' catalog): never hidden behind the
    // page's loading state.
    const funnelTable = board.getByTestId('book-funnel');
    const summaryShown: boolean[] = [];
    for (const until = Date.now() + 30_000; !(await funnelTable.isVisible()) && Date.now() < until;)
      summaryShown.push(await board.getByTestId('book-summary').isVisible());
    expect(await funnelTable.isVisible()).toBe(true);
    summaryShown.push(await board.getByTestId('book-summary').isVisible());
    expect(summaryShown.every(Boolean)).toBe(true);
    await board.screenshot({ path: '/tmp/collections-book.png', fullPage: true });
    const csv = await call(
      await addTestStaff(db, 'administrator', server.now()),
      'GET',
      '/staff/book/export?table=par',
    );
    expect(csv.body.split('\r\n')[2]).toBe(`30,1,${STANDARD_LOAN.principalCentavos},10000`);
  });
});
