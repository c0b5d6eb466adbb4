/**
 * Home's limit and Easy Re-loan's pages without a session, in Chromium at an iPhone viewport, against the built app and the real server: home offers no
 * amount to a borrower underwriting would refuse (income up to ₱12,000) nor to a new, incomplete profile, and says
 * what to do next instead, in English and Filipino; the Easy Re-loan records opened with a session the server no
 * longer knows offer the sign-in, and the login comes back to them. On one database (browserDatabase in ./server.ts: PostgreSQL when TEST_DATABASE_URL names one); server/routes/home-limit.test.ts runs
 * the home answer on PostgreSQL too.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import underwriting from '#config/underwriting.json' with { type: 'json' };
import { formatPeso } from '#domain/money.ts';
import { login } from '#server/testing/borrower.ts';
import { completeProfile } from '#server/testing/loan-fixtures.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabases, completeProfileOf, newPhone, smsCode, startServer, type E2eServer } from './server.ts';
import { loginThroughUi, catalogText as tr } from './steps.ts';

const suite = chromiumSuite(inject('baseUrl'));
const maxLimit = formatPeso(underwriting.maxLimitCentavos, { wholeIfExact: true });

describe.each(browserDatabases('one'))('what home offers, and signing in again for Easy Re-loan, on %s', (kind) => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });
  const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/home-limit-${name}.png`, fullPage: true });

  async function borrowerAt(lng: string): Promise<Page> {
    const page = await suite.open(iPhone(2), undefined, { language: lng });
    page.setDefaultTimeout(15_000);
    await loginThroughUi(page, server.url, (p) => smsCode(server.outbox, p), newPhone(), lng);
    return page;
  }

  it.each(['en', 'fil'])(
    'tells a borrower underwriting would refuse why, with no amount anywhere (%s)',
    { timeout: 120_000 },
    async (lng) => {
      const page = await borrowerAt(lng);
      await completeProfileOf(server, page, (id) =>
        completeProfile(server.database.db, id, { workInfo: { monthlyIncome: 'upTo12000' } }),
      );
      await page.goto(`${server.url}/homeIndex`);
      const card = page.getByTestId('limit-refused');
      await card.waitFor();
      expect(await card.textContent()).toContain(tr(lng, 'loan', 'home.refusedReason.INCOME_BAND'));
      await page.waitForTimeout(500);
      const text = (await page.locator('main, body').first().textContent()) ?? '';
      expect(text).not.toContain(maxLimit);
      expect(await page.getByRole('button', { name: tr(lng, 'loan', 'offer.apply') }).count()).toBe(0);
      await shot(page, `refused-${lng}`);
    },
  );

  it.each(['en', 'fil'])(
    'asks a new borrower to complete the profile, with no amount anywhere (%s)',
    { timeout: 120_000 },
    async (lng) => {
      const page = await borrowerAt(lng);
      await page.goto(`${server.url}/homeIndex`);
      await page.getByTestId('limit-incomplete').waitFor();
      await page.getByRole('link', { name: tr(lng, 'loan', 'offer.completeProfile') }).waitFor();
      expect((await page.locator('body').textContent()) ?? '').not.toContain('₱');
      await shot(page, `incomplete-${lng}`);
    },
  );

  it(
    'offers the sign-in on the Easy Re-loan records when the session ended, and comes back after login',
    {
      timeout: 120_000,
    },
    async () => {
      // A borrower with a complete profile, logged in once already (a login lands on home).
      const b = await login(server);
      await completeProfile(server.database.db, b.customerId);
      server.advance(120);
      // The stored session is one the server does not know (ended): its first request answers 401.
      const page = await suite.open(iPhone(2), undefined, { session: true, language: 'en' });
      page.setDefaultTimeout(15_000);
      await page.goto(`${server.url}/appointLoanList`);
      const signIn = page.getByTestId('reloan-sign-in');
      await signIn.waitFor();
      expect(await page.getByRole('button', { name: tr('en', 'common', 'app.retry') }).count()).toBe(0);
      await shot(page, 'reloan-sign-in-en');
      await signIn.getByRole('link', { name: tr('en', 'reloan', 'setting.signInAction') }).click();
      await page.waitForURL(/\/start$/u);
      await page.fill('#start-phone', `0${b.phone}`);
      await page.getByRole('button', { name: tr('en', 'login', 'sendCode'), exact: true }).click();
      await page.locator('#start-code').waitFor();
      await page.fill('#start-code', await smsCode(server.outbox, b.phone));
      await page.getByRole('button', { name: tr('en', 'login', 'login'), exact: true }).click();
      await page.waitForURL(/\/appointLoanList$/u);
      await page.getByTestId('reloans-empty').waitFor();
    },
  );
});
