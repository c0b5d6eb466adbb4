/**
 * The information steps as a borrower fills them, in any language: at each step wrong values first (each refused
 * with the translated message, nothing typed lost), then right ones. Shared by the browser suites.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { formatPeso } from '#domain/money.ts';
import incomeBands from '#forms/workInfo.income-bands.json' with { type: 'json' };
import { idCard, portrait } from '#server/providers/identity/test-images.ts';

export const product = JSON.parse(readFileSync('config/product.json', 'utf8')) as {
  postalCodeDigits: number;
  borrowerAge: { min: number; max: number };
};
export const flow = JSON.parse(readFileSync('config/flow.json', 'utf8')) as {
  steps: { step: string; route: string; next: string }[];
};

type Catalog = Record<string, unknown>;
const catalogs = new Map<string, Catalog>();

/** The text of `ns:key` in `lng` (locales/<lng>/<ns>.json), `{{name}}` filled from `values`. */
export function catalogText(
  lng: string,
  ns: string,
  key: string,
  values: Record<string, string | number> = {},
): string {
  let catalog = catalogs.get(`${lng}/${ns}`);
  if (!catalog)
    catalogs.set(`${lng}/${ns}`, (catalog = JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Catalog));
  const found = key.split('.').reduce<unknown>((node, k) => (node as Catalog | undefined)?.[k], catalog);
  if (typeof found !== 'string') throw new Error(`no text ${lng} ${ns}:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** The text of `key` in the forms catalog of `lng`, `{{name}}` filled from `values`. */
export function text(lng: string, key: string, values: Record<string, string | number> = {}): string {
  return catalogText(lng, 'forms', key, values);
}

const errorOf = (page: Page, field: string) => page.locator(`#root_${field}__error`);
/** Photos the server's quality checks accept: a sharp ID card and a face, rendered from SVG. */
const photos = Promise.all([
  sharp(idCard()).jpeg({ quality: 90 }).toBuffer(),
  sharp(portrait()).jpeg({ quality: 90 }).toBuffer(),
]);
const photo = async (name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: (await photos)[name === 'face.jpg' ? 1 : 0],
});

/** Types a value and leaves the field (a date input keeps focus on Tab, between its parts, so blur it). */
async function leave(page: Page, selector: string, value: string) {
  await page.fill(selector, value);
  await page.locator(selector).blur();
}

/** Every dotted key of the forms and common catalogs, as it would appear if a text were missing. */
const rawKeys = ['forms', 'common'].flatMap((ns) => {
  const walk = (node: unknown, prefix: string): string[] =>
    node && typeof node === 'object'
      ? Object.entries(node).flatMap(([k, v]) => walk(v, prefix ? `${prefix}.${k}` : k))
      : prefix.includes('.')
        ? [prefix]
        : [];
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

/** The steps in `lng` for a borrower registered with `ownPhone` (national form, 9XXXXXXXXX). */
export function steps(lng: string, ownPhone: string) {
  const tx = (key: string, values?: Record<string, string | number>) => text(lng, key, values);
  const submit = async (page: Page) => {
    await page.getByRole('button', { name: tx('form.submit'), exact: true }).click();
    await expectOnlyTranslatedErrors(page);
  };
  const choose = (page: Page, key: string, values?: Record<string, string>) =>
    page.getByRole('radio', { name: tx(key, values), exact: true }).check();
  const atStep = async (page: Page, step: string) => {
    await page
      .waitForURL((url) => url.pathname === flow.steps.find((s) => s.step === step)?.route)
      .catch(async (error: unknown) => {
        // Say why the step was not reached: the toast, the form's errors, the page's path.
        const shown = await page.evaluate(() =>
          [
            location.pathname,
            ...[...document.querySelectorAll('.ui-toast, .ui-form-error')].map(
              (node) => (node as HTMLElement).innerText,
            ),
          ].join(' | '),
        );
        throw new Error(`not at ${step}: ${shown}`, { cause: error });
      });
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
      await expect
        .poll(() => errorOf(page, 'birthDate').textContent())
        .toBe(
          tx('identity.errors.birthDate.age', { minAge: product.borrowerAge.min, maxAge: product.borrowerAge.max }),
        );
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
      await expect
        .poll(() => page.getByRole('note').allTextContents())
        .toEqual([tx('notice.idPhoto'), tx('notice.facePhoto')]);
      await page.fill('#root_idNumber', '34-1234567-8');
      await page.locator('[data-field="root_idPhotoFront"] input[type=file]').setInputFiles(await photo('front.jpg'));
      await page.locator('[data-field="root_idPhotoBack"] input[type=file]').setInputFiles(await photo('back.jpg'));
      await page.locator('[data-field="root_facePhoto"] input[type=file]').setInputFiles(await photo('face.jpg'));
      await page.locator('[data-field="root_facePhoto"] img').waitFor();
      await submit(page);
    },

    async baseInfo(page: Page) {
      await atStep(page, 'baseInfo');
      await submit(page);
      await expect.poll(() => errorOf(page, 'maritalStatus').textContent()).toBe(required);
      await expect.poll(() => errorOf(page, 'education').textContent()).toBe(required);
      await choose(page, 'baseInfo.options.maritalStatus.married');
      await choose(page, 'baseInfo.options.children.yes');
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
      await expect
        .poll(() => errorOf(page, 'detailedAddress').textContent())
        .toBe(tx('addressInfo.errors.detailedAddress.minLength', { limit: 5 }));
      await leave(page, '#root_postalCode', '1'.repeat(product.postalCodeDigits + 1));
      await expect
        .poll(() => errorOf(page, 'postalCode').textContent())
        .toBe(tx('addressInfo.errors.postalCode.format', { postalCodeDigits: product.postalCodeDigits }));
      await submit(page);
      await expect.poll(() => errorOf(page, 'address').textContent()).toBe(tx('addressInfo.errors.address.required'));
      expect(await page.inputValue('#root_detailedAddress')).toBe('abc');
      await page.fill('#root_detailedAddress', '123 Osmeña Boulevard, Unit 4');
      await page.fill(
        '#root_postalCode',
        '6000'.slice(0, product.postalCodeDigits).padEnd(product.postalCodeDigits, '0'),
      );
      for (const [level, search, name] of [
        ['province', 'ceb', 'Cebu'],
        ['city', 'cebu c', 'Cebu City'],
        ['barangay', 'apa', 'Apas'],
      ] as const) {
        const toggle = page.locator('.ui-widget-address-toggle', { hasText: tx(`widgets.address.${level}`) });
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        await page
          .getByLabel(`${tx('widgets.address.search')} ${tx(`widgets.address.${level}`)}`, { exact: true })
          .fill(search);
        await page.locator('.ui-widget-address-option', { hasText: new RegExp(`^${name}$`) }).click();
      }
      await expect
        .poll(() => page.locator('.ui-widget-address-value').allTextContents())
        .toEqual(['Cebu', 'Cebu City', 'Apas']);
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
        ['Maria Dela Cruz', `0${ownPhone.slice(0, 3)} ${ownPhone.slice(3, 6)} ${ownPhone.slice(6)}`, 'spouse'], // the borrower's own registered number
        ['Pedro Santos', '0918 765 4321', 'siblings'],
        ['Ana Reyes', '+63 918 765 4321', 'friends'], // the same number as Pedro's
      ] as const;
      for (const [i, [name, phone, relation]] of contacts.entries()) {
        await page.fill(`#root_emergencyContacts_${i}_name`, name);
        await page.fill(`#root_emergencyContacts_${i}_phone`, phone);
        await page.selectOption(`#root_emergencyContacts_${i}_relation`, {
          label: tx(`contact.options.relation.${relation}`),
        });
      }
      await submit(page);
      await expect
        .poll(() => errorOf(page, 'emergencyContacts_0_phone').textContent())
        .toBe(tx('contact.errors.contactPhone.registeredPhone'));
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
      const peso = (centavos: number | null | undefined) =>
        centavos == null ? '' : formatPeso(centavos, { wholeIfExact: true });
      await choose(page, 'workInfo.options.monthlyIncome.from18001To25000', {
        min: peso(band?.minCentavos),
        max: peso(band?.maxCentavos),
      });
      await page.selectOption('#root_industry', { label: tx('workInfo.options.industry.bpo') });
      await choose(page, 'workInfo.options.payCycle.biWeekly');
      await leave(page, '#root_payday', '2026-12-15');
      await leave(page, '#root_companyName', 'A');
      await expect
        .poll(() => errorOf(page, 'companyName').textContent())
        .toBe(tx('workInfo.errors.companyName.minLength', { limit: 2 }));
      await leave(page, '#root_companyPhone', '12345');
      await expect
        .poll(() => errorOf(page, 'companyPhone').textContent())
        .toBe(tx('workInfo.errors.companyPhone.format'));
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
      // The bank is chosen on its own screen (/bankName), searchable, which returns to the form with it filled in.
      await page.locator('#root_bankCode').click();
      await page.waitForURL((url) => url.pathname === '/bankName');
      await page.getByRole('button', { name: tx('bankInfo.options.bankCode.bpi'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/bankInfo');
      await expect
        .poll(() => page.locator('#root_bankCode').textContent())
        .toContain(tx('bankInfo.options.bankCode.bpi'));
      await page.fill('#root_accountNumber', '1234 5678 90');
      await leave(page, '#root_accountNumberConfirm', '1234 5678 91');
      await expect
        .poll(() => errorOf(page, 'accountNumberConfirm').textContent())
        .toBe(tx('bankInfo.errors.accountNumberConfirm.matches'));
      await page.fill('#root_accountNumberConfirm', '1234567890');
      await leave(page, '#root_payeeLastName', 'Dela Cruz 2');
      await expect
        .poll(() => errorOf(page, 'payeeLastName').textContent())
        .toBe(tx('bankInfo.errors.payeeLastName.format'));
      await page.fill('#root_payeeLastName', 'Dela Cruz');
      await page.fill('#root_payeeFirstName', 'Juan');
      await page.fill('#root_withdrawalPhone', '0917 123 4567');
      await submit(page);
    },
  };
}

/** Whole years from a birth date to today (the test machine's date; the app uses Manila's, the same day here). */
export function ageOf(birthDate: string): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const now = new Date();
  return now.getFullYear() - y - (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d) ? 1 : 0);
}

/** Logs a phone in through /start as a borrower does: the number, the code from the SMS outbox, and in. */
export async function loginThroughUi(
  page: Page,
  baseUrl: string,
  code: (phone: string) => Promise<string>,
  phone: string,
  lng = 'en',
): Promise<void> {
  const login = JSON.parse(readFileSync(`locales/${lng}/login.json`, 'utf8')) as Record<string, string>;
  await page.goto(`${baseUrl}/start`);
  await page.fill('#start-phone', `0${phone}`);
  await page.getByRole('button', { name: login['sendCode'], exact: true }).click();
  await page.locator('#start-code').waitFor();
  await page.fill('#start-code', await code(phone));
  await page.getByRole('button', { name: login['login'], exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/start');
}
