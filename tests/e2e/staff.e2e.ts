/**
 * The staff console in Chromium on a desktop, against the real server and database: an administrator (written by the
 * server's test helper) signs in at /staff/login with password and authenticator code; a wrong password, a missing
 * code and a reused code are refused with their translated messages, what was typed staying; the administrator adds an
 * underwriter and a customer service agent (each shown their second factor once) who then sign in. Screenshots in
 * English and Filipino go to /tmp/staff-*.png. On one database (browserDatabase in ./server.ts: PostgreSQL when TEST_DATABASE_URL names one); the server suites
 * (server/routes/staff/auth.test.ts, accounts.test.ts) run the same sign-in and account rules on PostgreSQL too.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumSuite } from './browser.ts';
import { browserDatabases, startServer, type E2eServer } from './server.ts';
import {
  addStaffInUi,
  addTestStaff,
  codeUsed,
  freshCode,
  staffDesktop,
  staffLogin,
  staffPasswordStep,
  staffText,
} from './staff.ts';

const suite = chromiumSuite(inject('baseUrl'));
const en = staffText('en');
const fil = staffText('fil');
const errors = staffText('en', 'errors');

describe.each(browserDatabases('one'))('staff console on %s', (kind) => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves /staff its own page, not the borrower shell', async () => {
    for (const path of ['/staff', '/staff/login', '/staff/reviews/123']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).toContain('/staff/assets/');
      expect(html, path).not.toContain('manifest.webmanifest');
    }
  });

  it(
    'signs in with password and code, refusing a wrong password, a missing code and a reused code',
    { timeout: 150_000 },
    async () => {
      const admin = await addTestStaff(server.database.db, 'administrator');
      const page = await suite.open(staffDesktop, undefined);
      page.setDefaultTimeout(15_000);
      await page.goto(`${server.url}/staff/`);
      await page.waitForURL((url) => url.pathname === '/staff/login');
      await page.screenshot({ path: '/tmp/staff-login-en.png' });

      // A wrong password: one answer for every wrong credential; what was typed stays.
      await staffPasswordStep(page, server.url, { email: admin.email, password: 'not the password' });
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toBe(errors('STAFF_LOGIN_FAILED', { maxFailures: 5, lockMinutes: 15 }));
      expect(await page.locator('input[name=email]').inputValue()).toBe(admin.email);

      // The right password asks for the code; sent without one, it is refused.
      await page.locator('input[name=password]').fill(admin.password);
      await page.locator('button[type=submit]').click();
      await page.locator('input[name=code]').waitFor();
      await page.locator('button[type=submit]').click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(errors('TOTP_REQUIRED'));

      // The right code signs in; the administrator lands on the accounts screen with their name and role.
      await page.locator('input[name=code]').fill(freshCode(admin.totpSecret, server));
      await page.locator('button[type=submit]').click();
      // The administrator's first screen is the audit log (the first menu item the role may use).
      await page.waitForURL((url) => url.pathname === '/staff/audit');
      await expect.poll(() => page.getByTestId('who').textContent()).toContain(en('roles.administrator'));
      await page.locator('table.st-table tbody tr').first().waitFor();
      await page.screenshot({ path: '/tmp/staff-audit-en.png' });
      await page.getByRole('link', { name: en('nav.accounts') }).waitFor();
      expect(await page.getByRole('link', { name: en('nav.reviews') }).count()).toBe(0);

      // A session the server no longer knows (ended, or idle too long): the next request sends back to the login page,
      // which says so.
      await page.evaluate(() => sessionStorage.setItem('staff.session', 'ended-session-token'));
      await page.getByRole('link', { name: en('nav.accounts') }).click();
      await page.waitForURL((url) => url.pathname === '/staff/login');
      await page.getByText(en('login.sessionEnded')).waitFor();

      // Signed in again, then logged out: the same code again is refused as reused.
      const used = await staffLogin(page, server, admin);
      await page.getByRole('button', { name: en('header.logout') }).click();
      await page.waitForURL((url) => url.pathname === '/staff/login');
      await staffPasswordStep(page, server.url, admin);
      await page.locator('input[name=code]').fill(used);
      await page.locator('button[type=submit]').click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(errors('TOTP_REUSED'));
      await page.screenshot({ path: '/tmp/staff-login-error-en.png' });
      expect(await page.locator('input[name=code]').inputValue()).toBe(used);
    },
  );

  it('adds an underwriter and a customer service agent, who then sign in', { timeout: 180_000 }, async () => {
    const admin = await addTestStaff(server.database.db, 'administrator');
    codeUsed(admin.totpSecret, server);
    const page = await suite.open(staffDesktop);
    page.setDefaultTimeout(15_000);
    await staffLogin(page, server, admin);
    await page.getByRole('link', { name: en('nav.accounts') }).click();
    await page.waitForURL((url) => url.pathname === '/staff/accounts');
    const underwriter = await addStaffInUi(page, 'underwriter', 'Una Writer');
    await page.screenshot({ path: '/tmp/staff-accounts-en.png', fullPage: true });
    const agent = await addStaffInUi(page, 'customerService', 'Cesar Service');

    // The same screen in Filipino.
    await page.getByTestId('language').selectOption('fil');
    await page.getByRole('heading', { name: fil('accounts.title') }).waitFor();
    await page.screenshot({ path: '/tmp/staff-accounts-fil.png', fullPage: true });
    await page.getByTestId('language').selectOption('en');

    await page.getByRole('button', { name: en('header.logout') }).click();
    await page.waitForURL((url) => url.pathname === '/staff/login');

    // The underwriter's console starts at the review queue, the agent's at customer search.
    await staffLogin(page, server, underwriter);
    // Not the accounts page the administrator left (Refine's return path): a role's own first screen.
    await page.waitForURL((url) => url.pathname === '/staff/reviews');
    await page.getByRole('heading', { name: en('reviews.title') }).waitFor();
    await page.screenshot({ path: '/tmp/staff-reviews-en.png', fullPage: true });
    await page.getByRole('button', { name: en('header.logout') }).click();
    await page.waitForURL((url) => url.pathname === '/staff/login');

    await staffLogin(page, server, agent);
    await page.waitForURL((url) => url.pathname === '/staff/customers');
    expect(await page.getByRole('link', { name: en('nav.accounts') }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/staff-customers-en.png', fullPage: true });
  });
});
