/**
 * Coupons in Chromium at an iPhone viewport, against the built app and the real server: a new borrower
 * registers and finds the platform coupon on /coupon; on the withdrawal page a coupon below its minimum is refused in
 * place with its message, a withdrawal coupon raises the received amount by its value and the payout carries it; on
 * the bill the add-to-home-screen coupon is refused below its minimum (the spec's message) and a repayment coupon
 * lowers the amount to pay by its value; opened from the home screen (display-mode standalone and
 * navigator.standalone faked by an init script) the app gets the ₱200 coupon once only. English and Filipino.
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatPeso } from '#domain/money.ts';
import { coupons, loanOrders, payouts } from '#server/db/tables.ts';
import { completeProfile, signatureDocument } from '#server/testing/loan-fixtures.ts';
import { issue } from '#server/services/coupons.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabase, type E2eServer, newPhone, smsCode, startServer } from './server.ts';
import { loginThroughUi, catalogText as tr } from './steps.ts';

const suite = chromiumSuite(inject('baseUrl'));
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/coupons-${name}.png`, fullPage: true });

/** Makes the page believe it was opened from the home screen (before any script of the app runs). */
async function standalone(page: Page) {
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const list = original(query);
      if (!query.includes('display-mode: standalone')) return list;
      return Object.assign(Object.create(Object.getPrototypeOf(list) as object) as MediaQueryList, {
        matches: true,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      });
    };
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
  });
}

