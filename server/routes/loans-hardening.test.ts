/**
 * What a probe of the running server found in the loan core, each as the test that would have caught it: concurrent
 * applications, payments that reached the gateway before they were checked, webhook amounts believed as they came, a
 * payout account change slipping in beside a withdrawal, and a crash leaving a hole in the events.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../db/test-database.ts';
import { loanEvents, loanOrders, payments, payouts, profileSections } from '../db/tables.ts';
import { simCollections } from '../providers/simulated/tables.ts';
import { borrowerWithProfile, type Borrower } from '../testing/borrower.ts';
import { BANK_INFO, signatureDocument, STANDARD_LOAN } from '../testing/loan-fixtures.ts';
import { caller, newKey } from '../testing/request.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';
import { collectionPaidEvent, postCollectionWebhook } from '../testing/webhooks.ts';

function kit(api: () => TestApi) {
  const call = caller(api);
  const borrower = () => borrowerWithProfile(api());

  async function withdrawable(b: Borrower): Promise<string> {
    const applied = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(applied.statusCode, applied.body).toBe(201);
    const id = applied.json<{ id: string }>().id;
    api().advance(61);
    await api().runDueJobs();
    await call(b, 'POST', `/loans/${id}/accept`, { agreePrivacy: true, agreeAgreement: true });
    await call(b, 'POST', '/signature', { signature: await signatureDocument(api().database.db, b.customerId) });
    return id;
  }

  async function repaying(b: Borrower): Promise<string> {
    const id = await withdrawable(b);
    await call(b, 'POST', `/loans/${id}/withdraw`, {}, newKey());
    await api().settle();
    return id;
  }

  const paidEvent = collectionPaidEvent;

  /** `event` delivered as the gateway sends it, signed now. */
  const webhook = (event: string) => postCollectionWebhook(api(), event);

  return { call, borrower, withdrawable, repaying, paidEvent, webhook };
}

describe.each(databaseTargets())('loan core hardening on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });
  const { call, borrower, withdrawable, repaying, paidEvent, webhook } = kit(() => api);

  it("refuses a webhook whose amount or currency is not the payment's, records it, and applies the genuine one after", async () => {
    const b = await borrower();
    const id = await repaying(b);
    const created = await call(b, 'POST', `/loans/${id}/payments`, { kind: 'settle', channel: 'eWallet' }, newKey());
    const payment = created.json<{ id: string; amountCentavos: number; reference: string | null }>();
    expect(payment.reference).not.toBeNull();
    const [row] = await api.database.db.select().from(payments).where(eq(payments.id, payment.id));
    const before = (await call(b, 'GET', `/loans/${id}`)).json<{ amountDueCentavos: number }>();
    for (const forged of [
      paidEvent(row!.providerRef!, -500_000),
      paidEvent(row!.providerRef!, payment.amountCentavos + 1),
      paidEvent(row!.providerRef!, payment.amountCentavos, { currency: 'USD' }),
    ]) {
      // Answered 2xx (a retry cannot change it) but refused: recorded for staff, never applied.
      const res = await webhook(forged);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true, result: 'mismatch' });
    }
    expect((await call(b, 'GET', `/loans/${id}`)).json()).toMatchObject({
      state: 'repaying',
      amountDueCentavos: before.amountDueCentavos,
    });
    const events = await api.database.db.select().from(loanEvents).where(eq(loanEvents.orderId, id));
    expect(events.filter((e) => e.kind === 'payment_mismatch')).toHaveLength(3);
    // The genuine webhook is not taken for a replay.
    expect((await webhook(paidEvent(row!.providerRef!, payment.amountCentavos))).json()).toEqual({
      ok: true,
      result: 'applied',
    });
    expect((await call(b, 'GET', `/loans/${id}`)).json()).toMatchObject({
      state: 'settled',
      amountRepaidCentavos: payment.amountCentavos,
    });
  });

  it('shows a failed attempt as failed at once (the borrower may pay again), and still applies its later success', async () => {
    const b = await borrower();
    const id = await repaying(b);
    const payment = (
      await call(b, 'POST', `/loans/${id}/payments`, { kind: 'settle', channel: 'eWallet' }, newKey())
    ).json<{ id: string; amountCentavos: number }>();
    const [row] = await api.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(
      (await webhook(paidEvent(row!.providerRef!, payment.amountCentavos, { type: 'payment.failed' }))).json(),
    ).toEqual({ ok: true, result: 'applied' });
    // The intent stays payable at PayMongo, but the borrower is told at once that this attempt failed.
    expect((await call(b, 'GET', `/payments/${payment.id}`)).json()).toMatchObject({
      state: 'fail',
      failureCode: 'DECLINED',
    });
    expect((await webhook(paidEvent(row!.providerRef!, payment.amountCentavos))).json()).toEqual({
      ok: true,
      result: 'applied',
    });
    expect((await call(b, 'GET', `/loans/${id}`)).json()).toMatchObject({ state: 'settled' });
  });

  it('records the payout sent when its result comes before the job recorded it (no hole in the events)', async () => {
    const b = await borrower();
    const id = await withdrawable(b);
    await call(b, 'POST', `/loans/${id}/withdraw`, {}, newKey());
    const [payout] = await api.database.db.select().from(payouts).where(eq(payouts.orderId, id));
    // The gateway paid and called back; the worker died before it recorded the payout sent.
    const sent = await api.payoutGateway.createPayout({
      idempotencyKey: payout!.id,
      referenceId: payout!.id,
      amountCentavos: payout!.amount,
      account: payout!.account as never,
      description: 'crashed',
    });
    expect(await api.loans.payoutResult({ ...sent, status: 'succeeded', failureCode: null, outcome: null })).toBe(
      'applied',
    );
    const kinds = (await api.database.db.select().from(loanEvents).where(eq(loanEvents.orderId, id))).map(
      (e) => e.kind,
    );
    expect(kinds.slice(-3)).toEqual(['withdraw', 'payout_sent', 'disbursed']);
    await api.settle();
    expect(
      (await api.database.db.select().from(loanEvents).where(eq(loanEvents.orderId, id))).filter(
        (e) => e.kind === 'payout_sent',
      ),
    ).toHaveLength(1);
  });
});

