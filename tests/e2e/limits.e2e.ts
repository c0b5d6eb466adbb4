/**
 * The credit limit and Facebook binding in Chromium at an iPhone viewport, against the built app and the real server
 * with the simulated Facebook Login: from the Profile tab a borrower opens the credit limit, cancels
 * Facebook's consent and is told nothing was bound (limit unchanged), then binds and sees the limit raised once by the
 * configured step with the raise in its history; a second borrower (in Filipino) binding the same Facebook account is
 * refused with the translated message. On one database (browserDatabase in ./server.ts: PostgreSQL when TEST_DATABASE_URL names one); server/routes/limits.test.ts
 * runs the limit, the raises and the binding rules on PostgreSQL too.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import underwriting from '#config/underwriting.json' with { type: 'json' };
import { formatPeso } from '#domain/money.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabases, completeProfileOf, newPhone, smsCode, startServer, type E2eServer } from './server.ts';
import { loginThroughUi, catalogText as tr } from './steps.ts';

const suite = chromiumSuite(inject('baseUrl'));
const peso = (centavos: number) => formatPeso(centavos, { wholeIfExact: true });
const step = underwriting.limitRaises.facebookBinding.stepCentavos;

describe.each(browserDatabases('one'))('credit limit and Facebook binding on %s', (kind) => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `/tmp/limits-${kind}-${name}.png`, fullPage: true });

  async function borrowerAt(lng: string): Promise<Page> {
    const page = await suite.open(iPhone(3), undefined, { language: lng });
    page.setDefaultTimeout(15_000);
    await loginThroughUi(page, server.url, (p) => smsCode(server.outbox, p), newPhone(), lng);
    await completeProfileOf(server, page);
    return page;
  }

  /** Bind Facebook on /creditLimit, then answer the simulated Facebook's dialog. */
  async function throughFacebook(
    page: Page,
    lng: string,
    answer: 'Continue' | 'Cancel',
    account?: { id: string; name: string },
  ) {
    await page.getByRole('button', { name: tr(lng, 'limit', 'facebook.bind') }).click();
    await page.waitForURL(/\/simulated\/facebook\/dialog\/oauth\?/u);
    if (account) {
      await page.fill('input[name="fb_user_id"]', account.id);
      await page.fill('input[name="name"]', account.name);
    }
    await page.getByRole('button', { name: answer }).click();
    await page.waitForURL(/\/creditLimit$/u);
  }

  it(
    'refuses a cancelled consent, binds once with the configured raise, and refuses the same account to a second borrower',
    { timeout: 180_000 },
    async () => {
      const account = {
        id: `1${Date.now().toString().slice(-13)}${Math.floor(Math.random() * 10)}`,
        name: 'Maria Clara Santos',
      };
      const a = await borrowerAt('en');
      await a.goto(`${server.url}/my`);
      await a.getByRole('link', { name: tr('en', 'profile', 'limit.raise') }).click();
      await a.waitForURL(/\/creditLimit$/u);
      const amount = a.getByTestId('limit-amount');
      expect(await amount.textContent()).toBe(peso(500000));
      expect(await a.locator('[data-testid="limit-next"] [data-reason="facebookBinding"]').textContent()).toContain(
        tr('en', 'limit', 'next.amount', {
          amount: peso(step),
          ceiling: peso(underwriting.limitRaises.facebookBinding.ceilingCentavos),
        }),
      );
      await shot(a, 'before-en');

      // Cancelled on Facebook: told why, nothing bound, the limit unchanged.
      await throughFacebook(a, 'en', 'Cancel');
      expect(await a.getByTestId('limit-problem').textContent()).toBe(tr('en', 'errors', 'FACEBOOK_DENIED'));
      expect(await amount.textContent()).toBe(peso(500000));
      await shot(a, 'denied-en');

      // Allowed: bound, the limit raised once by the configured step, the raise first in the history.
      await throughFacebook(a, 'en', 'Continue', account);
      await a.getByTestId('limit-facebook-name').waitFor();
      expect(await a.getByTestId('limit-facebook-name').textContent()).toBe(
        tr('en', 'limit', 'facebook.boundTo', { name: account.name }),
      );
      expect(await amount.textContent()).toBe(peso(500000 + step));
      expect(await a.locator('[data-testid="limit-history"] li').first().getAttribute('data-reason')).toBe(
        'facebookBinding',
      );
      expect(await a.locator('[data-testid="limit-problem"]').count()).toBe(0);
      await shot(a, 'bound-en');
      // A reload does not bind again (the redirect's state was used and dropped from the address).
      await a.reload();
      await a.getByTestId('limit-facebook-name').waitFor();
      expect(await amount.textContent()).toBe(peso(500000 + step));

      // Another borrower, in Filipino, with the same Facebook account: refused, nothing raised.
      const b = await borrowerAt('fil');
      await b.goto(`${server.url}/creditLimit`);
      await b.getByTestId('limit-amount').waitFor();
      await throughFacebook(b, 'fil', 'Continue', account);
      await b.getByTestId('limit-problem').waitFor();
      expect(await b.getByTestId('limit-problem').textContent()).toBe(tr('fil', 'errors', 'FACEBOOK_ACCOUNT_TAKEN'));
      expect(await b.getByTestId('limit-amount').textContent()).toBe(peso(500000));
      expect(await b.getByRole('button', { name: tr('fil', 'limit', 'facebook.bind') }).count()).toBe(1);
      await shot(b, 'taken-fil');
    },
  );
});
