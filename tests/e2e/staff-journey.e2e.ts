/**
 * The lender run by its staff, end to end in Chromium against the real server: the first
 * administrator, created by the staff command, adds an underwriter, a customer service agent and a supervisor in the
 * console. A student's application goes to review (underwriting gives students no income band); the underwriter signs
 * in with TOTP, opens it from the queue, sees the ID and face photos and approves it with a limit; the borrower, on a
 * phone, sees the approval, agrees, signs and withdraws. Another student's review is rejected with a coded reason and
 * that borrower's home screen shows the reapply date. The agent finds the first borrower by phone, replies to their
 * feedback and opens a deletion request, which the server refuses while the loan is open; once the borrower has
 * settled it, the request is opened again and the supervisor approves it: the borrower's session is refused, their
 * personal data is gone and the audit log shows the erasure. Wrong credentials (password, missing or reused code) and
 * a wrong role are refused along the way. On one database (browserDatabase in ./server.ts: PostgreSQL when TEST_DATABASE_URL names one); the server
 * suites (server/routes/staff/*.test.ts, server/services/staff/cli.test.ts) run each of these staff actions on PostgreSQL too.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, manilaToday } from '#domain/calendar-date.ts';
import { formatPeso } from '#domain/money.ts';
import { customers, documents, feedback, loanOrders, profileSections } from '#server/db/tables.ts';
import { completeSections } from '#server/testing/loan-fixtures.ts';
import { idCard, portrait } from '#server/providers/identity/test-images.ts';
import { runStaffCli } from '#server/services/staff/cli.ts';
import { maskValue } from '#server/services/staff/masking.ts';
import { documentUpload } from '#server/testing/multipart.ts';
import { intlDay } from '#src/testing/intl-oracle.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { agreeTerms, loanText as t, orderCard, pay, sign } from './loan-steps.ts';
import {
  browserDatabases,
  completeProfileOf,
  newPhone,
  sessionOf,
  smsCode,
  startServer,
  type E2eServer,
} from './server.ts';
import { flow, loginThroughUi } from './steps.ts';
import {
  addStaffInUi,
  codeUsed,
  freshCode,
  staffDesktop,
  staffLogin,
  staffPasswordStep,
  staffText,
  type StaffCredentials,
} from './staff.ts';

const suite = chromiumSuite(inject('baseUrl'));
const en = staffText('en');
const zh = staffText('zh-CN');
const forms = staffText('en', 'forms');
const formsZh = staffText('zh-CN', 'forms');
const staffErrors = staffText('en', 'errors');
const STUDENT = {
  employmentType: 'student',
  schoolName: 'University of the Philippines Diliman',
  major: 'BS Nursing',
  admissionDate: '2023-08-14',
  graduationDate: '2027-06-30',
};
const ADMIN_PASSWORD = 'the first operator passphrase';

describe.each(browserDatabases('one'))('the lender run by its staff on %s', (kind) => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A photo uploaded by the borrower signed in on `page`, answered as its `doc:` reference. */
  async function upload(page: Page, kindName: string, file: Buffer): Promise<string> {
    const { token, customerId } = await sessionOf(page);
    const { body, contentType } = documentUpload(kindName, file);
    const res = await fetch(`${server.url}/api/v1/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-customer-id': customerId, 'content-type': contentType },
      body,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { ref: string }).ref;
  }

  /**
   * A student registers through /start on a phone, uploads ID and face photos, and has every other step on file (the
   * information steps' own suites fill them in the browser); home then offers a loan.
   */
  async function student(page: Page): Promise<{ customerId: string; phone: string }> {
    const phone = newPhone();
    await loginThroughUi(page, server.url, (p) => smsCode(server.outbox, p), phone);
    const idFront = await upload(page, 'idFront', await sharp(idCard()).jpeg({ quality: 90 }).toBuffer());
    const face = await upload(page, 'face', await sharp(portrait()).jpeg({ quality: 90 }).toBuffer());
    const sections = {
      ...completeSections({ identityInfo: { idPhotoFront: idFront, facePhoto: face } }),
      workInfo: STUDENT,
    };
    const customerId = await completeProfileOf(server, page, async (id) => {
      await server.database.db
        .insert(profileSections)
        .values(
          Object.entries(sections).map(([step, data]) => ({ customerId: id, step, data, schemaVersion: 'fixture' })),
        );
    });
    await page.goto(`${server.url}/homeIndex`);
    return { customerId, phone };
  }

  /** Applies from home for the smallest amount; underwriting leaves a student for a person. */
  async function applyToReview(page: Page, customerId: string): Promise<{ id: string; orderNo: string }> {
    await page.getByRole('button', { name: t('offer.apply') }).click();
    await orderCard(page, 'under_review').waitFor();
    // The underwriting job runs within seconds and records why it left the order for a person.
    await expect
      .poll(
        async () =>
          (
            (await server.database.db.select().from(loanOrders).where(eq(loanOrders.customerId, customerId)))[0]
              ?.decision as { decision?: string } | null
          )?.decision,
        { timeout: 30_000, interval: 500 },
      )
      .toBe('review');
    const [order] = await server.database.db.select().from(loanOrders).where(eq(loanOrders.customerId, customerId));
    expect(order!.state).toBe('under_review');
    return { id: order!.id, orderNo: order!.orderNo };
  }

  const logout = async (page: Page) => {
    await page.getByRole('button', { name: en('header.logout') }).click();
    await page.waitForURL((url) => url.pathname === '/staff/login');
  };

  /** A staff API call from the console's own session (what a tampered console could send). */
  const staffFetch = (page: Page, path: string) =>
    page.evaluate(
      async (url) =>
        (await fetch(url, { headers: { authorization: `Bearer ${sessionStorage.getItem('staff.session') ?? ''}` } }))
          .status,
      `${server.url}${path}`,
    );

  it(
    'an administrator made by the command staffs the console; reviews are decided, a borrower is served and erased',
    { timeout: 600_000 },
    async () => {
      // 1. The first administrator, by the command an operator runs (on the server's database).
      const printed: string[] = [];
      const exit = await runStaffCli(['create-admin', '--email', `admin-${kind}@lender.test`, '--name', 'Ada Admin'], {
        env: { STAFF_PASSWORD: ADMIN_PASSWORD },
        print: (line) => printed.push(line),
        open: async () => ({ ...server.database, close: async () => undefined }),
      });
      expect(exit, printed.join('\n')).toBe(0);
      const admin: StaffCredentials = {
        email: `admin-${kind}@lender.test`,
        password: ADMIN_PASSWORD,
        totpSecret: /secret: ([A-Z2-7]+)/u.exec(printed.join('\n'))![1]!,
      };

      const desk = await suite.open(staffDesktop);
      desk.setDefaultTimeout(20_000);
      // A wrong password and a missing code are refused; then the administrator signs in.
      await staffPasswordStep(desk, server.url, { email: admin.email, password: 'not the passphrase' });
      await expect
        .poll(() => desk.getByRole('alert').textContent())
        .toBe(staffErrors('STAFF_LOGIN_FAILED', { maxFailures: 5, lockMinutes: 15 }));
      await desk.locator('input[name=password]').fill(admin.password);
      await desk.locator('button[type=submit]').click();
      await desk.locator('input[name=code]').waitFor();
      await desk.locator('button[type=submit]').click();
      await expect.poll(() => desk.getByRole('alert').textContent()).toBe(staffErrors('TOTP_REQUIRED'));
      const adminCode = freshCode(admin.totpSecret, server);
      await desk.locator('input[name=code]').fill(adminCode);
      await desk.locator('button[type=submit]').click();
      await desk.getByRole('link', { name: en('nav.accounts') }).click();
      await desk.waitForURL((url) => url.pathname === '/staff/accounts');
      const underwriter = await addStaffInUi(desk, 'underwriter', 'Una Writer');
      const agent = await addStaffInUi(desk, 'customerService', 'Cesar Service');
      const supervisor = await addStaffInUi(desk, 'supervisor', 'Sofia Visor');
      await logout(desk);
      // The administrator's code, once used, is refused as reused.
      await staffPasswordStep(desk, server.url, admin);
      await desk.locator('input[name=code]').fill(adminCode);
      await desk.locator('button[type=submit]').click();
      await expect.poll(() => desk.getByRole('alert').textContent()).toBe(staffErrors('TOTP_REUSED'));
      codeUsed(admin.totpSecret, server);

      // 2. A student applies on a phone: underwriting leaves it for a person.
      const phone1 = await suite.open(iPhone(3));
      phone1.setDefaultTimeout(20_000);
      const first = await student(phone1);
      const order1 = await applyToReview(phone1, first.customerId);

      // 3. The underwriter: the queue, the photos, a limit out of range refused, then approved within it. Their role
      //    reaches neither staff accounts nor the audit log, in the console or by the API.
      await staffLogin(desk, server, underwriter);
      await desk.waitForURL((url) => url.pathname === '/staff/reviews');
      expect(await desk.getByRole('link', { name: en('nav.accounts') }).count()).toBe(0);
      expect(await staffFetch(desk, '/api/v1/staff/accounts')).toBe(403);
      expect(await staffFetch(desk, '/api/v1/staff/audit')).toBe(403);
      await desk.getByRole('link', { name: order1.orderNo }).click();
      await desk.waitForURL((url) => url.pathname === `/staff/reviews/${order1.id}`);
      const photos = desk.locator('.st-photo img');
      await expect.poll(() => photos.count()).toBe(2);
      await expect
        .poll(() =>
          photos.evaluateAll((imgs) =>
            imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
          ),
        )
        .toBe(true);
      await desk.getByLabel(en('reviewDecision.options.decision.approve')).check();
      const limit = desk.getByLabel(en('reviewDecision.limitPesos'));
      await limit.fill('999999');
      await desk.getByRole('button', { name: en('review.submitDecision') }).click();
      await desk.locator('.st-page [role=alert], .st-page .error-detail, .st-page .text-danger').first().waitFor();
      expect(await limit.inputValue()).toBe('999999');
      await limit.fill('3000');
      await desk.getByRole('button', { name: en('review.submitDecision') }).click();
      await desk.getByTestId('decided').waitFor();

      // The decision reads as staff expect: approved, by the underwriter's name, the limit in pesos; after a reload
      // (what the server gives) the review still says why the rules left it for a person.
      await desk.reload();
      await desk.getByTestId('decision-summary').waitFor();
      expect(await desk.getByTestId('decision-outcome').textContent()).toBe(
        en('reviewDecision.options.decision.approve'),
      );
      expect(await desk.getByTestId('decided-by').textContent()).toBe('Una Writer');
      expect(await desk.getByTestId('decision-limit').textContent()).toBe(formatPeso(300000));
      expect(await desk.getByTestId('review-reason').textContent()).toBe(en('reviewReasons.MISSING_FACTS'));
      // Profile fields carry the borrower's form labels and option texts, never raw keys or codes; masked stays masked.
      const field = (name: string) => desk.locator(`[data-field="${name}"]`);
      expect(await field('identityInfo.idType').locator('dt').textContent()).toBe(forms('identity.idType'));
      expect(await field('identityInfo.idType').locator('.st-value').textContent()).toBe(
        forms('identity.options.idType.passport'),
      );
      expect(await field('baseInfo.maritalStatus').locator('.st-value').textContent()).toBe(
        forms('baseInfo.options.maritalStatus.single'),
      );
      expect(await field('identityInfo.name').locator('.st-value').textContent()).toBe(maskValue('Juan dela Cruz'));
      expect(await desk.locator('.st-profile dt').allTextContents()).not.toContain('maritalStatus');
      const contacts = await field('contact.emergencyContacts').locator('.st-value').textContent();
      expect(contacts).toContain(forms('contact.options.relation.parents'));
      expect(contacts).not.toMatch(/\bparents\b/u);
      await desk.screenshot({ path: `/tmp/staff-journey-approved-${kind}.png`, fullPage: true });
      // In Chinese: the same fields in the staff member's language; then back to English.
      await desk.evaluate(() => localStorage.setItem('staff.language', 'zh-CN'));
      await desk.reload();
      await desk.getByTestId('decision-summary').waitFor();
      await expect
        .poll(() => field('baseInfo.maritalStatus').locator('dt').textContent())
        .toBe(formsZh('baseInfo.maritalStatus'));
      expect(await desk.getByTestId('decision-outcome').textContent()).toBe(
        zh('reviewDecision.options.decision.approve'),
      );
      await desk.screenshot({ path: `/tmp/staff-journey-approved-zh-${kind}.png`, fullPage: true });
      await desk.evaluate(() => localStorage.setItem('staff.language', 'en'));

      // 4. The borrower's home screen moves on by itself: approved; they agree, sign and withdraw; the payout arrives.
      await orderCard(phone1, 'accepted').waitFor({ timeout: 30_000 });
      await agreeTerms(phone1);
      await sign(phone1);
      await phone1.getByRole('button', { name: t('withdraw.submit') }).click();
      await phone1.locator('[data-testid="withdrawn"]').waitFor();
      await phone1.goto(`${server.url}/homeIndex`);
      await orderCard(phone1, 'repaying').waitFor({ timeout: 30_000 });

      // 5. Another student's review is rejected with a coded reason: their home screen shows the reapply date.
      const phone2 = await suite.open(iPhone(3));
      phone2.setDefaultTimeout(20_000);
      const second = await student(phone2);
      const order2 = await applyToReview(phone2, second.customerId);
      const reapplyAfter = addDays(manilaToday(server.now()), 45);
      await desk.goto(`${server.url}/staff/reviews`);
      await desk.getByRole('link', { name: order2.orderNo }).click();
      await desk.waitForURL((url) => url.pathname === `/staff/reviews/${order2.id}`);
      await desk.getByLabel(en('reviewDecision.options.decision.reject')).check();
      await desk
        .getByLabel(en('reviewDecision.reason'))
        .selectOption({ label: en('reviewDecision.options.reason.INCOME_NOT_VERIFIED') });
      await desk.getByLabel(en('reviewDecision.reapplyAfter')).fill(reapplyAfter);
      await desk.getByRole('button', { name: en('review.submitDecision') }).click();
      await desk.getByTestId('decided').waitFor();
      const blocked = phone2.locator('[data-testid="apply-blocked"]');
      await blocked.waitFor({ timeout: 30_000 });
      expect(await blocked.textContent()).toContain(t('offer.reapplyAfter', { date: intlDay(reapplyAfter, 'en') }));
      expect(await phone2.getByRole('button', { name: t('offer.apply') }).isDisabled()).toBe(true);
      await logout(desk);

      // 6. The first borrower writes feedback; the agent finds them by phone, replies, and opens a deletion request,
      //    refused while the loan is open.
      const { token, customerId } = await sessionOf(phone1);
      const borrowerHeaders = {
        authorization: `Bearer ${token}`,
        'x-customer-id': customerId,
        'content-type': 'application/json',
      };
      const sent = await fetch(`${server.url}/api/v1/feedback`, {
        method: 'POST',
        headers: borrowerHeaders,
        body: JSON.stringify({ category: 'loan', text: 'Please delete my account once my loan is paid.' }),
      });
      expect(sent.status).toBe(201);
      await staffLogin(desk, server, agent);
      await desk.waitForURL((url) => url.pathname === '/staff/customers');
      expect(await staffFetch(desk, '/api/v1/staff/reviews')).toBe(403);
      await desk.locator('form[role=search] select').selectOption('phone');
      await desk.locator('form[role=search] input[name=q]').fill(`0${first.phone}`);
      await desk.getByRole('button', { name: en('customers.search') }).click();
      await desk.locator(`a[href$="/customers/${first.customerId}"]`).click();
      await desk.waitForURL((url) => url.pathname === `/staff/customers/${first.customerId}`);
      await desk.getByRole('tab', { name: en('customer.tabs.feedback') }).click();
      await desk.getByLabel(en('feedbackReply.text')).fill('We will delete it as soon as the loan is settled.');
      await desk.getByRole('button', { name: en('feedback.send') }).click();
      await desk.locator('.st-reply').waitFor();
      await desk.getByRole('tab', { name: en('customer.tabs.deletion') }).click();
      await desk
        .getByLabel(en('deletionRequest.verification'))
        .selectOption({ label: en('deletionRequest.options.verification.smsCodeToRegisteredPhone') });
      await desk.getByRole('button', { name: en('deletion.submit') }).click();
      await expect
        .poll(() => desk.locator('.st-page [role=alert]').allTextContents())
        .toContain(staffErrors('LOAN_OPEN'));
      // The reply reached the borrower as a message.
      const notify = (await (
        await fetch(`${server.url}/api/v1/messages?tab=notify`, { headers: borrowerHeaders })
      ).json()) as { messages: { template: string }[] };
      expect(notify.messages.map((m) => m.template)).toEqual(expect.arrayContaining(['approved', 'feedbackReplied']));

      // 7. The borrower settles in full; the request is opened again and waits for a supervisor.
      await pay(phone1, server.url, order1.id, 'settle', 'eWallet');
      await expect
        .poll(
          async () =>
            (await server.database.db.select().from(loanOrders).where(eq(loanOrders.id, order1.id)))[0]?.state,
          { timeout: 30_000 },
        )
        .toBe('settled');
      await desk.getByRole('button', { name: en('deletion.submit') }).click();
      await desk.locator('[data-deletion=pending]').waitFor();
      await logout(desk);

      // 8. The supervisor approves it: it executes.
      await staffLogin(desk, server, supervisor);
      await desk.goto(`${server.url}/staff/approvals`);
      const row = desk.locator('tr', { has: desk.locator(`a[href$="/customers/${first.customerId}"]`) });
      // The customer is shown masked (name, phone), linked to the customer view, never as an id.
      const who = row.getByTestId('approval-customer');
      await who.waitFor();
      expect(await who.textContent()).toBe(`${maskValue('Juan dela Cruz')} · ${maskValue(first.phone)}`);
      await desk.screenshot({ path: `/tmp/staff-journey-approvals-${kind}.png`, fullPage: true });
      await row.getByRole('button', { name: en('approvals.approve') }).click();
      await expect.poll(() => row.count()).toBe(0);

      // The borrower's session is refused (after the server's few seconds of session cache): the app goes to /start.
      await expect
        .poll(async () => (await fetch(`${server.url}/api/v1/profile`, { headers: borrowerHeaders })).status, {
          timeout: 30_000,
          interval: 1000,
        })
        .toBe(401);
      await phone1.goto(`${server.url}/homeIndex`);
      await phone1.waitForURL((url) => url.pathname === '/start');
      // The same number logs in to a new, empty account: the first information step, nothing of the old one.
      await loginThroughUi(phone1, server.url, (p) => smsCode(server.outbox, p), first.phone);
      await phone1.waitForURL((url) => url.pathname === flow.steps[0]!.route);
      expect((await sessionOf(phone1)).customerId).not.toBe(first.customerId);
      // No personal value of theirs is left: profile, photos, feedback gone; the phone only as a keyed hash; the loan
      // record kept without the payout account's number.
      const db = server.database.db;
      expect(await db.select().from(profileSections).where(eq(profileSections.customerId, first.customerId))).toEqual(
        [],
      );
      expect(await db.select().from(documents).where(eq(documents.customerId, first.customerId))).toEqual([]);
      expect(await db.select().from(feedback).where(eq(feedback.customerId, first.customerId))).toEqual([]);
      const [erased] = await db.select().from(customers).where(eq(customers.id, first.customerId));
      expect(erased!.phone).toMatch(/^erased:/u);
      expect(erased!.phone).not.toContain(first.phone);
      const [kept] = await db.select().from(loanOrders).where(eq(loanOrders.id, order1.id));
      expect(kept!.state).toBe('settled');
      expect(JSON.stringify(kept!.payoutAccount ?? {})).not.toMatch(/001234567890|Juan/u);

      // The audit log shows who approved and the erasure, filtered by the customer.
      await desk.getByRole('link', { name: en('nav.audit') }).click();
      await desk.waitForURL((url) => url.pathname === '/staff/audit');
      await desk.getByLabel(en('audit.filters.customerId')).fill(first.customerId);
      await desk.getByRole('button', { name: en('common.filter') }).click();
      const events = desk.locator('table.st-table tbody');
      await expect
        .poll(async () => (await events.textContent()) ?? '')
        .toContain(en('audit.events.staff.deletion.executed'));
      expect(await events.textContent()).toContain(en('audit.events.staff.deletion.approved'));
      expect(await events.locator('[title="staff.deletion.executed"]').count()).toBe(1);
      await desk.screenshot({ path: `/tmp/staff-journey-audit-${kind}.png`, fullPage: true });
    },
  );
});
