import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contactSchema from '#forms/contact.schema.json' with { type: 'json' };
import { databaseTargets } from '../db/test-database.ts';
import { customers, formVersions, onboardingVisits } from '../db/tables.ts';
import { login, type Borrower } from '../testing/borrower.ts';
import { caller } from '../testing/request.ts';
import { addTestStaff, staffHeaders } from '../testing/staff.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';
import { toCsv } from './book.ts';
import { declaresPath, FUNNEL_COLUMNS, funnelOf, funnelTable, VISIT_REPORTS } from './onboarding-funnel.ts';

describe('the field paths a report may name', () => {
  const schema = contactSchema;
  it('are the properties the schema declares, list items entered without an index', () => {
    expect(declaresPath(schema, 'email')).toBe(true);
    expect(declaresPath(schema, 'emergencyContacts')).toBe(true);
    expect(declaresPath(schema, 'emergencyContacts.phone')).toBe(true);
    expect(declaresPath(schema, 'emergencyContacts.0.phone')).toBe(false);
    expect(declaresPath(schema, 'emergencyContacts.salary')).toBe(false);
    expect(declaresPath(schema, 'password')).toBe(false);
    expect(declaresPath(schema, 'email.length')).toBe(false);
    expect(declaresPath(schema, '')).toBe(false);
    expect(declaresPath(schema, 'juan@example.com')).toBe(false);
  });
});

// Wednesday 10 March 2027, noon in Manila: the API's clock stands still and moves by advance().
const NOON = new Date('2027-03-10T04:00:00Z');

