/**
 * The information steps as a borrower fills them on an iPhone, in English and in Filipino: at every step wrong values
 * first (each refused with the translated message, nothing already typed lost), then right ones; a reload keeps what
 * was typed; a step ahead of the first incomplete one resumes there; the last step leads out of the flow.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatPeso } from '../../domain/money.ts';
import incomeBands from '../../schemas/workInfo.income-bands.json' with { type: 'json' };
import { chromiumSuite, iPhone } from './browser.ts';
import { solidPng } from './images.ts';

const base = inject('baseUrl');
const suite = chromiumSuite(base);
const product = JSON.parse(readFileSync('config/product.json', 'utf8')) as { postalCodeDigits: number; borrowerAge: { min: number; max: number } };
const flow = JSON.parse(readFileSync('config/flow.json', 'utf8')) as { steps: { step: string; route: string; next: string }[] };

type Catalog = Record<string, unknown>;
const catalogs = new Map<string, Catalog>();

/** The text of `key` in the forms catalog of `lng`, `{{name}}` filled from `values`. */
function text(lng: string, key: string, values: Record<string, string | number> = {}): string {
  let catalog = catalogs.get(lng);
  if (!catalog) catalogs.set(lng, (catalog = JSON.parse(readFileSync(`locales/${lng}/forms.json`, 'utf8')) as Catalog));
  const found = key.split('.').reduce<unknown>((node, k) => (node as Catalog | undefined)?.[k], catalog);
  if (typeof found !== 'string') throw new Error(`no text ${lng}:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

const errorOf = (page: Page, field: string) => page.locator(`#root_${field}__error`);
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: solidPng(1200, 800) });

/** Types a value and leaves the field (a date input keeps focus on Tab, between its parts, so blur it). */
async function leave(page: Page, selector: string, value: string) {
  await page.fill(selector, value);
  await page.locator(selector).blur();
}

/** Every dotted key of the forms and common catalogs, as it would appear if a text were missing. */
const rawKeys = ['forms', 'common'].flatMap((ns) => {
  const walk = (node: unknown, prefix: string): string[] =>
    node && typeof node === 'object' ? Object.entries(node).flatMap(([k, v]) => walk(v, prefix ? `${prefix}.${k}` : k)) : prefix.includes('.') ? [prefix] : [];
  return walk(JSON.parse(readFileSync(`locales/en/${ns}.json`, 'utf8')), '');
});

/** No catalog key is shown as text on the step (titles, list titles, options, notices, widget labels). */
async function expectNoRawKeys(page: Page) {
  // innerText leaves out what is not rendered: the hidden keep-alive views of other steps.
  const shown = await page.evaluate(() => document.body.innerText);
  expect(rawKeys.filter((key) => shown.includes(key))).toEqual([]);
}

/** No i18n key, ajv message or pattern reaches the screen: every error is a sentence of the catalog. */
async function expectOnlyTranslatedErrors(page: Page) {
  const shown = await page.locator('.ui-form-error').allTextContents();
  expect(shown.filter((t) => /^[\w-]+(\.[\w-]+)+$|^must |^should |\^|\$|\\d/u.test(t))).toEqual([]);
}

