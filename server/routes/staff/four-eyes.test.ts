/**
 * Four eyes on staff accounts (PGlite, and PostgreSQL with TEST_DATABASE_URL): with one administrator an
 * approving role is given at once (audited `fourEyes: false`); once two active administrators exist, a new account
 * with an approving role cannot sign in and a re-role into one does not happen until the other administrator
 * approves; the requester cannot approve (but may withdraw); a refused new account is deleted. On PostgreSQL, a request
 * approved by both at once applies once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffAccounts } from '#server/db/tables.ts';
import { databaseTargets } from '#server/db/test-database.ts';
import { testAddress } from '#server/testing/borrower.ts';
import { caller } from '#server/testing/request.ts';
import { addTestStaff, type TestStaff } from '#server/testing/staff.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';

interface Account {
  id: string;
  role: string;
  awaitingApproval: boolean;
  pendingRole: string | null;
}
interface AccountRequest {
  id: string;
  kind: string;
  accountId: string | null;
  email: string;
  role: string;
  previousRole: string | null;
  state: string;
  requestedBy: { id: string; name: string };
  decidedBy: { id: string; name: string } | null;
}

describe.each(databaseTargets())('four eyes on staff accounts on %s', (kind) => {
  let api: TestApi;
  let ana: TestStaff;
  let ben: TestStaff;
  beforeAll(async () => {
    api = await testApi(kind, { clock: new Date('2026-11-26T10:00:05Z') });
    ana = await addTestStaff(api.database.db, 'administrator', api.now());
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api, { remoteAddress: testAddress });
  const codeOf = (res: { json: <T>() => T }) => res.json<{ code: string }>().code;
  const email = () => `four-eyes-${randomUUID().slice(0, 8)}@lender.test`;
  const create = (by: TestStaff, role: string, address = email()) =>
    call(by, 'POST', '/staff/accounts', { email: address, name: 'Pia Reyes', role });
  const signIn = (address: string, password: string) =>
    api.app.inject({
      method: 'POST',
      url: '/api/v1/staff/auth/login',
      remoteAddress: testAddress(),
      payload: { email: address, password },
    });
  const pending = async (by: TestStaff) =>
    (await call(by, 'GET', '/staff/account-requests?state=pending')).json<{ items: AccountRequest[] }>().items;
  const decide = (by: TestStaff, id: string, approve: boolean) =>
    call(by, 'POST', `/staff/account-requests/${id}/decision`, { approve });
  const roleOf = async (id: string) =>
    (await api.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, id)))[0]?.role;

  it('with a single administrator, gives an approving role at once, audited as without four eyes', async () => {
    const res = await create(ana, 'supervisor');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ requestId: string | null }>().requestId).toBeNull();
    const [entry] = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'staff.account.created'), eq(auditLog.staffId, ana.id)));
    expect(entry!.detail).toMatchObject({ role: 'supervisor', fourEyes: false });
    ben = await addTestStaff(api.database.db, 'administrator', api.now());
  });

  it('with two, a new supervisor waits for the other administrator: no sign-in until approved', async () => {
    const address = email();
    const res = await create(ana, 'supervisor', address);
    expect(res.statusCode, res.body).toBe(202);
    const { account, temporaryPassword, requestId } = res.json<{
      account: Account;
      temporaryPassword: string;
      requestId: string;
    }>();
    expect(account.awaitingApproval).toBe(true);
    expect(codeOf(await signIn(address, temporaryPassword))).toBe('STAFF_LOGIN_FAILED');
    const listed = await pending(ben);
    expect(listed).toContainEqual(
      expect.objectContaining({
        id: requestId,
        kind: 'create',
        accountId: account.id,
        email: address,
        role: 'supervisor',
        state: 'pending',
        requestedBy: { id: ana.id, name: 'Test administrator' },
        decidedBy: null,
      }),
    );
    const own = await decide(ana, requestId, true);
    expect([own.statusCode, codeOf(own)]).toEqual([403, 'SAME_PERSON']);
    const approved = await decide(ben, requestId, true);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ state: 'approved' });
    const again = await decide(ben, requestId, false);
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'ALREADY_DECIDED']);
    const signed = await signIn(address, temporaryPassword);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json<{ staff: { pending: string[] } }>().staff.pending).toEqual(['secondFactor', 'password']);
    const [entry] = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'staff.account.request-approved'), eq(auditLog.staffId, ben.id)));
    expect(entry!.detail).toMatchObject({ requestId, kind: 'create', accountId: account.id, requestedBy: ana.id });
  });

  it('a refused new account is deleted; an account without an approving role needs no second administrator', async () => {
    const address = email();
    const res = await create(ben, 'productStaff', address);
    expect(res.statusCode).toBe(202);
    const { account, requestId } = res.json<{ account: Account; requestId: string }>();
    const refused = await decide(ana, requestId, false);
    expect(refused.json()).toEqual({ state: 'refused' });
    expect(await roleOf(account.id)).toBeUndefined();
    const history = (await call(ana, 'GET', '/staff/account-requests?state=refused')).json<{
      items: AccountRequest[];
    }>().items;
    expect(history).toContainEqual(
      expect.objectContaining({
        id: requestId,
        accountId: null,
        email: address,
        decidedBy: expect.objectContaining({ id: ana.id }),
      }),
    );
    expect((await create(ben, 'underwriter')).statusCode).toBe(201);
    expect((await create(ben, 'customerService')).statusCode).toBe(201);
  });

  it('a re-role into an approving role waits; one request at a time; the requester may withdraw it', async () => {
    const member = await addTestStaff(api.database.db, 'customerService', api.now());
    const asked = await call(ana, 'PATCH', `/staff/accounts/${member.id}`, { role: 'administrator' });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json<Account>()).toMatchObject({ role: 'customerService', pendingRole: 'administrator' });
    expect(await roleOf(member.id)).toBe('customerService');
    expect((await call(member, 'GET', '/staff/auth/me')).statusCode).toBe(200);
    const second = await call(ben, 'PATCH', `/staff/accounts/${member.id}`, { role: 'underwriter' });
    expect([second.statusCode, codeOf(second)]).toEqual([409, 'STAFF_REQUEST_PENDING']);
    const request = (await pending(ben)).find((r) => r.accountId === member.id)!;
    expect(request).toMatchObject({ kind: 'role', role: 'administrator', previousRole: 'customerService' });
    expect((await decide(ana, request.id, false)).json()).toEqual({ state: 'refused' });
    expect(await roleOf(member.id)).toBe('customerService');

    const again = await call(ana, 'PATCH', `/staff/accounts/${member.id}`, { role: 'supervisor' });
    expect(again.statusCode).toBe(202);
    const next = (await pending(ben)).find((r) => r.accountId === member.id)!;
    expect((await decide(ben, next.id, true)).statusCode).toBe(200);
    expect(await roleOf(member.id)).toBe('supervisor');
    // The session carried the old role: it ended.
    expect((await call(member, 'GET', '/staff/auth/me')).statusCode).toBe(401);
    // Down to a role that approves nothing: at once.
    const down = await call(ben, 'PATCH', `/staff/accounts/${member.id}`, { role: 'underwriter' });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json<Account>()).toMatchObject({ role: 'underwriter', pendingRole: null });
  });

  it('is for administrators only, and refuses an unknown request', async () => {
    const supervisor = await addTestStaff(api.database.db, 'supervisor', api.now());
    const list = await call(supervisor, 'GET', '/staff/account-requests');
    expect([list.statusCode, codeOf(list)]).toEqual([403, 'FORBIDDEN']);
    const unknown = await decide(ana, randomUUID(), true);
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'NOT_FOUND']);
  });

  it.runIf(kind === 'postgres')('applies a request approved by several at once once', async () => {
    const carl = await addTestStaff(api.database.db, 'administrator', api.now());
    const member = await addTestStaff(api.database.db, 'underwriter', api.now());
    expect((await call(ana, 'PATCH', `/staff/accounts/${member.id}`, { role: 'productStaff' })).statusCode).toBe(202);
    const request = (await pending(ben)).find((r) => r.accountId === member.id)!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => decide(i % 2 === 0 ? ben : carl, request.id, i % 3 !== 0)),
    );
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409 && codeOf(r) === 'ALREADY_DECIDED')).toHaveLength(9);
    const decisions = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, `staff.account.request-${won[0]!.json<{ state: string }>().state}`)));
    expect(decisions.filter((e) => (e.detail as { requestId: string }).requestId === request.id)).toHaveLength(1);
    expect(await roleOf(member.id)).toBe(
      won[0]!.json<{ state: string }>().state === 'approved' ? 'productStaff' : 'underwriter',
    );
  });
});
