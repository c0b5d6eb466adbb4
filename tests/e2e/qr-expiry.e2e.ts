/**
 * A QR Ph payment that expires, in Chromium against the built app and the real server (§2.4): a
 * borrower with a repaying loan pays by e-wallet (a QR Ph code), does not pay it, and 31 minutes later (the server's
 * clock moved on) the simulated gateway's `qrph.expired` webhook releases it: the payment screen shows it expired,
 * in English, Filipino and Chinese, never in progress, and "Pay again" leads to the bill, where the borrower pays again
 * at once with a new code. The simulated payer here acts only after two hours, so the code expires first.
 */
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

describe('a QR Ph payment that expires', () => {
  let server: E2eServer;
  beforeAll(async () => {
    const api = await testApi(browserDatabase(), {
      webDist: resolve('dist'),
      loans: { collectionDelayMs: 2 * 3_600_000 },
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
        'x-device-id': 'e2e-qr-expiry',
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
    // The underwriting job approves within seconds; the payout gateway pays out a second after the withdrawal.
    await expect.poll(async () => (await api(page, 'GET', `/loans/${id}`)).state).toBe('accepted');
    await api(page, 'POST', `/loans/${id}/accept`, { agreePrivacy: true, agreeAgreement: true });
    await api(page, 'POST', '/signature', { signature: await signatureDocument(server.database.db, customer!.id) });
    await api(page, 'POST', `/loans/${id}/withdraw`, {});
    await expect.poll(async () => (await api(page, 'GET', `/loans/${id}`)).state).toBe('repaying');
    return id;
  }

  /** On the bill: repay in full by e-wallet (QR Ph); answers the payment's reference once the detail shows it. */
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
    'shows the expired payment as expired, in three languages, and the borrower pays again at once',
    {
      timeout: 180_000,
    },
    async () => {
      const page = await suite.open(iPhone(3));
      page.setDefaultTimeout(15_000);
      const orderId = await repayingBorrower(page);
      await page.goto(`${server.url}/bill?order=${orderId}`);
      const first = await payByEWallet(page);
      // Payable for the code's 30 minutes: the bill points to it and offers nothing else.
      await page.goto(`${server.url}/bill?order=${orderId}`);
      await page.locator('[data-testid="pending-payment"]').waitFor();
      expect(await page.locator('[data-testid="settle"]:visible').count()).toBe(0);
      await page.locator('[data-testid="pending-payment"]').click();
      await page.locator('[data-testid="payment-state"][data-state="in_progress"]').waitFor();

      // 31 minutes later the code has expired: the gateway says so, the server releases the payment, the screen
      // (polling) shows it expired, with no way to pay the dead code.
      server.advance(31 * 60);
      const state = page.locator('[data-testid="payment-state"]');
      await page.locator('[data-testid="payment-state"][data-state="expired"]').waitFor({ timeout: 30_000 });
      expect(await state.textContent()).toContain(t('payment.state.expired'));
      expect(await state.textContent()).toContain(t('payment.expiredNote'));
      expect(await page.getByRole('link', { name: t('payment.howToPay') }).count()).toBe(0);
      for (const lng of ['fil', 'zh-CN']) {
        await page.evaluate((l) => localStorage.setItem('language', l), lng);
        await page.reload();
        await page.locator('[data-testid="payment-state"][data-state="expired"]').waitFor();
        expect(await state.textContent()).toContain(loanText('payment.state.expired', {}, lng));
        expect(await page.locator('[data-testid="pay-again"]').textContent()).toBe(
          loanText('payment.payAgain', {}, lng),
        );
      }
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.reload();

      // Pay again: back on the bill's repayment actions, the expired payment said so, and a new code at once.
      await page.locator('[data-testid="pay-again"]').click();
      await page.waitForURL((url) => url.pathname === '/bill' && url.hash === '#repay');
      await page.locator('[data-testid="expired-payment"]').waitFor();
      expect(await page.locator('[data-testid="pending-payment"]:visible').count()).toBe(0);
      expect(await page.locator('a[data-payment]:visible').first().textContent()).toContain(t('payment.state.expired'));
      const second = await payByEWallet(page);
      expect(second).not.toBe(first);
    },
  );
});
