/**
 * Easy Re-loan in Chromium against the built app and the real server (section 1): a borrower who repaid a
 * loan is refused without the agreement, turns Easy Re-loan on, settles, receives the notice in the message center,
 * opens from it the complete Truth in Lending disclosure (every charge, no tax line without a tax, in English and
 * Filipino) before any money is sent, and the next loan is paid out by itself once the server's clock passes the
 * cancel window; the voucher appears in My Coupons. The voucher pays part of that re-loan, after which turning
 * the feature off is refused; a second cycle is paid out the same way and the feature turns itself off and asks to be
 * turned on again; turned on again, a cancelled re-loan sends nothing. The earlier loans are taken through the API
 * (loans.e2e.ts covers them in the browser). On PostgreSQL when TEST_DATABASE_URL names one, where the payout job,
 * the cancel and the live server's job runner meet on row locks (else PGlite; server/routes/easy-reloan.test.ts runs
 * every Easy Re-loan route on both); the test API runs its job and gateway timers, and the test moves the server's
 * clock past the window.
 */
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chargesDisclosure } from '#domain/disclosure.ts';
import type { PricingConfig, Quote } from '#domain/loan-types.ts';
import { formatPeso } from '#domain/money.ts';
import { findSubProduct } from '#domain/pricing.ts';
import { customers, easyReloans, jobs, payouts } from '#server/db/tables.ts';
import { completeProfile } from '#server/testing/loan-fixtures.ts';
import { borrowerApi } from './borrower-api.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabases, newPhone, smsCode, startServer, type E2eServer } from './server.ts';
import { loginThroughUi, catalogText as tr } from './steps.ts';

const suite = chromiumSuite(inject('baseUrl'));
const t = (key: string, values: Record<string, string | number> = {}) => tr('en', 'reloan', key, values);
const figures = JSON.parse(readFileSync('config/easy-reloan.json', 'utf8')) as {
  voucherCentavos: number;
  cancelWindowMinutes: number;
  disbursementsBeforeTurnOff: number;
};
const pricing = JSON.parse(readFileSync('config/pricing.json', 'utf8')) as PricingConfig;
const standard = { productId: 'cash', subProductId: 'standard', principalCentavos: 300000, termDays: 30 };
const WINDOW_S = figures.cancelWindowMinutes * 60;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let keys = 0;
const newKey = () => `e2e-reloan-${Date.now()}-${(keys += 1)}`;

