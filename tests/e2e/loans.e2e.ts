/**
 * Loans from application to settlement in Chromium, against the built app and the real server: a borrower
 * with a complete profile applies, is approved by the underwriting job, agrees to the terms, signs, withdraws, sees the
 * money arrive through the simulated payout gateway's signed callback, extends once inside the extension window (from
 * `expiringDays` before the due date; the due date + 8 days), settles early in full through the simulated collection
 * gateway (interest to that day only), and My Loan shows the order settled with both repayments. Also the
 * disbursement failure (account unavailable -> change bank -> withdraw again) and the rejection (reapply date). On
 * PGlite; the journey where a second tab meets a payment in progress (row locks, the gateway held and restarted: the
 * extension it pays the next morning, before its reference expires, is bought at the price asked), falls overdue past
 * the new due date, extends again and settles, on PostgreSQL too, when TEST_DATABASE_URL names one
 * (server/routes/loans.test.ts runs every loan route on both). The test API runs its timers: approval after 2 s,
 * gateway callbacks after 1 s. Time is moved by the API's clock (server.advance), to noon Manila time of the day a step
 * needs.
 *
 * Money by the rules of domain/loan-ledger.ts: interest accrues by the day on the principal outstanding (each period
 * rounds its centavo-days once), the bill's headline and "Amount due" are what the due date asks, "Repay in full" is
 * what settling pays today; penalties accrue by the day within the monthly cap pro rata.
 */
import { readFileSync } from 'node:fs';
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, daysBetween, manilaStartOfDay, manilaToday } from '#domain/calendar-date.ts';
import type { PricingConfig } from '#domain/loan-types.ts';
import { formatPeso } from '#domain/money.ts';
import { applyPpm, extensionTerms, findSubProduct, quote } from '#domain/pricing.ts';
import { capsFor } from '#domain/regulation.ts';
import { customers, loanOrders, sessions } from '#server/db/tables.ts';
import { completeProfile, type ProfileOverrides } from '#server/testing/loan-fixtures.ts';
import type { OrderDetail } from '#src/api/loans.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabases, newPhone, sessionOf, smsCode, startServer, type E2eServer } from './server.ts';
import { intlDay } from '#src/testing/intl-oracle.ts';
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
/** Interest on `centavoDays` centavo-days of principal, rounded once as a period's interest is. */
const interestOn = (centavoDays: number) => applyPpm(centavoDays, standard.dailyInterestPpm);
/** The extension fee on `principal` outstanding. */
const extensionFee = (principal: number) => extensionTerms(pricing, standard, principal).feeCentavos;

