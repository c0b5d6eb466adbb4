/**
 * A repayment the gateway declines, in Chromium against the built app and the real server: a borrower
 * with a repaying loan pays by e-wallet, the simulated gateway declines the attempt (its `payment.failed` webhook, as
 * PayMongo's), and the payment screen, polling, shows it failed with its reason at once, in English and Filipino,
 * never "in progress"; "Pay again" leads to the bill, which says the last payment was declined and why, and the
 * borrower pays again at once with a new code; My Loan's repayment record shows the declined one failed with its reason.
 * Every payer here is declined (the test borrower's payout phone starts 9171), a few seconds after the attach.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { customers } from '#server/db/tables.ts';
import { completeProfile, signatureDocument, STANDARD_LOAN } from '#server/testing/loan-fixtures.ts';
import { testApi } from '#server/testing/test-api.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { loanText } from './loan-steps.ts';
import { browserDatabase, type E2eServer, newPhone, sessionOf, smsCode } from './server.ts';
import { loginThroughUi } from './steps.ts';

const suite = chromiumSuite(inject('baseUrl'));
const t = (key: string, values?: Record<string, string | number>) => loanText(key, values);
/** Where the screenshots go (looked at by hand; not compared). */
const SHOTS = resolve('test-results', 'declined-payment');

describe('a repayment the gateway declines', () => {
  let server: E2eServer;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const api = await testApi(browserDatabase(), {
      webDist: resolve('dist'),
      loans: { collectionDelayMs: 6_000, collectionFailPattern: /^9171/u },
    });
    const url = await api.app.listen({ port: 0, host: '127.0.0.1' });
    api.setPublicUrl(url);
    server = { ...api, url, kind: browserDatabase() };
  });
  afterAll(async () => {
    await server?.close();
  });

  /** `method` `/api/v1<path>` as the borrower logged in on `page`. */
  async function api(page: Page, method: 'GET' | 'POST', path: string, payload?: object) {
    const { token, customerId } = await sessionOf(page);
    const res = await server.app.inject({
      method,
      url: `/api/v1${path}`,
      headers: {
        authorization: `Bearer ${token}`,
        'x-customer-id': customerId,
        'x-device-id': 'e2e-declined-payment',
        ...(method === 'POST' && { 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` }),
      },
      ...(payload && { payload }),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<{ id: string; state: string }>();
  }

  /** A borrower with a complete profile, logged in, whose loan is paid out (through the API: the journey is the bill). */
  async function repayingBorrower(page: Page): Promise<string> {
    const phone = newPhone();
    const [customer] = await server.database.db.insert(customers).values({ phone }).returning();
    await completeProfile(server.database.db, customer!.id);
    await loginThroughUi(page, server.url, (p) => smsCode(server.outbox, p), phone);
    await page.waitForURL((url) => url.pathname === '/homeIndex');
    const { id } = await api(page, 'POST', '/loans', STANDARD_LOAN);
    await expect.poll(async () => (await api(page, 'GET', `/loans/${id}`)).state).toBe('accepted');
    await api(page, 'POST', `/loans/${id}/accept`, { agreePrivacy: true, agreeAgreement: true });
    await api(page, 'POST', '/signature', { signature: await signatureDocument(server.database.db, customer!.id) });
    await api(page, 'POST', `/loans/${id}/withdraw`, {});
    await expect.poll(async () => (await api(page, 'GET', `/loans/${id}`)).state).toBe('repaying');
    return id;
  }

  /** On the bill: repay in full by e-wallet; answers the payment's reference once the detail shows it in progress. */
  async function payByEWallet(page: Page): Promise<string> {
    await page.locator('[data-testid="settle"]').click();
    await page.getByText(t('payment.channel.eWallet'), { exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`^${t('bill.pay', { amount: '' }).trim()}`) }).click();
    await page.waitForURL((url) => url.pathname === '/repaidDetail');
    await page.locator('[data-testid="payment-state"][data-state="in_progress"]').waitFor();
    const reference = (await page.locator('[data-testid="reference"]').textContent()) ?? '';
    expect(reference).toMatch(/^pi_[0-9a-f]+$/u);
    return reference;
  }

  it(
    'shows the declined payment failed with its reason in English and Filipino, and the borrower pays again at once',
    { timeout: 180_000 },
    async () => {
      const page = await suite.open(iPhone(3));
      page.setDefaultTimeout(15_000);
      const orderId = await repayingBorrower(page);
      await page.goto(`${server.url}/bill?order=${orderId}`);
      const first = await payByEWallet(page);

      // The gateway declines the attempt a few seconds later: the screen (polling) shows it failed, with why.
      const state = page.locator('[data-testid="payment-state"]');
      await page.locator('[data-testid="payment-state"][data-state="fail"]').waitFor({ timeout: 30_000 });
      expect(await state.textContent()).toContain(t('payment.state.fail'));
      expect(await state.textContent()).not.toContain(t('payment.inProgressNote'));
      expect(await page.getByRole('alert').textContent()).toBe(t('payment.declineReason.generic'));
      expect(await state.textContent()).toContain(t('payment.declinedNote'));
      expect(await page.getByRole('link', { name: t('payment.howToPay') }).count()).toBe(0);
      await page.screenshot({ path: resolve(SHOTS, 'repaidDetail-en.png'), fullPage: true });

      await page.evaluate(() => localStorage.setItem('language', 'fil'));
      await page.reload();
      await page.locator('[data-testid="payment-state"][data-state="fail"]').waitFor();
      expect(await state.textContent()).toContain(loanText('payment.state.fail', {}, 'fil'));
      expect(await page.getByRole('alert').textContent()).toBe(loanText('payment.declineReason.generic', {}, 'fil'));
      expect(await page.locator('[data-testid="pay-again"]').textContent()).toBe(
        loanText('payment.payAgain', {}, 'fil'),
      );
      await page.screenshot({ path: resolve(SHOTS, 'repaidDetail-fil.png'), fullPage: true });
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.reload();

      // Pay again: the bill's repayment actions, the declined payment said so with why, and a new code at once.
      await page.locator('[data-testid="pay-again"]').click();
      await page.waitForURL((url) => url.pathname === '/bill' && url.hash === '#repay');
      const note = page.locator('[data-testid="declined-payment"]');
      await note.waitFor();
      expect(await note.textContent()).toContain(t('payment.declineReason.generic'));
      expect(await page.locator('[data-testid="pending-payment"]:visible').count()).toBe(0);
      expect(await page.locator('a[data-payment]:visible').first().textContent()).toContain(t('payment.state.fail'));
      await page.screenshot({ path: resolve(SHOTS, 'bill-en.png'), fullPage: true });
      const second = await payByEWallet(page);
      expect(second).not.toBe(first);

      // My Loan's repayment record: the declined one failed with its reason.
      await page.goto(`${server.url}/billIndex`);
      await page.getByRole('tab', { name: t('billIndex.tab.payments') }).click();
      await page.locator('[data-testid="decline-reason"]').first().waitFor();
      expect(await page.locator('[data-testid="decline-reason"]').first().textContent()).toBe(
        t('payment.declineReason.generic'),
      );
      await page.screenshot({ path: resolve(SHOTS, 'billIndex-en.png'), fullPage: true });
    },
  );
});
