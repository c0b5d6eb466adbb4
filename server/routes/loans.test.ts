import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingFile } from '#config/pricing.ts';
import { addDays, manilaStartOfDay, manilaToday } from '#domain/calendar-date.ts';
import type { PricingConfig } from '#domain/loan-types.ts';
import { applyPpm, capPpm } from '#domain/pricing.ts';
import { capsFor } from '#domain/regulation.ts';
import { databaseTargets } from '../db/test-database.ts';
import { jobs, loanEvents, loanOrders, payments, payouts } from '../db/tables.ts';
import { simPayouts } from '../providers/simulated/tables.ts';
import { ProviderError } from '../providers/payout/payout-provider.ts';
import { borrowerWithProfile, login, type Borrower } from '../testing/borrower.ts';
import { BANK_INFO, completeProfile, signatureDocument, STANDARD_LOAN } from '../testing/loan-fixtures.ts';
import { caller, newKey } from '../testing/request.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';
import { collectionSignature, postCollectionWebhook, postWebhook, unixNow } from '../testing/webhooks.ts';
import type { OrderDetailAnswer } from '#api-contract/loans.ts';

const pricing: PricingConfig = pricingFile;
/** Two instalments over 60 days: above the default borrower's limit (₱5,000), so its borrowers earn more. */
const plus = { productId: 'cash', subProductId: 'plus', principalCentavos: 600000, termDays: 60 };
const higherIncome = { workInfo: { monthlyIncome: 'from25001To30000' } };

/** An order as the API answers it (the contract's, api-contract/loans.ts). */
type Order = OrderDetailAnswer;

