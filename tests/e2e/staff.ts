/**
 * Helpers of the staff console's browser suites: the desktop profile, the console's texts by key, authenticator codes
 * that are never used twice (the server refuses a reused code: TOTP_REUSED; the server's clock moves on to the next step), and the login through /staff/login.
 * An account made in the accounts screen has a temporary password and no second factor: its first `staffLogin` goes
 * through /staff/setup as its owner would (enrols the authenticator from the secret shown, sets a password of its own)
 * and keeps the new credentials in the same object.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { totpCode } from '#server/testing/staff.ts';

export { addTestStaff, totpCode } from '#server/testing/staff.ts';

/** A staff member's desktop: 1366x900. */
export const staffDesktop: BrowserContextOptions = { viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1 };

type Tree = { [key: string]: string | Tree };

/** A text of the console in a language, by its dotted key in locales/<lng>/<ns>.json (staff by default). */
export function staffText(
  lng: string,
  ns = 'staff',
): (key: string, values?: Record<string, string | number>) => string {
  const tree = JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Tree;
  return (key, values = {}) => {
    const text = key.split('.').reduce<unknown>((node, k) => (node as Tree | undefined)?.[k], tree);
    if (typeof text !== 'string') throw new Error(`no text ${lng}/${ns}:${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
  };
}

/** The e2e server's clock, which a test moves (server/testing/test-api.ts). */
export interface ServerClock {
  now(): Date;
  advance(seconds: number): void;
}

const lastStep = new Map<string, number>();
const stepOf = (at: Date) => Math.floor(at.getTime() / 30_000);

/**
 * A code of `secret` no login used yet. When this step's code was used, the server's clock is moved on to the next
 * 30-second step (the server refuses a reused code: TOTP_REUSED) rather than waiting for it in real time.
 */
export function freshCode(secret: string, clock: ServerClock): string {
  const used = lastStep.get(secret);
  if (used !== undefined && used >= stepOf(clock.now()))
    clock.advance(((used + 1) * 30_000 + 1_000 - clock.now().getTime()) / 1000);
  const step = stepOf(clock.now());
  lastStep.set(secret, step);
  return totpCode(secret, clock.now());
}

/** Marks the server's current code of `secret` as used (a login outside these helpers took it), and answers it. */
export function codeUsed(secret: string, clock: ServerClock): string {
  lastStep.set(secret, stepOf(clock.now()));
  return totpCode(secret, clock.now());
}

export interface StaffCredentials {
  readonly email: string;
  /** The temporary one until the first sign-in sets the owner's own. */
  password: string;
  /** Empty until the first sign-in enrols the authenticator. */
  totpSecret: string;
}

/** The password an account's owner chooses at the first sign-in (the password policy accepts it). */
export const OWNER_PASSWORD = 'quiet harbour under paper lanterns';

/** Fills e-mail and password at /staff/login and continues to the code step. */
export async function staffPasswordStep(
  page: Page,
  base: string,
  staff: Pick<StaffCredentials, 'email' | 'password'>,
): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/staff/login')) await page.goto(`${base}/staff/login`);
  await page.locator('input[name=email]').fill(staff.email);
  await page.locator('input[name=password]').fill(staff.password);
  await page.locator('button[type=submit]').click();
}

/**
 * The first sign-in of an account made by an administrator, at /staff/setup: shows the secret, confirms it with a
 * code, replaces the temporary password with OWNER_PASSWORD; `staff` then holds the new credentials. Answers the code.
 */
async function finishSetup(page: Page, server: ServerClock, staff: StaffCredentials): Promise<string> {
  const en = staffText('en');
  await page.getByRole('button', { name: en('setup.showSecret') }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await page.getByTestId('totp-uri').textContent()).toContain(`secret=${secret}`);
  await expect.poll(() => page.getByTestId('totp-setup').locator('img').count()).toBe(1);
  await page.screenshot({ path: '/tmp/staff-setup-en.png' });
  const code = freshCode(secret, server);
  await page.locator('input[name=code]').fill(code);
  await page.getByRole('button', { name: en('setup.confirm') }).click();
  const form = page.getByTestId('password-form');
  await form.locator('input[name=currentPassword]').fill(staff.password);
  await form.locator('input[name=newPassword]').fill(OWNER_PASSWORD);
  await form.locator('input[name=newPasswordAgain]').fill(OWNER_PASSWORD);
  await page.screenshot({ path: '/tmp/staff-setup-password-en.png' });
  await form.locator('button[type=submit]').click();
  await page.waitForURL((url) => url.pathname.startsWith('/staff/') && !url.pathname.startsWith('/staff/setup'));
  staff.totpSecret = secret;
  staff.password = OWNER_PASSWORD;
  return code;
}

/**
 * Signs in through /staff/login (password, then a fresh authenticator code; the first time, the account's setup) and
 * waits for the console; answers the code.
 */
export async function staffLogin(
  page: Page,
  server: ServerClock & { url: string },
  staff: StaffCredentials,
): Promise<string> {
  await staffPasswordStep(page, server.url, staff);
  let code: string;
  if (staff.totpSecret === '') {
    await page.waitForURL((url) => url.pathname === '/staff/setup');
    code = await finishSetup(page, server, staff);
  } else {
    code = freshCode(staff.totpSecret, server);
    await page.locator('input[name=code]').fill(code);
    await page.locator('button[type=submit]').click();
  }
  await page.waitForURL(
    (url) =>
      url.pathname.startsWith('/staff/') &&
      !url.pathname.startsWith('/staff/login') &&
      !url.pathname.startsWith('/staff/setup'),
  );
  await page.locator('[data-testid=who] strong').waitFor();
  return code;
}

/**
 * Adds a staff account in the accounts screen (one administrator: no approval to wait for); answers its e-mail and the
 * temporary password shown once (no second factor: its first staffLogin sets it up), and hides the password.
 */
export async function addStaffInUi(page: Page, role: string, name: string): Promise<StaffCredentials> {
  const en = staffText('en');
  const email = `${role.toLowerCase()}-${Date.now()}@lender.test`;
  await page.getByRole('button', { name: en('accounts.add') }).click();
  const form = page.locator('[data-form=staffAccount]');
  await form.getByLabel(en('staffAccount.email')).fill(email);
  await form.getByLabel(en('staffAccount.name')).fill(name);
  await form.getByLabel(en('staffAccount.role')).selectOption({ label: en(`staffAccount.options.role.${role}`) });
  await form.getByRole('button', { name: en('accounts.create') }).click();
  const shown = page.getByTestId('temporary-password');
  await shown.waitFor();
  expect(await page.getByTestId('totp-setup').count()).toBe(0);
  const password = (await shown.getByTestId('temporary-password-value').textContent()) ?? '';
  expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  await page.locator(`tr[data-email="${email}"]`).waitFor();
  await page.screenshot({ path: '/tmp/staff-temporary-password-en.png' });
  await page.getByRole('button', { name: en('accounts.temporaryDone') }).click();
  return { email, password, totpSecret: '' };
}
