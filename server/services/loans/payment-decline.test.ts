/**
 * A repayment the gateway declines: PayMongo reports the failed attempt (`payment.failed`, with its
 * `failed_code`) and the intent stays payable. The payment reads failed at once, with the gateway's code (the screens
 * translate it), no longer blocks paying again (the next payment closes it as DECLINED and gives its coupon back), and a
 * late success of its intent is still applied. The simulated gateway here declines every payer's first attempt.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '#server/db/test-database.ts';
import { coupons, loanEvents, payments } from '#server/db/tables.ts';
import { issue } from '#server/services/coupons.ts';
import { borrowerWithProfile, type Borrower } from '#server/testing/borrower.ts';
import { signatureDocument, STANDARD_LOAN } from '#server/testing/loan-fixtures.ts';
import { caller, newKey } from '#server/testing/request.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';
import { postCollectionWebhook } from '#server/testing/webhooks.ts';

/** ₱5,000 for 60 days: costs a repayment coupon can lower. */
const LONG = { ...STANDARD_LOAN, principalCentavos: 500000, termDays: 60 };

interface Payment {
  id: string;
  state: string;
  amountCentavos: number;
  reference: string | null;
  failureCode: string | null;
  declineCode: string | null;
  declinedAt: string | null;
  completedAt: string | null;
  applied: string | null;
}

