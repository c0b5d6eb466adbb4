/**
 * Overpayments go back to the borrower (docs/loans-and-money.md, "Overpayments and refunds"): money paid over what was
 * owed, by a payment of a loan already settled or by more than the amount due, is refunded to the payout account on
 * file through the payout gateway (its callback, and reconciliation when the callback is lost), shown to the borrower
 * at once on the order and the payment, and, when it fails for good, shown to staff, who send it again (audited) after
 * the borrower fixed their account. A duplicate callback, however concurrent, refunds once.
 *
 * The two payments of a test are made as a borrower can: the first (over the counter) is left unpaid until it
 * expires, the second is made, then both are paid (the gateway's webhook, signed, delivered by the test in the order
 * it wants).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, type TestDatabaseKind } from '#server/db/test-database.ts';
import { auditLog, jobs, loanEvents, messages, payments, profileSections, refunds } from '#server/db/tables.ts';
import { simPayouts } from '#server/providers/simulated/tables.ts';
import { borrowerWithProfile, type Borrower } from '#server/testing/borrower.ts';
import { BANK_INFO, signatureDocument, STANDARD_LOAN } from '#server/testing/loan-fixtures.ts';
import { caller, newKey } from '#server/testing/request.ts';
import { addTestStaff, staffHeaders } from '#server/testing/staff.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';
import { collectionPaidEvent, postCollectionWebhook } from '#server/testing/webhooks.ts';
import type { OrderDetailAnswer, PaymentAnswer } from '#api-contract/loans.ts';
import type { StaffRefund } from '#api-contract/staff-ops.ts';

/** An order as the API answers it (the contract's, api-contract/loans.ts). */
type Order = OrderDetailAnswer;

/** A payment is payable this long (the default over-the-counter TTL is a day): past it, a new one can be made. */
const DAYS_APART = 10;

