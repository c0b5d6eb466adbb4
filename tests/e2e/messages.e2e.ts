/**
 * The message center in Chromium at an iPhone viewport, against the built app and the real server: a borrower
 * registers (first login), applies, and sees "application received" then "approved" arrive in Notify with the unread
 * counts moving (the Profile tab's badge too); a message that is no one's says so; opening one drops the count;
 * "clear unread" empties it; in Filipino the same messages read in Filipino. On one database (browserDatabase in ./server.ts: PostgreSQL when TEST_DATABASE_URL names one); server/routes/messages.test.ts
 * runs the message routes on PostgreSQL too. Screenshots in /tmp/e2e-messages-*.png.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import messagesConfig from '#config/messages.json' with { type: 'json' };
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabases, completeProfileOf, newPhone, smsCode, startServer, type E2eServer } from './server.ts';
import { loginThroughUi } from './steps.ts';

const suite = chromiumSuite(inject('baseUrl'));
type Catalog = Record<string, unknown>;
const read = (lng: string, ns: string) => JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Catalog;
const lookup = (catalog: Catalog, key: string): string => {
  const found = key.split('.').reduce<unknown>((node, k) => (node as Catalog | undefined)?.[k], catalog);
  if (typeof found !== 'string') throw new Error(`no text ${key}`);
  return found;
};
/** The text of `key` in `ns` and `lng`, with its placeholders cut off: what every rendering of it starts with. */
const head = (lng: string, ns: string, key: string) => lookup(read(lng, ns), key).split('{{')[0]!.trim();
const text = (lng: string, ns: string, key: string) => lookup(read(lng, ns), key);

