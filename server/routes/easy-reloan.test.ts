/**
 * Easy Re-loan end to end through the API and the job table (section 1): turning it on needs a repaid loan
 * and the agreement; a settlement schedules the next loan, which is applied for, approved, noticed with the Truth in
 * Lending disclosure, and paid out by itself only after the cancel window; each payout earns the voucher; after two
 * the feature turns itself off and asks to be turned on; it cannot be turned off once a voucher was used; a cancelled
 * re-loan sends nothing. Then the exactly-once payout: the job run many times at once, by two instances, and after a
 * crash between the work and the job's completion.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enMessages from '#locales/en/messages.json' with { type: 'json' };
import filMessages from '#locales/fil/messages.json' with { type: 'json' };
import zhMessages from '#locales/zh-CN/messages.json' with { type: 'json' };
import { databaseTargets } from '../db/test-database.ts';
import { easyReloans, jobs, loanEvents, loanOrders, messages, payouts } from '../db/tables.ts';
import { borrowerWithProfile, type Borrower } from '../testing/borrower.ts';
import { BANK_INFO, signatureDocument, STANDARD_LOAN } from '../testing/loan-fixtures.ts';
import { caller, newKey } from '../testing/request.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';

const HOUR = 3600;
interface Status {
  enabled: boolean;
  offReason: string | null;
  disbursedInCycle: number;
  voucherUsed: boolean;
  nextAmountCentavos: number;
  limitCentavos: number;
  termsDays: number[];
}
interface Reloan {
  id: string;
  state: string;
  orderId: string;
  payoutAt: string | null;
  cancellable: boolean;
  voucherCentavos: number | null;
  principalCentavos: number;
  productId: string;
  subProductId: string;
  quote: { receivedCentavos: number };
}

/** The notice's texts in every language (the app renders them with the message's parameters). */
const noticeTexts = [enMessages, filMessages, zhMessages].flatMap((c) => [
  c.notify.reloanNotice.title,
  c.notify.reloanNotice.body,
]);
/** The parameter that fills a placeholder: `{{amount}}` is written from `amountCentavos` (src/messages/message-text.ts). */
const placeholderOf = (param: string) => param.replace(/Centavos$/u, '');

function kit(api: () => TestApi) {
  const call = caller(api);
  const borrower = () => borrowerWithProfile(api());

  /** A loan taken, withdrawn and paid out: its id. */
  async function repaying(b: Borrower): Promise<string> {
    const applied = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(applied.statusCode, applied.body).toBe(201);
    const id = applied.json<{ id: string }>().id;
    api().advance(61);
    await api().runDueJobs();
    expect(
      (await call(b, 'POST', `/loans/${id}/accept`, { agreePrivacy: true, agreeAgreement: true })).statusCode,
    ).toBe(200);
    await call(b, 'POST', '/signature', { signature: await signatureDocument(api().database.db, b.customerId) });
    expect((await call(b, 'POST', `/loans/${id}/withdraw`, {}, newKey())).statusCode).toBe(200);
    await api().settle();
    return id;
  }

  /** Pays an order in full (with a repayment coupon when given) and lets the gateway answer. */
  async function repay(b: Borrower, orderId: string, couponId?: string): Promise<void> {
    const paid = await call(
      b,
      'POST',
      `/loans/${orderId}/payments`,
      { kind: 'settle', channel: 'otc', ...(couponId && { couponId }) },
      newKey(),
    );
    expect(paid.statusCode, paid.body).toBe(201);
    await api().settle();
    expect((await call(b, 'GET', `/loans/${orderId}`)).json<{ state: string }>().state).toBe('settled');
  }

  const status = async (b: Borrower) => (await call(b, 'GET', '/easy-reloan')).json<Status>();
  const reloans = async (b: Borrower) =>
    (await call(b, 'GET', '/easy-reloan/reloans')).json<{ reloans: Reloan[] }>().reloans;
  const turnOn = (b: Borrower, body: object = { principalCentavos: null, termDays: 30, agreeAgreement: true }) =>
    call(b, 'PUT', '/easy-reloan', body);
  const payoutsOf = (orderId: string) => api().database.db.select().from(payouts).where(eq(payouts.orderId, orderId));
  const messagesOf = (b: Borrower, template: string) =>
    api()
      .database.db.select()
      .from(messages)
      .where(and(eq(messages.customerId, b.customerId), eq(messages.template, template)));

  /** After a settlement with Easy Re-loan on: the re-loan applied for and approved, its notice written. */
  async function noticed(b: Borrower): Promise<Reloan> {
    await api().runDueJobs();
    const [applied] = await reloans(b);
    expect(applied?.state).toBe('applied');
    api().advance(61);
    await api().runDueJobs();
    const [run] = await reloans(b);
    expect(run).toMatchObject({ state: 'noticed', cancellable: true });
    return run!;
  }

  return { call, borrower, repaying, repay, status, reloans, turnOn, payoutsOf, messagesOf, noticed };
}