function steps(lng: string) {
  const tx = (key: string, values?: Record<string, string | number>) => text(lng, key, values);
  const submit = async (page: Page) => {
    await page.getByRole('button', { name: tx('form.submit'), exact: true }).click();
    await expectOnlyTranslatedErrors(page);
  };
  const choose = (page: Page, key: string, values?: Record<string, string>) => page.getByRole('radio', { name: tx(key, values), exact: true }).check();
  const atStep = async (page: Page, step: string) => {
    await page.waitForURL((url) => url.pathname === flow.steps.find((s) => s.step === step)?.route);
    await page.locator(`.info-step[data-step="${step}"] form`).waitFor();
    await expectNoRawKeys(page);
  };
  const required = tx('errors.required');

  return {
    tx,
    submit,
    atStep,

    async identity(page: Page) {
      await atStep(page, 'identityInfo');
      // Letters only in a name; the message names the rule.
      await leave(page, '#root_name', 'Juan 123');
      await expect.poll(() => errorOf(page, 'name').textContent()).toBe(tx('identity.errors.name.format'));
      await page.fill('#root_name', 'Juan Dela Cruz');
      // Too young for the product: refused with the configured ages.
      const year = new Date().getFullYear();
      await leave(page, '#root_birthDate', `${year - product.borrowerAge.min + 2}-01-15`);
      await expect.poll(() => errorOf(page, 'birthDate').textContent()).toBe(tx('identity.errors.birthDate.age', { minAge: product.borrowerAge.min, maxAge: product.borrowerAge.max }));
      await leave(page, '#root_birthDate', '1990-05-15');
      await page.getByText(tx('identity.ageIs', { age: ageOf('1990-05-15') }), { exact: true }).waitFor();
      expect(await errorOf(page, 'birthDate').count()).toBe(0);
      await choose(page, 'identity.options.gender.female');
      await page.selectOption('#root_idType', { label: tx('identity.options.idType.sss') });
      await leave(page, '#root_idNumber', '12345');
      await expect.poll(() => errorOf(page, 'idNumber').textContent()).toBe(tx('identity.errors.idNumber.sss'));
      // A refused submit keeps everything typed and focuses the first field in error.
      await submit(page);
      await expect.poll(() => errorOf(page, 'idPhotoFront').textContent()).toBe(required);
      expect(await page.inputValue('#root_name')).toBe('Juan Dela Cruz');
      expect(await page.inputValue('#root_birthDate')).toBe('1990-05-15');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_idNumber');
      // The notices say why before the photos are asked for.
      await expect.poll(() => page.getByRole('note').allTextContents()).toEqual([tx('notice.idPhoto'), tx('notice.facePhoto')]);
      await page.fill('#root_idNumber', '34-1234567-8');
      await page.locator('[data-field="root_idPhotoFront"] input[type=file]').setInputFiles(photo('front.png'));
      await page.locator('[data-field="root_idPhotoBack"] input[type=file]').setInputFiles(photo('back.png'));
      await page.locator('[data-field="root_facePhoto"] input[type=file]').setInputFiles(photo('face.png'));
      await page.locator('[data-field="root_facePhoto"] img').waitFor();
      await submit(page);
    },

    async baseInfo(page: Page) {
      await atStep(page, 'baseInfo');
      await submit(page);
      await expect.poll(() => errorOf(page, 'maritalStatus').textContent()).toBe(required);
      await expect.poll(() => errorOf(page, 'education').textContent()).toBe(required);
      await choose(page, 'baseInfo.options.maritalStatus.marriedWithChildren');
      await choose(page, 'baseInfo.options.education.college');
      await submit(page);
    },

    async baseInfo2(page: Page) {
      await atStep(page, 'baseInfo2');
      await submit(page);
      await expect.poll(() => errorOf(page, 'loanPurpose').textContent()).toBe(required);
      await choose(page, 'baseInfo2.options.loanPurpose.dailyExpense');
      await submit(page);
    },

    async addressInfo(page: Page) {
      await atStep(page, 'addressInfo');
      await leave(page, '#root_detailedAddress', 'abc');
      await expect.poll(() => errorOf(page, 'detailedAddress').textContent()).toBe(tx('addressInfo.errors.detailedAddress.minLength', { limit: 5 }));
      await leave(page, '#root_postalCode', '1'.repeat(product.postalCodeDigits + 1));
      await expect.poll(() => errorOf(page, 'postalCode').textContent()).toBe(tx('addressInfo.errors.postalCode.format', { postalCodeDigits: product.postalCodeDigits }));
      await submit(page);
      await expect.poll(() => errorOf(page, 'address').textContent()).toBe(tx('addressInfo.errors.address.required'));
      expect(await page.inputValue('#root_detailedAddress')).toBe('abc');
      await page.fill('#root_detailedAddress', '123 Osmeña Boulevard, Unit 4');
      await page.fill('#root_postalCode', '6000'.slice(0, product.postalCodeDigits).padEnd(product.postalCodeDigits, '0'));
      for (const [level, search, name] of [['province', 'ceb', 'Cebu'], ['city', 'cebu c', 'Cebu City'], ['barangay', 'apa', 'Apas']] as const) {
        const toggle = page.locator('.ui-widget-address-toggle', { hasText: tx(`widgets.address.${level}`) });
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        await page.getByLabel(`${tx('widgets.address.search')} ${tx(`widgets.address.${level}`)}`, { exact: true }).fill(search);
        await page.locator('.ui-widget-address-option', { hasText: new RegExp(`^${name}$`) }).click();
      }
      await expect.poll(() => page.locator('.ui-widget-address-value').allTextContents()).toEqual(['Cebu', 'Cebu City', 'Apas']);
      await submit(page);
    },

    async contact(page: Page) {
      await atStep(page, 'contact');
      await expect.poll(() => page.getByRole('note').allTextContents()).toEqual([tx('notice.contacts')]);
      await leave(page, '#root_email', 'juan@');
      await expect.poll(() => errorOf(page, 'email').textContent()).toBe(tx('contact.errors.email.format'));
      await page.fill('#root_email', 'juan.delacruz@example.com');
      await leave(page, '#root_whatsApp', '9171234');
      await expect.poll(() => errorOf(page, 'whatsApp').textContent()).toBe(tx('contact.errors.whatsApp.format'));
      await page.fill('#root_whatsApp', '09171234567');
      const contacts = [
        ['Maria Dela Cruz', '0917 123 4567', 'spouse'], // the borrower's own registered number
        ['Pedro Santos', '0918 765 4321', 'siblings'],
        ['Ana Reyes', '+63 918 765 4321', 'friends'], // the same number as Pedro's
      ] as const;
      for (const [i, [name, phone, relation]] of contacts.entries()) {
        await page.fill(`#root_emergencyContacts_${i}_name`, name);
        await page.fill(`#root_emergencyContacts_${i}_phone`, phone);
        await page.selectOption(`#root_emergencyContacts_${i}_relation`, { label: tx(`contact.options.relation.${relation}`) });
      }
      await submit(page);
      await expect.poll(() => errorOf(page, 'emergencyContacts_0_phone').textContent()).toBe(tx('contact.errors.contactPhone.registeredPhone'));
      await expect.poll(() => errorOf(page, 'emergencyContacts_2_phone').textContent()).toBe(tx('errors.uniqueBy'));
      expect(await page.inputValue('#root_emergencyContacts_1_name')).toBe('Pedro Santos');
      await page.fill('#root_emergencyContacts_0_phone', '0919 000 1111');
      await page.fill('#root_emergencyContacts_2_phone', '0920 222 3333');
      await submit(page);
    },

    async workInfo(page: Page) {
      await atStep(page, 'workInfo');
      await choose(page, 'workInfo.options.employmentType.contractWorker');
      await choose(page, 'workInfo.options.yearsWorked.oneToThree');
      const band = incomeBands.bands.find((b) => b.id === 'from18001To25000');
      const peso = (centavos: number | null | undefined) => (centavos == null ? '' : formatPeso(centavos, { wholeIfExact: true }));
      await choose(page, 'workInfo.options.monthlyIncome.from18001To25000', { min: peso(band?.minCentavos), max: peso(band?.maxCentavos) });
      await page.selectOption('#root_industry', { label: tx('workInfo.options.industry.bpo') });
      await choose(page, 'workInfo.options.payCycle.biWeekly');
      await leave(page, '#root_payday', '2026-12-15');
      await leave(page, '#root_companyName', 'A');
      await expect.poll(() => errorOf(page, 'companyName').textContent()).toBe(tx('workInfo.errors.companyName.minLength', { limit: 2 }));
      await leave(page, '#root_companyPhone', '12345');
      await expect.poll(() => errorOf(page, 'companyPhone').textContent()).toBe(tx('workInfo.errors.companyPhone.format'));
      await submit(page);
      await expect.poll(() => errorOf(page, 'companyAddress').textContent()).toBe(required);
      await page.fill('#root_companyName', 'Cebu Contact Centre Inc.');
      await page.fill('#root_companyPhone', '0917 555 0101');
      await page.fill('#root_companyAddress', 'IT Park, Lahug, Cebu City');
      await submit(page);
    },

    async bankInfo(page: Page) {
      await atStep(page, 'bankInfo');
      await choose(page, 'bankInfo.options.payoutMethod.bank');
      await page.selectOption('#root_bankCode', { label: tx('bankInfo.options.bankCode.bpi') });
      await page.fill('#root_accountNumber', '1234 5678 90');
      await leave(page, '#root_accountNumberConfirm', '1234 5678 91');
      await expect.poll(() => errorOf(page, 'accountNumberConfirm').textContent()).toBe(tx('bankInfo.errors.accountNumberConfirm.matches'));
      await page.fill('#root_accountNumberConfirm', '1234567890');
      await leave(page, '#root_payeeLastName', 'Dela Cruz 2');
      await expect.poll(() => errorOf(page, 'payeeLastName').textContent()).toBe(tx('bankInfo.errors.payeeLastName.format'));
      await page.fill('#root_payeeLastName', 'Dela Cruz');
      await page.fill('#root_payeeFirstName', 'Juan');
      await page.fill('#root_withdrawalPhone', '0917 123 4567');
      await submit(page);
    },
  };
}

