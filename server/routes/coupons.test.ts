import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '#domain/loan-ledger.ts';
import { databaseTargets } from '../db/test-database.ts';
import { coupons, loanEvents, loanOrders, messages, payouts } from '../db/tables.ts';
import { createCouponService, issue, markUsed } from '../services/coupons.ts';
import { borrowerWithProfile, login, type Borrower } from '../testing/borrower.ts';
import { signatureDocument, STANDARD_LOAN } from '../testing/loan-fixtures.ts';
import { caller, newKey } from '../testing/request.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';
import type { OrderAnswer } from '#api-contract/loans.ts';

/** ₱1,000: below the platform coupon's ₱2,000 minimum (STANDARD_LOAN, ₱3,000 for 30 days, is above it). */
const small = { ...STANDARD_LOAN, principalCentavos: 100000 };
/** ₱5,000 for 60 days: ₱300 of interest, more than the ₱200 add-to-home-screen coupon. */
const long = { ...STANDARD_LOAN, principalCentavos: 500000, termDays: 60 };

interface Coupon {
  id: string;
  kind: string;
  appliesTo: string;
  amountCentavos: number;
  minimumCentavos: number;
  state: string;
  expiresAt: string;
}
/** An order as the API answers it (the contract's, api-contract/loans.ts). */
type Order = OrderAnswer;

