/**
 * The account against the real server and database (issue: API server, database, SMS login and saved profiles): a new
 * phone registers with the code from the SMS outbox, fills every step, reloads, logs out and in again and finds
 * everything saved; a wrong code, an expired code and a resend asked too early each show the translated error, on
 * one database, PostgreSQL when TEST_DATABASE_URL names one (server/routes/auth.test.ts and profile.test.ts run the login and the saves on PostgreSQL too). The server as
 * `npm start` runs it, in its own process, on the embedded database and, when TEST_DATABASE_URL names one, on a
 * PostgreSQL server given by DATABASE_URL.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUTH_POLICY } from '#server/services/auth.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { startProcessServer, type ProcessServer } from './process-server.ts';
import { browserDatabases, newPhone, smsCode, startServer, type E2eServer } from './server.ts';
import { flow, loginThroughUi, steps } from './steps.ts';

const suite = chromiumSuite(inject('baseUrl'));
const login = JSON.parse(readFileSync('locales/en/login.json', 'utf8')) as Record<string, string>;
const errors = JSON.parse(readFileSync('locales/en/errors.json', 'utf8')) as Record<string, string>;
const setup = JSON.parse(readFileSync('locales/en/setup.json', 'utf8')) as {
  logout: { button: string; confirm: string };
};

describe.each(browserDatabases('one'))('account on %s', (kind) => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });
  const code = (phone: string) => smsCode(server.outbox, phone);

  it(
    'registers, fills every step, and finds everything saved after a reload and after logging out and in',
    { timeout: 180_000 },
    async () => {
      const page = await suite.open(iPhone(3));
      page.setDefaultTimeout(10_000);
      const phone = newPhone();
      await loginThroughUi(page, server.url, code, phone);
      // A new borrower starts at the first step.
      expect(new URL(page.url()).pathname).toBe(flow.steps[0]?.route);
      const s = steps('en', phone);
      await s.identity(page);
      await s.baseInfo(page);
      await s.baseInfo2(page);
      await s.addressInfo(page);
      // The reload comes once the step is saved and the app has moved on: a reload during the save would cancel it.
      await s.atStep(page, 'contact');
      await page.reload();
      await s.contact(page);
      await s.workInfo(page);
      await s.bankInfo(page);
      await page
        .waitForURL((url) => url.pathname === flow.steps.at(-1)?.next)
        .catch(async (error: unknown) => {
          await page.screenshot({ path: 'test-results/account-bankInfo.png', fullPage: true });
          throw error;
        });

      // Log out: the session is revoked on the server, and nothing stays in this browser.
      await page.goto(`${server.url}/setup`);
      await page.getByRole('button', { name: setup.logout.button }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: setup.logout.confirm }).click();
      await page.waitForURL((url) => url.pathname === '/start');
      expect(await page.evaluate(() => localStorage.getItem('drafts') ?? '')).not.toContain('Dela Cruz');

      // In again after the resend wait: every step is complete, so the borrower goes past the steps, and each step
      // shows what was saved, photos included.
      server.advance(AUTH_POLICY.resendSeconds + 1);
      await loginThroughUi(page, server.url, code, phone);
      expect(new URL(page.url()).pathname).toBe(flow.steps.at(-1)?.next);
      await page.goto(`${server.url}/contact`);
      await s.atStep(page, 'contact');
      expect(await page.inputValue('#root_email')).toBe('juan.delacruz@example.com');
      expect(await page.inputValue('#root_emergencyContacts_1_name')).toBe('Pedro Santos');
      await page.goto(`${server.url}/identityInfo`);
      await s.atStep(page, 'identityInfo');
      // The page draws the step's empty form; the app then shows what the server holds.
      await expect.poll(() => page.inputValue('#root_name')).toBe('Juan Dela Cruz');
      await page.locator('[data-field="root_idPhotoFront"] img').waitFor();
      await page.goto(`${server.url}/bankInfo`);
      expect(await page.inputValue('#root_accountNumber')).toBe('1234567890');
    },
  );

  it(
    'shows the translated error for a wrong code, a resend asked too early and an expired code',
    { timeout: 60_000 },
    async () => {
      const page = await suite.open(iPhone(2));
      page.setDefaultTimeout(10_000);
      const phone = newPhone();
      const sendCode = async () => {
        await page.fill('#start-phone', `0${phone}`);
        await page.getByRole('button', { name: login['sendCode'], exact: true }).click();
      };
      await page.goto(`${server.url}/start`);
      await sendCode();
      await page.locator('#start-code').waitFor();
      const first = await code(phone);
      await page.fill('#start-code', first === '0000' ? '1111' : '0000');
      await page.getByRole('button', { name: login['login'], exact: true }).click();
      await expect
        .poll(() => page.locator('#start-error').textContent())
        .toBe(`${errors['CODE_INVALID']} ${login['attemptsLeft_other']?.replace('{{count}}', '4')}`);

      // A fresh page has no countdown, but the server still refuses a resend within 60 s.
      await page.reload();
      await sendCode();
      await expect.poll(() => page.locator('#start-error').textContent()).toBe(errors['RESEND_TOO_SOON']);
      expect(await page.inputValue('#start-phone')).toBe(`0${phone}`);

      // A code typed after its 5 minutes is refused as expired.
      server.advance(AUTH_POLICY.resendSeconds + 1);
      await page.reload(); // the page's own countdown runs on the browser's clock, which the test does not move
      await sendCode();
      await page.locator('#start-code').waitFor();
      const second = await code(phone);
      server.advance(AUTH_POLICY.codeTtlSeconds + 1);
      await page.fill('#start-code', second);
      await page.getByRole('button', { name: login['login'], exact: true }).click();
      await expect.poll(() => page.locator('#start-error').textContent()).toBe(errors['CODE_EXPIRED']);
    },
  );
});

/** A fresh database on TEST_DATABASE_URL's server, for a process configured by DATABASE_URL; dropped afterwards. */
async function freshPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = (await import('pg')).default;
  const admin = process.env['TEST_DATABASE_URL'] ?? '';
  const name = `e2e_${Math.random().toString(16).slice(2, 10)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

describe.each(browserDatabases('both'))('the server as npm start runs it, on %s', (kind) => {
  let server: ProcessServer;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const env: Record<string, string> = {};
    if (kind === 'postgres') {
      const db = await freshPostgresUrl();
      env['DATABASE_URL'] = db.url;
      drop = db.drop;
    }
    server = await startProcessServer(env);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  it(
    'registers with the code from the server log, saves steps, and resumes from the server alone',
    { timeout: 90_000 },
    async () => {
      const page = await suite.open(iPhone(3));
      page.setDefaultTimeout(15_000);
      const phone = newPhone();
      await loginThroughUi(page, server.url, (p) => server.code(p), phone);
      const s = steps('en', phone);
      await s.identity(page);
      await s.baseInfo(page);
      await s.atStep(page, 'baseInfo2');
      // Nothing of this browser's drafts: what comes back comes from the server.
      await page.evaluate(() => localStorage.removeItem('drafts'));
      await page.goto(`${server.url}/identityInfo`);
      await page.waitForURL((url) => url.pathname === '/identityInfo');
      // The page draws the step's empty form; the app then shows what the server holds.
      await expect.poll(() => page.inputValue('#root_name')).toBe('Juan Dela Cruz');
      await page.goto(`${server.url}/bankInfo`);
      await s.atStep(page, 'baseInfo2');
    },
  );
});
