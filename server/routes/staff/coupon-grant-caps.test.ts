/**
 * Coupon grants under the approval amount are capped per customer and per requester over a rolling period
 * (config/staff.json couponGrant.caps): past a cap a grant waits for a supervisor who did not ask
 * for it, saying which cap; on PostgreSQL, simultaneous grants cannot pass a cap together.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CouponGrantCap } from '#config/types/staff.ts';
import { auditLog, couponGrants, coupons } from '#server/db/tables.ts';
import { databaseTargets } from '#server/db/test-database.ts';
import { couponDefinition } from '#server/services/coupons.ts';
import { staffConfig } from '#server/services/staff/staff-config.ts';
import { login, type Borrower } from '#server/testing/borrower.ts';
import { caller } from '#server/testing/request.ts';
import { addTestStaff, type TestStaff } from '#server/testing/staff.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';

const { approvalAboveCentavos, caps } = staffConfig.couponGrant;
const CASH = couponDefinition('cash20').amountCentavos;
const DAY_S = 86_400;

interface Wait {
  cap: string;
  limit: number;
  periodDays: number | null;
}

/** The caps a cash20 grant goes over when `before` cash20 grants of the scope are already in its period. */
function capsOver(scope: 'customer' | 'agent', cap: CouponGrantCap, before: number): Wait[] {
  const waits: Wait[] = [];
  if (before + 1 > cap.maxGrants)
    waits.push({ cap: `${scope}Grants`, limit: cap.maxGrants, periodDays: cap.periodDays });
  if ((before + 1) * CASH > cap.maxCentavos)
    waits.push({ cap: `${scope}Centavos`, limit: cap.maxCentavos, periodDays: cap.periodDays });
  return waits;
}

/** How many cash20 grants in a row a cap lets through. */
const room = (cap: CouponGrantCap) => Math.min(cap.maxGrants, Math.floor(cap.maxCentavos / CASH));

