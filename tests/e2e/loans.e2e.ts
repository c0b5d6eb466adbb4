/**
 * Loans from application to settlement in Chromium, against the built app and the real server (issue 5): a borrower
 * with a complete profile applies, is approved by the underwriting job, agrees to the terms, signs, withdraws, sees the
 * money arrive through the simulated payout gateway's signed callback, extends once (due date + 8 days), settles in
 * full through the simulated collection gateway, and My Loan shows the order settled with both repayments. Also the
 * disbursement failure (account unavailable -> change bank -> withdraw again) and the rejection (reapply date). On
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL names one. The test API runs its timers: approval after 2 s,
 * gateway callbacks after 1 s.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, manilaToday } from '../../domain/calendar-date.ts';
import type { PricingConfig } from '../../domain/loan-types.ts';
import { formatPeso } from '../../domain/money.ts';
import { findSubProduct, quote } from '../../domain/pricing.ts';
import { customers, loanOrders } from '../../server/db/schema.ts';
import { databaseTargets } from '../../server/db/test-database.ts';
import { completeProfile, type ProfileOverrides } from '../../server/loan-fixtures.ts';
import { formatDay } from '../../src/loans/format.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { newPhone, smsCode, startServer, type E2eServer } from './server.ts';
import { loginThroughUi } from './steps.ts';

const suite = chromiumSuite(inject('baseUrl'));
type Catalog = Record<string, unknown>;
const catalog = (ns: string) => JSON.parse(readFileSync(`locales/en/${ns}.json`, 'utf8')) as Catalog;
const loan = catalog('loan');
const errors = catalog('errors') as Record<string, string>;
/** The English text of a `loan` key, `{{name}}` filled in. */
function t(key: string, values: Record<string, string | number> = {}): string {
  const found = key.split('.').reduce<unknown>((node, k) => (node as Catalog | undefined)?.[k], loan);
  if (typeof found !== 'string') throw new Error(`no text loan:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}
const pricing = JSON.parse(readFileSync('config/pricing.json', 'utf8')) as PricingConfig;
const standard = findSubProduct(pricing, 'cash', 'standard')!;

describe.each(databaseTargets())('loans on %s', (kind) => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A registered customer with a complete profile (written as the steps save it), logged in through /start. */
  async function borrower(page: Page, overrides: ProfileOverrides = {}): Promise<{ customerId: string; phone: string }> {
    const phone = newPhone();
    const [customer] = await server.database.db.insert(customers).values({ phone }).returning();
    await completeProfile(server.database.db, customer!.id, overrides);
    await loginThroughUi(page, server.url, (p) => smsCode(server.outbox, p), phone);
    // Every step is complete: the borrower goes past the steps to home.
    await page.waitForURL((url) => url.pathname === '/homeIndex');
    return { customerId: customer!.id, phone };
  }

  const orderOf = async (customerId: string) => {
    const [order] = await server.database.db.select().from(loanOrders).where(eq(loanOrders.customerId, customerId));
    return order!;
  };
  const card = (page: Page, state: string) => page.locator(`[data-testid="order-card"][data-state="${state}"]`);
  const figure = (page: Page, id: string) => page.locator(`[data-figure="${id}"] dd`).first();

  /** Home -> apply for `steps` amount steps above the smallest (30 days) -> approved -> terms agreed -> /withdrawPage. */
  async function applyAndAgree(page: Page, steps: number): Promise<number> {
    // Start from the lowest amount, then go up `steps` steps: the amount the borrower asks for is known.
    const less = page.getByRole('button', { name: t('picker.less') }).first();
    while (await less.isEnabled()) await less.click();
    for (let i = 0; i < steps; i += 1) await page.getByRole('button', { name: t('picker.more') }).first().click();
    const principal = standard.amount.minCentavos + steps * standard.amount.stepCentavos;
    await expect.poll(() => page.locator('[data-testid="amount"]').first().textContent()).toBe(formatPeso(principal, { wholeIfExact: true }));
    await page.getByRole('radio', { name: t('picker.days_other', { count: 30 }) }).first().check();
    // The live quote is the domain's, to the centavo.
    const expected = quote(pricing, standard, { principalCentavos: principal, termDays: 30, loanDate: manilaToday(new Date()) });
    await expect.poll(() => figure(page, 'received').textContent()).toBe(formatPeso(expected.receivedCentavos));
    await expect.poll(() => figure(page, 'amountDue').textContent()).toBe(formatPeso(expected.amountDueCentavos));

    await page.getByRole('button', { name: t('offer.apply') }).click();
    await card(page, 'under_review').waitFor();
    // The underwriting job approves (income band from18001To25000) within seconds; home asks again by itself.
    await card(page, 'accepted').waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: t('order.checkTerms') }).click();
    await page.waitForURL((url) => url.pathname === '/loan');
    await page.locator('[data-testid="truth-in-lending"]').waitFor();
    expect(await page.locator('[data-testid="truth-in-lending"]').textContent()).toContain(formatPeso(expected.receivedCentavos));
    // Both consents are required.
    await page.getByRole('button', { name: t('agreement.agree') }).click();
    await page.getByText(t('agreement.mustAgree')).first().waitFor();
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await page.getByRole('button', { name: t('agreement.agree') }).click();
    await page.waitForURL((url) => url.pathname === '/withdrawPage');
    return principal;
  }

  async function sign(page: Page) {
    const canvas = page.locator('[data-testid="signature-needed"] canvas');
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 10; i += 1) await page.mouse.move(box.x + box.width * (0.2 + i * 0.06), box.y + box.height * (0.6 - (i % 2) * 0.3), { steps: 3 });
    await page.mouse.up();
  }

  /** /bill -> pick settle or extend, a channel, pay -> /repaidDetail until the gateway's webhook makes it a success. */
  async function pay(page: Page, orderId: string, choice: 'settle' | 'extend', channel: string) {
    await page.goto(`${server.url}/bill?order=${orderId}`);
    await page.locator(`[data-testid="${choice}"]`).click();
    await page.getByText(t(`payment.channel.${channel}`), { exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`^${t('bill.pay', { amount: '' }).trim()}`) }).click();
    await page.waitForURL((url) => url.pathname === '/repaidDetail');
    await page.locator('[data-testid="payment-state"][data-state="in_progress"]').waitFor();
    expect(await page.locator('[data-testid="reference"]').textContent()).toMatch(/^[A-Z0-9]{8,}$/u);
    await page.locator('[data-testid="payment-state"][data-state="success"]').waitFor({ timeout: 30_000 });
  }

  it('applies, is approved, signs, withdraws, receives, extends once, settles, and My Loan shows it settled', { timeout: 240_000 }, async () => {
    const page = await suite.open(iPhone(3));
    page.setDefaultTimeout(15_000);
    const { customerId } = await borrower(page);
    const principal = await applyAndAgree(page, 4);

    // Not signed yet: the pad is shown; withdrawing needs a signature.
    await page.getByRole('button', { name: t('withdraw.submit') }).click();
    await page.getByText(t('withdraw.signFirst')).first().waitFor();
    await sign(page);
    await page.getByRole('button', { name: t('withdraw.submit') }).click();
    await page.locator('[data-testid="withdrawn"]').waitFor();

    // The payout gateway calls back within seconds: the order is repaying, dated today.
    await page.goto(`${server.url}/homeIndex`);
    await card(page, 'repaying').waitFor({ timeout: 30_000 });
    const disbursed = await orderOf(customerId);
    const today = manilaToday(server.now());
    expect(disbursed).toMatchObject({ state: 'repaying', principal, loanDate: today, dueDate: addDays(today, 30) });
    const q = quote(pricing, standard, { principalCentavos: principal, termDays: 30, loanDate: today });
    expect(disbursed.amountDue).toBe(q.amountDueCentavos);
    expect(await figure(page, 'amountDue').textContent()).toBe(formatPeso(q.amountDueCentavos));

    // Extend once: the extension amount (interest to date + fee) is paid; the due date moves 8 days; principal stays.
    await page.goto(`${server.url}/bill?order=${disbursed.id}`);
    const extensionText = await page.locator('[data-testid="extend"]').textContent();
    expect(extensionText).toContain(t('bill.extendNote', { date: formatDay(addDays(today, 30 + pricing.extensionDays), 'en') }));
    await pay(page, disbursed.id, 'extend', 'otc');
    const extended = await orderOf(customerId);
    expect(extended).toMatchObject({ state: 'repaying', principal, dueDate: addDays(today, 30 + pricing.extensionDays), extensionCount: 1, lateFine: 0, damages: 0 });
    const extensionPaid = extended.amountRepaid;
    expect(extensionPaid).toBe(q.interestCentavos + Math.round((principal * standard.extensionFeePpm) / 1e6));
    // After the extension the amount due is the principal and the interest of the 8 added days.
    expect(extended.amountDue).toBe(principal + Math.round((principal * standard.dailyInterestPpm * pricing.extensionDays) / 1e6));
    await page.goto(`${server.url}/bill?order=${disbursed.id}`);
    expect(await page.locator('[data-testid="amount-due"]').textContent()).toBe(formatPeso(extended.amountDue));

    // Settle in full: exactly the amount due.
    await pay(page, disbursed.id, 'settle', 'eWallet');
    const settled = await orderOf(customerId);
    expect(settled).toMatchObject({ state: 'settled', amountRepaid: extensionPaid + extended.amountDue });

    // My Loan: the order settled, and the repayment record of the last 3 months with both payments.
    await page.goto(`${server.url}/billIndex`);
    await page.getByRole('tab', { name: t('billIndex.tab.all') }).click();
    const row = page.locator(`[data-order="${disbursed.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(t('state.settled'));
    await page.getByRole('tab', { name: t('billIndex.tab.payments') }).click();
    const payments = page.locator('.billIndex-payment');
    await expect.poll(() => payments.count()).toBe(2);
    const record = (await payments.allTextContents()).join(' | ');
    expect(record).toContain(formatPeso(extensionPaid));
    expect(record).toContain(formatPeso(extended.amountDue));
    expect(record).toContain(t('payment.kind.extend'));
    expect(record).toContain(t('payment.kind.settle'));

    // Settled: the borrower may apply again (re-loan), and the signature on file is kept.
    await page.goto(`${server.url}/homeIndex`);
    await page.getByRole('button', { name: t('offer.apply') }).waitFor();
  });

  it('fails to disburse to an unavailable account, changes the bank, and withdraws again with the signature on file', { timeout: 180_000 }, async () => {
    const page = await suite.open(iPhone(2));
    page.setDefaultTimeout(15_000);
    // The simulated payout gateway refuses accounts starting 0000 (SIM_PAYOUT_FAIL_PATTERN).
    const { customerId } = await borrower(page, { bankInfo: { accountNumber: '0000123456', accountNumberConfirm: '0000123456' } });
    await applyAndAgree(page, 0);
    await sign(page);
    await page.getByRole('button', { name: t('withdraw.submit') }).click();
    await page.locator('[data-testid="withdrawn"]').waitFor();

    await page.goto(`${server.url}/homeIndex`);
    await card(page, 'disbursement_failed').waitFor({ timeout: 30_000 });
    expect(await card(page, 'disbursement_failed').textContent()).toContain(errors['DISBURSEMENT_ACCOUNT_UNAVAILABLE']);
    await page.getByRole('link', { name: t('order.changeBank') }).click();
    await page.waitForURL((url) => url.pathname === '/changeBank');

    // The same account is refused; nothing typed is lost.
    await page.locator('#root_accountNumber').waitFor();
    expect(await page.inputValue('#root_accountNumber')).toBe('0000123456');
    await page.getByRole('button', { name: t('changeBank.submit') }).click();
    await page.getByText(t('changeBank.sameAsOld')).first().waitFor();
    await page.fill('#root_accountNumber', '1234509876');
    await page.fill('#root_accountNumberConfirm', '1234509876');
    await page.getByRole('button', { name: t('changeBank.submit') }).click();
    await page.waitForURL((url) => url.pathname === '/withdrawPage');

    // The signature given before stays valid: no pad this time.
    await page.locator('[data-testid="signature-on-file"]').waitFor();
    expect(await page.locator('[data-testid="signature-needed"]').count()).toBe(0);
    await page.getByRole('button', { name: t('withdraw.submit') }).click();
    await page.locator('[data-testid="withdrawn"]').waitFor();
    await page.goto(`${server.url}/homeIndex`);
    await card(page, 'repaying').waitFor({ timeout: 30_000 });
    const order = await orderOf(customerId);
    expect(order.state).toBe('repaying');
    expect((order.payoutAccount as { accountNumber?: string } | null)?.accountNumber).toBe('1234509876');
  });

  it('rejects an application and shows the reapply date', { timeout: 120_000 }, async () => {
    const page = await suite.open(iPhone(3));
    page.setDefaultTimeout(15_000);
    // Income up to 12,000 is rejected by config/underwriting.json.
    const { customerId } = await borrower(page, { workInfo: { monthlyIncome: 'upTo12000' } });
    await page.getByRole('button', { name: t('offer.apply') }).click();
    await card(page, 'under_review').waitFor();
    // The underwriting job rejects within seconds: home then says from when the borrower may apply again.
    const blocked = page.locator('[data-testid="apply-blocked"]');
    await blocked.waitFor({ timeout: 30_000 });
    const order = await orderOf(customerId);
    expect(order.state).toBe('rejected');
    expect(order.reapplyAfter).toBe(addDays(manilaToday(server.now()), 30));
    const date = formatDay(order.reapplyAfter, 'en');
    expect(await blocked.textContent()).toContain(t('offer.reapplyAfter', { date }));
    expect(await page.getByRole('button', { name: t('offer.apply') }).isDisabled()).toBe(true);
    // My Loan lists it as not approved, with the same date.
    await page.goto(`${server.url}/billIndex`);
    await page.getByRole('tab', { name: t('billIndex.tab.all') }).click();
    const row = page.locator(`[data-order="${order.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(t('state.rejected'));
  });
});