describe.each(databaseTargets())('coupons on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);
  const usable = async (b: Borrower, query = '') =>
    (await call(b, 'GET', `/coupons${query}`)).json<{ coupons: Coupon[] }>().coupons;
  const grant = (b: Borrower, definition: string) =>
    issue(api.database.db, b.customerId, definition, 'staff', `grant:${newKey()}`, api.now());
  const messagesOf = (b: Borrower) =>
    api.database.db.select().from(messages).where(eq(messages.customerId, b.customerId));

  async function withdrawable(b: Borrower, body = STANDARD_LOAN): Promise<string> {
    const res = await call(b, 'POST', '/loans', body, newKey());
    expect(res.statusCode, res.body).toBe(201);
    api.advance(61);
    await api.runDueJobs();
    const id = res.json<{ id: string }>().id;
    expect(
      (await call(b, 'POST', `/loans/${id}/accept`, { agreePrivacy: true, agreeAgreement: true })).statusCode,
    ).toBe(200);
    expect(
      (await call(b, 'POST', '/signature', { signature: await signatureDocument(api.database.db, b.customerId) }))
        .statusCode,
    ).toBe(200);
    return id;
  }

  async function repaying(b: Borrower, body = STANDARD_LOAN): Promise<string> {
    const id = await withdrawable(b, body);
    expect((await call(b, 'POST', `/loans/${id}/withdraw`, {}, newKey())).statusCode).toBe(200);
    await api.settle();
    return id;
  }

  const order = async (b: Borrower, id: string) => (await call(b, 'GET', `/loans/${id}`)).json<Order>();

  it('issues the platform coupon and the welcome and couponIssued messages at registration, once', async () => {
    const b = await login(api);
    const list = await usable(b);
    expect(list).toEqual([
      expect.objectContaining({
        kind: 'platform',
        appliesTo: 'withdrawal',
        amountCentavos: 5000,
        minimumCentavos: 200000,
        state: 'unused',
      }),
    ]);
    expect(Date.parse(list[0]!.expiresAt) - api.now().getTime()).toBeGreaterThan(29 * 86_400_000);
    expect((await messagesOf(b)).map((m) => m.template).sort()).toEqual(['couponIssued', 'welcome']);
    // The next login is no registration.
    api.advance(61);
    await login(api, b.phone);
    expect(await usable(b)).toHaveLength(1);
    expect(await messagesOf(b)).toHaveLength(2);
    expect((await call(b, 'GET', '/coupons/invalid')).json()).toEqual({ coupons: [] });
    expect((await api.app.inject({ method: 'GET', url: '/api/v1/coupons' })).statusCode).toBe(401);
  });

  it('issues the add-to-home-screen coupon once only, also to concurrent claims', async () => {
    const b = await login(api);
    const first = await call(b, 'POST', '/coupons/add-to-home-screen', {});
    expect(first.json(), first.body).toMatchObject({
      issued: true,
      coupon: { kind: 'addToHomeScreen', appliesTo: 'repayment', amountCentavos: 20000 },
    });
    const again = await call(b, 'POST', '/coupons/add-to-home-screen', {});
    expect(again.json()).toMatchObject({ issued: false, coupon: { id: first.json<{ coupon: Coupon }>().coupon.id } });
    const c = await login(api);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(c, 'POST', '/coupons/add-to-home-screen', {})),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(answers.filter((r) => r.json<{ issued: boolean }>().issued)).toHaveLength(1);
    expect((await usable(c, '?appliesTo=repayment')).map((x) => x.kind)).toEqual(['addToHomeScreen']);
    expect((await messagesOf(c)).filter((m) => m.template === 'couponIssued')).toHaveLength(2);
  });

  it("raises the received amount by a withdrawal coupon's value, and uses the coupon once", async () => {
    const b = await borrowerWithProfile(api);
    const [coupon] = await usable(b, '?appliesTo=withdrawal');
    const id = await withdrawable(b);
    const plain = (await call(b, 'POST', `/loans/${id}/withdraw-quote`, {})).json<Order['quote']>();
    const quoted = await call(b, 'POST', `/loans/${id}/withdraw-quote`, { couponId: coupon!.id });
    expect(quoted.json(), quoted.body).toMatchObject({
      receivedCentavos: plain.receivedCentavos + 5000,
      couponCentavos: 5000,
      couponKind: 'withdrawal',
      amountDueCentavos: plain.amountDueCentavos,
    });
    const res = await call(b, 'POST', `/loans/${id}/withdraw`, { couponId: coupon!.id }, newKey());
    expect(res.statusCode, res.body).toBe(200);
    await api.settle();
    const o = await order(b, id);
    expect(o).toMatchObject({
      state: 'repaying',
      // On its due date; today (the loan date) only the principal is owed: interest accrues by the day.
      amountAtDueCentavos: plain.amountDueCentavos,
      amountDueCentavos: plain.principalCentavos,
      quote: { receivedCentavos: plain.receivedCentavos + 5000, couponCentavos: 5000 },
    });
    const [payout] = await api.database.db.select().from(payouts).where(eq(payouts.orderId, id));
    expect(payout).toMatchObject({ state: 'succeeded', amount: plain.receivedCentavos + 5000 });
    const [row] = await api.database.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(row).toMatchObject({ state: 'used', orderId: id });
    const [event] = await api.database.db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.orderId, id), eq(loanEvents.kind, 'withdraw')));
    expect(event!.data).toMatchObject({
      couponId: coupon!.id,
      couponCentavos: 5000,
      amountCentavos: plain.receivedCentavos + 5000,
    });
    expect(await usable(b)).toEqual([]);
    expect((await call(b, 'GET', '/coupons/invalid')).json()).toMatchObject({
      coupons: [{ id: coupon!.id, state: 'used' }],
    });
  });

  it("refuses a coupon below its minimum, another customer's, the wrong operation's and an expired one with COUPON_UNAVAILABLE", async () => {
    const b = await borrowerWithProfile(api);
    const [platform] = await usable(b);
    const id = await withdrawable(b, small);
    const below = await call(b, 'POST', `/loans/${id}/withdraw`, { couponId: platform!.id }, newKey());
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({
      code: 'COUPON_UNAVAILABLE',
      reason: 'minimum',
      minimumCentavos: 200000,
      message: 'The coupon is unavailable because the required amount was not paid.',
    });
    expect((await call(b, 'POST', `/loans/${id}/withdraw-quote`, { couponId: platform!.id })).json()).toMatchObject({
      code: 'COUPON_UNAVAILABLE',
      reason: 'minimum',
    });

    const other = await login(api);
    const [theirs] = await usable(other);
    expect((await call(b, 'POST', `/loans/${id}/withdraw`, { couponId: theirs!.id }, newKey())).json()).toMatchObject({
      code: 'COUPON_UNAVAILABLE',
      reason: 'notFound',
    });
    const repayment = await grant(b, 'repayment50');
    expect(
      (await call(b, 'POST', `/loans/${id}/withdraw`, { couponId: repayment!.id }, newKey())).json(),
    ).toMatchObject({ code: 'COUPON_UNAVAILABLE', reason: 'operation' });
    expect((await call(b, 'POST', `/loans/${id}/withdraw`, { couponId: 'not-a-uuid' }, newKey())).statusCode).toBe(400);

    const shortLived = await grant(b, 'withdrawal30');
    api.advance(16 * 86_400);
    const again = await login(api, b.phone);
    const expired = await call(again, 'POST', `/loans/${id}/withdraw`, { couponId: shortLived!.id }, newKey());
    expect(expired.json(), expired.body).toMatchObject({ code: 'COUPON_UNAVAILABLE', reason: 'expired' });
    // Nothing was used by the refusals; the order still withdraws without a coupon.
    const rows = await api.database.db.select().from(coupons).where(eq(coupons.customerId, b.customerId));
    expect(rows.every((r) => r.state === 'unused')).toBe(true);
    expect((await call(again, 'POST', `/loans/${id}/withdraw`, {}, newKey())).statusCode).toBe(200);
  });

  it("lowers the amount due by a repayment coupon's value: the payment, the ledger, the plan and the record agree", async () => {
    const first = await borrowerWithProfile(api);
    const id = await repaying(first, long);
    // A coupon lowers the interest and fees owed (never the principal): 58 days of ₱5 a day are owed by now, and
    // the extension window is open (the coupon is refused for it, not the extension).
    api.advance(58 * 86_400);
    const b = await login(api, first.phone);
    const before = await order(b, id);
    const { coupon } = (await call(b, 'POST', '/coupons/add-to-home-screen', {})).json<{ coupon: Coupon }>();
    const quoted = await call(b, 'POST', `/loans/${id}/payment-quote`, { kind: 'settle', couponId: coupon.id });
    expect(quoted.json(), quoted.body).toEqual({
      kind: 'settle',
      baseCentavos: before.amountDueCentavos,
      discountCentavos: 20000,
      amountCentavos: before.amountDueCentavos - 20000,
      couponId: coupon.id,
    });
    expect(
      (
        await call(
          b,
          'POST',
          `/loans/${id}/payments`,
          { kind: 'extend', channel: 'otc', couponId: coupon.id },
          newKey(),
        )
      ).json(),
    ).toMatchObject({ code: 'COUPON_UNAVAILABLE', reason: 'operation' });
    const paid = await call(
      b,
      'POST',
      `/loans/${id}/payments`,
      { kind: 'settle', channel: 'otc', couponId: coupon.id },
      newKey(),
    );
    expect(paid.json(), paid.body).toMatchObject({
      amountCentavos: before.amountDueCentavos - 20000,
      discountCentavos: 20000,
      couponId: coupon.id,
    });
    // Held by the payment in progress: not usable elsewhere meanwhile.
    expect(await usable(b, '?appliesTo=repayment')).toEqual([]);
    await api.settle();
    const after = await order(b, id);
    expect(after).toMatchObject({
      state: 'settled',
      amountDueCentavos: 0,
      amountRepaidCentavos: before.amountDueCentavos - 20000,
    });
    expect(after.schedule.reduce((s, r) => s + r.paidCentavos, 0)).toBe(after.amountRepaidCentavos);
    const [row] = await api.database.db.select().from(loanOrders).where(eq(loanOrders.id, id));
    expect((row!.ledger as Ledger).discounted).toBe(20000);
    const [settled] = await api.database.db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.orderId, id), eq(loanEvents.kind, 'settled')));
    expect(settled!.data).toMatchObject({
      couponId: coupon.id,
      discountCentavos: 20000,
      receivedCentavos: before.amountDueCentavos - 20000,
      amountDueCentavos: 0,
    });
    expect((await api.database.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]).toMatchObject({
      state: 'used',
      orderId: id,
    });
  });

  it('gives a held coupon back when its payment expires unpaid', async () => {
    const owner = await borrowerWithProfile(api);
    const id = await repaying(owner, long);
    api.advance(15 * 86_400); // ₱75 of interest owed: room for the coupon
    const b = await login(api, owner.phone);
    const coupon = await grant(b, 'repayment50');
    const first = await call(
      b,
      'POST',
      `/loans/${id}/payments`,
      { kind: 'settle', channel: 'otc', couponId: coupon!.id },
      newKey(),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect((await api.database.db.select().from(coupons).where(eq(coupons.id, coupon!.id)))[0]!.state).toBe('held');
    api.advance(25 * 3600);
    const again = await login(api, b.phone);
    const second = await call(again, 'POST', `/loans/${id}/payments`, { kind: 'settle', channel: 'otc' }, newKey());
    expect(second.statusCode, second.body).toBe(201);
    expect((await usable(again, '?appliesTo=repayment')).map((c) => c.id)).toEqual([coupon!.id]);
  });

  it('expires coupons and writes couponExpiring once, however often the job runs', async () => {
    const b = await login(api);
    const coupon = await grant(b, 'cash20');
    const service = createCouponService({ db: api.database.db, now: api.now });
    api.advance(5.5 * 86_400);
    await api.runDueJobs();
    await service.expire();
    await api.runDueJobs();
    expect((await messagesOf(b)).filter((m) => m.template === 'couponExpiring').map((m) => m.dedupeKey)).toEqual([
      `couponExpiring:${coupon!.id}`,
    ]);
    api.advance(2 * 86_400);
    await api.runDueJobs();
    await service.expire();
    const again = await login(api, b.phone);
    expect((await usable(again)).map((c) => c.kind)).toEqual(['platform']);
    expect((await call(again, 'GET', '/coupons/invalid')).json()).toMatchObject({
      coupons: [{ id: coupon!.id, state: 'expired' }],
    });
    expect((await messagesOf(b)).filter((m) => m.template === 'couponExpiring')).toHaveLength(1);
  });
});

