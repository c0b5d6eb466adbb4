/**
 * The Profile tab, language, help, feedback and the bank chooser as a borrower uses them, in Chromium at an iPhone
 * viewport against the real server: a first visit with a Filipino browser lands in Filipino; the language changes
 * from /start and from the profile (and is kept on the server for SMS); the profile shows the steps, the limit and
 * the masked payout account; feedback of 9 characters is refused with the translated message, keeping the text, and
 * 10 are sent and listed; the FAQ search finds a question; the bank chooser picks a bank; logging out from the
 * profile lands on /start and a protected route then sends back to /start. On one database (browserDatabase in ./server.ts: PostgreSQL when TEST_DATABASE_URL names one); server/routes/me.test.ts and
 * profile.test.ts run the profile, language and feedback routes on PostgreSQL too.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { customers, feedback } from '#server/db/tables.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabases, completeProfileOf, newPhone, smsCode, startServer, type E2eServer } from './server.ts';
import { loginThroughUi, text } from './steps.ts';

const suite = chromiumSuite(inject('baseUrl'));
type Catalog = Record<string, unknown>;
const catalog = (lng: string, ns: string) => JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Catalog;
/** The text of `ns:key` in `lng`, `{{name}}` filled from `values`. */
const tr = (lng: string, ns: string, key: string, values: Record<string, string | number> = {}) => {
  const found = key.split('.').reduce<unknown>((node, k) => (node as Catalog | undefined)?.[k], catalog(lng, ns));
  if (typeof found !== 'string') throw new Error(`no text ${lng}/${ns}:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
};
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/profile-${name}.png`, fullPage: true });