describe.each(databaseTargets())('loans on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);

  /** Sessions last 30 days: after moving the clock further, log in again. */
  async function travel(b: Borrower, days: number): Promise<void> {
    api.advance(days * 86_400);
    Object.assign(b.headers, (await login(api, b.phone)).headers);
  }

  async function order(b: Borrower, id: string): Promise<Order> {
    const res = await call(b, 'GET', `/loans/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Order>();
  }

  /** Applies and lets the underwriting job run. */
  async function approved(b: Borrower, body = STANDARD_LOAN): Promise<Order> {
    const res = await call(b, 'POST', '/loans', body, newKey());
    expect(res.statusCode, res.body).toBe(201);
    api.advance(61);
    await api.runDueJobs();
    return order(b, res.json<Order>().id);
  }

  async function withdrawable(b: Borrower, body = STANDARD_LOAN): Promise<Order> {
    const o = await approved(b, body);
    expect(o.state).toBe('accepted');
    const accepted = await call(b, 'POST', `/loans/${o.id}/accept`, { agreePrivacy: true, agreeAgreement: true });
    expect(accepted.json<Order>().state, accepted.body).toBe('withdrawable');
    const signed = await call(b, 'POST', '/signature', {
      signature: await signatureDocument(api.database.db, b.customerId),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    return accepted.json<Order>();
  }

  async function repaying(b: Borrower, body = STANDARD_LOAN): Promise<Order> {
    const o = await withdrawable(b, body);
    const res = await call(b, 'POST', `/loans/${o.id}/withdraw`, {}, newKey());
    expect(res.json<Order>().state, res.body).toBe('disbursing');
    await api.settle();
    const after = await order(b, o.id);
    expect(after.state).toBe('repaying');
    return after;
  }

  async function pay(b: Borrower, orderId: string, kindOf: 'settle' | 'extend' | 'instalment') {
    const res = await call(b, 'POST', `/loans/${orderId}/payments`, { kind: kindOf, channel: 'otc' }, newKey());
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; state: string; amountCentavos: number; reference: string }>();
  }

  it('goes through the whole life: apply, underwriting, accept, sign, withdraw, disbursement, extend once, settle', async () => {
    const b = await borrowerWithProfile(api);
    const applied = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.headers['cache-control']).toBe('no-store');
    const o = applied.json<Order>();
    expect(o).toMatchObject({ state: 'under_review', principalCentavos: 300000, loanDate: null, dueDate: null });
    expect(o.orderNo).toMatch(/^PA\d{6}\d{4,}[A-Z]{2}$/u);
    const home = (await call(b, 'GET', '/loans/home')).json<{
      currentOrder: Order;
      canApply: boolean;
      applyBlockedCode: string;
      creditLimitCentavos: number;
      signed: boolean;
    }>();
    expect(home).toMatchObject({
      currentOrder: { id: o.id },
      canApply: false,
      applyBlockedCode: 'ORDER_IN_PROGRESS',
      creditLimitCentavos: 500000,
      signed: false,
    });

    // The decision waits for the approval delay.
    await api.runDueJobs();
    expect((await order(b, o.id)).state).toBe('under_review');
    api.advance(61);
    await api.runDueJobs();
    expect((await order(b, o.id)).state).toBe('accepted');

    expect(
      (await call(b, 'POST', `/loans/${o.id}/accept`, { agreePrivacy: true, agreeAgreement: false })).json(),
    ).toMatchObject({ code: 'AGREEMENT_REQUIRED' });
    expect((await call(b, 'POST', `/loans/${o.id}/withdraw`, {}, newKey())).json()).toMatchObject({
      code: 'ORDER_STATE',
    });
    expect(
      (await call(b, 'POST', `/loans/${o.id}/accept`, { agreePrivacy: true, agreeAgreement: true })).json(),
    ).toMatchObject({ state: 'withdrawable' });
    expect(
      (await call(b, 'POST', `/loans/${o.id}/accept`, { agreePrivacy: true, agreeAgreement: true })).json(),
    ).toMatchObject({ code: 'ORDER_STATE' });
    expect((await call(b, 'POST', `/loans/${o.id}/withdraw`, {}, newKey())).json()).toMatchObject({
      code: 'SIGNATURE_REQUIRED',
    });

    expect((await call(b, 'GET', '/signature')).json()).toEqual({ signed: false, signedAt: null });
    const other = await login(api);
    const foreign = await call(b, 'POST', '/signature', {
      signature: await signatureDocument(api.database.db, other.customerId),
    });
    expect(foreign.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(
      (
        await call(b, 'POST', '/signature', { signature: await signatureDocument(api.database.db, b.customerId) })
      ).json(),
    ).toMatchObject({ signed: true });

    const withdrawn = await call(b, 'POST', `/loans/${o.id}/withdraw`, {}, newKey());
    expect(withdrawn.json(), withdrawn.body).toMatchObject({
      state: 'disbursing',
      payout: { method: 'bank', label: 'bdo', accountMasked: '******7890' },
    });
    await api.settle();
    const live = await order(b, o.id);
    const today = manilaToday(api.now());
    expect(live).toMatchObject({
      state: 'repaying',
      loanDate: today,
      dueDate: addDays(today, 30),
      quote: { loanDate: today, firstDueDate: addDays(today, 30) },
    });
    // Interest accrues by the day: the loan date owes the principal, the due date the quote's amount.
    expect(live.amountAtDueCentavos).toBe(live.quote.amountDueCentavos);
    expect(live.amountDueCentavos).toBe(300000);
    const [payout] = await api.database.db.select().from(payouts).where(eq(payouts.orderId, o.id));
    expect(payout).toMatchObject({ state: 'succeeded', amount: live.quote.receivedCentavos });

    // Two days overdue: fine and damages accrue, then the extension waives them and moves the due date 8 days.
    await travel(b, 32);
    await api.loans.accrueAll();
    const overdue = await order(b, o.id);
    expect(overdue).toMatchObject({ overdueDays: 2, dueStatus: 'overdue' });
    expect(overdue.lateFineCentavos).toBeGreaterThan(0);
    expect(overdue.damagesCentavos).toBeGreaterThan(0);
    expect(overdue.extension).not.toBeNull();
    const extend = await pay(b, o.id, 'extend');
    expect(extend).toMatchObject({ state: 'in_progress', amountCentavos: overdue.extension!.amountCentavos });
    expect(extend.reference).toMatch(/^[A-Z0-9]{12}$/u);
    expect(
      (await call(b, 'POST', `/loans/${o.id}/payments`, { kind: 'settle', channel: 'otc' }, newKey())).json(),
    ).toMatchObject({ code: 'PAYMENT_IN_PROGRESS' });
    await api.settle();
    const extended = await order(b, o.id);
    expect(extended).toMatchObject({
      state: 'repaying',
      dueDate: addDays(live.dueDate!, 8),
      principalCentavos: 300000,
      lateFineCentavos: 0,
      damagesCentavos: 0,
      overdueDays: 0,
      extensionCount: 1,
      amountRepaidCentavos: extend.amountCentavos,
    });
    // The 8 days bought run from the old due date: 2 of them are past (owed now), all 8 on the new due date.
    expect(extended.amountDueCentavos).toBe(300000 + 300000 * 0.001 * 2);
    expect(extended.amountAtDueCentavos).toBe(300000 + 300000 * 0.001 * 8);

    const settle = await pay(b, o.id, 'settle');
    expect(settle.amountCentavos).toBe(extended.amountDueCentavos);
    await api.settle();
    const done = await order(b, o.id);
    expect(done).toMatchObject({
      state: 'settled',
      amountDueCentavos: 0,
      amountRepaidCentavos: extend.amountCentavos + settle.amountCentavos,
    });
    expect(done.payments?.map((p) => [p.kind, p.state]).sort()).toEqual([
      ['extend', 'success'],
      ['settle', 'success'],
    ]);
    const history = (await call(b, 'GET', '/payments')).json<{ payments: { id: string }[] }>();
    expect(history.payments.map((p) => p.id)).toEqual([settle.id, extend.id]);
    expect((await call(b, 'GET', `/payments/${settle.id}`)).json()).toMatchObject({
      state: 'success',
      orderNo: o.orderNo,
    });
    const events = await api.database.db.select().from(loanEvents).where(eq(loanEvents.orderId, o.id));
    expect(events.map((e) => e.kind)).toEqual([
      'applied',
      'approved',
      'terms_accepted',
      'withdraw',
      'payout_sent',
      'disbursed',
      'accrual',
      'payment_created',
      'payment_sent',
      // The daily collections job: the loan entered the 1-7 days bucket (docs/book.md).
      'delinquency',
      'extended',
      'payment_created',
      'payment_sent',
      'settled',
    ]);
    // Settled, but 2 days overdue before the extension: not repaid on time (limitRaises.repaidOnTime.maxOverdueDays 0), so
    // the limit stays (server/routes/limits.test.ts raises it for an order repaid on time).
    const after = (await call(b, 'GET', '/loans/home')).json();
    expect(after).toMatchObject({
      currentOrder: null,
      canApply: true,
      reloan: true,
      signed: true,
      creditLimitCentavos: 500000,
    });
  });

  it('pays an instalment plan period by period: the due date moves on, penalties on the overdue period only, the last period settles', async () => {
    const b = await borrowerWithProfile(api, higherIncome);
    const o = await repaying(b, plus);
    const today = manilaToday(api.now());
    const sub = pricing.products[0]!.subProducts.find((s) => s.id === 'plus')!;
    // The plan was re-dated to the day of disbursement, and the order's due date is the first period's.
    const [p1, p2] = o.quote.plan;
    expect(o.quote.plan).toHaveLength(2);
    expect([o.quote.loanDate, p1!.dueDate, p2!.dueDate]).toEqual([today, addDays(today, 30), addDays(today, 60)]);
    expect(o).toMatchObject({
      dueDate: p1!.dueDate,
      paidPeriods: 0,
      extension: null,
      // Interest accrues by the day: on the loan date only the principal is owed, the plan on its dates.
      amountDueCentavos: o.principalCentavos,
      amountAtDueCentavos: p1!.amountCentavos + p2!.amountCentavos,
    });
    expect(o.instalment).toEqual({
      period: 1,
      count: 2,
      amountCentavos: p1!.principalCentavos,
      amountAtDueCentavos: p1!.amountCentavos,
      dueDate: p1!.dueDate,
    });
    expect((await call(b, 'GET', '/loans/home')).json()).toMatchObject({
      currentOrder: { id: o.id, instalment: { period: 1, count: 2 } },
    });

    // Instalment 1 on its due date.
    await travel(b, 30);
    await api.runDueJobs();
    expect(await order(b, o.id)).toMatchObject({ dueStatus: 'due_today', overdueDays: 0, lateFineCentavos: 0 });
    const first = await pay(b, o.id, 'instalment');
    expect(first).toMatchObject({ state: 'in_progress', amountCentavos: p1!.amountCentavos });
    await api.settle();
    const one = await order(b, o.id);
    expect(one).toMatchObject({
      state: 'repaying',
      paidPeriods: 1,
      dueDate: p2!.dueDate,
      amountDueCentavos: p2!.principalCentavos,
      amountAtDueCentavos: p2!.amountCentavos,
      amountRepaidCentavos: p1!.amountCentavos,
      dueStatus: 'pending',
      extension: null,
    });
    expect(one.instalment).toEqual({
      period: 2,
      count: 2,
      amountCentavos: p2!.principalCentavos,
      amountAtDueCentavos: p2!.amountCentavos,
      dueDate: p2!.dueDate,
    });
    expect(one.payments?.[0]).toMatchObject({ kind: 'instalment', state: 'success' });
    // No longer overdue after the first date: the accrual leaves it alone.
    await travel(b, 1);
    await api.runDueJobs();
    expect(await order(b, o.id)).toMatchObject({ overdueDays: 0, lateFineCentavos: 0, damagesCentavos: 0 });

    // Period 2 three days overdue: penalties on the period's amount, not on the whole plan.
    await travel(b, 32);
    await api.runDueJobs();
    const overdue = await order(b, o.id);
    // By the day: the fine each day, the damages as far as 5 % a month pro rata (3 days: 0.5 %) lets them.
    const fine = 3 * applyPpm(p2!.amountCentavos, sub.lateFineDailyPpm);
    const damages = Math.floor((p2!.amountCentavos * 3 * 50_000) / 30_000_000) - fine;
    expect(damages).toBeLessThan(applyPpm(p2!.amountCentavos, sub.overdueDamagesPpm));
    expect(overdue).toMatchObject({
      dueStatus: 'overdue',
      overdueDays: 3,
      damagesCentavos: damages,
      lateFineCentavos: fine,
      amountDueCentavos: p2!.amountCentavos + fine + damages,
    });
    expect(overdue.instalment).toEqual({
      period: 2,
      count: 2,
      amountCentavos: p2!.amountCentavos + fine + damages,
      amountAtDueCentavos: p2!.amountCentavos + fine + damages,
      dueDate: p2!.dueDate,
    });

    const second = await pay(b, o.id, 'instalment');
    expect(second.amountCentavos).toBe(p2!.amountCentavos + fine + damages);
    await api.settle();
    const done = await order(b, o.id);
    expect(done).toMatchObject({
      state: 'settled',
      paidPeriods: 2,
      amountDueCentavos: 0,
      instalment: null,
      dueStatus: null,
      lateFineCentavos: 0,
      damagesCentavos: 0,
    });
    expect(done.amountRepaidCentavos).toBe(o.quote.plan.reduce((sum, p) => sum + p.amountCentavos, 0) + fine + damages);
    const events = await api.database.db.select().from(loanEvents).where(eq(loanEvents.orderId, o.id));
    expect(events.map((e) => e.kind).slice(5)).toEqual([
      'disbursed',
      'payment_created',
      'payment_sent',
      'instalment_paid',
      // The day's accrual, then the collections run that reads it (one after the other: server/jobs/runner.ts).
      'accrual',
      'delinquency',
      'payment_created',
      'payment_sent',
      'settled',
    ]);
    const paid = events.find((e) => e.kind === 'instalment_paid')!;
    expect(paid).toMatchObject({
      fromState: 'repaying',
      toState: 'repaying',
      data: {
        kind: 'instalment',
        receivedCentavos: p1!.amountCentavos,
        applied: { principal: p1!.principalCentavos, interest: p1!.interestCentavos },
        dueDate: p2!.dueDate,
      },
    });
    expect((await call(b, 'GET', '/loans/home')).json()).toMatchObject({ currentOrder: null, canApply: true });
  });

  it('settles an instalment plan in full at any time, penalties on the overdue instalment only', async () => {
    const b = await borrowerWithProfile(api, higherIncome);
    const o = await repaying(b, plus);
    const sub = pricing.products[0]!.subProducts.find((s) => s.id === 'plus')!;
    const [p1, p2] = o.quote.plan;
    await travel(b, 32);
    await api.loans.accrueAll();
    const overdue = await order(b, o.id);
    // Two days late: 5 % a month pro rata of the amount overdue (the fine first, then the damages); period 2 has
    // accrued two days' interest on its principal.
    const penalties = Math.floor((p1!.amountCentavos * 2 * 50_000) / 30_000_000);
    expect(penalties).toBeLessThan(applyPpm(p1!.amountCentavos, sub.overdueDamagesPpm));
    expect(overdue).toMatchObject({ overdueDays: 2, dueDate: p1!.dueDate, extension: null });
    expect(overdue.lateFineCentavos).toBe(2 * applyPpm(p1!.amountCentavos, sub.lateFineDailyPpm));
    expect(overdue.lateFineCentavos + overdue.damagesCentavos).toBe(penalties);
    expect(overdue.amountDueCentavos).toBe(
      p1!.amountCentavos + penalties + p2!.principalCentavos + applyPpm(p2!.principalCentavos, sub.dailyInterestPpm, 2),
    );
    expect(overdue.amountAtDueCentavos).toBe(p1!.amountCentavos + p2!.amountCentavos + penalties);
    expect(overdue.instalment).toEqual({
      period: 1,
      count: 2,
      amountCentavos: p1!.amountCentavos + penalties,
      amountAtDueCentavos: p1!.amountCentavos + penalties,
      dueDate: p1!.dueDate,
    });
    expect(
      (await call(b, 'POST', `/loans/${o.id}/payments`, { kind: 'extend', channel: 'otc' }, newKey())).json(),
    ).toMatchObject({ code: 'EXTENSION_UNAVAILABLE' });
    const all = await pay(b, o.id, 'settle');
    expect(all.amountCentavos).toBe(overdue.amountDueCentavos);
    await api.settle();
    expect(await order(b, o.id)).toMatchObject({
      state: 'settled',
      paidPeriods: 2,
      amountRepaidCentavos: overdue.amountDueCentavos,
      amountDueCentavos: 0,
    });
  });

  it('refuses an instalment payment for a single-payment order (INSTALMENT_UNAVAILABLE)', async () => {
    const b = await borrowerWithProfile(api);
    const o = await repaying(b);
    expect(o.instalment).toBeNull();
    const res = await call(b, 'POST', `/loans/${o.id}/payments`, { kind: 'instalment', channel: 'otc' }, newKey());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'INSTALMENT_UNAVAILABLE',
      message: 'Instalment payments are not available for this loan.',
    });
    expect(
      (await call(b, 'POST', `/loans/${o.id}/payments`, { kind: 'weekly', channel: 'otc' }, newKey())).statusCode,
    ).toBe(400);
    expect((await order(b, o.id)).payments).toEqual([]);
  });

  it('rejects by the rules with a reapply date and refuses applications before it', async () => {
    const b = await borrowerWithProfile(api, { workInfo: { monthlyIncome: 'upTo12000' } });
    const o = await approved(b);
    const today = manilaToday(api.now());
    expect(o).toMatchObject({ state: 'rejected', reapplyAfter: addDays(today, 30), cancelled: false });
    const again = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REAPPLY_LATER', reapplyAfter: addDays(today, 30) });
    expect(again.json<{ message: string }>().message).toContain(addDays(today, 30));
    expect((await call(b, 'GET', '/loans/home')).json()).toMatchObject({
      canApply: false,
      applyBlockedCode: 'REAPPLY_LATER',
      lastRejected: { reapplyAfter: addDays(today, 30) },
    });
    await travel(b, 31);
    expect((await call(b, 'POST', '/loans', STANDARD_LOAN, newKey())).statusCode).toBe(201);
  });

  it('refuses an incomplete profile, a second order, amounts off the grid or above the limit, and unknown products', async () => {
    const incomplete = await login(api);
    expect((await call(incomplete, 'POST', '/loans', STANDARD_LOAN, newKey())).json()).toMatchObject({
      code: 'PROFILE_INCOMPLETE',
    });
    const b = await borrowerWithProfile(api);
    expect(
      (await call(b, 'POST', '/loans', { ...STANDARD_LOAN, principalCentavos: 600000 }, newKey())).json(),
    ).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE' });
    expect(
      (await call(b, 'POST', '/loans', { ...STANDARD_LOAN, principalCentavos: 300001 }, newKey())).json(),
    ).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE' });
    expect((await call(b, 'POST', '/loans', { ...STANDARD_LOAN, termDays: 45 }, newKey())).json()).toMatchObject({
      code: 'TERM_NOT_OFFERED',
    });
    expect((await call(b, 'POST', '/loans', { ...STANDARD_LOAN, productId: 'nope' }, newKey())).json()).toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
    });
    expect((await call(b, 'POST', '/loans/quote', { ...STANDARD_LOAN, termDays: 45 })).statusCode).toBe(422);
    const q = await call(b, 'POST', '/loans/quote', STANDARD_LOAN);
    expect(q.json()).toMatchObject({ principalCentavos: 300000, termDays: 30, loanDate: manilaToday(api.now()) });
    expect((await call(b, 'POST', '/loans', STANDARD_LOAN, newKey())).statusCode).toBe(201);
    expect((await call(b, 'POST', '/loans', STANDARD_LOAN, newKey())).json()).toMatchObject({
      code: 'ORDER_IN_PROGRESS',
    });
  });

  it('refuses a new application while a loan is repaying (REPAYMENT_OUTSTANDING)', async () => {
    const b = await borrowerWithProfile(api);
    await repaying(b);
    const res = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'REPAYMENT_OUTSTANDING',
      message: 'Incomplete repayment: settle the current loan first.',
    });
    expect((await call(b, 'GET', '/loans/home')).json()).toMatchObject({ applyBlockedCode: 'REPAYMENT_OUTSTANDING' });
  });

  it('fails a disbursement at once when the gateway refuses the payout outright, instead of retrying it', async () => {
    const b = await borrowerWithProfile(api);
    const o = await withdrawable(b);
    const gateway = api.payoutGateway;
    const original = gateway.createPayout.bind(gateway);
    let calls = 0;
    gateway.createPayout = async () => {
      calls += 1;
      throw new ProviderError('XENDIT_CHANNEL_UNSUPPORTED:remittance:lbc', false);
    };
    try {
      const res = await call(b, 'POST', `/loans/${o.id}/withdraw`, {}, newKey());
      expect(res.json<Order>().state, res.body).toBe('disbursing');
      await api.settle();
      api.advance(3600);
      await api.settle();
    } finally {
      gateway.createPayout = original;
    }
    expect(calls).toBe(1);
    const after = await order(b, o.id);
    expect(after).toMatchObject({ state: 'disbursement_failed', failureCode: 'PAYOUT_ACCOUNT_INVALID' });
    const [payout] = await api.database.db.select().from(payouts).where(eq(payouts.orderId, o.id));
    expect(payout).toMatchObject({ state: 'failed', failureCode: 'XENDIT_CHANNEL_UNSUPPORTED:remittance:lbc' });
  });

  it('fails a disbursement to an invalid account (fix the details), and withdraws again after the account is changed', async () => {
    const b = await borrowerWithProfile(api, {
      bankInfo: { accountNumber: '0000123456', accountNumberConfirm: '0000123456' },
    });
    const o = await withdrawable(b);
    // First-time borrowers edit /bankInfo, not the payout account.
    expect(
      (
        await call(b, 'PUT', '/payout-account', {
          ...BANK_INFO,
          accountNumber: '1111222233',
          accountNumberConfirm: '1111222233',
        })
      ).json(),
    ).toMatchObject({ code: 'BANK_CHANGE_NOT_ALLOWED' });
    await call(b, 'POST', `/loans/${o.id}/withdraw`, {}, newKey());
    expect(
      (
        await call(b, 'PUT', '/payout-account', {
          ...BANK_INFO,
          accountNumber: '1111222233',
          accountNumberConfirm: '1111222233',
        })
      ).json(),
    ).toMatchObject({ code: 'ORDER_STATE' });
    await api.settle();
    const failed = await order(b, o.id);
    // The simulated gateway answers Xendit's INVALID_DESTINATION for it: fix the bank or wallet details.
    expect(failed).toMatchObject({ state: 'disbursement_failed', failureCode: 'PAYOUT_ACCOUNT_INVALID' });

    const same = await call(b, 'PUT', '/payout-account', {
      ...BANK_INFO,
      accountNumber: '0000 1234 56',
      accountNumberConfirm: '0000123456',
    });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      code: 'BANK_SAME_AS_OLD',
      message: 'A new bank card must differ from the original.',
    });
    expect((await call(b, 'PUT', '/payout-account', { ...BANK_INFO, accountNumber: '12' })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const maintained = await testApi(kind, { database: api.database, loans: { bankChangeMaintenance: true } });
    try {
      const res = await maintained.app.inject({
        method: 'PUT',
        url: '/api/v1/payout-account',
        headers: b.headers,
        payload: { ...BANK_INFO, accountNumber: '1111222233', accountNumberConfirm: '1111222233' },
      });
      expect(res.json()).toMatchObject({
        code: 'BANK_CHANGE_MAINTENANCE',
        message: 'System under maintenance, so the bank cannot be changed.',
      });
      expect(
        (await maintained.app.inject({ method: 'GET', url: '/api/v1/loans/home', headers: b.headers })).json(),
      ).toMatchObject({ bankChangeAvailable: false });
    } finally {
      await maintained.close();
    }

    const changed = await call(b, 'PUT', '/payout-account', {
      ...BANK_INFO,
      bankCode: 'bpi',
      accountNumber: '1111 2222 33',
      accountNumberConfirm: '1111222233',
    });
    expect(changed.json(), changed.body).toEqual({ ok: true, reopened: [o.id] });
    expect(await order(b, o.id)).toMatchObject({ state: 'withdrawable', failureCode: null });
    expect((await call(b, 'GET', '/profile/bankInfo')).json()).toMatchObject({
      data: { bankCode: 'bpi', accountNumber: '1111222233' },
    });
    expect((await call(b, 'POST', `/loans/${o.id}/withdraw`, {}, newKey())).json()).toMatchObject({
      state: 'disbursing',
      payout: { label: 'bpi', accountMasked: '******2233' },
    });
    await api.settle();
    expect((await order(b, o.id)).state).toBe('repaying');
    const rows = await api.database.db.select().from(payouts).where(eq(payouts.orderId, o.id));
    expect(rows.map((r) => r.state).sort()).toEqual(['failed', 'succeeded']);
  });

  it('accrues late fine and damages by the day, idempotently, and stops at the caps', async () => {
    const b = await borrowerWithProfile(api);
    const o = await repaying(b);
    const sub = pricing.products[0]!.subProducts[0]!;
    await travel(b, 33);
    await api.loans.accrueAll();
    await api.loans.accrueAll();
    const three = await order(b, o.id);
    const amountDue = o.amountAtDueCentavos;
    // By the day: the fine each day, the damages as far as 5 % a month pro rata lets them (3 days: 0.5 %).
    const fine = 3 * Math.round((amountDue * sub.lateFineDailyPpm) / 1e6);
    expect(three).toMatchObject({
      overdueDays: 3,
      damagesCentavos: Math.floor((amountDue * 3 * 50_000) / 30_000_000) - fine,
      lateFineCentavos: fine,
    });
    expect(three.amountDueCentavos).toBe(amountDue + three.lateFineCentavos + three.damagesCentavos);
    expect(three.extension).not.toBeNull();
    const events = await api.database.db.select().from(loanEvents).where(eq(loanEvents.orderId, o.id));
    expect(events.filter((e) => e.kind === 'accrual')).toHaveLength(1);
    // 40 days overdue: the fine goes on by the day, the damages whole, within 5 % a month pro rata of the amount due.
    await travel(b, 37);
    await api.runDueJobs();
    const forty = await order(b, o.id);
    expect(forty).toMatchObject({
      overdueDays: 40,
      lateFineCentavos: 40 * Math.round((amountDue * sub.lateFineDailyPpm) / 1e6),
    });
    expect(forty.damagesCentavos).toBe(Math.round((amountDue * sub.overdueDamagesPpm) / 1e6));
    expect(forty.lateFineCentavos + forty.damagesCentavos).toBeLessThanOrEqual(
      Math.floor((amountDue * 40 * capsFor(pricing, o.quote.loanDate).latePenaltyMonthlyMaxPpm) / 30_000_000),
    );
    // Years overdue: all costs together stop at 100 % of the principal (interest, fees and tax were charged already).
    await travel(b, 960);
    await api.loans.accrueAll();
    const capped = await order(b, o.id);
    const cost = o.quote.amountDueCentavos - 300000 + (300000 - o.quote.receivedCentavos);
    expect(capped.overdueDays).toBe(1000);
    expect(capped.lateFineCentavos + capped.damagesCentavos).toBe(
      capPpm(300000, capsFor(pricing, o.quote.loanDate).totalCostMaxPpm) - cost,
    );
    await travel(b, 10);
    await api.loans.accrueAll();
    const later = await order(b, o.id);
    expect(later.lateFineCentavos + later.damagesCentavos).toBe(capped.lateFineCentavos + capped.damagesCentavos);
    expect(later.overdueDays).toBe(1010);
  });

  it('asks only the interest of the days borrowed, and offers no extension before its window (docs/loans-and-money.md)', async () => {
    const b = await borrowerWithProfile(api);
    const o = await repaying(b, { ...STANDARD_LOAN, principalCentavos: 100000 });
    const quoteOf = async (kindOf: string) =>
      (await call(b, 'POST', `/loans/${o.id}/payment-quote`, { kind: kindOf })).json<{ baseCentavos: number }>();
    // Day 1: ₱1,000 and one day of 0.1 %, not the term's ₱30.
    await travel(b, 1);
    expect((await quoteOf('settle')).baseCentavos).toBe(100100);
    // The history that broke the 12 % cap (extensions on days 1, 2, 3 and 4) can no longer start.
    for (let day = 1; day <= 4; day += 1) {
      expect((await order(b, o.id)).extension).toBeNull();
      const res = await call(b, 'POST', `/loans/${o.id}/payments`, { kind: 'extend', channel: 'otc' }, newKey());
      expect(res.json()).toMatchObject({ code: 'EXTENSION_UNAVAILABLE' });
      await travel(b, 1);
    }
    // Day 27, three days before the due date: offered, for the interest to the day and the fee.
    await travel(b, 22);
    expect((await order(b, o.id)).extension).toMatchObject({ amountCentavos: 2700 + 2000, feeCentavos: 2000 });
    const settle = await pay(b, o.id, 'settle');
    expect(settle.amountCentavos).toBe(100000 + 2700);
    await api.settle();
    expect(await order(b, o.id)).toMatchObject({ state: 'settled', amountRepaidCentavos: 102700 });
  });

  it('sells an extension paid while its reference was valid at the price asked; the days since stay owed', async () => {
    const b = await borrowerWithProfile(api);
    const o = await repaying(b, { ...STANDARD_LOAN, principalCentavos: 100000 });
    // Asked at 20:00 Manila the day before the due date (29 days of interest and the fee), paid at 06:00 the next
    // morning, within the reference's day.
    // 20:00 Manila of that day, from the loan's date (not from the time of day the suite happens to run at).
    const askAt = manilaStartOfDay(addDays(o.loanDate!, 29)).getTime() + 20 * 3_600_000;
    await travel(b, (askAt - api.now().getTime()) / 86_400_000);
    expect(manilaToday(api.now())).toBe(addDays(o.loanDate!, 29));
    const asked = await pay(b, o.id, 'extend');
    expect(asked.amountCentavos).toBe(2900 + 2000);
    api.advance(10 * 3600);
    await api.settle();
    const after = await order(b, o.id);
    expect(after).toMatchObject({
      state: 'repaying',
      extensionCount: 1,
      dueDate: addDays(o.dueDate!, 8),
      amountRepaidCentavos: 4900,
    });
    // What is owed now: the principal and the day's interest accrued since the price was asked, and on the new due
    // date 8 more days of it.
    expect(manilaToday(api.now())).toBe(addDays(o.loanDate!, 30));
    expect(after.amountDueCentavos).toBe(100000 + 100);
    expect(after.amountAtDueCentavos).toBe(100000 + 100 + 800);
  });

  it('waives a remainder below the gateway minimum instead of leaving it to accrue (docs/loans-and-money.md)', async () => {
    const b = await borrowerWithProfile(api);
    const o = await repaying(b, { ...STANDARD_LOAN, principalCentavos: 100000 });
    // Asked on the due date, paid the day after: one day of penalties (₱1.71) is left over, under PayMongo's ₱20.
    await travel(b, 30);
    const payment = await pay(b, o.id, 'settle');
    expect(payment.amountCentavos).toBe(103000);
    await travel(b, 1);
    await api.settle();
    const done = await order(b, o.id);
    expect(done).toMatchObject({ state: 'settled', amountDueCentavos: 0, amountRepaidCentavos: 103000 });
    const [settled] = await api.database.db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.orderId, o.id), eq(loanEvents.kind, 'settled')));
    expect(settled!.data).toMatchObject({ receivedCentavos: 103000, waivedRemainderCentavos: 103 + 68 });
  });

  it('records a success that no longer covers the order as a partial repayment, the order still repaying', async () => {
    const b = await borrowerWithProfile(api);
    const o = await repaying(b);
    // Asked on its due date, paid ten days late: the accrual has moved the settlement amount on meanwhile.
    await travel(b, 30);
    const payment = await pay(b, o.id, 'settle');
    expect(payment.amountCentavos).toBe(o.amountAtDueCentavos);
    await travel(b, 10);
    await api.loans.accrueAll();
    const overdue = await order(b, o.id);
    expect(overdue.amountDueCentavos).toBeGreaterThan(payment.amountCentavos);
    await api.settle();
    const after = await order(b, o.id);
    // The money paid the penalties and the interest first: what is left is principal.
    const penalties = overdue.lateFineCentavos + overdue.damagesCentavos;
    expect(after).toMatchObject({
      state: 'repaying',
      amountRepaidCentavos: payment.amountCentavos,
      lateFineCentavos: 0,
      damagesCentavos: 0,
    });
    expect(after.amountDueCentavos).toBe(overdue.amountDueCentavos - payment.amountCentavos);
    expect(after.amountDueCentavos).toBe(penalties);
    expect(after.payments?.[0]).toMatchObject({ state: 'success' });
    const events = await api.database.db.select().from(loanEvents).where(eq(loanEvents.orderId, o.id));
    expect(events.filter((e) => e.kind === 'partial_repayment')).toHaveLength(1);
    // An extension of what is left would cost 2 % of it, less than the gateway takes: not offered.
    expect(Math.round(penalties * 0.02)).toBeLessThan(2_000);
    expect(after.extension).toBeNull();
    expect(
      (await call(b, 'POST', `/loans/${o.id}/payments`, { kind: 'extend', channel: 'otc' }, newKey())).json(),
    ).toMatchObject({ code: 'EXTENSION_UNAVAILABLE' });
    // The plan, the headline and the record tell one story.
    expect(after.schedule).toEqual([
      expect.objectContaining({
        dueDate: after.dueDate,
        paidCentavos: after.amountRepaidCentavos,
        outstandingCentavos: after.amountDueCentavos,
        state: 'overdue',
      }),
    ]);
    // The rest settles it.
    const rest = await pay(b, o.id, 'settle');
    expect(rest.amountCentavos).toBe(after.amountDueCentavos);
    await api.settle();
    const done = await order(b, o.id);
    expect(done).toMatchObject({
      state: 'settled',
      dueDate: null,
      amountDueCentavos: 0,
      amountRepaidCentavos: payment.amountCentavos + rest.amountCentavos,
      settledOn: manilaToday(api.now()),
    });
    expect(done.schedule).toEqual([
      expect.objectContaining({ paidCentavos: done.amountRepaidCentavos, outstandingCentavos: 0, state: 'paid' }),
    ]);
    // Every money event reconciles with the order: what the events say was received is what the order says was repaid.
    const all = await api.database.db.select().from(loanEvents).where(eq(loanEvents.orderId, o.id));
    const received = all.reduce(
      (sum, e) =>
        sum +
        (typeof (e.data as { receivedCentavos?: unknown } | null)?.receivedCentavos === 'number'
          ? (e.data as { receivedCentavos: number }).receivedCentavos
          : 0),
      0,
    );
    expect(received).toBe(done.amountRepaidCentavos);
  });

  it('answers a repeated money request with its first answer, and a reused key with another body with 409', async () => {
    const b = await login(api);
    const key = newKey();
    const refused = await call(b, 'POST', '/loans', STANDARD_LOAN, key);
    expect(refused.json()).toMatchObject({ code: 'PROFILE_INCOMPLETE' });
    await completeProfile(api.database.db, b.customerId);
    // The refusal was the first answer: the same request with that key answers it again.
    const again = await call(b, 'POST', '/loans', STANDARD_LOAN, key);
    expect([again.statusCode, again.body]).toEqual([refused.statusCode, refused.body]);
    const key2 = newKey();
    const first = await call(b, 'POST', '/loans', STANDARD_LOAN, key2);
    expect(first.statusCode).toBe(201);
    const repeat = await call(
      b,
      'POST',
      '/loans',
      { termDays: 30, principalCentavos: 300000, subProductId: 'standard', productId: 'cash' },
      key2,
    );
    expect([repeat.statusCode, repeat.body]).toEqual([201, first.body]);
    const reused = await call(b, 'POST', '/loans', { ...STANDARD_LOAN, principalCentavos: 200000 }, key2);
    expect([reused.statusCode, reused.json<{ code: string }>().code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    const orders = await api.database.db
      .select({ n: count() })
      .from(loanOrders)
      .where(eq(loanOrders.customerId, b.customerId));
    expect(orders[0]!.n).toBe(1);
    expect((await call(b, 'POST', '/loans', STANDARD_LOAN)).json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    expect((await call(b, 'POST', '/loans', STANDARD_LOAN, 'short')).statusCode).toBe(400);
  });

  it('refuses webhooks without a good token or signature, 404s unknown references and ignores replays', async () => {
    const payoutBody = JSON.stringify({
      event: 'payout.succeeded',
      data: { id: 'disb-unknown', reference_id: 'nope', status: 'SUCCEEDED', amount: 100 },
    });
    expect((await postWebhook(api, 'payout', payoutBody)).statusCode).toBe(401);
    expect((await postWebhook(api, 'payout', payoutBody, { 'x-callback-token': 'wrong' })).json()).toMatchObject({
      code: 'WEBHOOK_SIGNATURE',
    });
    expect(
      (await postWebhook(api, 'payout', payoutBody, { 'x-callback-token': api.payoutCallbackToken })).statusCode,
    ).toBe(404);
    expect(
      (await postWebhook(api, 'payout', '{"data":', { 'x-callback-token': api.payoutCallbackToken })).statusCode,
    ).toBe(400);

    const event = (intent: string, amount: number) =>
      JSON.stringify({
        data: {
          id: 'evt_1',
          type: 'event',
          attributes: {
            type: 'payment.paid',
            data: {
              id: 'pay_1',
              type: 'payment',
              attributes: { amount, currency: 'PHP', payment_intent_id: intent, status: 'paid' },
            },
          },
        },
      });
    const body = event('pi_unknown', 100);
    const nowUnix = unixNow(api);
    expect((await postWebhook(api, 'collection', body)).statusCode).toBe(401);
    expect((await postCollectionWebhook(api, body, { secret: 'wrong-secret', at: nowUnix })).statusCode).toBe(401);
    // Older than a retried delivery can be (PayMongo retries for hours; the limit is days): refused.
    expect((await postCollectionWebhook(api, body, { at: nowUnix - 8 * 86_400 })).statusCode).toBe(401);
    // Signed over other bytes (the same JSON re-spaced): refused, the signature covers the raw body.
    const signedOther = collectionSignature(api, body, { at: nowUnix });
    expect((await postWebhook(api, 'collection', body.replace('{"data"', '{ "data"'), signedOther)).statusCode).toBe(
      401,
    );
    expect((await postWebhook(api, 'collection', body, signedOther)).statusCode).toBe(404);

    // A replay of a delivered success: 200, nothing changes.
    const b = await borrowerWithProfile(api);
    const o = await repaying(b);
    const payment = await pay(b, o.id, 'settle');
    await api.settle();
    const settled = await order(b, o.id);
    expect(settled.state).toBe('settled');
    const [row] = await api.database.db.select().from(payments).where(eq(payments.id, payment.id));
    const replay = event(row!.providerRef!, payment.amountCentavos);
    const res = await postCollectionWebhook(api, replay, { at: nowUnix });
    expect(res.json()).toEqual({ ok: true, result: 'replay' });
    // Nothing but the answer's time.
    expect(await order(b, o.id)).toEqual({ ...settled, serverTime: expect.any(String) });
  });

  it("answers 404 for another customer's order or payment, and for ids that are no one's", async () => {
    const a = await borrowerWithProfile(api);
    const o = await repaying(a);
    const payment = await pay(a, o.id, 'settle');
    const b = await borrowerWithProfile(api);
    for (const [method, url, payload, key] of [
      ['GET', `/loans/${o.id}`],
      ['POST', `/loans/${o.id}/accept`, { agreePrivacy: true, agreeAgreement: true }],
      ['POST', `/loans/${o.id}/withdraw`, {}, newKey()],
      ['POST', `/loans/${o.id}/payments`, { kind: 'settle', channel: 'otc' }, newKey()],
      ['GET', `/payments/${payment.id}`],
      ['GET', '/loans/not-a-uuid'],
    ] as const) {
      const res = await call(b, method, url, payload, key);
      expect([url, res.statusCode, res.json<{ code: string }>().code]).toEqual([url, 404, 'NOT_FOUND']);
    }
    expect((await call(b, 'GET', '/loans')).json()).toEqual({ orders: [] });
    expect((await call(b, 'GET', '/payments')).json()).toEqual({ payments: [], serverTime: expect.any(String) });
    expect((await api.app.inject({ method: 'GET', url: '/api/v1/loans' })).statusCode).toBe(401);
  });
});

describe.runIf(process.env['TEST_DATABASE_URL'])('loans under concurrency and restarts on PostgreSQL', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi('postgres');
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);

  async function withdrawable(): Promise<{ b: Borrower; id: string }> {
    const b = await borrowerWithProfile(api);
    const applied = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    const id = applied.json<Order>().id;
    api.advance(61);
    await api.runDueJobs();
    await call(b, 'POST', `/loans/${id}/accept`, { agreePrivacy: true, agreeAgreement: true });
    await call(b, 'POST', '/signature', { signature: await signatureDocument(api.database.db, b.customerId) });
    return { b, id };
  }

  const payoutsOf = async (orderId: string) =>
    api.database.db.select().from(payouts).where(eq(payouts.orderId, orderId));
  const gatewayPayouts = async (payoutIds: string[]) =>
    (await api.database.db.select().from(simPayouts)).filter((p) => payoutIds.includes(p.referenceId));

  it('makes one payout and one disbursement for 50 concurrent identical withdraw requests', async () => {
    const { b, id } = await withdrawable();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(b, 'POST', `/loans/${id}/withdraw`, {}, key)),
    );
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    await api.settle();
    const rows = await payoutsOf(id);
    expect(rows).toHaveLength(1);
    expect(await gatewayPayouts(rows.map((r) => r.id))).toHaveLength(1);
    const disbursed = await api.database.db.select().from(loanEvents).where(eq(loanEvents.orderId, id));
    expect(disbursed.filter((e) => e.kind === 'disbursed')).toHaveLength(1);
  });

  it('makes one payout for 50 concurrent withdraw requests with different keys', async () => {
    const { b, id } = await withdrawable();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(b, 'POST', `/loans/${id}/withdraw`, {}, newKey())),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      answers.filter((r) => r.statusCode === 409 && r.json<{ code: string }>().code === 'ORDER_STATE'),
    ).toHaveLength(49);
    await api.settle();
    expect(await payoutsOf(id)).toHaveLength(1);
  });

  it('applies a repayment once for 50 concurrent identical payment callbacks', async () => {
    const { b, id } = await withdrawable();
    await call(b, 'POST', `/loans/${id}/withdraw`, {}, newKey());
    await api.settle();
    const created = await call(b, 'POST', `/loans/${id}/payments`, { kind: 'settle', channel: 'eWallet' }, newKey());
    const payment = created.json<{ id: string; amountCentavos: number }>();
    const [row] = await api.database.db.select().from(payments).where(eq(payments.id, payment.id));
    const body = JSON.stringify({
      data: {
        id: 'evt_c',
        type: 'event',
        attributes: {
          type: 'payment.paid',
          data: {
            id: 'pay_c',
            type: 'payment',
            attributes: {
              amount: payment.amountCentavos,
              currency: 'PHP',
              payment_intent_id: row!.providerRef,
              status: 'paid',
            },
          },
        },
      },
    });
    const signature = collectionSignature(api, body);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => postWebhook(api, 'collection', body, signature)),
    );
    expect(answers.map((r) => r.statusCode).every((s) => s === 200)).toBe(true);
    expect(answers.filter((r) => r.json<{ result: string }>().result === 'applied')).toHaveLength(1);
    const o = (await call(b, 'GET', `/loans/${id}`)).json<Order>();
    expect(o).toMatchObject({ state: 'settled', amountRepaidCentavos: payment.amountCentavos });
    const events = await api.database.db.select().from(loanEvents).where(eq(loanEvents.orderId, id));
    expect(events.filter((e) => e.kind === 'settled')).toHaveLength(1);
  });

  it('completes a withdrawal after a restart between the payout and its callback', async () => {
    const { b, id } = await withdrawable();
    // Another app on the same database: it takes the withdrawal and sends the payout, then stops before the callback.
    const first = await testApi('postgres', { database: api.database, loans: { payoutDelayMs: 60_000 } });
    await caller(first)(b, 'POST', `/loans/${id}/withdraw`, {}, newKey());
    await first.runDueJobs();
    expect(await first.deliverCallbacks()).toBe(0);
    await first.closeApp();
    expect((await payoutsOf(id))[0]?.state).toBe('sent');
    // The next start: the gateway's pending callback is delivered to the new app.
    const second = await testApi('postgres', { database: api.database });
    try {
      second.advance(61);
      await second.settle();
      expect((await caller(second)(b, 'GET', `/loans/${id}`)).json<Order>().state).toBe('repaying');
    } finally {
      await second.closeApp();
    }
  });

  it('reconciles a payout whose callback was lost', async () => {
    const { b, id } = await withdrawable();
    const lost = await testApi('postgres', { database: api.database, loans: { reconcileAfterMs: 120_000 } });
    try {
      await caller(lost)(b, 'POST', `/loans/${id}/withdraw`, {}, newKey());
      await lost.runDueJobs();
      // The gateway finished the payout but every delivery of its callback was lost.
      await lost.database.db
        .update(simPayouts)
        .set({ deliverAt: null })
        .where(eq(simPayouts.referenceId, (await payoutsOf(id))[0]!.id));
      expect(await lost.payoutGateway.getPayout((await payoutsOf(id))[0]!.providerRef!)).toMatchObject({
        status: 'pending',
      });
      await lost.database.db
        .update(simPayouts)
        .set({ status: 'SUCCEEDED' })
        .where(eq(simPayouts.referenceId, (await payoutsOf(id))[0]!.id));
      lost.advance(180);
      await lost.runDueJobs();
      expect((await caller(lost)(b, 'GET', `/loans/${id}`)).json<Order>().state).toBe('repaying');
    } finally {
      await lost.closeApp();
    }
  });

  it('re-runs a payout job whose worker died after calling the gateway, with the same idempotency key: one payout there', async () => {
    const { b, id } = await withdrawable();
    await call(b, 'POST', `/loans/${id}/withdraw`, {}, newKey());
    const [payout] = await payoutsOf(id);
    // A worker claims the job, reaches the gateway, and dies before recording anything.
    await api.database.db
      .update(jobs)
      .set({ lockedUntil: new Date(api.now().getTime() + 60_000), attempts: 1 })
      .where(eq(jobs.key, `send_payout:${payout!.id}`));
    await api.payoutGateway.createPayout({
      idempotencyKey: payout!.id,
      referenceId: payout!.id,
      amountCentavos: payout!.amount,
      account: payout!.account as never,
      description: 'crashed',
    });
    await api.runDueJobs();
    expect((await payoutsOf(id))[0]?.state).toBe('requested');
    api.advance(61);
    await api.settle();
    expect(await gatewayPayouts([payout!.id])).toHaveLength(1);
    expect((await payoutsOf(id))[0]).toMatchObject({ state: 'succeeded' });
    expect((await call(b, 'GET', `/loans/${id}`)).json<Order>().state).toBe('repaying');
  });
});
