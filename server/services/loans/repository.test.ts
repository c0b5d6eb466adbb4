/**
 * The loan repository (./repository.ts, its queries in ./repository/) on its own, on PGlite and PostgreSQL: an order,
 * its payouts, payments and events written and read back; the state machine's guard on a transition (a refused one
 * writes nothing); the lock helpers (an order of another customer is NOT_FOUND; on PostgreSQL a second taker of the
 * customer's or the order's lock waits until the first commits); the erasure's and the retention purge's writes.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderState, Quote } from '#domain/loan-types.ts';
import type { OpenDatabase } from '#server/db/database.ts';
import { customers, loanEvents, payouts } from '#server/db/tables.ts';
import { databaseTargets, testDatabase } from '#server/db/test-database.ts';
import { newPhone } from '#server/testing/borrower.ts';
import { createLoanRepository, type LoanRepository, type OrderRow, type Tx } from './repository.ts';

/** The repository's clock: every stamp it writes is this instant. */
const AT = new Date('2025-03-04T05:06:07.000Z');
const DAY = '2025-03-04';
const ACCOUNT = { method: 'bank', bankCode: 'BDO', accountNumber: '001234567890', holderName: 'Juan Dela Cruz' };

describe.each(databaseTargets())('the loan repository on %s', (kind) => {
  let database: OpenDatabase;
  let db: OpenDatabase['db'];
  let repo: LoanRepository;
  beforeAll(async () => {
    database = await testDatabase(kind);
    db = database.db;
    repo = createLoanRepository(() => AT);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function customer(): Promise<string> {
    const [row] = await db.insert(customers).values({ phone: newPhone() }).returning();
    return row!.id;
  }

  /** A new order of `customerId` under review, as applying writes it. */
  async function order(customerId: string, principal = 500_000): Promise<OrderRow> {
    return db.transaction(async (tx) =>
      repo.insertOrder(tx, {
        customerId,
        orderNo: await repo.newOrderNo(tx, DAY),
        productId: 'cash',
        subProductId: 'cash-30',
        state: 'under_review',
        principal,
        termDays: 30,
        quote: { principalCentavos: principal } as unknown as Quote,
        amountDue: principal,
        totalTermDays: 30,
        createdAt: AT,
        updatedAt: AT,
      }),
    );
  }

  /** Moves an order along the state machine's path to `states`' last, one transition each. */
  async function moveTo(o: OrderRow, ...states: OrderState[]): Promise<OrderRow> {
    let current = o;
    for (const state of states)
      current = await db.transaction(async (tx) =>
        repo.transition(tx, await repo.lockOrder(tx, current.id), state, `to_${state}`),
      );
    return current;
  }

  it('records an order and reads it back, by id, by customer and by number', async () => {
    const who = await customer();
    const other = await customer();
    const o = await order(who);
    expect(o.orderNo).toMatch(/^PA250304\d{4,}[A-Z]{2}$/u);
    expect(o).toMatchObject({ customerId: who, state: 'under_review', principal: 500_000, amountDue: 500_000 });
    expect(await repo.findOrder(db, o.id)).toEqual(o);
    expect(await repo.findOrder(db, o.id, who)).toEqual(o);
    expect(await repo.findOrder(db, o.id, other)).toBeUndefined();
    expect(await repo.ordersOf(db, who)).toEqual([o]);
    expect(await repo.orderHistoryOf(db, who)).toEqual([o]);
    expect(await repo.orderStatesOf(db, who)).toEqual([{ state: 'under_review' }]);
    expect(await repo.isOrderOf(db, o.id, who)).toBe(true);
    expect(await repo.isOrderOf(db, o.id, other)).toBe(false);
    expect(await repo.orderNoOf(db, o.id)).toBe(o.orderNo);
    expect(await repo.customerIdsOfOrderNo(db, ` ${o.orderNo.toLowerCase()} `)).toEqual([who]);
    expect(await repo.hasOpenOrder(db, who)).toBe(true);
    expect(await repo.hasOpenOrder(db, other)).toBe(false);
    expect((await repo.ordersUnderReview(db, 1000, 0)).map((r) => r.id)).toContain(o.id);
    expect(await repo.countOrdersUnderReview(db)).toBeGreaterThanOrEqual(1);
  });

  it('moves an order the state machine allows, with its event; refuses one it does not and writes nothing', async () => {
    const o = await order(await customer());
    await expect(
      db.transaction(async (tx) => repo.transition(tx, await repo.lockOrder(tx, o.id), 'repaying', 'disbursed')),
    ).rejects.toMatchObject({ code: 'ORDER_STATE' });
    expect(await repo.findOrder(db, o.id)).toEqual(o);
    expect(await repo.eventsOf(db, o.id)).toEqual([]);

    const accepted = await db.transaction(async (tx) =>
      repo.transition(
        tx,
        await repo.lockOrder(tx, o.id),
        'accepted',
        'approved',
        { creditLimit: 700_000 },
        { by: 'x' },
      ),
    );
    expect(accepted).toMatchObject({ state: 'accepted', creditLimit: 700_000, updatedAt: AT });
    expect(await repo.findOrder(db, o.id)).toEqual(accepted);
    const changed = await db.transaction(async (tx) =>
      repo.update(tx, await repo.lockOrder(tx, o.id), 'review', { failureCode: 'X' }, { reason: 'r' }),
    );
    expect(changed).toMatchObject({ state: 'accepted', failureCode: 'X' });
    expect(
      (await repo.eventsOf(db, o.id)).map(({ kind, fromState, toState, data, at }) => ({
        kind,
        fromState,
        toState,
        data,
        at,
      })),
    ).toEqual([
      { kind: 'approved', fromState: 'under_review', toState: 'accepted', data: { by: 'x' }, at: AT },
      { kind: 'review', fromState: 'accepted', toState: 'accepted', data: { reason: 'r' }, at: AT },
    ]);
    expect(await repo.latestEventData(db, o.id, 'review')).toEqual({ reason: 'r' });
    expect(await repo.latestEventData(db, o.id, 'rejected')).toBeUndefined();
    expect(await repo.everEntered(db, o.id, 'accepted')).toBe(true);
    expect(await repo.everEntered(db, o.id, 'disbursement_failed')).toBe(false);
  });

  it('locks an order only for its customer when one is named, and answers nothing for unknown payouts and payments', async () => {
    const who = await customer();
    const other = await customer();
    const o = await order(who);
    const unknown = '00000000-0000-4000-8000-000000000000';
    await db.transaction(async (tx) => {
      await repo.lockCustomer(tx, who);
      expect((await repo.lockOrder(tx, o.id, who)).id).toBe(o.id);
    });
    await db.transaction(async (tx) => {
      await expect(repo.lockOrder(tx, o.id, other)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
    await db.transaction(async (tx) => {
      await expect(repo.lockOrder(tx, unknown)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
    await db.transaction(async (tx) => {
      expect(await repo.lockPayout(tx, unknown)).toBeUndefined();
      expect(await repo.lockPayment(tx, unknown)).toBeUndefined();
      expect(await repo.lockOpenPaymentsOf(tx, o.id)).toEqual([]);
    });
  });

  /** Whether a session of this database waits for a row lock. */
  async function someoneWaits(): Promise<boolean> {
    const result = (await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    return (result.rows[0]?.n ?? 0) > 0;
  }

  /**
   * `take` in a first transaction, then in a second while the first still holds it: the second waits (a session waits
   * for a lock and the second has not gone on) until the first commits, then goes on.
   */
  async function secondWaits(take: (tx: Tx) => Promise<unknown>) {
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async (tx) => {
      await take(tx);
      holding();
      await released;
    });
    await held;
    let secondTook = false;
    const second = db.transaction(async (tx) => {
      await take(tx);
      secondTook = true;
    });
    while (!secondTook && !(await someoneWaits())) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(secondTook).toBe(false);
    release();
    await first;
    await second;
    expect(secondTook).toBe(true);
  }

  it.skipIf(kind !== 'postgres')(
    'holds a second taker of the customer lock or the order lock until the first commits',
    async () => {
      const who = await customer();
      const o = await order(who);
      await secondWaits((tx) => repo.lockCustomer(tx, who));
      await secondWaits((tx) => repo.lockOrder(tx, o.id));
    },
  );

  it('records a payout, its sending and its result, and finds it by id and by the gateway reference', async () => {
    const o = await moveTo(await order(await customer()), 'accepted', 'withdrawable', 'disbursing');
    const refused = await db.transaction((tx) =>
      repo.requestPayout(tx, { orderId: o.id, amount: 480_000, account: ACCOUNT, createdAt: AT }),
    );
    expect(refused).toMatchObject({ state: 'requested', amount: 480_000, account: ACCOUNT, attempts: 0 });
    await db.transaction((tx) => repo.failPayout(tx, refused.id, { failureCode: 'INVALID', completedAt: AT }));
    expect(await repo.findPayout(db, refused.id)).toMatchObject({ state: 'failed', failureCode: 'INVALID' });

    const payout = await db.transaction((tx) =>
      repo.requestPayout(tx, { orderId: o.id, amount: 480_000, account: ACCOUNT, createdAt: AT }),
    );
    const ref = `disb-${payout.id}`;
    await db.transaction((tx) => repo.markPayoutSent(tx, payout.id, { providerRef: ref, sentAt: AT, attempts: 1 }));
    expect(await repo.payoutKeysById(db, payout.id)).toEqual({ id: payout.id, orderId: o.id });
    expect(await repo.payoutKeysByProviderRef(db, ref)).toEqual({ id: payout.id, orderId: o.id });
    expect((await repo.stalePayouts(db, AT)).map((p) => p.id)).toContain(payout.id);
    expect((await repo.stalePayouts(db, new Date(AT.getTime() - 1))).map((p) => p.id)).not.toContain(payout.id);
    await db.transaction(async (tx) => {
      await repo.lockOrder(tx, o.id);
      expect(await repo.lockPayout(tx, payout.id)).toMatchObject({ state: 'sent', providerRef: ref, attempts: 1 });
      await repo.markPayoutSucceeded(tx, payout.id, { providerRef: ref, completedAt: AT });
    });
    expect(await repo.findPayout(db, payout.id)).toMatchObject({ state: 'succeeded', completedAt: AT });
    await db.transaction((tx) => repo.markPayoutReversed(tx, payout.id, { failureCode: 'REVERSED', completedAt: AT }));
    expect(await repo.findPayout(db, payout.id)).toMatchObject({ state: 'reversed', failureCode: 'REVERSED' });
  });

  it('records a payment, its sending, a failed attempt and its success, and reads it as the borrower does', async () => {
    const who = await customer();
    const o = await moveTo(await order(who), 'accepted', 'withdrawable', 'disbursing', 'repaying');
    const values = {
      orderId: o.id,
      customerId: who,
      kind: 'settle',
      channel: 'gcash',
      amount: 12_345,
      couponId: null,
      discount: 0,
      expiresAt: new Date(AT.getTime() + 3_600_000),
      createdAt: AT,
    };
    const expired = await db.transaction((tx) => repo.insertPayment(tx, values));
    expect(expired).toMatchObject({ state: 'requested', amount: 12_345, reference: null });
    expect((await repo.unsentPaymentIds(db, AT)).map((p) => p.id)).toContain(expired.id);
    await db.transaction(async (tx) => {
      expect((await repo.lockOpenPaymentsOf(tx, o.id)).map((p) => p.id)).toEqual([expired.id]);
      await repo.failPayment(tx, expired.id, { failureCode: 'EXPIRED', completedAt: AT });
    });
    expect(await repo.findPayment(db, expired.id)).toMatchObject({ state: 'fail', failureCode: 'EXPIRED' });

    const payment = await db.transaction((tx) => repo.insertPayment(tx, { ...values, amount: 20_000 }));
    const ref = `pi_${payment.id}`;
    await db.transaction((tx) =>
      repo.markPaymentSent(tx, payment.id, { reference: `r-${payment.id}`, providerRef: ref, checkoutUrl: null }),
    );
    expect(await repo.paymentKeysById(db, payment.id)).toEqual({ id: payment.id, orderId: o.id });
    expect(await repo.paymentKeysByProviderRef(db, ref)).toEqual({ id: payment.id, orderId: o.id });
    expect((await repo.unsentPaymentIds(db, AT)).map((p) => p.id)).not.toContain(payment.id);
    expect((await repo.waitingPayments(db, AT, AT)).map((p) => p.id)).toContain(payment.id);
    await db.transaction((tx) =>
      repo.markPaymentAttemptFailed(tx, payment.id, { attemptFailureCode: 'card_declined', attemptFailedAt: AT }),
    );
    await db.transaction(async (tx) => {
      await repo.lockOrder(tx, o.id);
      expect(await repo.lockPayment(tx, payment.id)).toMatchObject({
        state: 'in_progress',
        attemptFailureCode: 'card_declined',
      });
      await repo.markPaymentSucceeded(tx, payment.id, { applied: 'settled', completedAt: AT });
    });
    const paid = await repo.findPayment(db, payment.id);
    expect(paid).toMatchObject({ state: 'success', applied: 'settled', failureCode: null, completedAt: AT });
    expect((await repo.paymentsOfOrder(db, o.id)).map((p) => p.id).sort()).toEqual([expired.id, payment.id].sort());
    expect((await repo.paymentsOfOrderOldestFirst(db, o.id)).length).toBe(2);
    expect(await repo.paymentWithOrderNo(db, who, payment.id)).toEqual({
      payment: paid,
      orderNo: o.orderNo,
      refund: null,
    });
    expect(await repo.paymentWithOrderNo(db, await customer(), payment.id)).toBeUndefined();
    expect((await repo.paymentsOfCustomerSince(db, who, AT)).map((r) => r.payment.id)).toHaveLength(2);
    expect(await repo.paymentsOfCustomerSince(db, who, new Date(AT.getTime() + 1))).toEqual([]);
  });

  it('lists repaying orders for the accrual and the reminders, and stores a ledger without an event', async () => {
    const who = await customer();
    const repaying = await moveTo(await order(who), 'accepted', 'withdrawable', 'disbursing');
    const o = await db.transaction(async (tx) =>
      repo.transition(tx, await repo.lockOrder(tx, repaying.id), 'repaying', 'disbursed', {
        loanDate: DAY,
        dueDate: '2025-04-03',
      }),
    );
    expect(await repo.repayingOrderIdsOf(db, who)).toEqual([{ id: o.id }]);
    expect((await repo.orderIdsToAccrue(db, DAY)).map((r) => r.id)).toContain(o.id);
    expect((await repo.orderIdsToAccrue(db, '2025-03-03')).map((r) => r.id)).not.toContain(o.id);
    expect((await repo.orderIdsDueBy(db, '2025-04-03')).map((r) => r.id)).toContain(o.id);
    expect((await repo.orderIdsDueBy(db, '2025-04-02')).map((r) => r.id)).not.toContain(o.id);
    const events = (await repo.eventsOf(db, o.id)).length;
    await db.transaction((tx) => repo.storeLedger(tx, o.id, { amountDue: 512_345, overdueDays: 0 }));
    expect(await repo.findOrder(db, o.id)).toMatchObject({ amountDue: 512_345, updatedAt: o.updatedAt });
    expect(await repo.eventsOf(db, o.id)).toHaveLength(events);
    expect(await repo.repaymentHistory(db, who)).toEqual({ settled: 0, worst: 0 });
  });

  it('replaces the payout accounts an erasure keeps, and deletes what the retention purge deletes', async () => {
    const who = await customer();
    const o = await moveTo(await order(who), 'accepted', 'withdrawable');
    const disbursing = await db.transaction(async (tx) =>
      repo.transition(tx, await repo.lockOrder(tx, o.id), 'disbursing', 'withdraw', { payoutAccount: ACCOUNT }),
    );
    const payout = await db.transaction((tx) =>
      repo.requestPayout(tx, { orderId: disbursing.id, amount: 480_000, account: ACCOUNT, createdAt: AT }),
    );
    const stub = (account: unknown) => ({ method: (account as { method: string }).method, holderName: '' });
    await db.transaction(async (tx) => {
      expect(await repo.replaceOrderPayoutAccounts(tx, who, stub)).toEqual([o.id]);
      expect(await repo.replacePayoutAccounts(tx, [o.id], stub)).toEqual([payout.id]);
      expect(await repo.replacePayoutAccounts(tx, [], stub)).toEqual([]);
      expect(await repo.paymentIdsOfCustomer(tx, who)).toEqual([]);
    });
    expect((await repo.findOrder(db, o.id))?.payoutAccount).toEqual({ method: 'bank', holderName: '' });
    expect((await repo.findPayout(db, payout.id))?.account).toEqual({ method: 'bank', holderName: '' });

    await db.transaction(async (tx) => {
      const ids = await repo.lockOrdersOf(tx, who);
      expect(ids).toEqual([o.id]);
      await repo.deletePaymentsOfOrders(tx, ids);
      await repo.deleteOrdersOf(tx, who);
    });
    expect(await repo.ordersOf(db, who)).toEqual([]);
    // Events and payouts go with their order.
    expect(await db.select().from(payouts).where(eq(payouts.orderId, o.id))).toEqual([]);
    expect(await db.select().from(loanEvents).where(eq(loanEvents.orderId, o.id))).toEqual([]);
  });
});
