/**
 * The information steps as a borrower fills them on an iPhone, in English and in Filipino: at every step wrong values
 * first (each refused with the translated message, nothing already typed lost), then right ones; a reload keeps what
 * was typed; a step ahead of the first incomplete one resumes there; the last step leads out of the flow.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { customers, onboardingVisits } from '#server/db/tables.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabase, type E2eServer, newPhone, smsCode, startServer } from './server.ts';
import { flow, loginThroughUi, steps } from './steps.ts';

const suite = chromiumSuite(inject('baseUrl'));
let server: E2eServer;
let base: string;
beforeAll(async () => {
  server = await startServer(browserDatabase());
  base = server.url;
});
afterAll(async () => {
  await server?.close();
});

describe.each(['en', 'fil'])('information steps in %s', (lng) => {
  it(
    'refuses wrong values with translated messages, keeps what was typed, survives a reload and completes the flow',
    { timeout: 120_000 },
    async () => {
      const page = await suite.open(iPhone(3), undefined, { language: lng });
      page.setDefaultTimeout(10_000);
      const phone = newPhone();
      await loginThroughUi(page, base, (p) => smsCode(server.outbox, p), phone, lng);
      const s = steps(lng, phone);
      await s.identity(page);
      await s.baseInfo(page);
      await s.baseInfo2(page);

      // Halfway through a step the borrower reloads: what was typed is still there, and a step ahead of the first
      // incomplete one resumes at that one.
      await s.atStep(page, 'addressInfo');
      await page.fill('#root_detailedAddress', 'typed before the reload');
      await page.reload();
      await s.atStep(page, 'addressInfo');
      expect(await page.inputValue('#root_detailedAddress')).toBe('typed before the reload');
      await page.goto(`${base}/bankInfo`);
      await s.atStep(page, 'addressInfo');
      // Back to an earlier step: its answers are there.
      await page.goBack();
      await page.goto(`${base}/baseInfo`);
      await s.atStep(page, 'baseInfo');
      expect(
        await page
          .getByRole('radio', { name: s.tx('baseInfo.options.maritalStatus.married'), exact: true })
          .isChecked(),
      ).toBe(true);
      expect(
        await page.getByRole('radio', { name: s.tx('baseInfo.options.children.yes'), exact: true }).isChecked(),
      ).toBe(true);
      await page.goto(`${base}/addressInfo`);

      await s.addressInfo(page);
      await s.contact(page);
      await s.workInfo(page);
      await s.bankInfo(page);
      await page.waitForURL((url) => url.pathname === flow.steps.at(-1)?.next);

      // Every step is complete: each shows its saved answers after a reload, and no photo was written to storage.
      await page.goto(`${base}/contact`);
      await s.atStep(page, 'contact');
      // A completed step holds what the server will receive: the validated, normalised data.
      expect(await page.inputValue('#root_emergencyContacts_2_phone')).toBe('9202223333');
      expect(await page.inputValue('#root_emergencyContacts_1_name')).toBe('Pedro Santos');
      const stored = await page.evaluate(() => localStorage.getItem('drafts') ?? '');
      expect(JSON.parse(stored).state.completed).toEqual(flow.steps.map((step) => step.step));
      expect(stored).not.toContain('data:image');

      // The onboarding funnel heard of every step, each completed, and of the fields refused on the way: names only.
      const { db } = server.database;
      const [customer] = await db.select().from(customers).where(eq(customers.phone, phone));
      const visits = await db.select().from(onboardingVisits).where(eq(onboardingVisits.customerId, customer!.id));
      expect(visits.map((v) => v.step).sort()).toEqual(flow.steps.map((step) => step.step).sort());
      expect(visits.filter((v) => v.completedAt === null)).toEqual([]);
      const refused = visits.flatMap((v) => Object.keys(v.errorFields));
      expect(refused.length).toBeGreaterThan(0);
      for (const field of refused) expect(field).toMatch(/^[A-Za-z_$][\w$-]*(\.[A-Za-z_$][\w$-]*)*$/u);
    },
  );
});

describe('information steps and logout', () => {
  it('forgets the drafts when the borrower logs out', async () => {
    const page = await suite.open(iPhone(2));
    await loginThroughUi(page, base, (phone) => smsCode(server.outbox, phone), newPhone());
    await page.locator('#root_name').waitFor();
    await page.fill('#root_name', 'Juan Dela Cruz');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('drafts') ?? '')).toContain('Juan Dela Cruz');
    await page.goto(`${base}/setup`);
    const logout = (
      JSON.parse(readFileSync('locales/en/setup.json', 'utf8')) as { logout: { button: string; confirm: string } }
    ).logout;
    await page.getByRole('button', { name: logout.button }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: logout.confirm }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('drafts'))).toBeNull();
  });
});
