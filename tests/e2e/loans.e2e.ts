/**
 * Loans from application to settlement in Chromium, against the built app and the real server (issue 5): a borrower
 * with a complete profile applies, is approved by the underwriting job, agrees to the terms, signs, withdraws, sees the
 * money arrive through the simulated payout gateway's signed callback, extends once (due date + 8 days), settles in
 * full through the simulated collection gateway, and My Loan shows the order settled with both repayments. Also the
 * disbursement failure (account unavailable -> change bank -> withdraw again) and the rejection (reapply date). On
 * PGlite; the journey where a second tab meets a payment in progress (row locks, the gateway held and restarted) on
 * PostgreSQL too, when TEST_DATABASE_URL names one (server/routes/loans.test.ts runs every loan route on both). The test API runs its timers: approval after 2 s,
 * gateway callbacks after 1 s.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, manilaToday } from '#domain/calendar-date.ts';
import type { PricingConfig } from '#domain/loan-types.ts';
import { formatPeso } from '#domain/money.ts';
import { findSubProduct, quote } from '#domain/pricing.ts';
import { customers, loanOrders } from '#server/db/schema.ts';
import { completeProfile, type ProfileOverrides } from '#server/testing/loan-fixtures.ts';
import type { OrderDetail } from '#src/api/loans.ts';
import { formatDay } from '#src/loans/format.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabases, newPhone, smsCode, startServer, type E2eServer } from './server.ts';
import { agreeTerms, loanText, orderCard, pay, sign } from './loan-steps.ts';
import { loginThroughUi } from './steps.ts';

const suite = chromiumSuite(inject('baseUrl'));
type Catalog = Record<string, unknown>;
const catalog = (ns: string) => JSON.parse(readFileSync(`locales/en/${ns}.json`, 'utf8')) as Catalog;
const errors = catalog('errors') as Record<string, string>;
const t = (key: string, values?: Record<string, string | number>) => loanText(key, values);
const tIn = (lng: string, key: string, values?: Record<string, string | number>) => loanText(key, values, lng);
const pricing = JSON.parse(readFileSync('config/pricing.json', 'utf8')) as PricingConfig;
const standard = findSubProduct(pricing, 'cash', 'standard')!;

describe.each(browserDatabases('both'))('loans on %s', (kind) => {
  /** A journey whose behaviour does not depend on the database: on PGlite alone. */
  const pgliteOnly = it.runIf(kind === 'pglite');
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A registered customer with a complete profile (written as the steps save it), logged in through /start. */
  async function borrower(
    page: Page,
    overrides: ProfileOverrides = {},
  ): Promise<{ customerId: string; phone: string }> {
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
  const card = orderCard;
  const figure = (page: Page, id: string) => page.locator(`[data-figure="${id}"] dd`).first();

  /** Home -> apply for `steps` amount steps above the smallest (30 days) -> approved -> terms agreed -> /withdrawPage. */
  async function applyAndAgree(page: Page, steps: number): Promise<number> {
    // Start from the lowest amount, then go up `steps` steps: the amount the borrower asks for is known.
    const less = page.getByRole('button', { name: t('picker.less') }).first();
    while (await less.isEnabled()) await less.click();
    for (let i = 0; i < steps; i += 1)
      await page
        .getByRole('button', { name: t('picker.more') })
        .first()
        .click();
    const principal = standard.amount.minCentavos + steps * standard.amount.stepCentavos;
    await expect
      .poll(() => page.locator('[data-testid="amount"]').first().textContent())
      .toBe(formatPeso(principal, { wholeIfExact: true }));
    await page
      .getByRole('radio', { name: t('picker.days_other', { count: 30 }) })
      .first()
      .check();
    // The live quote is the domain's, to the centavo.
    const expected = quote(pricing, standard, {
      principalCentavos: principal,
      termDays: 30,
      loanDate: manilaToday(new Date()),
    });
    await expect.poll(() => figure(page, 'received').textContent()).toBe(formatPeso(expected.receivedCentavos));
    await expect.poll(() => figure(page, 'amountDue').textContent()).toBe(formatPeso(expected.amountDueCentavos));

    await page.getByRole('button', { name: t('offer.apply') }).click();
    await card(page, 'under_review').waitFor();
    // The underwriting job approves (income band from18001To25000) within seconds; home asks again by itself.
    await card(page, 'accepted').waitFor({ timeout: 30_000 });
    // The terms state what the quote said: the amount received.
    await agreeTerms(page, (disclosure) => expect(disclosure).toContain(formatPeso(expected.receivedCentavos)));
    return principal;
  }

  const payBill = (page: Page, orderId: string, choice: 'settle' | 'extend', channel: string) =>
    pay(page, server.url, orderId, choice, channel);

  pgliteOnly(
    'applies, is approved, signs, withdraws, receives, extends once, settles, and My Loan shows it settled',
    { timeout: 240_000 },
    async () => {
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
      expect(extensionText).toContain(
        t('bill.extendThen', { date: formatDay(addDays(today, 30 + pricing.extensionDays), 'en'), amount: '' }).split(
          ', ',
        )[0],
      );
      await payBill(page, disbursed.id, 'extend', 'otc');
      const extended = await orderOf(customerId);
      expect(extended).toMatchObject({
        state: 'repaying',
        principal,
        dueDate: addDays(today, 30 + pricing.extensionDays),
        extensionCount: 1,
        lateFine: 0,
        damages: 0,
      });
      const extensionPaid = extended.amountRepaid;
      expect(extensionPaid).toBe(q.interestCentavos + Math.round((principal * standard.extensionFeePpm) / 1e6));
      // After the extension the amount due is the principal and the interest of the 8 added days.
      expect(extended.amountDue).toBe(
        principal + Math.round((principal * standard.dailyInterestPpm * pricing.extensionDays) / 1e6),
      );
      await page.goto(`${server.url}/bill?order=${disbursed.id}`);
      expect(await page.locator('[data-testid="amount-due"]').textContent()).toBe(formatPeso(extended.amountDue));

      // Settle in full: exactly the amount due.
      await payBill(page, disbursed.id, 'settle', 'eWallet');
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
    },
  );

  /** The bill of an order as the borrower opens it, with the API's answer the screen was drawn from. */
  async function openBill(page: Page, orderId: string): Promise<OrderDetail> {
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith(`/loans/${orderId}`) && r.ok(),
    );
    await page.goto(`${server.url}/bill?order=${orderId}`);
    const order = (await (await answer).json()) as OrderDetail;
    await page.locator('[data-testid="schedule"]').waitFor();
    return order;
  }

  /**
   * The bill on screen against the API's answer, to the centavo: the headline, the figures, each plan row (amount,
   * paid, left, state), and the rows' sums against the amount repaid and the amount due.
   */
  async function expectBillAgrees(page: Page, order: OrderDetail, lng = 'en') {
    const { schedule } = order;
    expect(schedule.reduce((s, r) => s + r.paidCentavos, 0)).toBe(order.amountRepaidCentavos);
    expect(schedule.reduce((s, r) => s + r.outstandingCentavos, 0)).toBe(order.amountDueCentavos);
    const rows = page.locator('[data-testid="schedule"] tbody tr');
    expect(await rows.count()).toBe(schedule.length);
    for (const [i, r] of schedule.entries()) {
      const row = rows.nth(i);
      expect(await row.getAttribute('data-status')).toBe(r.state);
      expect(await row.locator('[data-cell="amount"]').textContent()).toBe(formatPeso(r.amountCentavos));
      expect(await row.locator('[data-cell="paid"]').textContent()).toBe(formatPeso(r.paidCentavos));
      expect(await row.locator('[data-cell="left"]').textContent()).toBe(formatPeso(r.outstandingCentavos));
      expect(r.amountCentavos).toBe(r.paidCentavos + r.outstandingCentavos);
    }
    const shown = async (id: string) => page.locator(`.bill [data-figure="${id}"] dd`).first().textContent();
    expect(await shown('amountDue')).toBe(formatPeso(order.amountDueCentavos));
    expect(await shown('amountRepaid')).toBe(formatPeso(order.amountRepaidCentavos));
    expect(await shown('lateFine')).toBe(formatPeso(order.lateFineCentavos));
    expect(await shown('damages')).toBe(formatPeso(order.damagesCentavos));
    const head = await page.locator('.bill-head').textContent();
    if (order.state === 'settled') {
      expect(await page.locator('[data-testid="amount-repaid"]').textContent()).toBe(
        formatPeso(order.amountRepaidCentavos),
      );
      expect(head).toContain(tIn(lng, 'bill.settledOn', { date: formatDay(order.settledOn!, lng) }));
      expect(await page.locator('[data-testid="amount-due"]').count()).toBe(0);
      expect(head).not.toContain(tIn(lng, 'bill.dueOn', { date: '' }).trim());
    } else {
      expect(await page.locator('[data-testid="amount-due"]').textContent()).toBe(formatPeso(order.amountDueCentavos));
      expect(head).toContain(tIn(lng, 'bill.dueOn', { date: formatDay(order.dueDate!, lng) }));
      // A single-payment loan: the headline's due date is the plan's (last) row's.
      expect(schedule.at(-1)!.dueDate).toBe(order.dueDate);
      expect(await shown('repaymentDate')).toBe(formatDay(order.dueDate!, lng));
    }
  }

  const shot = (page: Page, stage: string) =>
    page.screenshot({ path: `/tmp/e2e-partial-${kind}-${stage}.png`, fullPage: true, timeout: 60_000 });

  it(
    'pays the amount due two days late (a partial repayment), extends what is left, settles: bill, plan and record agree at every stage',
    { timeout: 300_000 },
    async () => {
      const page = await suite.open(iPhone(3));
      page.setDefaultTimeout(15_000);
      const { customerId, phone } = await borrower(page);
      const principal = await applyAndAgree(page, 4);
      expect(principal).toBe(300_000);
      await sign(page);
      await page.getByRole('button', { name: t('withdraw.submit') }).click();
      await page.locator('[data-testid="withdrawn"]').waitFor();
      await page.goto(`${server.url}/homeIndex`);
      await card(page, 'repaying').waitFor({ timeout: 30_000 });
      const orderId = (await orderOf(customerId)).id;
      const loanDate = manilaToday(server.now());
      const dueDate = addDays(loanDate, 30);
      const q = quote(pricing, standard, { principalCentavos: principal, termDays: 30, loanDate });

      // 1. Disbursed: ₱3,000 + 30 days' interest due on the due date, nothing repaid.
      const disbursed = await openBill(page, orderId);
      expect(disbursed).toMatchObject({
        state: 'repaying',
        dueDate,
        amountDueCentavos: q.amountDueCentavos,
        amountRepaidCentavos: 0,
      });
      await expectBillAgrees(page, disbursed);
      expect(disbursed.schedule.map((r) => r.state)).toEqual(['due']);
      await shot(page, '1-disbursed');

      // 2. Before the due date the borrower starts repaying in full; the gateway has not confirmed it yet (held).
      await server.collectionGateway.stop();
      // A second tab with the bill open and "repay in full" chosen: it will try to pay again.
      const other = await page.context().newPage();
      await openBill(other, orderId);
      await other.locator('[data-testid="settle"]').click();
      await page.locator('[data-testid="settle"]').click();
      await page.getByText(t('payment.channel.otc'), { exact: true }).click();
      await page.getByRole('button', { name: t('bill.pay', { amount: formatPeso(q.amountDueCentavos) }) }).click();
      await page.waitForURL((url) => url.pathname === '/repaidDetail');
      await page.locator('[data-testid="payment-state"][data-state="in_progress"]').waitFor();
      // Wrong input: paying again while that payment is in progress is refused, in words.
      await other.getByRole('button', { name: t('bill.pay', { amount: formatPeso(q.amountDueCentavos) }) }).click();
      await other.getByText(errors['PAYMENT_IN_PROGRESS']!).first().waitFor();
      await other.close();
      const pending = await openBill(page, orderId);
      expect(pending.payments).toMatchObject([
        { kind: 'settle', state: 'in_progress', amountCentavos: q.amountDueCentavos },
      ]);
      expect(await page.locator('[data-testid="pending-payment"]').textContent()).toBe(
        t('bill.paymentInProgress', { amount: formatPeso(q.amountDueCentavos) }),
      );
      expect(await page.locator('[data-testid="settle"]').count()).toBe(0);
      await expectBillAgrees(page, pending);

      // 3. Time passes to two days after the due date; the daily accrual charges the damages and two days' fine.
      server.advance(32 * 86_400);
      await server.loans.accrueAll();
      const today = manilaToday(server.now());
      expect(today).toBe(addDays(dueDate, 2));
      // The session (30 days) has ended meanwhile: the borrower logs in again.
      await page.goto(`${server.url}/homeIndex`);
      await page.waitForURL((url) => url.pathname === '/start');
      await loginThroughUi(page, server.url, (p) => smsCode(server.outbox, p), phone);
      const overdue = await openBill(page, orderId);
      const damages = Math.round((q.amountDueCentavos * standard.overdueDamagesPpm) / 1e6);
      const lateFine = 2 * Math.round((q.amountDueCentavos * standard.lateFineDailyPpm) / 1e6);
      expect(overdue).toMatchObject({
        overdueDays: 2,
        damagesCentavos: damages,
        lateFineCentavos: lateFine,
        amountDueCentavos: q.amountDueCentavos + damages + lateFine,
        amountRepaidCentavos: 0,
      });
      expect(overdue.schedule.map((r) => r.state)).toEqual(['overdue']);
      await expectBillAgrees(page, overdue);
      await shot(page, '2-overdue-payment-pending');

      // 4. The gateway confirms the payment now: it pays the penalties, the interest, then principal; the penalties'
      // worth of principal is left.
      const paymentId = overdue.payments[0]!.id;
      server.collectionGateway.start(200);
      await page.goto(`${server.url}/repaidDetail?payment=${paymentId}`);
      await page.locator('[data-testid="payment-state"][data-state="success"]').waitFor({ timeout: 30_000 });
      const partial = await openBill(page, orderId);
      const left = damages + lateFine;
      expect(partial).toMatchObject({
        state: 'repaying',
        dueDate,
        amountRepaidCentavos: q.amountDueCentavos,
        amountDueCentavos: left,
        lateFineCentavos: 0,
        damagesCentavos: 0,
      });
      expect(partial.schedule).toMatchObject([
        { paidCentavos: q.amountDueCentavos, outstandingCentavos: left, state: 'overdue' },
      ]);
      await expectBillAgrees(page, partial);
      // The extension offer is on what is left (₱67.98 here), not on ₱3,000.
      const fee = Math.round((left * standard.extensionFeePpm) / 1e6);
      const newDueDate = addDays(dueDate, pricing.extensionDays);
      const newInterest = Math.round((left * standard.dailyInterestPpm * pricing.extensionDays) / 1e6);
      expect(partial.extension).toMatchObject({
        amountCentavos: fee,
        feeCentavos: fee,
        newDueDate,
        newAmountDueCentavos: left + newInterest,
        waivedCentavos: 0,
      });
      const offer = await page.locator('[data-testid="extend"]').textContent();
      expect(offer).toContain(formatPeso(fee));
      expect(offer).toContain(
        t('bill.extendThen', { date: formatDay(newDueDate, 'en'), amount: formatPeso(left + newInterest) }),
      );
      expect(offer).toContain(t('bill.extendCoversFee_other', { count: pricing.extensionDays, fee: formatPeso(fee) }));
      expect(await page.locator('.bill [data-figure="extensionAmount"] dd').textContent()).toBe(formatPeso(fee));
      expect(await page.locator('[data-testid="settle"]').textContent()).toContain(formatPeso(left));
      await shot(page, '3-partial');

      // 5. The borrower extends: the due date moves 8 days; owed is what was left plus 8 days' interest on it.
      await payBill(page, orderId, 'extend', 'otc');
      const extended = await openBill(page, orderId);
      const afterExtension = q.amountDueCentavos + fee;
      expect(extended).toMatchObject({
        state: 'repaying',
        dueDate: newDueDate,
        extensionCount: 1,
        overdueDays: 0,
        amountRepaidCentavos: afterExtension,
        amountDueCentavos: left + newInterest,
      });
      expect(extended.schedule).toMatchObject([
        { dueDate: newDueDate, paidCentavos: afterExtension, outstandingCentavos: left + newInterest, state: 'due' },
      ]);
      await expectBillAgrees(page, extended);
      expect(await page.locator('[data-testid="schedule"] tbody tr .loan-plan-status').textContent()).toBe(
        t('plan.state.due'),
      );
      await shot(page, '4-extended');

      // 6. The borrower settles: the bill shows what was repaid and the day, every plan row paid.
      await payBill(page, orderId, 'settle', 'eWallet');
      const settled = await openBill(page, orderId);
      const repaid = afterExtension + left + newInterest;
      expect(settled).toMatchObject({
        state: 'settled',
        settledOn: today,
        amountRepaidCentavos: repaid,
        amountDueCentavos: 0,
      });
      expect(settled.schedule.every((r) => r.state === 'paid')).toBe(true);
      await expectBillAgrees(page, settled);
      // The record: three successful payments adding up to the amount repaid, on the bill and in My Loan.
      expect(settled.payments.map((p) => [p.kind, p.state])).toEqual(
        expect.arrayContaining([
          ['settle', 'success'],
          ['extend', 'success'],
          ['settle', 'success'],
        ]),
      );
      expect(settled.payments.reduce((s, p) => s + p.amountCentavos, 0)).toBe(repaid);
      const onBill = await page.locator('.bill [data-payment]').allTextContents();
      expect(onBill).toHaveLength(3);
      for (const p of settled.payments)
        expect(
          onBill.some((text) => text.includes(`${formatPeso(p.amountCentavos)} · ${t('payment.state.success')}`)),
        ).toBe(true);
      await shot(page, '5-settled');

      await page.goto(`${server.url}/billIndex`);
      await page.getByRole('tab', { name: t('billIndex.tab.payments') }).click();
      const record = page.locator('.billIndex-payment');
      await expect.poll(() => record.count()).toBe(3);
      const amounts = await page.locator('.billIndex-payment-side strong').allTextContents();
      expect(amounts.sort()).toEqual(settled.payments.map((p) => formatPeso(p.amountCentavos)).sort());
      expect((await record.allTextContents()).every((text) => text.includes(t('payment.state.success')))).toBe(true);
      await shot(page, '6-record');

      // 7. The settled bill in Filipino: the same figures, the day in Filipino.
      await page.evaluate(() => localStorage.setItem('language', 'fil'));
      const inFilipino = await openBill(page, orderId);
      await page.waitForFunction(() => document.documentElement.lang === 'fil');
      await expectBillAgrees(page, inFilipino, 'fil');
      expect(await page.locator('[data-testid="schedule"] tbody tr .loan-plan-status').allTextContents()).toEqual(
        settled.schedule.map(() => tIn('fil', 'plan.state.paid')),
      );
      await shot(page, '7-settled-fil');
    },
  );

  pgliteOnly(
    'fails to disburse to an unavailable account, changes the bank, and withdraws again with the signature on file',
    { timeout: 180_000 },
    async () => {
      const page = await suite.open(iPhone(2));
      page.setDefaultTimeout(15_000);
      // The simulated payout gateway refuses accounts starting 0000 (SIM_PAYOUT_FAIL_PATTERN).
      const { customerId } = await borrower(page, {
        bankInfo: { accountNumber: '0000123456', accountNumberConfirm: '0000123456' },
      });
      await applyAndAgree(page, 0);
      await sign(page);
      await page.getByRole('button', { name: t('withdraw.submit') }).click();
      await page.locator('[data-testid="withdrawn"]').waitFor();

      await page.goto(`${server.url}/homeIndex`);
      await card(page, 'disbursement_failed').waitFor({ timeout: 30_000 });
      // The simulated gateway answers Xendit's INVALID_DESTINATION: the borrower is asked to fix their details.
      expect(await card(page, 'disbursement_failed').textContent()).toContain(errors['PAYOUT_ACCOUNT_INVALID']);
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
    },
  );

  pgliteOnly('rejects an application and shows the reapply date', { timeout: 120_000 }, async () => {
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