/** Whole years from a birth date to today (the test machine's date; the app uses Manila's, the same day here). */
function ageOf(birthDate: string): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const now = new Date();
  return now.getFullYear() - y - (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d) ? 1 : 0);
}

describe.each(['en', 'fil'])('information steps in %s', (lng) => {
  it('refuses wrong values with translated messages, keeps what was typed, survives a reload and completes the flow', { timeout: 120_000 }, async () => {
    const page = await suite.open(iPhone(3), '/identityInfo', { session: true, language: lng });
    page.setDefaultTimeout(10_000);
    const s = steps(lng);
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
    expect(await page.getByRole('radio', { name: s.tx('baseInfo.options.maritalStatus.marriedWithChildren'), exact: true }).isChecked()).toBe(true);
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
  });
});

describe('information steps and logout', () => {
  it('forgets the drafts when the borrower logs out', async () => {
    const page = await suite.open(iPhone(2), '/identityInfo', { session: true });
    await page.locator('#root_name').waitFor();
    await page.fill('#root_name', 'Juan Dela Cruz');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('drafts') ?? '')).toContain('Juan Dela Cruz');
    await page.goto(`${base}/setup`);
    const logout = (JSON.parse(readFileSync('locales/en/setup.json', 'utf8')) as { logout: { button: string; confirm: string } }).logout;
    await page.getByRole('button', { name: logout.button }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: logout.confirm }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('drafts'))).toBeNull();
  });
});
