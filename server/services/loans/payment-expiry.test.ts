/**
 * QR Ph payments that expire (§2.4): a payment is payable exactly as long as the code the gateway gave
 * (a QR Ph code: 30 minutes from the attach, PayMongo's `expiry_seconds`), then it is released, by the gateway's
 * `qrph.expired` webhook, by reconciliation, or by the next payment itself, and the borrower pays again at once. The
 * simulated gateway's payer here acts only after an hour, so every code expires unpaid unless the test pays it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '#server/db/test-database.ts';
import { coupons, loanEvents, payments, webhookEvents } from '#server/db/tables.ts';
import { ProviderError } from '#server/providers/provider-error.ts';
import { issue } from '#server/services/coupons.ts';
import { borrowerWithProfile, type Borrower } from '#server/testing/borrower.ts';
import { signatureDocument, STANDARD_LOAN } from '#server/testing/loan-fixtures.ts';
import { caller, newKey } from '#server/testing/request.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';
import { collectionPaidEvent, postCollectionWebhook } from '#server/testing/webhooks.ts';

const QR_LIFE_MS = 30 * 60_000;
/** ₱5,000 for 60 days: costs a repayment coupon can lower. */
const LONG = { ...STANDARD_LOAN, principalCentavos: 500000, termDays: 60 };

interface Payment {
  id: string;
  state: string;
  channel: string;
  amountCentavos: number;
  discountCentavos: number;
  reference: string | null;
  expiresAt: string;
  failureCode: string | null;
  couponId: string | null;
}