describe.each(databaseTargets())('coupon grant caps on %s', (kind) => {
  let api: TestApi;
  let supervisor: TestStaff;
  beforeAll(async () => {
    api = await testApi(kind);
    supervisor = await addTestStaff(api.database.db, 'supervisor');
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);
  const agent = () => addTestStaff(api.database.db, 'customerService', api.now());
  const grant = (who: TestStaff, b: Borrower, definitionId = 'cash20') =>
    call(who, 'POST', `/staff/customers/${b.customerId}/coupon-grants`, { definitionId, reason: 'Apology' });
  const staffCoupons = async (b: Borrower) =>
    (
      await api.database.db
        .select()
        .from(coupons)
        .where(and(eq(coupons.customerId, b.customerId), eq(coupons.source, 'staff')))
    ).length;
  const pendingRow = async (id: string) =>
    (await call(supervisor, 'GET', '/staff/coupon-grants?state=pending&perPage=100'))
      .json<{ items: { id: string; waitsFor: Wait[] }[] }>()
      .items.find((i) => i.id === id);

  it('issues grants to one customer up to its cap; the next waits for a supervisor, saying which cap', async () => {
    const cs = await agent();
    const cs2 = await agent();
    const b = await login(api);
    const direct = room(caps.perCustomer);
    expect(direct, 'the per-customer cap must bind before the per-agent one').toBeLessThan(room(caps.perAgent));
    // The console shows the caps beside the grant form.
    expect((await call(cs, 'GET', '/staff/options')).json()).toMatchObject({ couponGrantCaps: caps });
    // The incident that made the caps: twelve grants in a row by one agent to one customer.
    const answers = [];
    for (let i = 0; i < 12; i++) {
      const res = await grant(cs, b);
      expect(res.statusCode, res.body).toBe(201);
      answers.push(res.json<{ id: string; state: string; couponId: string | null; waitsFor: Wait[] }>());
    }
    expect(answers.map((a) => a.state)).toEqual([
      ...Array<string>(direct).fill('issued'),
      ...Array<string>(12 - direct).fill('pending'),
    ]);
    expect(await staffCoupons(b)).toBe(direct);
    const waiting = answers[direct]!;
    expect(waiting).toMatchObject({ couponId: null, waitsFor: capsOver('customer', caps.perCustomer, direct) });
    expect(waiting.waitsFor.length).toBeGreaterThan(0);
    expect(answers[0]!.waitsFor).toEqual([]);

    // The cap is the customer's, whoever asks.
    const other = await grant(cs2, b);
    expect(other.json()).toMatchObject({ state: 'pending' });

    // The queue says why; the audit says it too, as the grant's own event.
    expect(await pendingRow(waiting.id)).toMatchObject({ waitsFor: waiting.waitsFor });
    const [event] = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'staff.coupon.granted'), eq(auditLog.staffId, cs.id)))
      .orderBy(auditLog.id)
      .offset(direct)
      .limit(1);
    expect(event!.detail).toMatchObject({ grantId: waiting.id, state: 'pending', waitsFor: waiting.waitsFor });

    // Its requester cannot decide it (no permission); a supervisor who asked for it neither; another one can.
    expect((await call(cs, 'POST', `/staff/coupon-grants/${waiting.id}/decision`, { approve: true })).statusCode).toBe(
      403,
    );
    const own = await addTestStaff(api.database.db, 'supervisor', api.now());
    const mine = answers[direct + 1]!;
    await api.database.db.update(couponGrants).set({ requestedBy: own.id }).where(eq(couponGrants.id, mine.id));
    expect(
      (await call(own, 'POST', `/staff/coupon-grants/${mine.id}/decision`, { approve: true })).json(),
    ).toMatchObject({ code: 'SAME_PERSON' });
    const approved = await call(supervisor, 'POST', `/staff/coupon-grants/${waiting.id}/decision`, { approve: true });
    expect(approved.json()).toMatchObject({ state: 'issued', decidedBy: supervisor.id });
    expect(await staffCoupons(b)).toBe(direct + 1);
    const [decided] = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'staff.coupon.grant-approved'), eq(auditLog.staffId, supervisor.id)));
    expect(decided).toMatchObject({ customerId: b.customerId, detail: { grantId: waiting.id } });
  });

  it('holds every grant of a requester past their own cap, to any customer', async () => {
    const cs = await agent();
    const earlier = await login(api);
    const b = await login(api);
    const before = room(caps.perAgent);
    // The requester's earlier grants in the period, to another customer (one refused: it does not count).
    const at = api.now();
    await api.database.db.insert(couponGrants).values([
      ...Array.from({ length: before }, () => ({
        customerId: earlier.customerId,
        definitionId: 'cash20',
        amount: CASH,
        reason: 'Earlier',
        state: 'issued',
        requestedBy: cs.id,
        createdAt: at,
      })),
      {
        customerId: earlier.customerId,
        definitionId: 'cash20',
        amount: CASH,
        reason: 'Refused',
        state: 'refused',
        requestedBy: cs.id,
        createdAt: at,
      },
    ]);
    const res = await grant(cs, b);
    expect(res.json()).toMatchObject({ state: 'pending', waitsFor: capsOver('agent', caps.perAgent, before) });
    expect(res.json<{ waitsFor: Wait[] }>().waitsFor.length).toBeGreaterThan(0);
    expect(await staffCoupons(b)).toBe(0);

    // A grant worth more than the approval amount says so first, with the amount rule's limit and no period (and
    // any cap that one grant alone goes over after it).
    const large = await grant(await agent(), await login(api), 'goodwill200');
    const amount = couponDefinition('goodwill200').amountCentavos;
    expect(large.json()).toMatchObject({
      state: 'pending',
      waitsFor: [
        { cap: 'amount', limit: approvalAboveCentavos, periodDays: null },
        ...(amount > caps.perCustomer.maxCentavos
          ? [{ cap: 'customerCentavos', limit: caps.perCustomer.maxCentavos, periodDays: caps.perCustomer.periodDays }]
          : []),
        ...(amount > caps.perAgent.maxCentavos
          ? [{ cap: 'agentCentavos', limit: caps.perAgent.maxCentavos, periodDays: caps.perAgent.periodDays }]
          : []),
      ],
    });
    // A grant asked for before the caps (no reason in its event) shows the amount rule's.
    const [old] = await api.database.db
      .insert(couponGrants)
      .values({
        customerId: b.customerId,
        definitionId: 'goodwill200',
        amount: 20000,
        reason: 'Old',
        state: 'pending',
        requestedBy: cs.id,
      })
      .returning();
    expect(await pendingRow(old!.id)).toMatchObject({
      waitsFor: [{ cap: 'amount', limit: approvalAboveCentavos, periodDays: null }],
    });
  });

  it('counts a rolling period: once the grants are older than it, a grant issues at once again', async () => {
    const cs = await agent();
    const b = await login(api);
    for (let i = 0; i < room(caps.perCustomer); i++)
      expect((await grant(cs, b)).json()).toMatchObject({ state: 'issued' });
    expect((await grant(cs, b)).json()).toMatchObject({ state: 'pending' });
    api.advance(caps.perCustomer.periodDays * DAY_S - 60);
    const soon = await grant(await agent(), b);
    expect(soon.json()).toMatchObject({ state: 'pending' });
    // A refused grant does not count.
    const refuser = await addTestStaff(api.database.db, 'supervisor', api.now());
    const refused = await call(refuser, 'POST', `/staff/coupon-grants/${soon.json<{ id: string }>().id}/decision`, {
      approve: false,
    });
    expect(refused.json()).toMatchObject({ state: 'refused' });
    api.advance(120);
    const later = await agent();
    expect((await grant(later, b)).json()).toMatchObject({ state: 'issued', waitsFor: [] });
  });

  it.runIf(kind === 'postgres')(
    'ten simultaneous grants by one agent to one customer issue the cap at most; the rest wait',
    async () => {
      const cs = await agent();
      const b = await login(api);
      const answers = await Promise.all(Array.from({ length: 10 }, () => grant(cs, b)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(10).fill(201));
      const states = answers.map((a) => a.json<{ state: string }>().state);
      const direct = room(caps.perCustomer);
      expect(states.filter((s) => s === 'issued')).toHaveLength(direct);
      expect(states.filter((s) => s === 'pending')).toHaveLength(10 - direct);
      expect(await staffCoupons(b)).toBe(direct);
    },
  );
  it.runIf(kind === 'postgres')(
    'ten simultaneous grants by one agent to ten customers issue what is left of its cap at most; the rest wait',
    async () => {
      const cs = await agent();
      const left = 3;
      const before = room(caps.perAgent) - left;
      const earlier = await login(api);
      await api.database.db.insert(couponGrants).values(
        Array.from({ length: before }, () => ({
          customerId: earlier.customerId,
          definitionId: 'cash20',
          amount: CASH,
          reason: 'Earlier',
          state: 'issued',
          requestedBy: cs.id,
          createdAt: api.now(),
        })),
      );
      const borrowers = await Promise.all(Array.from({ length: 10 }, () => login(api)));
      const answers = await Promise.all(borrowers.map((b) => grant(cs, b)));
      const states = answers.map((a) => a.json<{ state: string }>().state);
      expect(states.filter((s) => s === 'issued')).toHaveLength(left);
      expect(states.filter((s) => s === 'pending')).toHaveLength(10 - left);
    },
  );
});