/** The test API of a suite on `kind` and what its tests do with it. */
function kit(kind: TestDatabaseKind) {
  let api: TestApi;
  const call = caller(() => api);
  const db = () => api.database.db;

  async function repaying(b: Borrower): Promise<string> {
    const applied = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(applied.statusCode, applied.body).toBe(201);
    const id = applied.json<{ id: string }>().id;
    api.advance(61);
    await api.runDueJobs();
    await call(b, 'POST', `/loans/${id}/accept`, { agreePrivacy: true, agreeAgreement: true });
    await call(b, 'POST', '/signature', { signature: await signatureDocument(db(), b.customerId) });
    expect((await call(b, 'POST', `/loans/${id}/withdraw`, {}, newKey())).statusCode).toBe(200);
    await api.settle();
    expect((await order(b, id)).state).toBe('repaying');
    return id;
  }

  async function order(b: Borrower, id: string): Promise<Order> {
    const res = await call(b, 'GET', `/loans/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Order>();
  }

  async function settlePayment(b: Borrower, orderId: string): Promise<PaymentAnswer & { providerRef: string }> {
    const res = await call(b, 'POST', `/loans/${orderId}/payments`, { kind: 'settle', channel: 'otc' }, newKey());
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json<PaymentAnswer>();
    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    return { ...payment, providerRef: row!.providerRef! };
  }

  /** The gateway's `payment.paid` event of a payment, as PayMongo sends it (`id`: the event id). */
  const paidEvent = (payment: { providerRef: string; amountCentavos: number }, id?: string) =>
    collectionPaidEvent(payment.providerRef, payment.amountCentavos, id === undefined ? {} : { id });

  async function paid(payment: { providerRef: string; amountCentavos: number }): Promise<void> {
    const res = await postCollectionWebhook(api, paidEvent(payment));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, result: 'applied' });
  }

  /**
   * A repaying loan with two settle payments: the first made, left until it expired, then the second; both still
   * payable at the gateway.
   */
  async function twoPayments(b: Borrower) {
    const orderId = await repaying(b);
    const first = await settlePayment(b, orderId);
    api.advance(DAYS_APART * 86_400);
    const second = await settlePayment(b, orderId);
    expect(second.amountCentavos).toBeGreaterThan(first.amountCentavos);
    return { orderId, first, second };
  }

  const refundsOf = (orderId: string) => db().select().from(refunds).where(eq(refunds.orderId, orderId));
  const eventsOf = async (orderId: string, kindOf: string) =>
    (await db().select().from(loanEvents).where(eq(loanEvents.orderId, orderId))).filter((e) => e.kind === kindOf);
  /** The borrower's payout account on file now (null: none). */
  async function setBankInfo(customerId: string, data: Record<string, unknown> | null): Promise<void> {
    await db()
      .delete(profileSections)
      .where(and(eq(profileSections.customerId, customerId), eq(profileSections.step, 'bankInfo')));
    if (data)
      await db().insert(profileSections).values({ customerId, step: 'bankInfo', data, schemaVersion: 'fixture' });
  }

  beforeAll(async () => {
    api = await testApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });

  return {
    api: () => api,
    call,
    db,
    repaying,
    order,
    twoPayments,
    paidEvent,
    paid,
    refundsOf,
    eventsOf,
    setBankInfo,
  };
}

describe.each(databaseTargets())('overpayment refunds on %s', (kind) => {
  const { api: apiOf, call, db, order, twoPayments, paid, refundsOf, eventsOf, setBankInfo } = kit(kind);
  let api: TestApi;
  beforeAll(() => {
    api = apiOf();
  });

  it('refunds a payment of a loan already settled to the payout account on file, and shows it to the borrower', async () => {
    const b = await borrowerWithProfile(api);
    const { orderId, first, second } = await twoPayments(b);
    await paid(second);
    expect((await order(b, orderId)).state).toBe('settled');
    // The first payment is paid late: nothing is owed any more, all of it goes back.
    await paid(first);

    const pending = await order(b, orderId);
    expect(pending.refunds).toEqual([
      expect.objectContaining({ paymentId: first.id, amountCentavos: first.amountCentavos, state: 'pending' }),
    ]);
    expect(pending.payments.find((p) => p.id === first.id)?.refund).toMatchObject({ state: 'pending' });
    expect(pending.payments.find((p) => p.id === second.id)?.refund).toBeNull();
    expect((await eventsOf(orderId, 'payment_unapplied')).length).toBe(1);
    const [message] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, b.customerId), eq(messages.template, 'refundRequested')));
    expect(message?.params).toMatchObject({ amountCentavos: first.amountCentavos });

    await api.settle();
    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({ state: 'succeeded', amount: first.amountCentavos, attempt: 1 });
    // Sent once, to the account on file, with the refund id as the idempotency key and reference.
    const sent = await db().select().from(simPayouts).where(eq(simPayouts.referenceId, refund!.id));
    expect(sent).toEqual([
      expect.objectContaining({
        idempotencyKey: refund!.id,
        amount: first.amountCentavos,
        accountNumber: BANK_INFO.accountNumber,
        status: 'SUCCEEDED',
      }),
    ]);
    const done = await order(b, orderId);
    expect(done.refunds).toEqual([expect.objectContaining({ state: 'refunded', completedAt: expect.any(String) })]);
    const payment = (await call(b, 'GET', `/payments/${first.id}`)).json<PaymentAnswer>();
    expect(payment.refund).toMatchObject({ amountCentavos: first.amountCentavos, state: 'refunded' });
    const record = (await call(b, 'GET', '/payments')).json<{ payments: PaymentAnswer[] }>().payments;
    expect(record.find((p) => p.id === first.id)?.refund).toMatchObject({ state: 'refunded' });
    expect((await eventsOf(orderId, 'refund_succeeded')).length).toBe(1);
  });

  it('refunds what a payment brought over the amount due, and nothing of a payment that paid exactly', async () => {
    const b = await borrowerWithProfile(api);
    const { orderId, first, second } = await twoPayments(b);
    // The first payment (the amount due ten days ago) leaves the interest of those days owed.
    await paid(first);
    const partly = await order(b, orderId);
    expect(partly.state).toBe('repaying');
    expect(partly.refunds).toEqual([]);
    const owed = partly.amountDueCentavos;
    expect(owed).toBeGreaterThan(0);
    // The second pays the whole amount due of today: the excess goes back.
    await paid(second);
    const settled = await order(b, orderId);
    expect(settled.state).toBe('settled');
    expect(settled.refunds).toEqual([
      expect.objectContaining({ paymentId: second.id, amountCentavos: second.amountCentavos - owed, state: 'pending' }),
    ]);
    expect(settled.payments.find((p) => p.id === first.id)?.refund).toBeNull();
    const [applied] = await eventsOf(orderId, 'settled');
    expect(applied?.data).toMatchObject({ unappliedCentavos: second.amountCentavos - owed });

    await api.settle();
    expect((await order(b, orderId)).refunds).toEqual([expect.objectContaining({ state: 'refunded' })]);
  });

  it('asks the gateway about a refund sent without a result (a lost callback)', async () => {
    const b = await borrowerWithProfile(api);
    const { orderId, first, second } = await twoPayments(b);
    await paid(second);
    await paid(first);
    // The job sends it; the gateway finishes it but its callback never comes.
    await api.runDueJobs();
    const [sentRefund] = await refundsOf(orderId);
    expect(sentRefund).toMatchObject({ state: 'sent' });
    expect((await order(b, orderId)).refunds).toEqual([expect.objectContaining({ state: 'sent' })]);
    await db()
      .update(simPayouts)
      .set({ status: 'SUCCEEDED', deliverAt: null })
      .where(eq(simPayouts.referenceId, sentRefund!.id));
    api.advance(11 * 60);
    await api.runDueJobs();
    expect((await refundsOf(orderId))[0]).toMatchObject({ state: 'succeeded' });
  });

  it('shows a refund that failed for good to staff, who send it again once the borrower fixed the account', async () => {
    const b = await borrowerWithProfile(api);
    const { orderId, first, second } = await twoPayments(b);
    // The account on file now cannot take money (the simulated gateway's INVALID_DESTINATION).
    await setBankInfo(b.customerId, { ...BANK_INFO, accountNumber: '121212', accountNumberConfirm: '121212' });
    await paid(second);
    await paid(first);
    await api.settle();
    const [failed] = await refundsOf(orderId);
    expect(failed).toMatchObject({ state: 'failed', failureCode: 'INVALID_DESTINATION', attempt: 1 });
    expect((await order(b, orderId)).refunds).toEqual([expect.objectContaining({ state: 'failed' })]);
    const [failure] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, b.customerId), eq(messages.template, 'refundFailed')));
    expect(failure).toBeDefined();

    const desk = await addTestStaff(db(), 'customerService', api.now());
    const staff = (method: 'GET' | 'POST', url: string, who = desk) =>
      api.app.inject({
        method,
        url: `/api/v1/staff${url}`,
        headers: staffHeaders(who),
        ...(method === 'POST' && { payload: {} }),
      });
    const waiting = (await staff('GET', '/refunds?state=failed&perPage=100')).json<{ items: StaffRefund[] }>();
    expect(waiting.items).toContainEqual(
      expect.objectContaining({
        id: failed!.id,
        customerId: b.customerId,
        amountCentavos: first.amountCentavos,
        state: 'failed',
        failureCode: 'INVALID_DESTINATION',
      }),
    );
    const theirs = (await staff('GET', `/refunds?customerId=${b.customerId}`)).json<{
      items: StaffRefund[];
      total: number;
    }>();
    expect(theirs).toMatchObject({ total: 1, items: [{ id: failed!.id }] });

    // An underwriter may look at customers but not send money.
    const underwriter = await addTestStaff(db(), 'underwriter', api.now());
    const refused = await staff('POST', `/refunds/${failed!.id}/retry`, underwriter);
    expect(refused.statusCode).toBe(403);
    // No payout account at all: nothing to send to.
    await setBankInfo(b.customerId, null);
    const nowhere = await staff('POST', `/refunds/${failed!.id}/retry`);
    expect(nowhere.json()).toMatchObject({ code: 'PAYOUT_ACCOUNT_INVALID' });

    // The borrower fixed the account: sent again, as a new payout at the gateway.
    await setBankInfo(b.customerId, { ...BANK_INFO });
    const retried = await staff('POST', `/refunds/${failed!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: failed!.id, state: 'requested', attempt: 2, failureCode: null });
    expect((await staff('POST', `/refunds/${failed!.id}/retry`)).json()).toMatchObject({ code: 'REQUEST_STATE' });
    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, desk.id), eq(auditLog.event, 'staff.refund.retried')));
    expect(audited).toMatchObject({ customerId: b.customerId, detail: { refundId: failed!.id, orderId, attempt: 2 } });

    await api.settle();
    expect((await refundsOf(orderId))[0]).toMatchObject({ state: 'succeeded', attempt: 2 });
    const sends = await db()
      .select()
      .from(simPayouts)
      .where(like(simPayouts.referenceId, `${failed!.id}%`));
    expect(sends.map((s) => [s.referenceId, s.status]).sort()).toEqual([
      [failed!.id, 'FAILED'],
      [`${failed!.id}-2`, 'SUCCEEDED'],
    ]);
    expect((await order(b, orderId)).refunds).toEqual([expect.objectContaining({ state: 'refunded' })]);
    expect((await staff('GET', `/refunds?customerId=${b.customerId}`)).json()).toMatchObject({
      items: [{ state: 'succeeded', attempt: 2 }],
    });
  });

  it("sends again by itself after a failure on the lender's side, then leaves it to staff", async () => {
    const b = await borrowerWithProfile(api);
    const { orderId, first, second } = await twoPayments(b);
    // The simulated gateway's TEMPORARY_TRANSFER_ERROR: nothing wrong with the account, try again later.
    await setBankInfo(b.customerId, { ...BANK_INFO, accountNumber: '123456', accountNumberConfirm: '123456' });
    await paid(second);
    await paid(first);
    await api.settle();
    expect((await refundsOf(orderId))[0]).toMatchObject({ state: 'requested', attempt: 2 });
    expect((await order(b, orderId)).refunds).toEqual([expect.objectContaining({ state: 'pending' })]);
    for (let i = 0; i < 2; i += 1) {
      api.advance(15 * 60);
      await api.settle();
    }
    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({ state: 'failed', failureCode: 'TEMPORARY_TRANSFER_ERROR', attempt: 3 });
    const sends = await db()
      .select()
      .from(simPayouts)
      .where(like(simPayouts.referenceId, `${refund!.id}%`));
    expect(sends.map((x) => x.referenceId).sort()).toEqual([refund!.id, `${refund!.id}-2`, `${refund!.id}-3`]);
    expect(await eventsOf(orderId, 'refund_retry')).toHaveLength(2);
  });

  it('fails a refund with no payout account on file, for staff', async () => {
    const b = await borrowerWithProfile(api);
    const { orderId, first, second } = await twoPayments(b);
    await paid(second);
    await paid(first);
    await setBankInfo(b.customerId, null);
    await api.settle();
    expect((await refundsOf(orderId))[0]).toMatchObject({ state: 'failed', failureCode: 'NO_PAYOUT_ACCOUNT' });
    expect((await order(b, orderId)).refunds).toEqual([expect.objectContaining({ state: 'failed' })]);
    const [refund] = await refundsOf(orderId);
    expect(
      await db()
        .select()
        .from(simPayouts)
        .where(like(simPayouts.referenceId, `${refund!.id}%`)),
    ).toEqual([]);
  });
});

