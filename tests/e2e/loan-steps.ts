/**
 * What a borrower does with a loan in the browser, shared by the suites: the `loan` catalog's texts, the order card of
 * the home screen, agreeing to the terms of an accepted order, signing, and paying a bill through the simulated
 * collection gateway.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { formatPeso } from '#domain/money.ts';

type Catalog = Record<string, unknown>;
const catalogs = new Map<string, Catalog>();

/** The text of a `loan` key in `lng` (English by default), `{{name}}` filled in. */
export function loanText(key: string, values: Record<string, string | number> = {}, lng = 'en'): string {
  let catalog = catalogs.get(lng);
  if (!catalog) catalogs.set(lng, (catalog = JSON.parse(readFileSync(`locales/${lng}/loan.json`, 'utf8')) as Catalog));
  const found = key.split('.').reduce<unknown>((node, k) => (node as Catalog | undefined)?.[k], catalog);
  if (typeof found !== 'string') throw new Error(`no text ${lng} loan:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

const t = (key: string, values?: Record<string, string | number>) => loanText(key, values);

/** The home screen's card of an order in `state`. */
export const orderCard = (page: Page, state: string) =>
  page.locator(`[data-testid="order-card"][data-state="${state}"]`);

/**
 * From home with an accepted order: the terms (`check` looks at them first), both consents (refused without them), then
 * /withdrawPage.
 */
export async function agreeTerms(page: Page, check?: (disclosure: string) => void): Promise<void> {
  await page.getByRole('link', { name: t('order.checkTerms') }).click();
  await page.waitForURL((url) => url.pathname === '/loan');
  const disclosure = page.locator('[data-testid="truth-in-lending"]');
  await disclosure.waitFor();
  check?.((await disclosure.textContent()) ?? '');
  // Each other charge's label reads on one line, its sentence under it (not squeezed into a narrow column).
  const labelLines = await page
    .locator('.loan-til-other dt')
    .evaluateAll((labels) =>
      labels.map(
        (label) => label.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(label).lineHeight),
      ),
    );
  expect(labelLines.length).toBeGreaterThan(0);
  for (const lines of labelLines) expect(lines).toBeLessThan(1.5);
  await page.getByRole('button', { name: t('agreement.agree') }).click();
  await page.getByText(t('agreement.mustAgree')).first().waitFor();
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: t('agreement.agree') }).click();
  await page.waitForURL((url) => url.pathname === '/withdrawPage');
}

/** Draws a signature on the withdrawal page's pad. */
export async function sign(page: Page): Promise<void> {
  const canvas = page.locator('[data-testid="signature-needed"] canvas');
  await canvas.waitFor();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1)
    await page.mouse.move(box.x + box.width * (0.2 + i * 0.06), box.y + box.height * (0.6 - (i % 2) * 0.3), {
      steps: 3,
    });
  await page.mouse.up();
}

/**
 * /bill -> pick settle or extend, a channel, pay -> /repaidDetail until the gateway's webhook makes it a success. With
 * `amount`, the pay button must ask exactly that (centavos).
 */
export async function pay(
  page: Page,
  base: string,
  orderId: string,
  choice: 'settle' | 'extend',
  channel: string,
  amount?: number,
): Promise<void> {
  await page.goto(`${base}/bill?order=${orderId}`);
  await page.locator(`[data-testid="${choice}"]`).click();
  await page.getByText(t(`payment.channel.${channel}`), { exact: true }).click();
  await page
    .getByRole(
      'button',
      amount === undefined
        ? { name: new RegExp(`^${t('bill.pay', { amount: '' }).trim()}`) }
        : { name: t('bill.pay', { amount: formatPeso(amount) }), exact: true },
    )
    .click();
  await page.waitForURL((url) => url.pathname === '/repaidDetail');
  // In progress, or already a success: on a busy machine the gateway's webhook (a second later) can come before the
  // page has drawn, and the page then opens on the success.
  await page.locator('[data-testid="payment-state"]:is([data-state="in_progress"], [data-state="success"])').waitFor();
  // Over the counter: a 12-character reference to read out; e-wallet and bank: the gateway's payment intent.
  expect(await page.locator('[data-testid="reference"]').textContent()).toMatch(
    channel === 'otc' ? /^[A-Z2-9]{12}$/u : /^pi_[0-9a-f]+$/u,
  );
  await page.locator('[data-testid="payment-state"][data-state="success"]').waitFor({ timeout: 30_000 });
}