describe.each(databaseTargets())('QR Ph payment expiry on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind, { loans: { collectionDelayMs: 2 * 3_600_000 } });
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

  it('gives a QR Ph payment the life of its code (30 minutes, not a day) and an over-the-counter one the TTL', async () => {
    const b = await borrowerWithProfile(api);
    const orderId = await repaying(b);
    const before = api.now().getTime();
    const qr = await paid(b, orderId);
    const after = api.now().getTime();
    expect(qr).toMatchObject({ state: 'in_progress', reference: expect.stringMatching(/^pi_/u) as unknown });
    expect(Date.parse(qr.expiresAt)).toBeGreaterThanOrEqual(before + QR_LIFE_MS);
    expect(Date.parse(qr.expiresAt)).toBeLessThanOrEqual(after + QR_LIFE_MS);
    // Still payable: a second payment waits for it.
    expect((await pay(b, orderId)).json()).toMatchObject({ code: 'PAYMENT_IN_PROGRESS' });

    const other = await borrowerWithProfile(api);
    const otcOrder = await repaying(other);
    const otc = await paid(other, otcOrder, { kind: 'settle', channel: 'otc' });
    expect(Date.parse(otc.expiresAt) - api.now().getTime()).toBeGreaterThan(23 * 3_600_000);
  });

  it("releases the payment on the gateway's qrph.expired webhook, and the borrower pays again at once", async () => {
    const b = await borrowerWithProfile(api);
    const orderId = await repaying(b);
    const qr = await paid(b, orderId);
    api.advance(29 * 60);
    await api.deliverCallbacks();
    expect(await payment(b, qr.id)).toMatchObject({ state: 'in_progress' });

    api.advance(2 * 60);
    await api.deliverCallbacks();
    expect(await payment(b, qr.id)).toMatchObject({ state: 'fail', failureCode: 'EXPIRED' });
    const [delivered] = await api.database.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, 'collection'), eq(webhookEvents.type, 'qrph.expired')));
    expect(delivered).toMatchObject({ result: 'applied' });
    expect((await eventsOf(orderId, 'payment_expired')).map((e) => e.data)).toEqual([{ paymentId: qr.id }]);

    const again = await paid(b, orderId);
    expect(again).toMatchObject({ state: 'in_progress', reference: expect.stringMatching(/^pi_/u) as unknown });
    expect(again.reference).not.toBe(qr.reference);
  });

  it('releases it by reconciliation when the expiry webhook never came, and gives its held coupon back', async () => {
    const b = await borrowerWithProfile(api);
    const orderId = await repaying(b, LONG);
    // Twenty days in: interest the coupon can lower has accrued, whether it is charged at opening or by the day.
    api.advance(20 * 86_400);
    const coupon = await issue(api.database.db, b.customerId, 'repayment50', 'staff', `grant:${newKey()}`, api.now());
    const qr = await paid(b, orderId, { kind: 'settle', channel: 'bank', couponId: coupon!.id });
    const couponState = async () =>
      (await api.database.db.select().from(coupons).where(eq(coupons.id, coupon!.id)))[0]!.state;
    await expect(couponState()).resolves.toBe('held');

    // Not yet expired: reconciliation leaves a payable payment alone.
    api.advance(20 * 60);
    await api.loans.reconcile();
    expect(await payment(b, qr.id)).toMatchObject({ state: 'in_progress' });

    // Expired, the webhook not delivered: the gateway's lookup reads the intent pending with nothing to pay with.
    api.advance(11 * 60);
    await expect(api.collectionGateway.getPayment(qr.reference!)).resolves.toMatchObject({
      status: 'pending',
      action: null,
      failureCode: null,
    });
    await api.loans.reconcile();
    expect(await payment(b, qr.id)).toMatchObject({ state: 'fail', failureCode: 'EXPIRED' });
    await expect(couponState()).resolves.toBe('unused');
    expect((await eventsOf(orderId, 'payment_expired')).map((e) => e.data)).toEqual([
      { paymentId: qr.id, releasedCouponId: coupon!.id },
    ]);

    // The webhook that comes late changes nothing more.
    await api.deliverCallbacks();
    expect(await eventsOf(orderId, 'payment_expired')).toHaveLength(1);
    const again = await paid(b, orderId, { kind: 'settle', channel: 'bank', couponId: coupon!.id });
    expect(again).toMatchObject({ state: 'in_progress', couponId: coupon!.id });
  });

  it('reads an expired payment as expired and lets the next one through, even before anything released it', async () => {
    const b = await borrowerWithProfile(api);
    const orderId = await repaying(b);
    const qr = await paid(b, orderId);
    api.advance(31 * 60);
    // Nothing released it yet (no webhook delivered, no reconciliation): the borrower still never sees it in progress.
    const [row] = await api.database.db.select().from(payments).where(eq(payments.id, qr.id));
    expect(row!.state).toBe('in_progress');
    expect(await payment(b, qr.id)).toMatchObject({ state: 'fail', failureCode: 'EXPIRED' });
    const order = (await call(b, 'GET', `/loans/${orderId}`)).json<{ payments: Payment[] }>();
    expect(order.payments).toMatchObject([{ id: qr.id, state: 'fail', failureCode: 'EXPIRED' }]);
    const again = await paid(b, orderId);
    expect(again.state).toBe('in_progress');
    expect(await payment(b, qr.id)).toMatchObject({ state: 'fail', failureCode: 'EXPIRED' });
  });

  it('still applies a success that arrives after the payment expired', async () => {
    const b = await borrowerWithProfile(api);
    const orderId = await repaying(b);
    const qr = await paid(b, orderId);
    api.advance(31 * 60);
    await api.loans.reconcile();
    expect(await payment(b, qr.id)).toMatchObject({ state: 'fail', failureCode: 'EXPIRED' });
    const body = collectionPaidEvent(qr.reference!, qr.amountCentavos);
    expect((await postCollectionWebhook(api, body)).json()).toEqual({ ok: true, result: 'applied' });
    expect(await payment(b, qr.id)).toMatchObject({ state: 'success' });

    // An expiry event for it now changes nothing; one for an intent not (yet) ours is retried by PayMongo (404).
    const expired = (intent: string) =>
      JSON.stringify({
        data: {
          id: `evt_${randomBytes(6).toString('hex')}`,
          type: 'event',
          attributes: { type: 'qrph.expired', data: { id: intent, type: 'payment_intent', attributes: {} } },
        },
      });
    expect((await postCollectionWebhook(api, expired(qr.reference!))).json()).toEqual({ ok: true, result: 'replay' });
    expect((await postCollectionWebhook(api, expired('pi_not_ours'))).statusCode).toBe(404);
    expect(await payment(b, qr.id)).toMatchObject({ state: 'success' });
    expect(await eventsOf(orderId, 'payment_expired')).toHaveLength(1);
  });

  it('applies a late success without the coupon its expired payment gave back (never a coupon used twice)', async () => {
    const b = await borrowerWithProfile(api);
    const orderId = await repaying(b, LONG);
    api.advance(20 * 86_400);
    const coupon = await issue(api.database.db, b.customerId, 'repayment50', 'staff', `grant:${newKey()}`, api.now());
    const qr = await paid(b, orderId, { kind: 'settle', channel: 'bank', couponId: coupon!.id });
    expect(qr.discountCentavos).toBeGreaterThan(0);
    api.advance(31 * 60);
    await api.loans.reconcile();
    expect(await payment(b, qr.id)).toMatchObject({ state: 'fail', failureCode: 'EXPIRED' });
    const body = collectionPaidEvent(qr.reference!, qr.amountCentavos);
    expect((await postCollectionWebhook(api, body)).json()).toEqual({ ok: true, result: 'applied' });
    // The money counts; the coupon, the borrower's again since the expiry, is not used by it: what it would have
    // taken off is still owed.
    const [row] = await api.database.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(row!.state).toBe('unused');
    const order = (await call(b, 'GET', `/loans/${orderId}`)).json<{ state: string; amountDueCentavos: number }>();
    expect(order).toMatchObject({ state: 'repaying', amountDueCentavos: qr.discountCentavos });
  });

  it('releases a payment that never reached the gateway before its code would have expired, without sending it', async () => {
    const b = await borrowerWithProfile(api);
    const orderId = await repaying(b);
    const gateway = api.collectionGateway;
    const original = gateway.createPayment;
    let calls = 0;
    gateway.createPayment = async () => {
      calls += 1;
      throw new ProviderError('PROVIDER_UNAVAILABLE', true, 'down');
    };
    try {
      const qr = await paid(b, orderId);
      expect(qr).toMatchObject({ state: 'in_progress', reference: null });
      expect(calls).toBe(1);
      api.advance(31 * 60);
      await api.runDueJobs();
      expect(calls).toBe(1);
      const [row] = await api.database.db.select().from(payments).where(eq(payments.id, qr.id));
      expect(row).toMatchObject({ state: 'fail', failureCode: 'EXPIRED', providerRef: null });
    } finally {
      gateway.createPayment = original;
    }
    expect(await paid(b, orderId)).toMatchObject({ state: 'in_progress' });
  });
});