describe.runIf(process.env['TEST_DATABASE_URL'])('overpayment refunds under concurrency on PostgreSQL', () => {
  const s = kit('postgres');

  it('refunds once when the same late payment is reported many times at once', async () => {
    const api = s.api();
    const b = await borrowerWithProfile(api);
    const { orderId, first, second } = await s.twoPayments(b);
    const settled = await postCollectionWebhook(api, s.paidEvent(second));
    expect(settled.json()).toEqual({ ok: true, result: 'applied' });
    // One event delivered five times at once, four other events of the same payment, and reconciliation's word.
    const event = s.paidEvent(first, `evt_${randomBytes(8).toString('hex')}`);
    const outcomes = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        postCollectionWebhook(api, event).then((r) => r.json<{ result: string }>().result),
      ),
      ...Array.from({ length: 4 }, () =>
        postCollectionWebhook(api, s.paidEvent(first)).then((r) => r.json<{ result: string }>().result),
      ),
      ...Array.from({ length: 3 }, (_, i) =>
        api.loans.paymentEvent({
          eventId: `reconcile-${first.id}-${i}`,
          kind: 'paid',
          providerRef: first.providerRef,
          paymentId: null,
          amountCentavos: first.amountCentavos,
          currency: 'PHP',
          failureCode: null,
        }),
      ),
    ]);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(await s.refundsOf(orderId)).toHaveLength(1);
    expect(await s.eventsOf(orderId, 'refund_requested')).toHaveLength(1);
    const queued = await api.database.db.select().from(jobs).where(eq(jobs.kind, 'send_refund'));
    const [refund] = await s.refundsOf(orderId);
    expect(queued.filter((j) => (j.payload as { refundId?: string }).refundId === refund!.id)).toHaveLength(1);

    // The job and a second instance's job run at once, and the callback is delivered twice: one payout, refunded once.
    await Promise.all([api.runDueJobs(), api.jobs.runDueJobs(), api.settle()]);
    await api.settle();
    const sends = await api.database.db.select().from(simPayouts).where(eq(simPayouts.referenceId, refund!.id));
    expect(sends).toHaveLength(1);
    expect((await s.order(b, orderId)).refunds).toEqual([
      expect.objectContaining({ amountCentavos: first.amountCentavos, state: 'refunded' }),
    ]);
    expect(await s.eventsOf(orderId, 'refund_succeeded')).toHaveLength(1);
  });
});