describe.each(browserDatabases('one'))('messages on %s', (kind) => {
  let server: E2eServer;
  beforeAll(async () => {
    // Underwriting waits for the test's advance() (not the suites' 2 s), so "received" is seen before "approved" on a
    // busy machine too.
    server = await startServer(kind, { loans: { approvalDelaySeconds: 3600 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const shot = (page: Page, stage: string) =>
    page.screenshot({ path: `/tmp/e2e-messages-${kind}-${stage}.png`, fullPage: true, timeout: 60_000 });
  const count = (page: Page, tab: string) => page.locator(`[data-testid="unread-${tab}"]`);
  const item = (page: Page, template: string) => page.locator(`.msgCenter-item[data-template="${template}"]`);
  const badge = (page: Page) => page.locator('.ui-bottom-nav-badge');
  const activity = messagesConfig.announcements.length;

  it(
    'shows application received then approved in Notify, opens one, clears unread, and reads them in Filipino',
    { timeout: 180_000 },
    async () => {
      const page = await suite.open(iPhone(3));
      page.setDefaultTimeout(15_000);
      // Registers: a new number's first login; the profile is then completed as the steps save it.
      const phone = newPhone();
      await loginThroughUi(page, server.url, (p) => smsCode(server.outbox, p), phone);
      await completeProfileOf(server, page);

      // Registration wrote theirs: the welcome and the platform coupon issued, unread in Notify; the announcements wait
      // unread in Activity, and all of them on the Profile tab.
      await page.goto(`${server.url}/msgCenter`);
      await item(page, 'welcome').waitFor();
      await item(page, 'couponIssued').waitFor();
      expect(await item(page, 'welcome').textContent()).toContain(head('en', 'messages', 'notify.welcome.title'));
      await expect.poll(() => count(page, 'notify').textContent()).toBe('2');
      await expect.poll(() => count(page, 'activity').textContent()).toBe(String(activity));
      await shot(page, '1-registered');
      // A message that is no one's (wrong input first).
      await page.goto(`${server.url}/msgDetail?tab=notify&id=999999999`);
      expect(await page.locator('[data-testid="gone"]').textContent()).toBe(text('en', 'messages', 'center.gone'));
      await page.goto(`${server.url}/msgDetail?tab=inbox&id=abc`);
      await page.locator('[data-testid="gone"]').waitFor();

      // Applies from home: "application received" arrives, the counts move.
      await page.goto(`${server.url}/homeIndex`);
      await expect.poll(() => badge(page).textContent()).toBe(String(activity + 2));
      await shot(page, '1b-home-badge');
      await page
        .getByRole('radio', { name: text('en', 'loan', 'picker.days_other').replace('{{count}}', '30') })
        .first()
        .check();
      await page.getByRole('button', { name: text('en', 'loan', 'offer.apply') }).click();
      await page.locator('[data-testid="order-card"][data-state="under_review"]').waitFor();
      await page.goto(`${server.url}/msgCenter`);
      await item(page, 'applicationReceived').waitFor();
      await expect.poll(() => count(page, 'notify').textContent()).toBe('3');
      expect(await item(page, 'applicationReceived').textContent()).toContain(
        text('en', 'messages', 'notify.applicationReceived.title'),
      );

      // The underwriting job approves when its time comes: "approved" arrives on top, with the limit.
      server.advance(3600);
      await page.goto(`${server.url}/homeIndex`);
      await page.locator('[data-testid="order-card"][data-state="accepted"]').waitFor({ timeout: 30_000 });
      await page.goto(`${server.url}/msgCenter`);
      await item(page, 'approved').waitFor();
      await expect.poll(() => count(page, 'notify').textContent()).toBe('4');
      expect(await page.locator('.msgCenter-item').first().getAttribute('data-template')).toBe('approved');
      expect(await item(page, 'approved').textContent()).toContain(head('en', 'messages', 'notify.approved.body'));
      await shot(page, '2-approved');

      // Opening it marks it read: the count drops; its button goes to the terms.
      await item(page, 'approved').click();
      await page.waitForURL((url) => url.pathname === '/msgDetail');
      await page.getByRole('heading', { name: text('en', 'messages', 'notify.approved.title') }).waitFor();
      await shot(page, '3-detail');
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/msgCenter');
      await expect.poll(() => count(page, 'notify').textContent()).toBe('3');
      await expect.poll(() => item(page, 'approved').getAttribute('data-read')).toBe('true');

      // Clear unread: no count left, and none on the Profile tab.
      await page.getByRole('button', { name: text('en', 'messages', 'center.clearUnread') }).click();
      await expect.poll(() => count(page, 'notify').count()).toBe(0);
      expect(await count(page, 'activity').count()).toBe(0);
      expect(await item(page, 'applicationReceived').getAttribute('data-read')).toBe('true');
      await shot(page, '4-cleared');
      await page.goto(`${server.url}/homeIndex`);
      await page.locator('[data-testid="order-card"]').first().waitFor();
      expect(await badge(page).count()).toBe(0);

      // In Filipino: the same messages, in Filipino.
      await page.evaluate(() => localStorage.setItem('language', 'fil'));
      await page.goto(`${server.url}/msgCenter`);
      await page.waitForFunction(() => document.documentElement.lang === 'fil');
      await item(page, 'approved').waitFor();
      expect(
        await page
          .getByRole('tab', { name: text('fil', 'messages', 'center.tab.notify') })
          .getAttribute('aria-selected'),
      ).toBe('true');
      expect(await item(page, 'approved').textContent()).toContain(text('fil', 'messages', 'notify.approved.title'));
      expect(await item(page, 'approved').textContent()).toContain(head('fil', 'messages', 'notify.approved.body'));
      expect(await item(page, 'applicationReceived').textContent()).toContain(
        text('fil', 'messages', 'notify.applicationReceived.title'),
      );
      await shot(page, '5-fil');
      await page.getByRole('tab', { name: text('fil', 'messages', 'center.tab.activity') }).click();
      await page.locator('.msgCenter-item[data-template="safety"]').waitFor();
      expect(await page.locator('.msgCenter-item[data-template="safety"]').textContent()).toContain(
        text('fil', 'messages', 'activity.safety.title'),
      );
      await shot(page, '6-activity-fil');
      await page.getByRole('tab', { name: text('fil', 'messages', 'center.tab.notify') }).click();
      await item(page, 'approved').click();
      await page.getByRole('button', { name: text('fil', 'messages', 'center.go.loan') }).click();
      await page.waitForURL((url) => url.pathname === '/loan' && url.searchParams.has('order'));
    },
  );
});