describe.each(browserDatabases('one'))('profile, language, help and feedback on %s', (kind) => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    'lands a first visit with a Filipino browser in Filipino, and switches language on /start in one tap',
    { timeout: 60_000 },
    async () => {
      const page = await suite.open({ ...iPhone(2), locale: 'fil-PH' });
      page.setDefaultTimeout(10_000);
      await page.goto(`${server.url}/start`);
      await expect.poll(() => page.locator('.start-title').textContent()).toBe(tr('fil', 'login', 'title'));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fil');
      await shot(page, 'start-fil');
      await page.getByRole('button', { name: tr('en', 'common', 'language.en'), exact: true }).click();
      await expect.poll(() => page.locator('.start-title').textContent()).toBe(tr('en', 'login', 'title'));
      // The choice is kept: the next visit is in English although the browser prefers Filipino.
      await page.reload();
      await expect.poll(() => page.locator('.start-title').textContent()).toBe(tr('en', 'login', 'title'));
      await shot(page, 'start-en');
    },
  );

  it(
    'shows the hub, changes language and SMS reminders, sends feedback, finds a question, picks a bank and logs out',
    { timeout: 180_000 },
    async () => {
      const page = await suite.open(iPhone(2));
      page.setDefaultTimeout(10_000);
      const phone = newPhone();
      await loginThroughUi(page, server.url, (p) => smsCode(server.outbox, p), phone);
      const customerId = await completeProfileOf(server, page);

      // The profile in English: masked phone, limit, every step done, the payout account masked.
      await page.goto(`${server.url}/my`);
      await page.getByTestId('my-steps').waitFor();
      expect(await page.getByTestId('my-phone').textContent()).toBe(`+63 ${phone.slice(0, 3)}***${phone.slice(-4)}`);
      expect(await page.getByTestId('my-limit').textContent()).toMatch(/₱/u);
      const stepStates = await page
        .locator('[data-testid="my-steps"] [data-state]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
      expect(stepStates).toEqual(Array(7).fill('complete'));
      expect(await page.getByTestId('my-steps').textContent()).toContain(tr('en', 'common', 'routes.identityInfo'));
      const payout = await page.getByTestId('my-payout').textContent();
      expect(payout).toContain(text('en', 'bankInfo.options.bankCode.bdo'));
      expect(payout).toContain('******7890');
      expect(payout).not.toContain('001234567890');
      await shot(page, 'my-en');

      // SMS reminders off, kept by the server.
      const reminders = page.getByRole('switch', { name: new RegExp(tr('en', 'profile', 'sms.title'), 'u') });
      expect(await reminders.isChecked()).toBe(true);
      await reminders.click();
      await expect
        .poll(
          async () =>
            (await server.database.db.select().from(customers).where(eq(customers.id, customerId)))[0]?.smsReminders,
        )
        .toBe(false);

      // Filipino from the profile: the screen and the server's copy (SMS are written in it).
      await page.getByRole('button', { name: tr('en', 'common', 'language.fil'), exact: true }).click();
      await expect.poll(() => page.locator('#my-steps').textContent()).toBe(tr('fil', 'profile', 'steps.title'));
      await expect
        .poll(
          async () =>
            (await server.database.db.select().from(customers).where(eq(customers.id, customerId)))[0]?.language,
        )
        .toBe('fil');
      await shot(page, 'my-fil');

      // Help, in Filipino: the search finds a question and hides the others.
      await page.getByRole('link', { name: tr('fil', 'profile', 'links.help') }).click();
      await page.waitForURL((url) => url.pathname === '/help');
      const howToRepay = tr('fil', 'help', 'faq.howToRepay.q');
      await page.fill('#help-search', 'magbayad');
      await expect.poll(() => page.locator('.help-q').allTextContents()).toContain(howToRepay);
      expect(await page.locator('.help-q').allTextContents()).not.toContain(tr('fil', 'help', 'faq.language.q'));
      await shot(page, 'help-fil');
      await page.fill('#help-search', 'zzzz');
      await expect.poll(() => page.locator('.help-empty').textContent()).toBe(tr('fil', 'help', 'noMatch'));

      // Feedback: 9 characters refused with the translated message, the text kept; 10 sent and listed.
      await page.getByRole('link', { name: new RegExp(tr('fil', 'help', 'feedback.link'), 'u') }).click();
      await page.waitForURL((url) => url.pathname === '/feedback');
      await page.getByTestId('feedback-none').waitFor();
      await page.getByRole('radio', { name: text('fil', 'feedback.options.category.app'), exact: true }).check();
      await page.fill('#root_text', 'Mabagal !');
      await page.getByRole('button', { name: tr('fil', 'help', 'feedback.submit'), exact: true }).click();
      await expect
        .poll(() => page.locator('#root_text__error').textContent())
        .toBe(text('fil', 'feedback.errors.text.minLength', { limit: 10 }));
      expect(await page.inputValue('#root_text')).toBe('Mabagal !');
      await shot(page, 'feedback-refused-fil');
      await page.fill('#root_text', 'Mabagal !!');
      await page.getByRole('button', { name: tr('fil', 'help', 'feedback.submit'), exact: true }).click();
      await page.getByTestId('feedback-list').waitFor();
      expect(await page.getByTestId('feedback-list').textContent()).toContain('Mabagal !!');
      expect(await page.getByTestId('feedback-list').textContent()).toContain(tr('fil', 'help', 'feedback.state.open'));
      expect(await page.inputValue('#root_text')).toBe('');
      const stored = await server.database.db.select().from(feedback).where(eq(feedback.customerId, customerId));
      expect(stored.map((f) => f.text)).toEqual(['Mabagal !!']);
      await shot(page, 'feedback-sent-fil');

      // The bank chooser from the payout step: search, pick, back in the form with the bank filled in.
      await page.goto(`${server.url}/bankInfo`);
      await page.locator('#root_bankCode').click();
      await page.waitForURL((url) => url.pathname === '/bankName');
      await page.fill('#bankName-search', 'union');
      const union = text('fil', 'bankInfo.options.bankCode.unionBank');
      await expect.poll(() => page.locator('.bankName-item').allTextContents()).toContain(union);
      expect(await page.locator('.bankName-item').allTextContents()).not.toContain(
        text('fil', 'bankInfo.options.bankCode.bdo'),
      );
      await shot(page, 'bankName-fil');
      await page.getByRole('button', { name: union, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/bankInfo');
      await expect.poll(() => page.locator('#root_bankCode').textContent()).toContain(union);
      await shot(page, 'bankInfo-picked-fil');

      // Log out from the profile: /start, and a protected route sends back there.
      await page.goto(`${server.url}/my`);
      await page.getByRole('button', { name: tr('fil', 'profile', 'logout.button'), exact: true }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: tr('fil', 'profile', 'logout.confirm'), exact: true })
        .click();
      await page.waitForURL((url) => url.pathname === '/start');
      expect(await page.evaluate(() => localStorage.getItem('drafts') ?? '')).not.toContain('unionBank');
      await page.goto(`${server.url}/my`);
      await page.waitForURL((url) => url.pathname === '/start');
      await shot(page, 'logged-out');
    },
  );
});