describe.runIf(process.env['TEST_DATABASE_URL'])('coupons under concurrency on PostgreSQL', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi('postgres');
  });
  afterAll(async () => {
    await api?.close();
  });

  it('uses one coupon once under 50 concurrent withdrawals, and under 50 concurrent uses in their own transactions', async () => {
    const b = await borrowerWithProfile(api);
    const call = caller(api);
    const applied = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    const id = applied.json<{ id: string }>().id;
    api.advance(61);
    await api.runDueJobs();
    await call(b, 'POST', `/loans/${id}/accept`, { agreePrivacy: true, agreeAgreement: true });
    await call(b, 'POST', '/signature', { signature: await signatureDocument(api.database.db, b.customerId) });
    const [coupon] = await api.database.db.select().from(coupons).where(eq(coupons.customerId, b.customerId));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(b, 'POST', `/loans/${id}/withdraw`, { couponId: coupon!.id }, newKey())),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    const rows = await api.database.db.select().from(payouts).where(eq(payouts.orderId, id));
    expect(rows).toHaveLength(1);

    // The coupon's own guard, without the customer lock a money operation takes first.
    const spare = await issue(api.database.db, b.customerId, 'withdrawal30', 'staff', 'race', api.now());
    const used = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.database.db.transaction((tx) => markUsed(tx, spare!.id, id, `race:${i}`, api.now())),
      ),
    );
    expect(used.filter(Boolean)).toHaveLength(1);
  });
});
