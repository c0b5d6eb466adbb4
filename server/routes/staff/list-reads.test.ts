/**
 * Every staff list of personal data is audited when read (the feedback inbox, the review queue,
 * coupon grants, deletion requests, refunds, the audit log itself, the staff accounts), one row per page: who, which
 * list, its filters, the page, how many rows it showed and of how many; never what the rows hold. A refused read
 * writes no list row.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '#domain/staff-roles.ts';
import { auditLog, profileSections } from '#server/db/tables.ts';
import { oneDatabase } from '#server/db/test-database.ts';
import { login, type Borrower } from '#server/testing/borrower.ts';
import { completeSections, STANDARD_LOAN } from '#server/testing/loan-fixtures.ts';
import { caller, newKey } from '#server/testing/request.ts';
import { addTestStaff, type TestStaff } from '#server/testing/staff.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';

const NAME = 'Leonora Bagatsing';
const FEEDBACK = 'Leonora here, my payment of last week is missing';

describe.each(oneDatabase())('staff list reads audited on %s', (kind) => {
  let api: TestApi;
  let cs: TestStaff;
  let supervisor: TestStaff;
  let underwriter: TestStaff;
  let admin: TestStaff;
  let b: Borrower;
  const call = caller(() => api);

  beforeAll(async () => {
    api = await testApi(kind);
    const add = (role: StaffRole) => addTestStaff(api.database.db, role, api.now());
    [cs, supervisor, underwriter, admin] = await Promise.all([
      add('customerService'),
      add('supervisor'),
      add('underwriter'),
      add('administrator'),
    ]);
    // A deletion request (opened while no order is open), a feedback, a coupon grant waiting for a supervisor, and an
    // application of a student (no income band): the underwriting job leaves it for a person, in the review queue.
    b = await login(api);
    const sections = {
      ...completeSections({ identityInfo: { name: NAME } }),
      workInfo: {
        employmentType: 'student',
        schoolName: 'Mapua University',
        major: 'BS Civil Engineering',
        admissionDate: '2023-08-14',
        graduationDate: '2027-06-30',
      },
    };
    await api.database.db.insert(profileSections).values(
      Object.entries(sections).map(([step, data]) => ({
        customerId: b.customerId,
        step,
        data,
        schemaVersion: 'fixture',
      })),
    );
    const deletion = await call(cs, 'POST', `/staff/customers/${b.customerId}/deletion-requests`, {
      verification: 'registeredPhoneCallback',
    });
    expect(deletion.statusCode, deletion.body).toBe(201);
    expect((await call(b, 'POST', '/feedback', { category: 'app', text: FEEDBACK })).statusCode).toBe(201);
    const grant = await call(cs, 'POST', `/staff/customers/${b.customerId}/coupon-grants`, {
      definitionId: 'goodwill200',
      reason: `Goodwill for ${NAME}`,
    });
    expect(grant.json()).toMatchObject({ state: 'pending' });
    const applied = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(applied.statusCode, applied.body).toBe(201);
    api.advance(181);
    await api.runDueJobs();
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  /** The newest audit row of `who`. */
  const lastRow = async (who: TestStaff) =>
    (
      await api.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.staffId, who.id))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  it.each([
    [
      'the feedback inbox',
      () => cs,
      '/staff/feedback?state=open&perPage=5',
      'staff.feedback.listed',
      { state: 'open' },
    ],
    ['the review queue', () => underwriter, '/staff/reviews', 'staff.review.listed', undefined],
    [
      'coupon grants',
      () => supervisor,
      '/staff/coupon-grants?state=pending',
      'staff.coupon.grants-listed',
      { state: 'pending' },
    ],
    [
      'deletion requests',
      () => supervisor,
      '/staff/deletion-requests?state=pending',
      'staff.deletion.listed',
      { state: 'pending' },
    ],
    ['refunds', () => supervisor, '/staff/refunds?state=failed', 'staff.refund.listed', { state: 'failed' }],
    [
      'the staff accounts',
      () => admin,
      '/staff/accounts?role=customerService',
      'staff.account.listed',
      { role: 'customerService' },
    ],
  ] as const)(
    '%s: one row per page read, with its filters and counts, none of its content',
    async (_list, who, url, event, filters) => {
      const res = await call(who(), 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<{ items: unknown[]; total: number }>();
      const row = await lastRow(who());
      expect(row).toMatchObject({
        event,
        customerId: null,
        detail: { ...(filters && { filters }), page: 1, count: answer.items.length, total: answer.total },
      });
      if (event !== 'staff.refund.listed') expect(answer.items.length).toBeGreaterThan(0);
      expect(JSON.stringify(row!.detail)).not.toMatch(/Leonora|Bagatsing|missing|@lender/u);
      expect(JSON.stringify(row!.detail)).not.toContain(b.phone);
    },
  );

  it("a customer's deletion requests and refunds: the row names the customer", async () => {
    expect((await call(cs, 'GET', `/staff/customers/${b.customerId}/deletion-requests`)).statusCode).toBe(200);
    expect(await lastRow(cs)).toMatchObject({
      event: 'staff.deletion.listed',
      customerId: b.customerId,
      detail: { page: 1, count: 1, total: 1 },
    });
    expect((await call(supervisor, 'GET', `/staff/refunds?customerId=${b.customerId}`)).statusCode).toBe(200);
    expect(await lastRow(supervisor)).toMatchObject({ event: 'staff.refund.listed', customerId: b.customerId });
  });

  it('the audit log: its read is audited after the page it answers, with the filters', async () => {
    const res = await call(supervisor, 'GET', `/staff/audit?action=staff.feedback&staffId=${cs.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ items: { event: string }[]; total: number }>();
    expect(answer.items.map((i) => i.event)).toEqual(['staff.feedback.listed']);
    expect(await lastRow(supervisor)).toMatchObject({
      event: 'staff.audit.read',
      detail: { filters: { action: 'staff.feedback', staffId: cs.id }, page: 1, count: 1, total: 1 },
    });
    // The next read finds the first one.
    const reads = await call(admin, 'GET', `/staff/audit?action=staff.audit.read&staffId=${supervisor.id}`);
    expect(reads.json<{ total: number }>().total).toBe(1);
  });

  it('a refused read writes the refusal, no list row', async () => {
    const res = await call(cs, 'GET', '/staff/audit');
    expect(res.statusCode).toBe(403);
    const rows = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, cs.id), eq(auditLog.event, 'staff.audit.read')));
    expect(rows).toEqual([]);
    expect(await lastRow(cs)).toMatchObject({ event: 'staff.access.refused' });
  });
});