describe.each(databaseTargets())('declined repayments on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    // Every test borrower's payout phone (loan-fixtures.ts) starts 9171: each attempt is declined (generic_decline).
    api = await testApi(kind, { loans: { collectionFailPattern: /^9171/u } });
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);

  async function repaying(b: Borrower, body = STANDARD_LOAN): Promise<string> {
    const applied = await call(b, 'POST', '/loans', body, newKey());
    expect(applied.statusCode, applied.body).toBe(201);
    const id = applied.json<{ id: string }>().id;
    api.advance(61);
    await api.runDueJobs();
    await call(b, 'POST', `/loans/${id}/accept`, { agreePrivacy: true, agreeAgreement: true });
    await call(b, 'POST', '/signature', { signature: await signatureDocument(api.database.db, b.customerId) });
    expect((await call(b, 'POST', `/loans/${id}/withdraw`, {}, newKey())).statusCode).toBe(200);
    await api.settle();
    expect((await call(b, 'GET', `/loans/${id}`)).json<{ state: string }>().state).toBe('repaying');
    return id;
  }

  const pay = (b: Borrower, orderId: string, body: object = { kind: 'settle', channel: 'eWallet' }) =>
    call(b, 'POST', `/loans/${orderId}/payments`, body, newKey());
  async function paid(b: Borrower, orderId: string, body?: object): Promise<Payment> {
    const res = await pay(b, orderId, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Payment>();
  }
  const payment = async (b: Borrower, id: string) => (await call(b, 'GET', `/payments/${id}`)).json<Payment>();
  const eventsOf = async (orderId: string, kindOf: string) =>
    (await api.database.db.select().from(loanEvents).where(eq(loanEvents.orderId, orderId))).filter(
      (e) => e.kind === kindOf,
    );
  const providerRefOf = async (id: string) =>
    (await api.database.db.select().from(payments).where(eq(payments.id, id)))[0]!.providerRef!;

  /** A signed PayMongo `payment.<outcome>` event on the intent `intent`. */
  const gatewayEvent = (outcome: 'paid' | 'failed', intent: string, amount: number, extra: object = {}) =>
    JSON.stringify({
      data: {
        id: `evt_${newKey().replace(/-/gu, '')}`,
        type: 'event',
        attributes: {
          type: `payment.${outcome}`,
          data: {
            id: `pay_${newKey().replace(/-/gu, '')}`,
            type: 'payment',
            attributes: { amount, currency: 'PHP', payment_intent_id: intent, status: outcome, ...extra },
          },
        },
      },
    });

  it('shows a declined payment failed at once with its reason, lets the borrower pay again at once, and still applies a late success of the first', async () => {
    const b = await borrowerWithProfile(api);
    const orderId = await repaying(b);
    const first = await paid(b, orderId);
    expect(first).toMatchObject({ state: 'in_progress', failureCode: null, declineCode: null });

    // The payer's attempt is declined: the gateway says so (payment.failed) and the payment reads failed at once.
    await api.deliverCallbacks();
    const declined = await payment(b, first.id);
    expect(declined).toMatchObject({
      state: 'fail',
      failureCode: 'DECLINED',
      declineCode: 'generic_decline',
      completedAt: null,
    });
    expect(Date.parse(declined.declinedAt!)).toBeLessThanOrEqual(api.now().getTime());
    const order = (await call(b, 'GET', `/loans/${orderId}`)).json<{ payments: Payment[] }>();
    expect(order.payments[0]).toMatchObject({ id: first.id, state: 'fail', failureCode: 'DECLINED' });
    expect((await eventsOf(orderId, 'payment_attempt_failed')).map((e) => e.data)).toMatchObject([
      { paymentId: first.id, failureCode: 'generic_decline' },
    ]);

    // Paying again is allowed at once (no PAYMENT_IN_PROGRESS): the declined one is closed as DECLINED.
    const second = await paid(b, orderId);
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ state: 'in_progress', reference: expect.stringMatching(/^pi_/u) as unknown });
    expect(second.reference).not.toBe(first.reference);
    expect(await payment(b, first.id)).toMatchObject({
      state: 'fail',
      failureCode: 'DECLINED',
      declineCode: 'generic_decline',
      completedAt: expect.any(String) as unknown,
    });
    expect((await eventsOf(orderId, 'payment_declined')).map((e) => e.data)).toEqual([
      { paymentId: first.id, attemptFailureCode: 'generic_decline' },
    ]);

    // The first intent stayed payable at the gateway: its late success is applied (the loan is settled by it).
    const late = await postCollectionWebhook(
      api,
      gatewayEvent('paid', await providerRefOf(first.id), first.amountCentavos),
    );
    expect(late.json()).toEqual({ ok: true, result: 'applied' });
    expect(await payment(b, first.id)).toMatchObject({
      state: 'success',
      failureCode: null,
      declineCode: null,
      applied: 'settled',
    });
    expect((await call(b, 'GET', `/loans/${orderId}`)).json()).toMatchObject({
      state: 'settled',
      amountDueCentavos: 0,
    });
  });

  it("keeps the gateway's code of the declined attempt (insufficient funds), and a retry that pays on the same intent turns it successful", async () => {
    const b = await borrowerWithProfile(api);
    const orderId = await repaying(b);
    const first = await paid(b, orderId);
    const intent = await providerRefOf(first.id);
    const failed = await postCollectionWebhook(
      api,
      gatewayEvent('failed', intent, first.amountCentavos, { failed_code: 'insufficient_funds' }),
    );
    expect(failed.json()).toEqual({ ok: true, result: 'applied' });
    expect(await payment(b, first.id)).toMatchObject({
      state: 'fail',
      failureCode: 'DECLINED',
      declineCode: 'insufficient_funds',
    });
    const ok = await postCollectionWebhook(api, gatewayEvent('paid', intent, first.amountCentavos));
    expect(ok.json()).toEqual({ ok: true, result: 'applied' });
    expect(await payment(b, first.id)).toMatchObject({ state: 'success', failureCode: null, declineCode: null });
    expect((await call(b, 'GET', `/loans/${orderId}`)).json()).toMatchObject({ state: 'settled' });
  });

  it('gives the coupon a declined payment held back when the borrower pays again, and still blocks a second payment while one is open and not declined', async () => {
    const b = await borrowerWithProfile(api);
    const orderId = await repaying(b, LONG);
    api.advance(20 * 86_400);
    const coupon = await issue(api.database.db, b.customerId, 'repayment50', 'staff', `grant:${newKey()}`, api.now());
    const first = await paid(b, orderId, { kind: 'settle', channel: 'bank', couponId: coupon!.id });
    const couponState = async () =>
      (await api.database.db.select().from(coupons).where(eq(coupons.id, coupon!.id)))[0]!.state;
    await expect(couponState()).resolves.toBe('held');
    // Not declined yet: still payable, so a second payment waits for it.
    expect((await pay(b, orderId)).json()).toMatchObject({ code: 'PAYMENT_IN_PROGRESS' });

    await api.deliverCallbacks();
    expect(await payment(b, first.id)).toMatchObject({ state: 'fail', failureCode: 'DECLINED' });
    await expect(couponState()).resolves.toBe('held');
    const second = await paid(b, orderId, { kind: 'settle', channel: 'bank', couponId: coupon!.id });
    expect(second).toMatchObject({ state: 'in_progress' });
    expect((await eventsOf(orderId, 'payment_declined')).map((e) => e.data)).toEqual([
      { paymentId: first.id, attemptFailureCode: 'generic_decline', releasedCouponId: coupon!.id },
    ]);
    await expect(couponState()).resolves.toBe('held');
  });
});