describe.each(browserDatabases('one'))('Easy Re-loan on %s', (kind) => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The API as the borrower logged in on `page`, and a repayment in full (with a repayment coupon when given). */
  async function apiOf(page: Page) {
    const api = await borrowerApi(server, page, newKey);
    const settle = async (orderId: string, couponId?: string) => {
      const paid = await api.call(
        'POST',
        `/loans/${orderId}/payments`,
        { kind: 'settle', channel: 'otc', ...(couponId && { couponId }) },
        newKey(),
      );
      expect(paid.status).toBe(201);
      await api.until(orderId, 'settled');
    };
    return { ...api, settle, repaying: () => api.repaying(standard) };
  }

  /** The newest re-loan of the borrower once it reaches `state`. */
  async function reloanIn(customerId: string, state: string) {
    for (let i = 0; i < 240; i += 1) {
      const rows = await server.database.db.select().from(easyReloans).where(eq(easyReloans.customerId, customerId));
      const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      if (newest?.state === state) return newest;
      await sleep(250);
    }
    throw new Error(`no re-loan reached ${state}`);
  }

  const turnOnThroughUi = async (page: Page, button: string) => {
    await page.getByTestId('reloan-agree').check();
    await page.getByRole('button', { name: button }).click();
    await page.locator('[data-testid="reloan-state"][data-enabled="true"]').waitFor();
  };

  it(
    'turns on after the agreement, pays out after the notice, rewards, turns itself off after two, refuses turning off after the voucher, and sends nothing once cancelled',
    { timeout: 300_000 },
    async () => {
      const page = await suite.open(iPhone(2));
      page.setDefaultTimeout(20_000);
      const phone = newPhone();
      const [customer] = await server.database.db.insert(customers).values({ phone }).returning();
      await completeProfile(server.database.db, customer!.id);
      await loginThroughUi(page, server.url, (p) => smsCode(server.outbox, p), phone);
      await page.waitForURL((url) => url.pathname === '/homeIndex');
      const api = await apiOf(page);

      // Not yet a borrower who repaid a loan: the screen says so.
      await page.goto(`${server.url}/appointLoan`);
      await page.getByTestId('reloan-not-eligible').waitFor();
      await api.settle(await api.repaying());
      const second = await api.repaying();

      // Wrong input first: the agreement is required.
      await page.goto(`${server.url}/appointLoan`);
      await page.getByTestId('reloan-form').waitFor();
      expect(await page.getByTestId('reloan-intro').textContent()).toContain(formatPeso(figures.voucherCentavos));
      await page.getByRole('button', { name: t('setting.turnOn') }).click();
      expect(await page.getByTestId('reloan-error').textContent()).toBe(
        tr('en', 'errors', 'RELOAN_AGREEMENT_REQUIRED'),
      );
      await page.screenshot({ path: `/tmp/reloan-appoint-refused-${kind}.png`, fullPage: true });
      expect(
        await server.database.db.select().from(easyReloans).where(eq(easyReloans.customerId, api.customerId)),
      ).toHaveLength(0);
      // The agreement states the voucher, the automatic turn-off and how to cancel.
      await page.getByRole('link', { name: t('setting.agreement') }).click();
      await page.waitForURL((url) => url.pathname === '/bookingAgreement');
      const agreement = (await page.locator('.legal-doc').textContent()) ?? '';
      expect(agreement).toContain(formatPeso(figures.voucherCentavos, { wholeIfExact: true }));
      expect(agreement).toContain(tr('en', 'legal', 'reloan.sections.cancel.title'));
      expect(agreement).toContain(tr('en', 'legal', 'reloan.sections.turnOff.title'));
      await page.screenshot({ path: `/tmp/reloan-agreement-${kind}.png` });
      await page.goBack();
      await page.getByTestId('reloan-form').waitFor();
      await turnOnThroughUi(page, t('setting.turnOn'));
      await page.screenshot({ path: `/tmp/reloan-appoint-on-${kind}.png`, fullPage: true });

      // The current loan settles: the next one is applied for, approved and noticed with the disclosure; nothing is paid out yet.
      await api.settle(second);
      const first = await reloanIn(api.customerId, 'noticed');
      await page.goto(`${server.url}/msgCenter`);
      const title = tr('en', 'messages', 'notify.reloanNotice.title', { payoutTime: '' }).trim();
      await page.getByText(title).first().click();
      await page.waitForURL((url) => url.pathname === '/msgDetail');
      const notice = (await page.locator('.msgDetail-card').textContent()) ?? '';
      const view = (
        await api.call<{ reloans: { id: string; productId: string; subProductId: string; quote: Quote }[] }>(
          'GET',
          '/easy-reloan/reloans',
        )
      ).body.reloans[0]!;
      for (const amount of [
        view.quote.receivedCentavos,
        view.quote.financeChargeCentavos,
        view.quote.amountDueCentavos,
      ])
        expect(notice).toContain(formatPeso(amount));
      expect(notice).toContain('Truth in Lending');
      // No "tax ₱0.00": no tax is configured, and the message names no single fee.
      expect(notice).not.toMatch(/\btax\b/iu);
      await page.screenshot({ path: `/tmp/reloan-notice-${kind}.png`, fullPage: true });

      // The message opens the full Truth in Lending disclosure, the one /loan shows before signing: every finance
      // charge and every charge that can arise later, before any money is sent.
      await page.getByRole('button', { name: tr('en', 'messages', 'center.go.appointLoanList') }).click();
      await page.waitForURL((url) => url.pathname === '/appointLoanList');
      const disclosure = page.locator(
        '[data-testid="reloan-card"][data-state="noticed"] [data-testid="truth-in-lending"]',
      );
      await disclosure.waitFor();
      const figureText = async (id: string) =>
        (await disclosure.locator(`[data-figure="${id}"] dd`).textContent()) ?? '';
      const sub = findSubProduct(pricing, view.productId, view.subProductId)!;
      const charges = chargesDisclosure(pricing, sub, view.quote);
      const expected: Record<string, number> = {
        amountFinanced: view.quote.principalCentavos,
        interest: view.quote.interestCentavos,
        serviceFee: view.quote.serviceFeeCentavos,
        creditReportFee: view.quote.creditReportFeeCentavos,
        financeCharge: view.quote.financeChargeCentavos,
        received: view.quote.receivedCentavos,
        amountDue: view.quote.amountDueCentavos,
        lateFine: charges.lateFineDailyCentavos,
        damages: charges.overdueDamagesCentavos,
        penaltyCap: charges.latePenaltyMonthlyMaxCentavos,
        extensionFee: charges.extension!.feeCentavos,
        totalCostCap: charges.totalCostMaxCentavos,
      };
      for (const [id, centavos] of Object.entries(expected))
        expect(await figureText(id), id).toContain(formatPeso(centavos));
      expect(await disclosure.locator('[data-figure="tax"]').count()).toBe(0);
      expect(await disclosure.locator('.loan-plan tbody tr').count()).toBe(view.quote.plan.length);
      expect(await disclosure.textContent()).toContain(t('list.disclosureIntro'));
      await page.screenshot({ path: `/tmp/reloan-disclosure-en-${kind}.png`, fullPage: true });
      // In Filipino, the same disclosure in Filipino.
      await page.evaluate(() => localStorage.setItem('language', 'fil'));
      await page.reload();
      await page.getByText(tr('fil', 'loan', 'til.otherCharges')).waitFor();
      expect(await disclosure.textContent()).toContain(tr('fil', 'reloan', 'list.disclosureIntro'));
      expect(await figureText('lateFine')).toContain(formatPeso(charges.lateFineDailyCentavos));
      await page.screenshot({ path: `/tmp/reloan-disclosure-fil-${kind}.png`, fullPage: true });
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      expect(await server.database.db.select().from(payouts).where(eq(payouts.orderId, first.orderId))).toHaveLength(0);

      // Past the cancel window the re-loan is paid out by itself; the list shows it done with its voucher.
      server.advance(WINDOW_S + 60);
      await api.until(first.orderId, 'repaying');
      await page.goto(`${server.url}/appointLoanList`);
      await page.locator('[data-testid="reloan-card"][data-state="done"]').waitFor();
      expect(
        await page.locator('[data-testid="reloan-card"][data-state="done"] [data-figure="voucher"] dd').textContent(),
      ).toBe(formatPeso(figures.voucherCentavos));
      await page.screenshot({ path: `/tmp/reloan-list-done-${kind}.png`, fullPage: true });
      await page.goto(`${server.url}/coupon`);
      await page
        .getByText(formatPeso(figures.voucherCentavos, { wholeIfExact: true }))
        .first()
        .waitFor();
      const [voucher] = (
        await api.call<{ coupons: { id: string; amountCentavos: number }[] }>('GET', '/coupons?appliesTo=repayment')
      ).body.coupons.filter((c) => c.amountCentavos === figures.voucherCentavos);
      expect(voucher).toBeDefined();

      // The voucher pays part of the re-loan (of the interest owed by then: 10 days of it; it never lowers the
      // principal); from then on turning Easy Re-loan off is refused.
      server.advance(10 * 86_400);
      await api.settle(first.orderId, voucher!.id);
      await page.goto(`${server.url}/appointLoan`);
      await page.getByTestId('reloan-turn-off').click();
      await page.getByRole('button', { name: t('turnOff.confirm'), exact: true }).click();
      // Said under the button, and it stays there (a toast was gone before it could be read).
      const refusal = page.getByTestId('reloan-turn-off-error');
      await expect.poll(() => refusal.textContent()).toContain(tr('en', 'errors', 'RELOAN_VOUCHER_USED'));
      await page.waitForTimeout(3000);
      expect(await refusal.isVisible()).toBe(true);
      await page.goto(`${server.url}/appointLoan`);
      await page.locator('[data-testid="reloan-state"][data-enabled="true"]').waitFor();

      // The second re-loan: noticed, paid out; the feature turns itself off and asks to be turned on again.
      const secondRun = await reloanIn(api.customerId, 'noticed');
      server.advance(WINDOW_S + 60);
      await api.until(secondRun.orderId, 'repaying');
      await reloanIn(api.customerId, 'done');
      await page.goto(`${server.url}/appointLoan`);
      await page.getByTestId('reloan-reenable').waitFor();
      expect(await page.getByTestId('reloan-reenable').textContent()).toBe(
        t('setting.askReenable', { total: figures.disbursementsBeforeTurnOff }),
      );
      await page.screenshot({ path: `/tmp/reloan-appoint-reenable-${kind}.png`, fullPage: true });
      await turnOnThroughUi(page, t('setting.turnOnAgain'));

      // Turned on again: the next re-loan is cancelled in its window and never paid out.
      await api.settle(secondRun.orderId);
      const third = await reloanIn(api.customerId, 'noticed');
      await page.goto(`${server.url}/appointLoanList`);
      await page.locator('[data-testid="reloan-card"][data-state="noticed"]').waitFor();
      await page.getByTestId('reloan-cancel').click();
      await page.getByRole('button', { name: t('list.cancelConfirm'), exact: true }).click();
      await page.locator('[data-testid="reloan-card"][data-state="cancelled"]').waitFor();
      server.advance(WINDOW_S + 60);
      // The payout job comes due and runs (done) without sending anything.
      for (let i = 0; i < 240; i += 1) {
        const [job] = await server.database.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, 'reloan_disburse'), eq(jobs.key, `reloan_disburse:${third.id}`)));
        if (job?.doneAt) break;
        await sleep(250);
      }
      expect(await server.database.db.select().from(payouts).where(eq(payouts.orderId, third.orderId))).toHaveLength(0);
      expect((await api.call<{ state: string }>('GET', `/loans/${third.orderId}`)).body.state).toBe('rejected');

      // In Filipino the same screens read in Filipino, with the same figures.
      await page.evaluate(() => localStorage.setItem('language', 'fil'));
      await page.goto(`${server.url}/appointLoan`);
      await page.getByText(tr('fil', 'reloan', 'setting.listLink')).waitFor();
      await page.screenshot({ path: `/tmp/reloan-appoint-fil-${kind}.png`, fullPage: true });
      await page.goto(`${server.url}/appointLoanList`);
      await page
        .getByText(tr('fil', 'reloan', 'state.cancelled'))
        .first()
        .waitFor();
      await page.screenshot({ path: `/tmp/reloan-list-fil-${kind}.png`, fullPage: true });
    },
  );
});
