/**
 * An overpayment goes back to the borrower, in Chromium against the built app and the real server: a
 * borrower with a repaying loan leaves a payment unpaid until it expires (the collection gateway held), pays the loan
 * in full ten days later, and then both payments arrive (the loans are taken through the API; loans.e2e.ts covers
 * them in the browser). One of them paid what was no longer owed: the bill shows the overpaid amount going back to
 * the payout account on file, then refunded through the simulated payout gateway (the bill asks again while it is on
 * its way), the payment's page shows the amount and the refund, and the repayment record shows it beside the payment. A screenshot at phone size is written to
 * test-results/refund-bill.png. On one database (browserDatabase in ./server.ts: PostgreSQL when TEST_DATABASE_URL names one); the server's suites (server/services/loans/refunds.test.ts) cover PostgreSQL
 * and the concurrency. The test API runs its timers: jobs every 200 ms, gateway callbacks after 1 s.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatPeso } from '#domain/money.ts';
import { and, eq } from 'drizzle-orm';
import { auditLog, customers, profileSections, refunds } from '#server/db/tables.ts';
import { BANK_INFO, completeProfile } from '#server/testing/loan-fixtures.ts';
import { borrowerApi } from './borrower-api.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { loanText } from './loan-steps.ts';
import { browserDatabases, newPhone, smsCode, startServer, type E2eServer } from './server.ts';
import { addTestStaff, staffDesktop, staffLogin, staffText } from './staff.ts';
import { loginThroughUi } from './steps.ts';

const suite = chromiumSuite(inject('baseUrl'));
const t = (key: string, values?: Record<string, string | number>) => loanText(key, values);
const st = staffText('en');
let keys = 0;
const newKey = () => `e2e-refund-${Date.now()}-${(keys += 1)}`;

describe.each(browserDatabases('one'))('overpayment refund on %s', (kind) => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The API as the borrower logged in on `page`. */
  const apiOf = (page: Page) => borrowerApi(server, page, newKey);

  /**
   * A borrower logged in on a phone, with a repaying loan paid twice: a payment made, left unpaid until it expired (the
   * collection gateway and the server's jobs held, whose reconciliation would otherwise find it paid at the counter
   * meanwhile), and the full amount due ten days later; then the gateway and the jobs run again and both are paid.
   * `beforePaid` changes what it must before the payments arrive. Answers the page, the order and both payments.
   */
  async function overpaid(beforePaid: (customerId: string) => Promise<void> = async () => undefined) {
    const page = await suite.open(iPhone(2));
    page.setDefaultTimeout(20_000);
    const phone = newPhone();
    const [customer] = await server.database.db.insert(customers).values({ phone }).returning();
    await completeProfile(server.database.db, customer!.id);
    await loginThroughUi(page, server.url, (p) => smsCode(server.outbox, p), phone);
    await page.waitForURL((url) => url.pathname === '/homeIndex');
    const api = await apiOf(page);
    const orderId = await api.repaying();

    // The payer waits: a payment made now is paid only when the gateway runs again (and the server's jobs, whose
    // reconciliation would otherwise find it paid at the gateway's counter meanwhile).
    await server.collectionGateway.stop();
    await server.jobs.stop();
    const early = await api.call<{ amountCentavos: number }>(
      'POST',
      `/loans/${orderId}/payments`,
      { kind: 'settle', channel: 'otc' },
      newKey(),
    );
    expect(early.status).toBe(201);
    // Ten days on, that payment has expired unpaid: the borrower pays the loan in full (the amount due today).
    server.advance(10 * 86_400);
    const full = await api.call<{ id: string; amountCentavos: number }>(
      'POST',
      `/loans/${orderId}/payments`,
      { kind: 'settle', channel: 'otc' },
      newKey(),
    );
    expect(full.status).toBe(201);
    expect(full.body.amountCentavos).toBeGreaterThan(early.body.amountCentavos);
    await beforePaid(customer!.id);
    server.collectionGateway.start(200);
    server.jobs.start(200);
    return { page, customerId: customer!.id, orderId, early: early.body, full: full.body };
  }

  /** The bill's refund card, once the payment that paid over what was owed has arrived (opening the bill again). */
  async function refundCard(page: Page, orderId: string) {
    const card = page.getByTestId('refunds');
    for (let i = 0; ; i += 1) {
      await page.goto(`${server.url}/bill?order=${orderId}`);
      if (
        await card.waitFor({ timeout: 2000 }).then(
          () => true,
          () => false,
        )
      )
        return card;
      if (i > 20) throw new Error('no refund on the bill');
    }
  }

  it(
    'shows the overpaid amount going back to the payout account on the bill and in the repayment record',
    { timeout: 180_000 },
    async () => {
      const { page, orderId, early, full } = await overpaid();
      await page.goto(`${server.url}/repaidDetail?payment=${full.id}`);
      await page.locator('[data-testid="payment-state"][data-state="success"]').waitFor({ timeout: 30_000 });
      const amount = formatPeso(early.amountCentavos);
      // The other payment arrives beside it: the bill shows what was paid over what was owed, going back.
      const card = await refundCard(page, orderId);
      expect(await card.getByRole('heading').textContent()).toBe(t('refund.title'));
      expect(await card.textContent()).toContain(t('refund.note'));
      expect(await card.locator('[data-refund]').textContent()).toContain(amount);
      // Refunded through the simulated payout gateway within seconds: the bill, asking again meanwhile, shows it.
      await card.locator('[data-testid="refund-state"][data-state="refunded"]').waitFor({ timeout: 30_000 });
      expect(await card.getByTestId('refund-state').textContent()).toBe(t('refund.state.refunded'));
      mkdirSync('test-results', { recursive: true });
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'test-results/refund-bill.png' });

      // The payment page of the overpayment shows the amount and the refund.
      await card.locator('[data-refund]').click();
      await page.waitForURL((url) => url.pathname === '/repaidDetail');
      await page.locator('[data-figure="overpaid"]').waitFor();
      expect(await page.locator('[data-figure="overpaid"] dd').textContent()).toBe(amount);
      expect(await page.locator('[data-figure="refund"] dd').textContent()).toBe(t('refund.state.refunded'));
      await page.screenshot({ path: 'test-results/refund-payment.png', fullPage: true });

      // The repayment record: the overpaid amount and the refund's state beside the payment.
      await page.goto(`${server.url}/billIndex`);
      await page.getByRole('tab', { name: t('billIndex.tab.payments') }).click();
      const line = page.getByTestId('refund-line');
      await line.waitFor();
      expect(await line.count()).toBe(1);
      expect(await line.textContent()).toContain(t('refund.overpaidShort', { amount }));
      expect(await line.textContent()).toContain(t('refund.state.refunded'));
      await page.screenshot({ path: 'test-results/refund-record.png', fullPage: true });

      // In Filipino and Chinese too.
      for (const lng of ['fil', 'zh-CN']) {
        await page.evaluate((l) => localStorage.setItem('language', l), lng);
        await page.goto(`${server.url}/bill?order=${orderId}`);
        await card.waitFor();
        expect(await card.getByRole('heading').textContent()).toBe(loanText('refund.title', {}, lng));
        expect(await card.getByTestId('refund-state').textContent()).toBe(loanText('refund.state.refunded', {}, lng));
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/refund-bill-${lng}.png` });
      }
    },
  );

  it(
    'shows a refund that failed for good to the borrower and to staff, who send it again once the account is fixed',
    { timeout: 180_000 },
    async () => {
      // The account on file cannot take money when the refund is sent (the simulated gateway's INVALID_DESTINATION).
      const bankInfo = async (customerId: string, accountNumber: string) => {
        await server.database.db
          .update(profileSections)
          .set({ data: { ...BANK_INFO, accountNumber, accountNumberConfirm: accountNumber } })
          .where(and(eq(profileSections.customerId, customerId), eq(profileSections.step, 'bankInfo')));
      };
      const { page, customerId, orderId, early } = await overpaid((id) => bankInfo(id, '121212'));
      const card = await refundCard(page, orderId);
      // The bill asks again while the refund is on its way, and stops when it failed.
      await card.locator('[data-testid="refund-state"][data-state="failed"]').waitFor({ timeout: 30_000 });
      expect(await card.getByTestId('refund-state').textContent()).toBe(t('refund.state.failed'));
      expect(await card.getByRole('alert').textContent()).toBe(t('refund.failedNote'));
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'test-results/refund-bill-failed.png' });

      // Customer service finds it in the console's refund list, waiting for a person.
      const staff = await addTestStaff(server.database.db, 'customerService', server.now());
      const desk = await suite.open(staffDesktop);
      desk.setDefaultTimeout(20_000);
      await staffLogin(desk, server, staff);
      await desk.getByRole('link', { name: st('nav.refunds') }).click();
      await desk.waitForURL((url) => url.pathname === '/staff/refunds');
      const [refund] = await server.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
      const row = desk.locator(`tr[data-refund="${refund!.id}"]`);
      await row.waitFor();
      expect(await row.getAttribute('data-state')).toBe('failed');
      expect(await row.textContent()).toContain(formatPeso(early.amountCentavos));
      expect(await row.textContent()).toContain('INVALID_DESTINATION');
      await desk.screenshot({ path: 'test-results/refund-staff-list.png' });

      // The borrower fixed the account: sent again, and refunded.
      await bankInfo(customerId, BANK_INFO.accountNumber);
      await row.getByRole('button', { name: st('refunds.retry') }).click();
      await row.waitFor({ state: 'detached' });
      await desk.getByRole('tab', { name: st('refunds.filter.all') }).click();
      await desk.locator(`tr[data-refund="${refund!.id}"]`).waitFor();
      await page.goto(`${server.url}/bill?order=${orderId}`);
      await card.locator('[data-testid="refund-state"][data-state="refunded"]').waitFor({ timeout: 30_000 });
      const audited = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.staffId, staff.id), eq(auditLog.event, 'staff.refund.retried')));
      expect(audited).toHaveLength(1);
    },
  );
});