describe.each(databaseTargets())('the onboarding funnel on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind, { clock: NOON });
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);
  const visit = (who: Borrower, step: string, body: object) => call(who, 'POST', `/profile/steps/${step}/visits`, body);
  const funnel = async (query = '') => {
    const supervisor = await addTestStaff(api.database.db, 'supervisor', api.now());
    const res = await api.app.inject({
      method: 'GET',
      url: `/api/v1/staff/book/funnel${query}`,
      headers: staffHeaders(supervisor),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      from: string;
      to: string;
      steps: { step: string; formVersion: number; reached: number; completed: number; errors: unknown[] }[];
    }>();
  };

  it('refuses what the published flow and forms do not have, drops undeclared paths, and wants a session', async () => {
    const a = await login(api);
    expect((await visit(a, 'salaryInfo', { formVersion: 1 })).json()).toMatchObject({ code: 'STEP_UNKNOWN' });
    const unknownVersion = await visit(a, 'baseInfo', { formVersion: 99 });
    expect(unknownVersion.statusCode).toBe(400);
    expect(unknownVersion.json()).toMatchObject({ code: 'INVALID_INPUT' });
    for (const body of [
      {},
      { formVersion: 0 },
      { formVersion: '1' },
      { formVersion: 1, errors: 'maritalStatus' },
      { formVersion: 1, errors: Array.from({ length: 31 }, (_, i) => `field${i}`) },
      { formVersion: 1, errors: ['x'.repeat(121)] },
      // A value where a path goes: refused by the path's form, never stored.
      { formVersion: 1, errors: ['Juan Dela Cruz'] },
      { formVersion: 1, errors: ['/maritalStatus'] },
      { formVersion: 1, data: { maritalStatus: 'single' } },
    ]) {
      const res = await visit(a, 'baseInfo', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    // A replaced version is still reported (a borrower's page may show it); a withdrawn one never.
    const [seed] = await api.database.db
      .select()
      .from(formVersions)
      .where(and(eq(formVersions.kind, 'form'), eq(formVersions.name, 'baseInfo'), eq(formVersions.version, 1)));
    const { id: _id, ...copy } = seed!;
    await api.database.db.insert(formVersions).values([
      { ...copy, version: 7, status: 'archived', retiredAt: api.now() },
      { ...copy, version: 8, status: 'archived', withdrawnAt: api.now(), withdrawnReason: 'wrong rule' },
    ]);
    expect((await visit(a, 'baseInfo', { formVersion: 7 })).statusCode).toBe(204);
    expect((await visit(a, 'baseInfo', { formVersion: 8 })).json()).toMatchObject({ code: 'INVALID_INPUT' });
    await api.database.db.delete(onboardingVisits).where(eq(onboardingVisits.customerId, a.customerId));
    const none = await api.app.inject({
      method: 'POST',
      url: '/api/v1/profile/steps/baseInfo/visits',
      payload: { formVersion: 1 },
    });
    expect(none.statusCode).toBe(401);
    const ok = await visit(a, 'baseInfo', { formVersion: 1, errors: ['maritalStatus', 'salary', 'maritalStatus'] });
    expect(ok.statusCode, ok.body).toBe(204);
    expect(ok.body).toBe('');
    const rows = await api.database.db
      .select()
      .from(onboardingVisits)
      .where(eq(onboardingVisits.customerId, a.customerId));
    expect(rows).toEqual([
      expect.objectContaining({
        step: 'baseInfo',
        formVersion: 1,
        completedAt: null,
        errorFields: { maritalStatus: api.now().getTime() },
      }),
    ]);
  });

  it('limits how often one borrower reports', async () => {
    const a = await login(api);
    for (let i = 0; i < VISIT_REPORTS.limit; i += 1)
      expect((await visit(a, 'baseInfo', { formVersion: 1 })).statusCode).toBe(204);
    expect((await visit(a, 'baseInfo', { formVersion: 1 })).json()).toMatchObject({ code: 'TOO_FREQUENT' });
    // Another borrower is not held back by it.
    expect((await visit(await login(api), 'baseInfo', { formVersion: 1 })).statusCode).toBe(204);
  });

  it('counts distinct borrowers who reached and completed each step and were shown each error, in the range', async () => {
    // A fresh range: the days before the other tests' reports.
    api.advance(3 * 86_400);
    const today = '2027-03-13';
    const [a, b, c, d] = await Promise.all([login(api), login(api), login(api), login(api)]);
    // a: opens the step twice, refused twice on the same fields, never saves.
    for (let i = 0; i < 2; i += 1) {
      await visit(a, 'baseInfo', { formVersion: 1 });
      await visit(a, 'baseInfo', { formVersion: 1, errors: ['maritalStatus', 'education'] });
    }
    // b: refused on one field, then saves (the completion).
    await visit(b, 'baseInfo', { formVersion: 1 });
    await visit(b, 'baseInfo', { formVersion: 1, errors: ['maritalStatus'] });
    expect(
      (await call(b, 'PUT', '/profile/baseInfo?formVersion=1', { maritalStatus: 'single', education: 'college' }))
        .statusCode,
    ).toBe(200);
    // Saving again is not a second completion.
    expect(
      (await call(b, 'PUT', '/profile/baseInfo', { maritalStatus: 'single', education: 'college' })).statusCode,
    ).toBe(200);
    // c: saves without the app having reported (an old app): reached by saving.
    expect(
      (await call(c, 'PUT', '/profile/baseInfo', { maritalStatus: 'married', children: 'no', education: 'college' }))
        .statusCode,
    ).toBe(200);
    // d: opens the contact step, a contact's phone in error (every contact's phone is one field).
    await visit(d, 'contact', { formVersion: 1, errors: ['emergencyContacts.phone', 'email'] });

    const answer = await funnel(`?from=${today}&to=${today}`);
    expect(answer).toMatchObject({ from: today, to: today });
    // Every step of the published flow, in its order, with its published version.
    expect(answer.steps.map((s) => s.step)).toEqual([
      'identityInfo',
      'baseInfo',
      'baseInfo2',
      'addressInfo',
      'contact',
      'workInfo',
      'bankInfo',
    ]);
    expect(answer.steps.find((s) => s.step === 'baseInfo')).toEqual({
      step: 'baseInfo',
      formVersion: 1,
      reached: 3,
      completed: 2,
      errors: [
        { field: 'maritalStatus', borrowers: 2 },
        { field: 'education', borrowers: 1 },
      ],
    });
    expect(answer.steps.find((s) => s.step === 'contact')).toEqual({
      step: 'contact',
      formVersion: 1,
      reached: 1,
      completed: 0,
      errors: [
        { field: 'email', borrowers: 1 },
        { field: 'emergencyContacts.phone', borrowers: 1 },
      ],
    });
    expect(answer.steps.find((s) => s.step === 'identityInfo')).toEqual({
      step: 'identityInfo',
      formVersion: 1,
      reached: 0,
      completed: 0,
      errors: [],
    });

    // The next day: a's error shown again moves to that day; b's and the reach stay on the first day.
    api.advance(86_400);
    await visit(a, 'baseInfo', { formVersion: 1, errors: ['education'] });
    const next = await funnel('?from=2027-03-14&to=2027-03-14');
    expect(next.steps.find((s) => s.step === 'baseInfo')).toEqual({
      step: 'baseInfo',
      formVersion: 1,
      reached: 0,
      completed: 0,
      errors: [{ field: 'education', borrowers: 1 }],
    });
    const both = await funnel('?from=2027-03-13&to=2027-03-14');
    expect(both.steps.find((s) => s.step === 'baseInfo')).toMatchObject({
      reached: 3,
      completed: 2,
      errors: [
        { field: 'maritalStatus', borrowers: 2 },
        { field: 'education', borrowers: 1 },
      ],
    });
    // The CSV export's table: one line per field in error (a's education error now counts on the 14th).
    const table = funnelTable(await funnelOf(api.database.db, { from: '2027-03-13', to: '2027-03-13' }));
    const csv = toCsv(table, FUNNEL_COLUMNS)
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(csv[0]).toEqual(['step', 'formVersion', 'reached', 'completed', 'errorField', 'errorBorrowers']);
    expect(csv.filter((line) => line[0] === 'baseInfo')).toEqual([['baseInfo', '1', '3', '2', 'maritalStatus', '2']]);
    expect(csv.filter((line) => line[0] === 'contact')).toEqual([
      ['contact', '1', '1', '0', 'email', '1'],
      ['contact', '1', '1', '0', 'emergencyContacts.phone', '1'],
    ]);
    expect(csv).toContainEqual(['identityInfo', '1', '0', '0', '', '']);

    // The record goes with the borrower.
    await api.database.db.delete(customers).where(eq(customers.id, a.customerId));
    const after = await funnel('?from=2027-03-13&to=2027-03-14');
    expect(after.steps.find((s) => s.step === 'baseInfo')).toMatchObject({
      reached: 2,
      errors: [{ field: 'maritalStatus', borrowers: 1 }],
    });
  });

  it('answers the last 30 days by default, refuses a reversed or over-long range, and only to book.read', async () => {
    const answer = await funnel();
    expect(answer.to).toBe('2027-03-14');
    expect(answer.from).toBe('2027-02-13');
    const supervisor = await addTestStaff(api.database.db, 'supervisor', api.now());
    for (const query of ['?from=2027-03-14&to=2027-03-01', '?from=2025-01-01&to=2027-03-01', '?from=2027-02-30']) {
      const res = await api.app.inject({
        method: 'GET',
        url: `/api/v1/staff/book/funnel${query}`,
        headers: staffHeaders(supervisor),
      });
      expect(res.statusCode, query).toBe(400);
    }
    const collector = await addTestStaff(api.database.db, 'collector', api.now());
    const refused = await api.app.inject({
      method: 'GET',
      url: '/api/v1/staff/book/funnel',
      headers: staffHeaders(collector),
    });
    expect(refused.statusCode).toBe(403);
    const administrator = await addTestStaff(api.database.db, 'administrator', api.now());
    const allowed = await api.app.inject({
      method: 'GET',
      url: '/api/v1/staff/book/funnel',
      headers: staffHeaders(administrator),
    });
    expect(allowed.statusCode).toBe(200);
  });
});
