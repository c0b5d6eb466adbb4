import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, manilaToday } from '#domain/calendar-date.ts';
import { auditLog, loanEvents, loanOrders, profileSections } from '#server/db/tables.ts';
import { databaseTargets } from '#server/db/test-database.ts';
import { login, type Borrower } from '#server/testing/borrower.ts';
import { completeSections, STANDARD_LOAN } from '#server/testing/loan-fixtures.ts';
import { caller, newKey } from '#server/testing/request.ts';
import { addTestStaff, type TestStaff } from '#server/testing/staff.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';

const STUDENT = {
  employmentType: 'student',
  schoolName: 'University of the Philippines Diliman',
  major: 'BS Nursing',
  admissionDate: '2023-08-14',
  graduationDate: '2027-06-30',
};

describe.each(databaseTargets())('staff reviews on %s', (kind) => {
  let api: TestApi;
  let underwriter: TestStaff;
  let underwriter2: TestStaff;
  let service: TestStaff;
  beforeAll(async () => {
    api = await testApi(kind);
    underwriter = await addTestStaff(api.database.db, 'underwriter');
    underwriter2 = await addTestStaff(api.database.db, 'underwriter');
    service = await addTestStaff(api.database.db, 'customerService');
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);

  /** A student (no income band): the job leaves the application for review. */
  async function studentInReview(): Promise<{ b: Borrower; orderId: string }> {
    const b = await login(api);
    const sections = { ...completeSections(), workInfo: STUDENT };
    await api.database.db.insert(profileSections).values(
      Object.entries(sections).map(([step, data]) => ({
        customerId: b.customerId,
        step,
        data,
        schemaVersion: 'fixture',
      })),
    );
    const res = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(res.statusCode, res.body).toBe(201);
    api.advance(181);
    await api.runDueJobs();
    const orderId = res.json<{ id: string }>().id;
    const order = await call(b, 'GET', `/loans/${orderId}`);
    expect(order.json<{ state: string }>().state).toBe('under_review');
    return { b, orderId };
  }

  const templates = async (b: Borrower) =>
    (await call(b, 'GET', '/messages?tab=notify'))
      .json<{ messages: { template: string }[] }>()
      .messages.map((m) => m.template);

  it("offers the forms' options to any staff member", async () => {
    const res = await call(service, 'GET', '/staff/options');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rejectReasons: expect.arrayContaining(['ID_MISMATCH']),
      limitRange: { minCentavos: 100000, maxCentavos: 1000000 },
      rejectReapplyDays: 30,
    });
    expect(res.json<{ couponDefinitions: { id: string; needsApproval: boolean }[] }>().couponDefinitions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'cash20', needsApproval: false }),
        expect.objectContaining({ id: 'goodwill200', needsApproval: true }),
      ]),
    );
  });

  it("refuses to approve an order whose borrower's identity facts are missing (IDENTITY_MISSING); a rejection stays possible", async () => {
    const { orderId, b } = await studentInReview();
    // The identity section gone (a step order without it, a section deleted): who borrows is not known.
    await api.database.db
      .delete(profileSections)
      .where(and(eq(profileSections.customerId, b.customerId), eq(profileSections.step, 'identityInfo')));
    const refused = await call(underwriter, 'POST', `/staff/reviews/${orderId}/decision`, {
      decision: 'approve',
      limitCentavos: 500000,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'IDENTITY_MISSING' });
    const order = await call(b, 'GET', `/loans/${orderId}`);
    expect(order.json<{ state: string }>().state).toBe('under_review');
    // Nor may the borrower apply again without it.
    const home = await call(b, 'GET', '/loans/home');
    expect(home.json()).toMatchObject({ canApply: false, applyBlockedCode: 'PROFILE_INCOMPLETE' });
  });

  it("queues a student's application (MISSING_FACTS); a staff approval moves it to accepted as the job would", async () => {
    const { b, orderId } = await studentInReview();
    const queue = await call(underwriter, 'GET', '/staff/reviews?perPage=100');
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue
      .json<{ items: { orderId: string; reason: string; customerName: string; waitingSeconds: number }[] }>()
      .items.find((i) => i.orderId === orderId);
    expect(item).toMatchObject({ reason: 'MISSING_FACTS', customerName: 'J*** d*** C***' });
    expect(item!.waitingSeconds).toBeGreaterThanOrEqual(181);

    const view = await call(underwriter, 'GET', `/staff/reviews/${orderId}`);
    expect(view.statusCode, view.body).toBe(200);
    const body = view.json<{
      order: { reason: string; facts: Record<string, unknown>; decision: unknown };
      customer: { nameMasked: string; phoneMasked: string };
      profile: { step: string; fields: { key: string; value: string }[] }[];
    }>();
    expect(body.order).toMatchObject({
      reason: 'MISSING_FACTS',
      facts: { incomeBand: null, employmentType: 'student' },
      decision: null,
    });
    expect(body.customer.nameMasked).toBe('J*** d*** C***');
    expect(body.customer.phoneMasked).toMatch(/^•+\d\d$/);
    const identity = body.profile.find((s) => s.step === 'identityInfo')!.fields;
    expect(identity).toEqual(
      expect.arrayContaining([
        { key: 'birthDate', value: '****-**-**' },
        { key: 'idType', value: 'passport' },
        { key: 'idNumber', value: 'P***' },
      ]),
    );
    expect(view.body).not.toContain('P1234567A');
    expect(view.body).not.toContain('Juan');

    const tooHigh = await call(underwriter, 'POST', `/staff/reviews/${orderId}/decision`, {
      decision: 'approve',
      limitCentavos: 2000000,
    });
    expect(tooHigh.statusCode).toBe(422);
    expect(tooHigh.json()).toMatchObject({ code: 'LIMIT_OUT_OF_RANGE', min: 100000, max: 1000000 });
    const tooLow = await call(underwriter, 'POST', `/staff/reviews/${orderId}/decision`, {
      decision: 'approve',
      limitCentavos: 50000,
    });
    expect(tooLow.json()).toMatchObject({ code: 'LIMIT_OUT_OF_RANGE' });

    const approved = await call(underwriter, 'POST', `/staff/reviews/${orderId}/decision`, {
      decision: 'approve',
      limitCentavos: 200000,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      orderId,
      state: 'accepted',
      decision: { by: { staffId: underwriter.id }, decision: 'approve', limit: 200000 },
    });
    // Below the requested ₱3,000: lowered to the grid's largest amount within the limit, as OVER_LIMIT does.
    const order = (await call(b, 'GET', `/loans/${orderId}`)).json<{ state: string; principalCentavos: number }>();
    expect(order).toMatchObject({ state: 'accepted', principalCentavos: 200000 });
    const home = await call(b, 'GET', '/loans/home');
    expect(home.body).toContain(orderId);
    expect(await templates(b)).toContain('approved');
    const [event] = await api.database.db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.orderId, orderId), eq(loanEvents.kind, 'approved')));
    expect(event!.data).toMatchObject({ by: { staffId: underwriter.id }, limitCentavos: 200000 });

    const again = await call(underwriter2, 'POST', `/staff/reviews/${orderId}/decision`, {
      decision: 'reject',
      reason: 'HIGH_RISK',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_DECIDED', state: 'accepted' });

    const audits = await api.database.db.select().from(auditLog).where(like(auditLog.event, 'staff.review.%'));
    const mine = audits.filter((a) => (a.detail as { orderId?: string } | null)?.orderId === orderId);
    expect(mine.map((a) => a.event).sort()).toEqual(['staff.review.decided', 'staff.review.viewed']);
    for (const a of mine) expect(a).toMatchObject({ staffId: underwriter.id, customerId: b.customerId });

    // Decided, the review still says why it was in review, and who decided what, by name.
    const decidedView = (await call(underwriter2, 'GET', `/staff/reviews/${orderId}`)).json<{
      order: { reason: string | null; decision: unknown };
    }>();
    expect(decidedView.order.reason).toBe('MISSING_FACTS');
    expect(decidedView.order.decision).toMatchObject({
      decision: 'approve',
      limit: 200000,
      staffName: 'Test underwriter',
      reason: null,
      reapplyAfter: null,
    });
  });

  it('rejects with a reason of config/staff.json and a later reapply day; the borrower reads the rejection', async () => {
    const { b, orderId } = await studentInReview();
    const unknown = await call(underwriter, 'POST', `/staff/reviews/${orderId}/decision`, {
      decision: 'reject',
      reason: 'NOT_A_REASON',
    });
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const today = manilaToday(api.now());
    const tooFar = await call(underwriter, 'POST', `/staff/reviews/${orderId}/decision`, {
      decision: 'reject',
      reason: 'ID_MISMATCH',
      reapplyAfter: addDays(today, 181),
    });
    expect(tooFar.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const later = addDays(today, 60);
    const res = await call(underwriter, 'POST', `/staff/reviews/${orderId}/decision`, {
      decision: 'reject',
      reason: 'ID_MISMATCH',
      reapplyAfter: later,
      note: 'photo differs',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'rejected',
      decision: { decision: 'reject', reason: 'ID_MISMATCH', by: { staffId: underwriter.id } },
    });
    expect(await templates(b)).toContain('rejected');
    const view = (await call(underwriter2, 'GET', `/staff/reviews/${orderId}`)).json<{
      order: { reason: string | null; decision: unknown };
    }>();
    expect(view.order.reason).toBe('MISSING_FACTS');
    expect(view.order.decision).toMatchObject({
      decision: 'reject',
      reason: 'ID_MISMATCH',
      reapplyAfter: later,
      note: 'photo differs',
      staffName: 'Test underwriter',
      limit: null,
    });
    const reapply = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(reapply.json()).toMatchObject({ code: 'REAPPLY_LATER', reapplyAfter: later });
  });

  it('a reject without a date gives the decision day plus rejectReapplyDays', async () => {
    const { orderId } = await studentInReview();
    const res = await call(underwriter, 'POST', `/staff/reviews/${orderId}/decision`, {
      decision: 'reject',
      reason: 'HIGH_RISK',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await api.database.db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.orderId, orderId), eq(loanEvents.kind, 'rejected')));
    expect(event!.data).toMatchObject({ reapplyAfter: addDays(manilaToday(api.now()), 30), reason: 'HIGH_RISK' });
  });

  it('an order decided before the review reason was kept shows the reason of its review event', async () => {
    const { orderId } = await studentInReview();
    expect(
      (
        await call(underwriter, 'POST', `/staff/reviews/${orderId}/decision`, {
          decision: 'reject',
          reason: 'HIGH_RISK',
        })
      ).statusCode,
    ).toBe(200);
    const [row] = await api.database.db
      .select({ decision: loanOrders.decision })
      .from(loanOrders)
      .where(eq(loanOrders.id, orderId));
    const { reviewReason, ...older } = row!.decision as { reviewReason?: string };
    expect(reviewReason).toBe('MISSING_FACTS');
    await api.database.db.update(loanOrders).set({ decision: older }).where(eq(loanOrders.id, orderId));
    const view = (await call(underwriter, 'GET', `/staff/reviews/${orderId}`)).json<{
      order: { reason: string | null };
    }>();
    expect(view.order.reason).toBe('MISSING_FACTS');
  });

  it('two underwriters deciding at once: exactly one wins, the other gets ALREADY_DECIDED', async () => {
    const { orderId } = await studentInReview();
    const answers = await Promise.all([
      call(underwriter, 'POST', `/staff/reviews/${orderId}/decision`, { decision: 'approve', limitCentavos: 300000 }),
      call(underwriter2, 'POST', `/staff/reviews/${orderId}/decision`, { decision: 'reject', reason: 'HIGH_RISK' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'ALREADY_DECIDED' });
    const decided = await api.database.db.select().from(loanEvents).where(eq(loanEvents.orderId, orderId));
    expect(decided.filter((e) => e.kind === 'approved' || e.kind === 'rejected')).toHaveLength(1);
  });

  it('the automatic path is unchanged: the job approves an employed borrower and records the system', async () => {
    const b = await login(api);
    await api.database.db.insert(profileSections).values(
      Object.entries(completeSections()).map(([step, data]) => ({
        customerId: b.customerId,
        step,
        data,
        schemaVersion: 'fixture',
      })),
    );
    const res = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    api.advance(181);
    await api.runDueJobs();
    const orderId = res.json<{ id: string }>().id;
    expect((await call(b, 'GET', `/loans/${orderId}`)).json()).toMatchObject({ state: 'accepted' });
    const [event] = await api.database.db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.orderId, orderId), eq(loanEvents.kind, 'approved')));
    expect(event!.data).toMatchObject({ by: 'system' });
    const decided = await call(underwriter, 'POST', `/staff/reviews/${orderId}/decision`, {
      decision: 'approve',
      limitCentavos: 300000,
    });
    expect(decided.json()).toMatchObject({ code: 'ALREADY_DECIDED', state: 'accepted' });
  });

  it('customer service may not read or decide reviews', async () => {
    expect((await call(service, 'GET', '/staff/reviews')).statusCode).toBe(403);
    expect(
      (
        await call(service, 'POST', `/staff/reviews/${randomUUIDLike()}/decision`, {
          decision: 'reject',
          reason: 'HIGH_RISK',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(underwriter, 'GET', `/staff/reviews/${randomUUIDLike()}`)).statusCode).toBe(404);
  });
});

function randomUUIDLike(): string {
  return '00000000-0000-4000-8000-000000000000';
}
