/**
 * Staff accounts and the audit log through the API (PGlite, and PostgreSQL with TEST_DATABASE_URL): an administrator
 * adds a member (a temporary password, no second factor: passwords.test.ts follows the first sign-in), renames,
 * re-roles (sessions end), disables, resets a second factor, unlocks; cannot disable or de-role themselves. The audit log shows every action with who did it, and
 * borrowers' security events, never a phone number.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, StaffAccountAnswer } from '#api-contract/staff.ts';
import { staffAccounts } from '#server/db/tables.ts';
import { databaseTargets } from '#server/db/test-database.ts';
import { staffConfig } from '#server/services/staff/staff-config.ts';
import { login, testAddress } from '#server/testing/borrower.ts';
import { caller } from '#server/testing/request.ts';
import { addTestStaff, totpCode, type TestStaff } from '#server/testing/staff.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';

/** The contract's answers (api-contract/staff.ts). */
type Account = StaffAccountAnswer;

describe.each(databaseTargets())('staff accounts and the audit log on %s', (kind) => {
  let api: TestApi;
  let admin: TestStaff;
  beforeAll(async () => {
    api = await testApi(kind, { clock: new Date('2026-11-24T10:00:05Z') });
    admin = await addTestStaff(api.database.db, 'administrator', api.now());
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api, { remoteAddress: testAddress });
  const codeOf = (res: { json: <T>() => T }) => res.json<{ code: string }>().code;
  const alive = async (who: Pick<TestStaff, 'token'>) => (await call(who, 'GET', '/staff/auth/me')).statusCode === 200;
  const signIn = (email: string, password: string, secret: string, remoteAddress = testAddress()) =>
    api.app.inject({
      method: 'POST',
      url: '/api/v1/staff/auth/login',
      remoteAddress,
      payload: { email, password, code: totpCode(secret, api.now()) },
    });
  const auditOf = async (query: string) => {
    const res = await call(admin, 'GET', `/staff/audit${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: AuditEntry[]; total: number }>();
  };

  it('creates an account with a temporary password and no second factor: its owner signs in to set it up', async () => {
    const res = await call(admin, 'POST', '/staff/accounts', {
      email: 'Maria.Santos@Lender.test',
      name: ' Maria Santos ',
      role: 'underwriter',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { account, temporaryPassword } = res.json<{ account: Account; temporaryPassword: string }>();
    expect(account).toMatchObject({
      email: 'maria.santos@lender.test',
      name: 'Maria Santos',
      role: 'underwriter',
      disabled: false,
      awaitingApproval: false,
      pendingRole: null,
      setupPending: ['secondFactor', 'password'],
      lockedUntil: null,
      lastLoginAt: null,
      createdAt: api.now().toISOString(),
    });
    expect(res.body).not.toMatch(/otpauth|secret/iu);
    const signed = await api.app.inject({
      method: 'POST',
      url: '/api/v1/staff/auth/login',
      remoteAddress: testAddress(),
      payload: { email: 'maria.santos@lender.test', password: temporaryPassword },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json<{ staff: { pending: string[] } }>().staff.pending).toEqual(['secondFactor', 'password']);
    const [row] = await api.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, account.id));
    expect(row!.createdBy).toBe(admin.id);
    const { items } = await auditOf(`?action=staff.account.created&staffId=${admin.id}`);
    expect(items[0]).toMatchObject({
      event: 'staff.account.created',
      staffId: admin.id,
      staffEmail: admin.email,
      detail: { accountId: account.id, role: 'underwriter' },
    });
    expect(JSON.stringify(items)).not.toContain(temporaryPassword);
  });

  it('refuses a taken e-mail (whatever its case), a password chosen by the creator and a malformed e-mail', async () => {
    const taken = await call(admin, 'POST', '/staff/accounts', {
      email: 'MARIA.SANTOS@lender.test',
      name: 'Other',
      role: 'supervisor',
    });
    expect([taken.statusCode, codeOf(taken)]).toEqual([409, 'STAFF_EMAIL_TAKEN']);
    const chosen = await call(admin, 'POST', '/staff/accounts', {
      email: 'chosen@lender.test',
      name: 'Chosen',
      role: 'supervisor',
      password: 'password1234',
    });
    expect([chosen.statusCode, codeOf(chosen)]).toEqual([400, 'INVALID_INPUT']);
    const malformed = await call(admin, 'POST', '/staff/accounts', {
      email: 'not an e-mail',
      name: 'Bad',
      role: 'supervisor',
    });
    expect([malformed.statusCode, codeOf(malformed)]).toEqual([400, 'INVALID_INPUT']);
  });

  it('lists accounts by page, role and a part of the e-mail or name', async () => {
    for (const [name, role] of [
      ['Liza Ramos', 'supervisor'],
      ['Jose Rizal', 'customerService'],
      ['Andres 100%', 'customerService'],
    ] as const) {
      const res = await call(admin, 'POST', '/staff/accounts', {
        email: `${name.split(' ')[0]!.toLowerCase()}@lender.test`,
        name,
        role,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const all = (await call(admin, 'GET', '/staff/accounts?perPage=2')).json<{ items: Account[]; total: number }>();
    expect(all.items).toHaveLength(2);
    const second = (await call(admin, 'GET', '/staff/accounts?perPage=2&page=2')).json<{
      items: Account[];
      total: number;
    }>();
    expect(second.total).toBe(all.total);
    expect(second.items.map((a) => a.id)).not.toContain(all.items[0]!.id);
    const service = (await call(admin, 'GET', '/staff/accounts?role=customerService')).json<{ items: Account[] }>();
    expect(service.items.map((a) => a.name).sort()).toEqual(['Andres 100%', 'Jose Rizal']);
    expect(
      (await call(admin, 'GET', '/staff/accounts?q=RIZAL')).json<{ items: Account[] }>().items.map((a) => a.name),
    ).toEqual(['Jose Rizal']);
    expect(
      (await call(admin, 'GET', `/staff/accounts?q=${encodeURIComponent('0%')}`))
        .json<{ items: Account[] }>()
        .items.map((a) => a.name),
    ).toEqual(['Andres 100%']);
    const tooMany = await call(admin, 'GET', '/staff/accounts?perPage=101');
    expect([tooMany.statusCode, codeOf(tooMany)]).toEqual([400, 'INVALID_INPUT']);
  });

  it('renames without ending sessions; a re-role ends them, audited with the roles', async () => {
    const member = await addTestStaff(api.database.db, 'customerService', api.now());
    const renamed = await call(admin, 'PATCH', `/staff/accounts/${member.id}`, { name: 'New Name' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Account>().name).toBe('New Name');
    expect(await alive(member)).toBe(true);
    const reroled = await call(admin, 'PATCH', `/staff/accounts/${member.id}`, { role: 'supervisor' });
    expect(reroled.json<Account>().role).toBe('supervisor');
    expect(await alive(member)).toBe(false);
    const { items } = await auditOf(`?action=staff.account.updated&staffId=${admin.id}`);
    expect(items[0]!.detail).toEqual({
      accountId: member.id,
      role: 'supervisor',
      disabled: false,
      previousRole: 'customerService',
      // The only administrator: no second one to ask (four-eyes.test.ts).
      fourEyes: false,
    });
  });

  it('disables and enables an account; an administrator cannot disable or de-role themselves', async () => {
    const member = await addTestStaff(api.database.db, 'underwriter', api.now());
    const off = await call(admin, 'PATCH', `/staff/accounts/${member.id}`, { disabled: true });
    expect(off.json<Account>().disabled).toBe(true);
    expect(await alive(member)).toBe(false);
    const on = await call(admin, 'PATCH', `/staff/accounts/${member.id}`, { disabled: false });
    expect(on.json<Account>().disabled).toBe(false);
    api.advance(30);
    expect((await signIn(member.email, member.password, member.totpSecret)).statusCode).toBe(200);
    for (const patch of [{ disabled: true }, { role: 'supervisor' }]) {
      const self = await call(admin, 'PATCH', `/staff/accounts/${admin.id}`, patch);
      expect([self.statusCode, codeOf(self)], JSON.stringify(patch)).toEqual([403, 'FORBIDDEN']);
    }
    expect(await alive(admin)).toBe(true);
    expect(
      (await call(admin, 'PATCH', `/staff/accounts/${admin.id}`, { name: 'Admin Renamed', role: 'administrator' }))
        .statusCode,
    ).toBe(200);
    const unknown = await call(admin, 'PATCH', '/staff/accounts/00000000-0000-4000-8000-000000000000', { name: 'X' });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'NOT_FOUND']);
  });

  it('resets a second factor: no secret in the answer, the sessions end, the owner enrols again', async () => {
    const member = await addTestStaff(api.database.db, 'supervisor', api.now());
    const res = await call(admin, 'POST', `/staff/accounts/${member.id}/reset-second-factor`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Account>()).toMatchObject({ id: member.id, setupPending: ['secondFactor'] });
    expect(res.body).not.toMatch(/otpauth|secret/iu);
    expect(await alive(member)).toBe(false);
    api.advance(30);
    const next = await signIn(member.email, member.password, member.totpSecret);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json<{ staff: { pending: string[] } }>().staff.pending).toEqual(['secondFactor']);
    const { items } = await auditOf(`?action=staff.account.second-factor-reset`);
    expect(items[0]).toMatchObject({ staffId: admin.id, detail: { accountId: member.id } });
  });

  it('unlocks a locked account: its tries start again on every network', async () => {
    const member = await addTestStaff(api.database.db, 'underwriter', api.now());
    const office = testAddress();
    for (let i = 0; i < staffConfig.lockout.maxFailures; i += 1)
      await signIn(member.email, 'wrong password given', member.totpSecret, office);
    const listed = (await call(admin, 'GET', `/staff/accounts?q=${member.email}`)).json<{ items: Account[] }>()
      .items[0]!;
    expect(listed.lockedUntil).toBe(
      new Date(api.now().getTime() + staffConfig.lockout.lockMinutes * 60_000).toISOString(),
    );
    const unlocked = await call(admin, 'POST', `/staff/accounts/${member.id}/unlock`, {});
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json<Account>().lockedUntil).toBeNull();
    api.advance(30);
    expect((await signIn(member.email, member.password, member.totpSecret, office)).statusCode).toBe(200);
  });

  it("shows the audit log newest first, with borrowers' events, filtered, never a phone number", async () => {
    const supervisor = await addTestStaff(api.database.db, 'supervisor', api.now());
    const borrower = await login(api);
    const res = await call(supervisor, 'GET', '/staff/audit?perPage=100');
    expect(res.statusCode, res.body).toBe(200);
    const { items, total } = res.json<{ items: AuditEntry[]; total: number }>();
    expect(items.length).toBe(Math.min(100, total));
    const times = items.map((e) => Date.parse(e.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(res.body).not.toContain(borrower.phone);
    const own = await auditOf(`?customerId=${borrower.customerId}`);
    expect(own.items.map((e) => e.event)).toContain('login.succeeded');
    expect(
      own.items.every((e) => e.customerId === borrower.customerId && e.staffId === null && e.staffEmail === null),
    ).toBe(true);
    expect(JSON.stringify(own)).not.toContain(borrower.phone);
    const logins = await auditOf('?action=staff.login.');
    expect(logins.items.length).toBeGreaterThan(0);
    expect(logins.items.every((e) => e.event.startsWith('staff.login.'))).toBe(true);
    expect((await auditOf('?action=staff_')).total).toBe(0);
    // The log's time is the database's (not the suite's clock).
    const later = new Date(Date.now() + 60_000).toISOString();
    const earlier = new Date(Date.now() - 3_600_000).toISOString();
    expect((await auditOf(`?from=${encodeURIComponent(later)}`)).total).toBe(0);
    // Each read of the log is a row of it (staff.audit.read), written after the page it answers.
    const all = (await auditOf('')).total;
    expect((await auditOf(`?from=${encodeURIComponent(earlier)}&to=${encodeURIComponent(later)}`)).total).toBe(all + 1);
    expect((await auditOf(`?to=${encodeURIComponent(earlier)}`)).total).toBe(0);
    const refused = await call(await addTestStaff(api.database.db, 'underwriter', api.now()), 'GET', '/staff/audit');
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'FORBIDDEN']);
  });
});