describe.runIf(process.env['TEST_DATABASE_URL'])('loan core under concurrency on PostgreSQL', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi('postgres');
  });
  afterAll(async () => {
    await api?.close();
  });
  const { call, borrower, withdrawable, repaying } = kit(() => api);

  it('answers 30 concurrent applications with distinct keys with one order and 29 clear refusals, never a 5xx', async () => {
    const b = await borrower();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => call(b, 'POST', '/loans', STANDARD_LOAN, newKey())),
    );
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(
      answers.filter((r) => r.statusCode === 409 && r.json<{ code: string }>().code === 'ORDER_IN_PROGRESS'),
    ).toHaveLength(29);
    expect(await api.database.db.select().from(loanOrders).where(eq(loanOrders.customerId, b.customerId))).toHaveLength(
      1,
    );
  });

  it('leaves one payment and one intent at the gateway for 30 concurrent settle requests, and none for a refused one', async () => {
    const b = await borrower();
    const id = await repaying(b);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(b, 'POST', `/loans/${id}/payments`, { kind: 'settle', channel: 'eWallet' }, i < 5 ? key : newKey()),
      ),
    );
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    const created = answers.filter((r) => r.statusCode === 201);
    expect(new Set(created.map((r) => r.json<{ id: string }>().id)).size).toBe(1);
    expect(
      answers
        .filter((r) => r.statusCode === 409)
        .every((r) => r.json<{ code: string }>().code === 'PAYMENT_IN_PROGRESS'),
    ).toBe(true);
    const rows = await api.database.db.select().from(payments).where(eq(payments.orderId, id));
    expect(rows).toHaveLength(1);
    // A reused key with another body is refused before anything reaches the gateway.
    const reused = await call(b, 'POST', `/loans/${id}/payments`, { kind: 'extend', channel: 'bank' }, key);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    await api.runDueJobs();
    const intents = (await api.database.db.select().from(simCollections)).filter(
      (c) => (c.metadata as { orderId?: string }).orderId === id,
    );
    expect(intents).toHaveLength(1);
  });

  it('never lets a payout account change slip in while a withdrawal commits', async () => {
    // A returning borrower (a settled loan) may change the account, but not while a withdrawal is under way.
    const b = await borrower();
    const first = await repaying(b);
    const due = (await call(b, 'GET', `/loans/${first}`)).json<{ amountDueCentavos: number }>();
    const settle = (
      await call(b, 'POST', `/loans/${first}/payments`, { kind: 'settle', channel: 'eWallet' }, newKey())
    ).json<{ id: string }>();
    expect(settle.id).toBeDefined();
    await api.settle();
    expect((await call(b, 'GET', `/loans/${first}`)).json()).toMatchObject({
      state: 'settled',
      amountRepaidCentavos: due.amountDueCentavos,
    });
    const id = await withdrawable(b);
    const accounts = Array.from({ length: 10 }, (_, i) =>
      `00912345${String(i).padStart(4, '0')}`.replace(/^0000/u, '1000'),
    );
    const [withdrawal, ...changes] = await Promise.all([
      call(b, 'POST', `/loans/${id}/withdraw`, {}, newKey()),
      ...accounts.map((accountNumber) =>
        call(b, 'PUT', '/payout-account', { ...BANK_INFO, accountNumber, accountNumberConfirm: accountNumber }),
      ),
    ]);
    expect(withdrawal!.statusCode, withdrawal!.body).toBe(200);
    expect(changes.filter((r) => r.statusCode >= 500)).toEqual([]);
    const [payout] = await api.database.db.select().from(payouts).where(eq(payouts.orderId, id));
    const [section] = await api.database.db
      .select()
      .from(profileSections)
      .where(inArray(profileSections.customerId, [b.customerId]))
      .then((rows) => rows.filter((r) => r.step === 'bankInfo'));
    // Every change that answered 200 came before the withdrawal: the money goes to the account on file.
    expect((payout!.account as { accountNumber: string }).accountNumber).toBe(
      (section!.data as { accountNumber: string }).accountNumber,
    );
    for (const refused of changes.filter((r) => r.statusCode !== 200))
      expect(refused.json<{ code: string }>().code).toBe('ORDER_STATE');
  });
});