describe('coupons', () => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(browserDatabase());
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Registers a new phone through /start in `lng`; answers the customer and the session's headers. */
  async function register(page: Page, lng: string) {
    const phone = newPhone();
    await loginThroughUi(page, server.url, (p) => smsCode(server.outbox, p), phone, lng);
    const core = JSON.parse((await page.evaluate(() => localStorage.getItem('core'))) ?? '{}') as {
      state: { publicData: { token: string; customerId: string } };
    };
    const { token, customerId } = core.state.publicData;
    return {
      phone,
      customerId,
      headers: { authorization: `Bearer ${token}`, 'x-customer-id': customerId, 'x-device-id': 'e2e-coupons' },
    };
  }

  for (const lng of ['en', 'fil'])
    it(
      `registers and finds the platform coupon on /coupon (${lng}); from the home screen the ₱200 coupon comes once only`,
      { timeout: 120_000 },
      async () => {
        const page = await suite.open(iPhone(3), undefined, { language: lng });
        page.setDefaultTimeout(15_000);
        const b = await register(page, lng);
        await page.goto(`${server.url}/coupon`);
        const platform = page.locator('[data-group="platform"] [data-kind="platform"]');
        await platform.waitFor();
        expect(await platform.locator('[data-testid="coupon-amount"]').textContent()).toBe(formatPeso(5000));
        expect(await platform.locator('[data-testid="coupon-minimum"]').textContent()).toBe(
          tr(lng, 'coupons', 'minimum', { amount: formatPeso(200000) }),
        );
        expect(await page.locator('h2').first().textContent()).toBe(tr(lng, 'coupons', 'group.platform'));
        await shot(page, `list-${lng}`);

        // Not from the home screen: nothing claimed.
        await page.reload();
        await platform.waitFor();
        expect(await page.locator('[data-kind="addToHomeScreen"]').count()).toBe(0);

        // From the home screen: claimed once, the borrower told once.
        await standalone(page);
        await page.goto(`${server.url}/coupon`);
        await page.getByText(tr(lng, 'coupons', 'claim.issued', { amount: formatPeso(20000) })).waitFor();
        await page.reload();
        const home = page.locator('[data-group="repayment"] [data-kind="addToHomeScreen"]');
        await home.waitFor();
        expect(await home.locator('[data-testid="coupon-amount"]').textContent()).toBe(formatPeso(20000));
        await shot(page, `standalone-${lng}`);
        await page.reload();
        await home.waitFor();
        expect(await page.locator('[data-kind="addToHomeScreen"]').count()).toBe(1);
        expect(await page.getByText(tr(lng, 'coupons', 'claim.issued', { amount: formatPeso(20000) })).count()).toBe(0);
        const rows = await server.database.db
          .select()
          .from(coupons)
          .where(and(eq(coupons.customerId, b.customerId), eq(coupons.issueKey, 'addToHomeScreen')));
        expect(rows).toHaveLength(1);
      },
    );

  for (const lng of ['en', 'fil'])
    it(
      `uses a withdrawal coupon and a repayment coupon, after refusing coupons below their minimum (${lng})`,
      { timeout: 180_000 },
      async () => {
        const page = await suite.open(iPhone(3), undefined, { language: lng });
        page.setDefaultTimeout(20_000);
        const b = await register(page, lng);
        const db = server.database.db;
        await completeProfile(db, b.customerId);
        const call = (method: 'POST', url: string, payload: object, key?: string) =>
          server.app.inject({
            method,
            url: `/api/v1${url}`,
            headers: { ...b.headers, ...(key && { 'idempotency-key': key }) },
            payload,
          });
        // A ₱1,000 loan for 30 days, approved (2 s) and agreed: below the platform coupon's ₱2,000.
        const applied = await call(
          'POST',
          '/loans',
          { productId: 'cash', subProductId: 'standard', principalCentavos: 100000, termDays: 30 },
          `apply-${b.customerId}`,
        );
        const orderId = applied.json<{ id: string }>().id;
        await expect
          .poll(async () => (await db.select().from(loanOrders).where(eq(loanOrders.id, orderId)))[0]?.state, {
            timeout: 30_000,
          })
          .toBe('accepted');
        await call('POST', `/loans/${orderId}/accept`, { agreePrivacy: true, agreeAgreement: true });
        await call('POST', '/signature', { signature: await signatureDocument(db, b.customerId) });
        const withdrawal = await issue(db, b.customerId, 'withdrawal30', 'staff', 'e2e-withdrawal', server.now());
        const received = (await db.select().from(loanOrders).where(eq(loanOrders.id, orderId)))[0]!.quote as {
          receivedCentavos: number;
        };

        await page.goto(`${server.url}/withdrawPage?order=${orderId}`);
        const receivedFigure = page.locator('[data-figure="received"] dd').first();
        await receivedFigure.waitFor();
        expect(await receivedFigure.textContent()).toBe(formatPeso(received.receivedCentavos));
        const picker = page.locator('[data-testid="coupon-picker"]');
        await picker.waitFor();
        // Wrong first: the platform coupon needs ₱2,000.
        await picker.locator('[data-kind="platform"]').click();
        const refusal = picker.locator('[data-kind="platform"] [data-testid="coupon-refusal"]');
        await refusal.waitFor();
        expect(await refusal.textContent()).toBe(tr(lng, 'errors', 'COUPON_UNAVAILABLE'));
        expect(await receivedFigure.textContent()).toBe(formatPeso(received.receivedCentavos));
        await shot(page, `withdraw-refused-${lng}`);
        // The withdrawal coupon applies: the received amount rises by its value.
        await picker.locator(`[data-coupon="${withdrawal!.id}"]`).click();
        await expect.poll(() => receivedFigure.textContent()).toBe(formatPeso(received.receivedCentavos + 3000));
        expect(await page.locator('[data-figure="coupon"] dd').first().textContent()).toBe(`+${formatPeso(3000)}`);
        await shot(page, `withdraw-coupon-${lng}`);
        await page.getByRole('button', { name: tr(lng, 'loan', 'withdraw.submit') }).click();
        await page.locator('[data-testid="withdrawn"]').waitFor();
        await expect
          .poll(async () => (await db.select().from(loanOrders).where(eq(loanOrders.id, orderId)))[0]?.state, {
            timeout: 30_000,
          })
          .toBe('repaying');
        const [payout] = await db.select().from(payouts).where(eq(payouts.orderId, orderId));
        expect(payout!.amount).toBe(received.receivedCentavos + 3000);
        expect((await db.select().from(coupons).where(eq(coupons.id, withdrawal!.id)))[0]!.state).toBe('used');

        // The bill 25 days on (a repayment coupon lowers the interest owed by then, never the principal): the ₱200
        // home-screen coupon needs ₱3,000 paid (refused with the spec's message); the ₱20 cash coupon applies.
        server.advance(25 * 86_400);
        await call('POST', '/coupons/add-to-home-screen', {});
        const cash = await issue(db, b.customerId, 'cash20', 'staff', 'e2e-cash', server.now());
        const due = (
          await server.app.inject({ method: 'GET', url: `/api/v1/loans/${orderId}`, headers: b.headers })
        ).json<{ amountDueCentavos: number }>().amountDueCentavos;
        expect(due).toBe(100000 + 25 * 100);
        await page.goto(`${server.url}/bill?order=${orderId}`);
        await page.locator('[data-testid="settle"]').click();
        const billPicker = page.locator('[data-testid="coupon-picker"]');
        await billPicker.waitFor();
        await billPicker.locator('[data-kind="addToHomeScreen"]').click();
        const billRefusal = billPicker.locator('[data-kind="addToHomeScreen"] [data-testid="coupon-refusal"]');
        await billRefusal.waitFor();
        expect(await billRefusal.textContent()).toBe(tr(lng, 'errors', 'COUPON_UNAVAILABLE'));
        await shot(page, `bill-refused-${lng}`);
        await billPicker.locator(`[data-coupon="${cash!.id}"]`).click();
        await expect.poll(() => page.locator('[data-testid="to-pay"]').textContent()).toBe(formatPeso(due - 2000));
        await shot(page, `bill-coupon-${lng}`);
        await page.getByText(tr(lng, 'loan', 'payment.channel.otc'), { exact: true }).click();
        await page
          .getByRole('button', { name: tr(lng, 'loan', 'bill.pay', { amount: formatPeso(due - 2000) }) })
          .click();
        await page.waitForURL((url) => url.pathname === '/repaidDetail');
        await page.locator('[data-testid="payment-state"][data-state="success"]').waitFor({ timeout: 30_000 });
        const [settled] = await db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
        expect(settled).toMatchObject({ state: 'settled', amountDue: 0, amountRepaid: due - 2000 });
        expect((await db.select().from(coupons).where(eq(coupons.id, cash!.id)))[0]!.state).toBe('used');
        // Used coupons are listed as such.
        await page.goto(`${server.url}/couponInvalid`);
        await page.locator(`[data-coupon="${cash!.id}"][data-state="used"]`).waitFor();
        await page.locator(`[data-coupon="${withdrawal!.id}"][data-state="used"]`).waitFor();
        await shot(page, `invalid-${lng}`);
      },
    );
});