describe.each(browserDatabases('both'))('loans on %s', (kind) => {
  /** A journey whose behaviour does not depend on the database: on PGlite alone, the embedded default. */
  const pgliteOnly = it.runIf(kind === 'pglite');
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  interface Borrower {
    readonly customerId: string;
    readonly phone: string;
  }

  /** A registered customer with a complete profile (written as the steps save it), logged in through /start. */
  async function borrower(page: Page, overrides: ProfileOverrides = {}): Promise<Borrower> {
    const phone = newPhone();
    const [customer] = await server.database.db.insert(customers).values({ phone }).returning();
    await completeProfile(server.database.db, customer!.id, overrides);
    await loginThroughUi(page, server.url, (p) => smsCode(server.outbox, p), phone);
    // Every step is complete: the borrower goes past the steps to home.
    await page.waitForURL((url) => url.pathname === '/homeIndex');
    return { customerId: customer!.id, phone };
  }

  /**
   * Moves the API's clock forward to `hour`:00 Manila time on `day` and runs the daily accrual (the order's stored
   * columns; the API reads every figure brought to the day by itself). A session lasts 30 days from the login: when
   * the borrower's last one has ended meanwhile (or would within the hour: the clock is then moved past its end), the
   * app sends them to /start and they log in again.
   */
  async function moveTo(page: Page, who: Borrower, day: string, hour = 12): Promise<void> {
    const seconds = (manilaStartOfDay(day).getTime() + hour * 3_600_000 - server.now().getTime()) / 1000;
    expect(seconds).toBeGreaterThan(0);
    server.advance(seconds);
    expect(manilaToday(server.now())).toBe(day);
    await server.loans.accrueAll();
    const [session] = await server.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.customerId, who.customerId))
      .orderBy(desc(sessions.expiresAt))
      .limit(1);
    const endsInMs = session!.expiresAt.getTime() - server.now().getTime();
    if (endsInMs > 3_600_000) return;
    // Ended, or ending within the step (the login was at about this time of day): past its end, on the same day.
    if (endsInMs > 0) server.advance(endsInMs / 1000 + 1);
    expect(manilaToday(server.now())).toBe(day);
    await page.goto(`${server.url}/homeIndex`);
    await page.waitForURL((url) => url.pathname === '/start');
    await loginThroughUi(page, server.url, (p) => smsCode(server.outbox, p), who.phone);
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

  /** Signs, withdraws, and waits on home until the payout gateway's callback makes the order repaying. */
  async function signAndReceive(page: Page): Promise<void> {
    await sign(page);
    await page.getByRole('button', { name: t('withdraw.submit') }).click();
    await page.locator('[data-testid="withdrawn"]').waitFor();
    await page.goto(`${server.url}/homeIndex`);
    await card(page, 'repaying').waitFor({ timeout: 30_000 });
  }

  const payBill = (page: Page, orderId: string, choice: 'settle' | 'extend', channel: string, amount?: number) =>
    pay(page, server.url, orderId, choice, channel, amount);

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
   * The bill on screen against the API's answer, to the centavo: the headline and "Amount due" (what the due date
   * asks), "To repay in full today" when that is less, the figures, each plan row (amount, paid, left, state), the
   * rows' sums against the amount repaid and the amount at the due date, and the choices offered: "Repay in full" at
   * today's payoff (with the note when it is less), the extension exactly when the API offers one, neither while a
   * payment is in progress.
   */
  async function expectBillAgrees(page: Page, order: OrderDetail, lng = 'en') {
    const { schedule } = order;
    expect(schedule.reduce((s, r) => s + r.paidCentavos, 0)).toBe(order.amountRepaidCentavos);
    expect(schedule.reduce((s, r) => s + r.outstandingCentavos, 0)).toBe(order.amountAtDueCentavos);
    // Interest accrues by the day: settling today never asks more than the due date will.
    expect(order.amountDueCentavos).toBeLessThanOrEqual(order.amountAtDueCentavos);
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
    const shownIn = (id: string) => page.locator(`.bill [data-figure="${id}"] dd`);
    const shown = async (id: string) => shownIn(id).first().textContent();
    expect(await shown('amountDue')).toBe(formatPeso(order.amountAtDueCentavos));
    if (order.amountDueCentavos === order.amountAtDueCentavos) expect(await shownIn('payoffToday').count()).toBe(0);
    else expect(await shown('payoffToday')).toBe(formatPeso(order.amountDueCentavos));
    expect(await shown('amountRepaid')).toBe(formatPeso(order.amountRepaidCentavos));
    // Once disbursed, the interest of the plan as it stands (by the day: less when repaid early, more with extensions).
    expect(await shown('interest')).toBe(
      formatPeso(
        order.state === 'repaying' || order.state === 'settled'
          ? schedule.reduce((s, r) => s + r.interestCentavos, 0)
          : order.quote.interestCentavos,
      ),
    );
    expect(await shown('lateFine')).toBe(formatPeso(order.lateFineCentavos));
    expect(await shown('damages')).toBe(formatPeso(order.damagesCentavos));
    expect(await shown('extensionAmount')).toBe(order.extension ? formatPeso(order.extension.amountCentavos) : '—');
    const head = await page.locator('.bill-head').textContent();
    const settle = page.locator('[data-testid="settle"]');
    const extend = page.locator('[data-testid="extend"]');
    if (order.state === 'settled') {
      expect(order).toMatchObject({ amountDueCentavos: 0, amountAtDueCentavos: 0, extension: null });
      expect(await page.locator('[data-testid="amount-repaid"]').textContent()).toBe(
        formatPeso(order.amountRepaidCentavos),
      );
      expect(head).toContain(tIn(lng, 'bill.settledOn', { date: intlDay(order.settledOn!, lng) }));
      expect(await page.locator('[data-testid="amount-due"]').count()).toBe(0);
      expect(head).not.toContain(tIn(lng, 'bill.dueOn', { date: '' }).trim());
      expect(await settle.count()).toBe(0);
      expect(await extend.count()).toBe(0);
    } else {
      expect(await page.locator('[data-testid="amount-due"]').textContent()).toBe(
        formatPeso(order.amountAtDueCentavos),
      );
      expect(head).toContain(tIn(lng, 'bill.dueOn', { date: intlDay(order.dueDate!, lng) }));
      // A single-payment loan: the headline's due date is the plan's (last) row's.
      expect(schedule.at(-1)!.dueDate).toBe(order.dueDate);
      expect(await shown('repaymentDate')).toBe(intlDay(order.dueDate!, lng));
      if (order.payments.some((p) => p.state === 'in_progress')) {
        expect(await settle.count()).toBe(0);
        expect(await extend.count()).toBe(0);
      } else {
        expect(await settle.locator('.bill-choice-amount').textContent()).toBe(formatPeso(order.amountDueCentavos));
        expect(await settle.locator('[data-testid="settle-today"]').count()).toBe(
          order.amountDueCentavos < order.amountAtDueCentavos ? 1 : 0,
        );
        expect(await extend.count()).toBe(order.extension ? 1 : 0);
        if (order.extension)
          expect(await extend.locator('.bill-choice-amount').textContent()).toBe(
            formatPeso(order.extension.amountCentavos),
          );
      }
    }
  }

  /** A full-page screenshot of a stage of a journey: /tmp/e2e-<journey>-<database>-<stage>.png. */
  const shotOf = (journey: string) => (page: Page, stage: string) =>
    page.screenshot({ path: `/tmp/e2e-${journey}-${kind}-${stage}.png`, fullPage: true, timeout: 60_000 });

  pgliteOnly(
    'applies, is approved, signs, withdraws, receives, extends once inside the window, settles early, and My Loan shows it settled',
    { timeout: 240_000 },
    async () => {
      const shot = shotOf('journey');
      const page = await suite.open(iPhone(3));
      page.setDefaultTimeout(15_000);
      const who = await borrower(page);
      const { customerId } = who;
      const principal = await applyAndAgree(page, 4);

      // Not signed yet: the pad is shown; withdrawing needs a signature.
      await page.getByRole('button', { name: t('withdraw.submit') }).click();
      await page.getByText(t('withdraw.signFirst')).first().waitFor();
      await signAndReceive(page);

      // The payout gateway has called back: the order is repaying, dated today.
      const disbursed = await orderOf(customerId);
      const loanDate = manilaToday(server.now());
      const dueDate = addDays(loanDate, 30);
      expect(disbursed).toMatchObject({ state: 'repaying', principal, loanDate, dueDate });
      const q = quote(pricing, standard, { principalCentavos: principal, termDays: 30, loanDate });
      expect(q.interestCentavos).toBe(interestOn(principal * 30));
      // Interest accrues by the day: on the loan date settling pays the principal alone; home shows what the due date
      // asks, the quote's amount due.
      expect(disbursed.amountDue).toBe(principal);
      await expect.poll(() => figure(page, 'amountDue').textContent()).toBe(formatPeso(q.amountDueCentavos));

      // No extension from the loan date: the bill offers to repay in full (the principal, today) and nothing else.
      const onLoanDate = await openBill(page, disbursed.id);
      expect(onLoanDate).toMatchObject({
        amountDueCentavos: principal,
        amountAtDueCentavos: q.amountDueCentavos,
        extension: null,
      });
      await expectBillAgrees(page, onLoanDate);
      // Nor the day before the window opens (pricing expiringDays before the due date).
      await moveTo(page, who, addDays(dueDate, -(pricing.expiringDays + 1)));
      const beforeWindow = await openBill(page, disbursed.id);
      expect(beforeWindow.extension).toBeNull();
      await expectBillAgrees(page, beforeWindow);

      // Two days before the due date: the extension is offered. It charges the interest accrued to today and the fee
      // (of the principal outstanding); the due date moves 8 days from the old one, and interest goes on by the day to
      // it, so the new due date asks the principal and the interest from today to it.
      await moveTo(page, who, addDays(dueDate, -2));
      const today = manilaToday(server.now());
      const elapsed = daysBetween(loanDate, today);
      const newDueDate = addDays(dueDate, pricing.extensionDays);
      const toDate = interestOn(principal * elapsed);
      const fee = extensionFee(principal);
      const newInterest = interestOn(principal * daysBetween(loanDate, newDueDate)) - toDate;
      const offered = await openBill(page, disbursed.id);
      expect(offered).toMatchObject({
        amountDueCentavos: principal + toDate,
        amountAtDueCentavos: q.amountDueCentavos,
        extension: {
          amountCentavos: toDate + fee,
          feeCentavos: fee,
          newDueDate,
          newAmountDueCentavos: principal + newInterest,
          waivedCentavos: 0,
        },
      });
      await expectBillAgrees(page, offered);
      const offer = await page.locator('[data-testid="extend"]').textContent();
      expect(offer).toContain(
        t('bill.extendCovers_other', {
          count: pricing.extensionDays,
          fee: formatPeso(fee),
          interest: formatPeso(toDate),
        }),
      );
      expect(offer).toContain(
        t('bill.extendThen', { date: intlDay(newDueDate, 'en'), amount: formatPeso(principal + newInterest) }),
      );
      await shot(page, '1-offer');

      await payBill(page, disbursed.id, 'extend', 'otc', toDate + fee);
      const extended = await orderOf(customerId);
      const extensionPaid = toDate + fee;
      expect(extended).toMatchObject({
        state: 'repaying',
        principal,
        dueDate: newDueDate,
        extensionCount: 1,
        lateFine: 0,
        damages: 0,
        amountRepaid: extensionPaid,
        // The interest to today is paid: settling today would take the principal alone.
        amountDue: principal,
      });
      const afterExtension = await openBill(page, disbursed.id);
      expect(afterExtension).toMatchObject({
        dueDate: newDueDate,
        extensionCount: 1,
        amountDueCentavos: principal,
        amountAtDueCentavos: principal + newInterest,
        amountRepaidCentavos: extensionPaid,
        extension: null,
      });
      await expectBillAgrees(page, afterExtension);
      await shot(page, '2-extended');
      // Home's card and My Loan's list show what the new due date asks.
      await page.goto(`${server.url}/homeIndex`);
      await card(page, 'repaying').waitFor();
      await expect.poll(() => figure(page, 'amountDue').textContent()).toBe(formatPeso(principal + newInterest));
      await page.goto(`${server.url}/billIndex`);
      await page.getByRole('tab', { name: t('billIndex.tab.all') }).click();
      const listed = page.locator(`[data-order="${disbursed.id}"]`);
      await listed.waitFor();
      expect(await listed.textContent()).toContain(formatPeso(principal + newInterest));

      // A day later the borrower settles in full, early: interest to that day only, not to the new due date.
      await moveTo(page, who, addDays(today, 1));
      const payoff = principal + interestOn(principal * (elapsed + 1)) - toDate;
      expect(payoff).toBeLessThan(principal + newInterest);
      const beforeSettling = await openBill(page, disbursed.id);
      expect(beforeSettling).toMatchObject({
        amountDueCentavos: payoff,
        amountAtDueCentavos: principal + newInterest,
      });
      await expectBillAgrees(page, beforeSettling);
      await payBill(page, disbursed.id, 'settle', 'eWallet', payoff);
      const settled = await orderOf(customerId);
      expect(settled).toMatchObject({ state: 'settled', amountRepaid: extensionPaid + payoff, amountDue: 0 });

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
      expect(record).toContain(formatPeso(payoff));
      expect(record).toContain(t('payment.kind.extend'));
      expect(record).toContain(t('payment.kind.settle'));
      await shot(page, '3-record');

      // Settled: the borrower may apply again (re-loan), and the signature on file is kept.
      await page.goto(`${server.url}/homeIndex`);
      await page.getByRole('button', { name: t('offer.apply') }).waitFor();
    },
  );

  it(
    'pays for an extension the day after it was asked, while its reference is valid: bought at the price asked (the day of interest since stays owed, to the new due date); falls overdue past that, extends again (penalties waived), settles: bill, plan and record agree at every stage',
    { timeout: 300_000 },
    async () => {
      const shot = shotOf('extend-next-day');
      const page = await suite.open(iPhone(3));
      page.setDefaultTimeout(15_000);
      const who = await borrower(page);
      const principal = await applyAndAgree(page, 4);
      expect(principal).toBe(300_000);
      await signAndReceive(page);
      const { id: orderId, loanDate: disbursedOn } = await orderOf(who.customerId);
      const loanDate = disbursedOn!;
      expect(loanDate).toBe(manilaToday(server.now()));
      const dueDate = addDays(loanDate, 30);
      const newDueDate = addDays(dueDate, pricing.extensionDays);
      const q = quote(pricing, standard, { principalCentavos: principal, termDays: 30, loanDate });
      expect(q.interestCentavos).toBe(interestOn(principal * 30));

      // 1. Disbursed: settling today pays the ₱3,000 alone; the due date asks it with 30 days' interest; no extension
      // is offered on the loan date.
      const disbursed = await openBill(page, orderId);
      expect(disbursed).toMatchObject({
        state: 'repaying',
        dueDate,
        amountDueCentavos: principal,
        amountAtDueCentavos: q.amountDueCentavos,
        amountRepaidCentavos: 0,
        extension: null,
      });
      await expectBillAgrees(page, disbursed);
      expect(disbursed.schedule.map((r) => r.state)).toEqual(['due']);
      await shot(page, '1-disbursed');

      // 2. The day before the due date (inside the extension window) the borrower starts an extension over the
      // counter: the interest to that day and the fee. The gateway has not confirmed it yet (held).
      const dayBefore = addDays(dueDate, -1);
      await moveTo(page, who, dayBefore);
      const interestToDayBefore = interestOn(principal * daysBetween(loanDate, dayBefore));
      const asked = interestToDayBefore + extensionFee(principal);
      const offered = await openBill(page, orderId);
      expect(offered).toMatchObject({
        amountDueCentavos: principal + interestToDayBefore,
        amountAtDueCentavos: q.amountDueCentavos,
        extension: { amountCentavos: asked, feeCentavos: extensionFee(principal), newDueDate, waivedCentavos: 0 },
      });
      await expectBillAgrees(page, offered);
      await server.collectionGateway.stop();
      // A second tab with the bill open and "repay in full" chosen: it will try to pay too.
      const other = await page.context().newPage();
      await openBill(other, orderId);
      await other.locator('[data-testid="settle"]').click();
      await page.locator('[data-testid="extend"]').click();
      await page.getByText(t('payment.channel.otc'), { exact: true }).click();
      await page.getByRole('button', { name: t('bill.pay', { amount: formatPeso(asked) }), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/repaidDetail');
      await page.locator('[data-testid="payment-state"][data-state="in_progress"]').waitFor();
      // Wrong input: paying again while that payment is in progress is refused, in words.
      await other
        .getByRole('button', { name: t('bill.pay', { amount: formatPeso(offered.amountDueCentavos) }), exact: true })
        .click();
      await other.getByText(errors['PAYMENT_IN_PROGRESS']!).first().waitFor();
      await other.close();
      const pending = await openBill(page, orderId);
      expect(pending.payments).toMatchObject([{ kind: 'extend', state: 'in_progress', amountCentavos: asked }]);
      expect(await page.locator('[data-testid="pending-payment"]').textContent()).toBe(
        t('bill.paymentInProgress', { amount: formatPeso(asked) }),
      );
      await expectBillAgrees(page, pending);
      await shot(page, '2-payment-pending');

      // 3. The borrower pays at the counter the next morning, the due date, while the reference is still valid (it is
      // good for a day). A day's interest has accrued since it was asked, so the extension now asks more than was paid;
      // paid within its reference's validity it is still bought at the price it was asked: the fee first, then the
      // interest (the 29 days' of it the price held); the due date moves 8 days from the old one, and the day's
      // interest the payment did not cover stays owed, due on the new due date with the interest that runs on to it.
      await moveTo(page, who, dueDate, 9);
      const fee = extensionFee(principal);
      const onDueDate = await openBill(page, orderId);
      expect(onDueDate.payments).toMatchObject([{ state: 'in_progress', amountCentavos: asked }]);
      expect(onDueDate.extension).toMatchObject({ amountCentavos: q.interestCentavos + fee, newDueDate });
      expect(onDueDate.extension!.amountCentavos).toBeGreaterThan(asked);
      await expectBillAgrees(page, onDueDate);
      const payment = pending.payments[0]!;
      server.collectionGateway.start(200);
      await page.goto(`${server.url}/repaidDetail?payment=${payment.id}`);
      const paidState = page.locator('[data-testid="payment-state"][data-state="success"]');
      await paidState.waitFor({ timeout: 30_000 });
      expect(await paidState.textContent()).toContain(t('payment.successNote.extend'));
      await shot(page, '3-paid-next-day');
      const extended = await openBill(page, orderId);
      const [paid] = extended.payments;
      expect(paid).toMatchObject({ id: payment.id, kind: 'extend', state: 'success', amountCentavos: asked });
      // Paid on the due date, before the reference expired.
      expect(manilaToday(new Date(paid!.completedAt!))).toBe(dueDate);
      expect(Date.parse(paid!.completedAt!)).toBeLessThan(Date.parse(payment.expiresAt));
      // The interest of the 30 days is the row's centavo-days rounded once; the payment covered the 29 days' of it.
      const dayLeft = q.interestCentavos - interestToDayBefore;
      expect(dayLeft).toBeGreaterThan(0);
      // Interest runs on the principal, still all owed, from the old due date to the new one.
      const interestToNewDue = interestOn(principal * daysBetween(loanDate, newDueDate));
      const atNewDue = principal + interestToNewDue - interestToDayBefore;
      expect(await orderOf(who.customerId)).toMatchObject({
        state: 'repaying',
        dueDate: newDueDate,
        extensionCount: 1,
        amountRepaid: asked,
        lateFine: 0,
        damages: 0,
        amountDue: principal + dayLeft,
      });
      expect(extended).toMatchObject({
        state: 'repaying',
        dueDate: newDueDate,
        extensionCount: 1,
        overdueDays: 0,
        lateFineCentavos: 0,
        damagesCentavos: 0,
        amountRepaidCentavos: asked,
        // Settling today: the principal and the day's interest left.
        amountDueCentavos: principal + dayLeft,
        amountAtDueCentavos: atNewDue,
        // Not again before the window of the new due date.
        extension: null,
      });
      expect(extended.schedule).toMatchObject([
        {
          dueDate: newDueDate,
          interestCentavos: interestToNewDue,
          feeCentavos: fee,
          penaltiesCentavos: 0,
          paidCentavos: asked,
          outstandingCentavos: atNewDue,
          waivedCentavos: 0,
          state: 'due',
        },
      ]);
      await expectBillAgrees(page, extended);
      await shot(page, '3-extended');

      // 4. Two days past the new due date, nothing more paid: each overdue day the fine (of the amount overdue: the
      // principal and the interest left), then the damages as far as the late-penalty cap pro rata lets them (5 % a
      // month / 30 a day): far less than the 2 % damages. The extension is still offered (its new due date is not past,
      // and the term cap allows 46 days): the interest outstanding and the fee, and it waives the penalties.
      await moveTo(page, who, addDays(newDueDate, 2));
      const today = manilaToday(server.now());
      const caps = capsFor(pricing, loanDate);
      const lateFine = 2 * applyPpm(atNewDue, standard.lateFineDailyPpm);
      const penalties = Math.floor((atNewDue * 2 * caps.latePenaltyMonthlyMaxPpm) / (30 * 1_000_000));
      const damages = penalties - lateFine;
      expect(damages).toBeGreaterThan(0);
      expect(damages).toBeLessThan(applyPpm(atNewDue, standard.overdueDamagesPpm));
      const secondDueDate = addDays(newDueDate, pricing.extensionDays);
      expect(daysBetween(loanDate, secondDueDate)).toBeLessThanOrEqual(caps.termMaxDays);
      const interestOwed = atNewDue - principal;
      const secondPrice = interestOwed + fee;
      const interestToSecondDue = interestOn(principal * daysBetween(loanDate, secondDueDate));
      const overdue = await openBill(page, orderId);
      expect(overdue).toMatchObject({
        dueDate: newDueDate,
        extensionCount: 1,
        overdueDays: 2,
        lateFineCentavos: lateFine,
        damagesCentavos: damages,
        // No interest runs past a due date: settling today pays what the due date asked and the penalties.
        amountDueCentavos: atNewDue + penalties,
        amountAtDueCentavos: atNewDue + penalties,
        amountRepaidCentavos: asked,
        extension: {
          amountCentavos: secondPrice,
          feeCentavos: fee,
          newDueDate: secondDueDate,
          newAmountDueCentavos: principal + interestToSecondDue - interestToNewDue,
          waivedCentavos: penalties,
        },
      });
      expect(overdue.schedule).toMatchObject([
        { dueDate: newDueDate, penaltiesCentavos: penalties, outstandingCentavos: atNewDue + penalties },
      ]);
      expect(overdue.schedule.map((r) => r.state)).toEqual(['overdue']);
      await expectBillAgrees(page, overdue);
      const offer = await page.locator('[data-testid="extend"]').textContent();
      expect(offer).toContain(
        t('bill.extendCovers_other', {
          count: pricing.extensionDays,
          fee: formatPeso(fee),
          interest: formatPeso(interestOwed),
        }),
      );
      expect(offer).toContain(
        t('bill.extendThen', {
          date: intlDay(secondDueDate, 'en'),
          amount: formatPeso(principal + interestToSecondDue - interestToNewDue),
        }),
      );
      expect(offer).toContain(t('bill.extendWaives', { amount: formatPeso(penalties) }));
      await shot(page, '4-overdue');

      // 5. The borrower extends again: the penalties are waived, the due date moves 8 days from the last one, and
      // interest runs by the day from it: settling today would pay the two days' interest since.
      await payBill(page, orderId, 'extend', 'otc', secondPrice);
      const extendedAgain = await openBill(page, orderId);
      const afterExtensions = asked + secondPrice;
      const interestToToday = interestOn(principal * daysBetween(loanDate, today));
      const sinceDue = interestToToday - interestToNewDue;
      expect(sinceDue).toBeGreaterThan(0);
      expect(extendedAgain).toMatchObject({
        state: 'repaying',
        dueDate: secondDueDate,
        extensionCount: 2,
        overdueDays: 0,
        lateFineCentavos: 0,
        damagesCentavos: 0,
        amountRepaidCentavos: afterExtensions,
        amountDueCentavos: principal + sinceDue,
        amountAtDueCentavos: principal + interestToSecondDue - interestToNewDue,
        // Not again before the window of the new due date.
        extension: null,
      });
      expect(extendedAgain.schedule).toMatchObject([
        {
          dueDate: secondDueDate,
          interestCentavos: interestToSecondDue,
          feeCentavos: 2 * fee,
          penaltiesCentavos: 0,
          paidCentavos: afterExtensions,
          outstandingCentavos: principal + interestToSecondDue - interestToNewDue,
          waivedCentavos: penalties,
          state: 'due',
        },
      ]);
      await expectBillAgrees(page, extendedAgain);
      expect(await page.locator('[data-testid="schedule"] tbody tr .loan-plan-status').textContent()).toBe(
        t('plan.state.due'),
      );
      await shot(page, '5-extended-again');

      // 6. The borrower settles the same day: the bill shows what was repaid and the day, every plan row paid. In all,
      // the principal, the interest of each day to today and the two fees; the penalties were waived.
      const payoff = principal + sinceDue;
      await payBill(page, orderId, 'settle', 'eWallet', payoff);
      const settled = await openBill(page, orderId);
      const repaid = afterExtensions + payoff;
      expect(repaid).toBe(principal + interestToToday + 2 * fee);
      expect(settled).toMatchObject({
        state: 'settled',
        settledOn: today,
        extensionCount: 2,
        amountRepaidCentavos: repaid,
        amountDueCentavos: 0,
        lateFineCentavos: 0,
        damagesCentavos: 0,
      });
      expect(settled.schedule).toMatchObject([
        { interestCentavos: interestToToday, feeCentavos: 2 * fee, penaltiesCentavos: 0, waivedCentavos: penalties },
      ]);
      expect(settled.schedule.every((r) => r.state === 'paid')).toBe(true);
      await expectBillAgrees(page, settled);
      // The bill's interest is the interest actually charged: each day to today's, not the quote's 30 days'.
      expect(await figure(page, 'interest').textContent()).toBe(formatPeso(interestToToday));
      // The record: three successful payments adding up to the amount repaid, on the bill and in My Loan.
      expect(settled.payments.map((p) => [p.kind, p.state, p.amountCentavos])).toEqual([
        ['settle', 'success', payoff],
        ['extend', 'success', secondPrice],
        ['extend', 'success', asked],
      ]);
      expect(settled.payments.reduce((s, p) => s + p.amountCentavos, 0)).toBe(repaid);
      const onBill = await page.locator('.bill [data-payment]').allTextContents();
      expect(onBill).toHaveLength(3);
      for (const p of settled.payments)
        expect(
          onBill.some((text) => text.includes(`${formatPeso(p.amountCentavos)} · ${t('payment.state.success')}`)),
        ).toBe(true);
      await shot(page, '6-settled');

      await page.goto(`${server.url}/billIndex`);
      await page.getByRole('tab', { name: t('billIndex.tab.payments') }).click();
      const record = page.locator('.billIndex-payment');
      await expect.poll(() => record.count()).toBe(3);
      const amounts = await page.locator('.billIndex-payment-side strong').allTextContents();
      expect(amounts.sort()).toEqual(settled.payments.map((p) => formatPeso(p.amountCentavos)).sort());
      expect((await record.allTextContents()).every((text) => text.includes(t('payment.state.success')))).toBe(true);
      await shot(page, '7-record');

      // 7. The settled bill in Filipino: the same figures, the day in Filipino.
      await page.evaluate(() => localStorage.setItem('language', 'fil'));
      const inFilipino = await openBill(page, orderId);
      await page.waitForFunction(() => document.documentElement.lang === 'fil');
      await expectBillAgrees(page, inFilipino, 'fil');
      expect(await page.locator('[data-testid="schedule"] tbody tr .loan-plan-status').allTextContents()).toEqual(
        settled.schedule.map(() => tIn('fil', 'plan.state.paid')),
      );
      await shot(page, '8-settled-fil');
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
      await page.locator('#changeBank_accountNumber').waitFor();
      expect(await page.inputValue('#changeBank_accountNumber')).toBe('0000123456');
      await page.getByRole('button', { name: t('changeBank.submit') }).click();
      await page.getByText(t('changeBank.sameAsOld')).first().waitFor();
      await page.fill('#changeBank_accountNumber', '1234509876');
      await page.fill('#changeBank_accountNumberConfirm', '1234509876');
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
    // Income up to 12,000 is rejected by config/underwriting.json: Home offers nothing to apply for
    // (tests/e2e/home-limit.e2e.ts); an application made anyway (the API still takes one) is refused by the
    // underwriting job within seconds, with the day the borrower may apply again.
    const { customerId } = await borrower(page, { workInfo: { monthlyIncome: 'upTo12000' } });
    expect(await page.getByRole('button', { name: t('offer.apply') }).count()).toBe(0);
    const { token } = await sessionOf(page);
    const applied = await server.app.inject({
      method: 'POST',
      url: '/api/v1/loans',
      headers: { authorization: `Bearer ${token}`, 'x-customer-id': customerId, 'idempotency-key': `r-${customerId}` },
      payload: { productId: 'cash', subProductId: 'standard', principalCentavos: 300000, termDays: 30 },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    await expect.poll(async () => (await orderOf(customerId)).state, { timeout: 30_000 }).toBe('rejected');
    const order = await orderOf(customerId);
    expect(order.reapplyAfter).toBe(addDays(manilaToday(server.now()), 30));
    // My Loan lists it as not approved, with the same date.
    await page.goto(`${server.url}/billIndex`);
    await page.getByRole('tab', { name: t('billIndex.tab.all') }).click();
    const row = page.locator(`[data-order="${order.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(t('state.rejected'));
  });
});