describe.each(databaseTargets())('Easy Re-loan on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });
  const { call, borrower, repaying, repay, status, reloans, turnOn, payoutsOf, messagesOf, noticed } = kit(() => api);

  it('is refused to a borrower who never repaid a loan, without the agreement, and for amounts or terms not offered', async () => {
    const b = await borrower();
    expect((await turnOn(b)).json()).toMatchObject({ code: 'RELOAN_NOT_ELIGIBLE' });
    expect(await status(b)).toMatchObject({ enabled: false });
    await repay(b, await repaying(b));
    const noAgreement = await turnOn(b, { principalCentavos: null, termDays: 30, agreeAgreement: false });
    expect([noAgreement.statusCode, noAgreement.json<{ code: string }>().code]).toEqual([
      422,
      'RELOAN_AGREEMENT_REQUIRED',
    ]);
    expect((await turnOn(b, { principalCentavos: null, termDays: 31, agreeAgreement: true })).json()).toMatchObject({
      code: 'TERM_NOT_OFFERED',
    });
    expect((await turnOn(b, { principalCentavos: 123, termDays: 30, agreeAgreement: true })).json()).toMatchObject({
      code: 'AMOUNT_OUT_OF_RANGE',
    });
    expect(
      (await turnOn(b, { principalCentavos: 99_000_000, termDays: 30, agreeAgreement: true })).json(),
    ).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE' });
    const bad = await call(b, 'PUT', '/easy-reloan', { principalCentavos: 'all', termDays: 30, agreeAgreement: true });
    expect(bad.statusCode).toBe(400);
    expect(await status(b)).toMatchObject({ enabled: false });
    const on = await turnOn(b);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.headers['cache-control']).toBe('no-store');
    expect(on.json()).toMatchObject({
      enabled: true,
      voucherCentavos: 10000,
      cancelWindowMinutes: 120,
      disbursementsBeforeTurnOff: 2,
    });
    // On, with the loan repaid and none open: it waits for a loan the borrower applies for; with one open, it does not.
    expect(on.json()).toMatchObject({ noLoanOpen: true });
    expect((await call(b, 'POST', '/loans', STANDARD_LOAN, newKey())).statusCode).toBe(201);
    expect(await status(b)).toMatchObject({ enabled: true, noLoanOpen: false });
  });

  it('schedules, notices, pays out after the window, rewards, turns itself off after two, and sends nothing once cancelled', async () => {
    const b = await borrower();
    await repay(b, await repaying(b));
    expect((await turnOn(b)).statusCode).toBe(200);
    const second = await repaying(b);
    await repay(b, second);

    // First re-loan: applied, approved, noticed with the disclosure; nothing is paid out before the window ends.
    const first = await noticed(b);
    // Its approval has its own text: a re-loan is paid out by itself, so nothing asks the borrower to sign it (the
    // two loans of their own were approved with the signing text).
    expect(await messagesOf(b, 'approved')).toHaveLength(2);
    const [approval] = await messagesOf(b, 'reloanApproved');
    expect(approval?.link).toBe('/appointLoanList');
    expect(approval?.params).toMatchObject({ amountCentavos: first.principalCentavos });
    const [notice] = await messagesOf(b, 'reloanNotice');
    expect(notice?.params).toMatchObject({
      amountCentavos: first.principalCentavos,
      receivedCentavos: first.quote.receivedCentavos,
    });
    // The key figures of the disclosure and a link to all of it (the re-loan's card on /appointLoanList shows the
    // disclosure /loan shows before signing): no single fee, so no "tax ₱0.00" when no tax is charged.
    expect(notice?.link).toBe('/appointLoanList');
    expect(first).toMatchObject({ productId: STANDARD_LOAN.productId, subProductId: STANDARD_LOAN.subProductId });
    const params = Object.keys(notice!.params as object);
    expect(params.sort()).toEqual(
      [
        'orderNo',
        'amountCentavos',
        'financeChargeCentavos',
        'receivedCentavos',
        'amountDueCentavos',
        'periods',
        'firstDueDate',
        'dueDate',
        'termDays',
        'eirMonthly',
        'eirAnnual',
        'payoutDate',
        'payoutTime',
      ].sort(),
    );
    const used = new Set(noticeTexts.flatMap((text) => [...text.matchAll(/\{\{(\w+)\}\}/gu)].map((m) => m[1])));
    expect([...used].sort()).toEqual(params.map(placeholderOf).sort());
    api.advance(2 * HOUR - 60);
    await api.settle();
    expect(await payoutsOf(first.orderId)).toHaveLength(0);
    expect((await call(b, 'GET', `/loans/${first.orderId}`)).json<{ state: string }>().state).toBe('accepted');
    api.advance(61);
    await api.settle();
    expect((await payoutsOf(first.orderId)).map((p) => p.state)).toEqual(['succeeded']);
    expect((await call(b, 'GET', `/loans/${first.orderId}`)).json<{ state: string }>().state).toBe('repaying');
    const [done] = await reloans(b);
    expect(done).toMatchObject({ state: 'done', voucherCentavos: 10000, cancellable: false });
    const vouchers = (await call(b, 'GET', '/coupons?appliesTo=repayment'))
      .json<{ coupons: { id: string; amountCentavos: number }[] }>()
      .coupons.filter((c) => c.amountCentavos === 10000);
    expect(vouchers).toHaveLength(1);
    expect(await status(b)).toMatchObject({ enabled: true, disbursedInCycle: 1, voucherUsed: false });

    // The voucher lowers the re-loan's settlement (the interest owed by then: it never lowers the principal); from
    // then on the feature cannot be turned off.
    api.advance(10 * 86_400);
    await repay(b, first.orderId, vouchers[0]!.id);
    expect(await status(b)).toMatchObject({ enabled: true, voucherUsed: true });
    const refused = await call(b, 'DELETE', '/easy-reloan');
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([409, 'RELOAN_VOUCHER_USED']);

    // Second re-loan: paid out too; the feature turns itself off and asks to be turned on again.
    const secondRun = await noticed(b);
    api.advance(2 * HOUR);
    await api.settle();
    expect((await payoutsOf(secondRun.orderId)).map((p) => p.state)).toEqual(['succeeded']);
    expect(await status(b)).toMatchObject({ enabled: false, offReason: 'auto' });
    expect(await messagesOf(b, 'reloanTurnedOff')).toHaveLength(1);

    // Turned on again; the third is cancelled in its window and never paid out.
    expect((await turnOn(b)).json()).toMatchObject({ enabled: true, disbursedInCycle: 0, voucherUsed: false });
    await repay(b, secondRun.orderId);
    const third = await noticed(b);
    const cancelled = await call(b, 'POST', `/easy-reloan/reloans/${third.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', cancellable: false });
    api.advance(3 * HOUR);
    await api.settle();
    expect(await payoutsOf(third.orderId)).toHaveLength(0);
    // Closed as rejected, and said to be the borrower's cancellation rather than a refusal.
    expect((await call(b, 'GET', `/loans/${third.orderId}`)).json()).toMatchObject({
      state: 'rejected',
      cancelled: true,
      reapplyAfter: null,
    });
    expect((await call(b, 'POST', `/easy-reloan/reloans/${third.id}/cancel`, {})).json()).toMatchObject({
      code: 'RELOAN_CANCEL_CLOSED',
    });
    // The borrower may apply by themselves at once (a cancellation is no rejection with a reapply day).
    expect((await call(b, 'POST', '/loans', STANDARD_LOAN, newKey())).statusCode).toBe(201);
    const list = await reloans(b);
    expect(list.map((r) => r.state)).toEqual(['cancelled', 'done', 'done']);
  });

  it("refuses a cancel after the payout time and another borrower's re-loan", async () => {
    const b = await borrower();
    await repay(b, await repaying(b));
    await turnOn(b);
    await repay(b, await repaying(b));
    const run = await noticed(b);
    const other = await borrower();
    expect((await call(other, 'POST', `/easy-reloan/reloans/${run.id}/cancel`, {})).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await call(other, 'POST', '/easy-reloan/reloans/not-a-uuid/cancel', {})).statusCode).toBe(404);
    api.advance(2 * HOUR);
    expect((await call(b, 'POST', `/easy-reloan/reloans/${run.id}/cancel`, {})).json()).toMatchObject({
      code: 'RELOAN_CANCEL_CLOSED',
    });
    await api.settle();
    expect((await payoutsOf(run.orderId)).map((p) => p.state)).toEqual(['succeeded']);
    // Turning off (no voucher used) is allowed and schedules nothing more.
    expect((await call(b, 'DELETE', '/easy-reloan')).json()).toMatchObject({ enabled: false, offReason: 'borrower' });
    await repay(b, run.orderId);
    await api.settle();
    expect(await reloans(b)).toHaveLength(1);
  });

  it('pays a re-loan out once when its job runs many times at once and on a second instance', async () => {
    const b = await borrower();
    await repay(b, await repaying(b));
    await turnOn(b);
    await repay(b, await repaying(b));
    const run = await noticed(b);
    const other = await testApi(kind, { database: api.database });
    try {
      api.advance(2 * HOUR);
      other.advance((api.now().getTime() - other.now().getTime()) / 1000 + 1);
      await Promise.all([
        ...Array.from({ length: 6 }, () => api.loans.easyReloan.disburse(run.id)),
        ...Array.from({ length: 6 }, () => other.loans.easyReloan.disburse(run.id)),
        api.runDueJobs(),
        other.runDueJobs(),
      ]);
      // Whichever instance won sent the payout through its own simulated gateway: both deliver their callbacks.
      await other.settle();
      await api.settle();
    } finally {
      await other.close();
    }
    expect(await payoutsOf(run.orderId)).toHaveLength(1);
    const withdrawals = await api.database.db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.orderId, run.orderId), eq(loanEvents.kind, 'withdraw')));
    expect(withdrawals).toHaveLength(1);
    expect(await status(b)).toMatchObject({ disbursedInCycle: 1 });
  });

  it('gives no voucher and counts nothing when the automatic payout failed and the borrower withdrew by hand', async () => {
    const b = await borrower();
    await repay(b, await repaying(b));
    await turnOn(b);
    const current = await repaying(b);
    // The account on file goes unavailable (the simulated gateway refuses accounts of 0000...).
    const unavailable = { ...BANK_INFO, accountNumber: '0000123456', accountNumberConfirm: '0000123456' };
    expect((await call(b, 'PUT', '/payout-account', unavailable)).json()).toMatchObject({ ok: true });
    await repay(b, current);
    const run = await noticed(b);
    api.advance(2 * HOUR);
    await api.settle();
    expect((await call(b, 'GET', `/loans/${run.orderId}`)).json()).toMatchObject({ state: 'disbursement_failed' });
    // The borrower changes the account and withdraws by hand: the loan pays out, but not automatically.
    expect(
      (
        await call(b, 'PUT', '/payout-account', {
          ...BANK_INFO,
          bankCode: 'bpi',
          accountNumber: '1111222233',
          accountNumberConfirm: '1111222233',
        })
      ).json(),
    ).toMatchObject({ ok: true, reopened: [run.orderId] });
    expect((await call(b, 'POST', `/loans/${run.orderId}/withdraw`, {}, newKey())).json()).toMatchObject({
      state: 'disbursing',
    });
    await api.settle();
    expect((await call(b, 'GET', `/loans/${run.orderId}`)).json()).toMatchObject({ state: 'repaying' });
    expect((await reloans(b))[0]).toMatchObject({ id: run.id, state: 'failed', voucherCentavos: null });
    expect(await status(b)).toMatchObject({ enabled: true, disbursedInCycle: 0 });
  });

  it('leaves nothing behind when the payout transaction dies in the middle, and pays out once when the job runs again', async () => {
    const b = await borrower();
    await repay(b, await repaying(b));
    await turnOn(b);
    await repay(b, await repaying(b));
    const run = await noticed(b);
    // The database fails the transaction after the terms were accepted and the payout row written (its 'withdraw'
    // event is the last write before the re-loan row): as a process dying there, nothing of it may stay.
    await api.database.db.execute(
      sql`create function reloan_test_die() returns trigger language plpgsql as $$ begin raise exception 'died in the middle'; end $$`,
    );
    await api.database.db.execute(
      sql`create trigger reloan_test_die before insert on loan_events for each row when (new.kind = 'withdraw') execute function reloan_test_die()`,
    );
    try {
      api.advance(2 * HOUR);
      await api.runDueJobs();
      const [job] = await api.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `reloan_disburse:${run.id}`));
      expect(job?.lastError).toContain('insert into "loan_events"');
      expect(job?.doneAt).toBeNull();
      expect(await payoutsOf(run.orderId)).toHaveLength(0);
      expect((await call(b, 'GET', `/loans/${run.orderId}`)).json<{ state: string }>().state).toBe('accepted');
      expect((await reloans(b))[0]).toMatchObject({ state: 'noticed' });
    } finally {
      await api.database.db.execute(sql`drop trigger reloan_test_die on loan_events`);
      await api.database.db.execute(sql`drop function reloan_test_die()`);
    }
    // The job's retry (after its backoff) pays it out, once.
    api.advance(60);
    await api.settle();
    expect((await payoutsOf(run.orderId)).map((p) => p.state)).toEqual(['succeeded']);
    expect((await reloans(b))[0]).toMatchObject({ state: 'done', voucherCentavos: 10000 });
  });

  it('pays a re-loan out once when the instance dies after the payout was recorded and before its job was marked done', async () => {
    const b = await borrower();
    await repay(b, await repaying(b));
    await turnOn(b);
    await repay(b, await repaying(b));
    const run = await noticed(b);
    api.advance(2 * HOUR);
    // The dying instance claimed the job (its lease) and recorded the payout, then died: the job is not done.
    await api.database.db
      .update(jobs)
      .set({ lockedUntil: new Date(api.now().getTime() + 60_000) })
      .where(eq(jobs.key, `reloan_disburse:${run.id}`));
    await api.loans.easyReloan.disburse(run.id);
    await api.closeApp();
    const restarted = await testApi(kind, { database: api.database });
    try {
      restarted.advance((api.now().getTime() - restarted.now().getTime()) / 1000 + 61);
      await restarted.settle();
      const [job] = await restarted.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `reloan_disburse:${run.id}`));
      expect(job?.doneAt).not.toBeNull();
      expect(job?.attempts).toBe(1);
      expect((await payoutsOf(run.orderId)).map((p) => p.state)).toEqual(['succeeded']);
      const [row] = await restarted.database.db.select().from(easyReloans).where(eq(easyReloans.id, run.id));
      expect(row?.state).toBe('done');
      const [order] = await restarted.database.db.select().from(loanOrders).where(eq(loanOrders.id, run.orderId));
      expect(order?.state).toBe('repaying');
    } finally {
      await restarted.close();
      await api.database.close();
      api = await testApi(kind);
    }
  });
});
