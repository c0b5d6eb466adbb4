/**
 * Staff sign-in through the API (PGlite, and PostgreSQL with TEST_DATABASE_URL): password and authenticator code,
 * one answer for a wrong e-mail or password, a code used once, the tries in a row per network and their lock (taken
 * before anything is checked, so a burst cannot pass them), disabled accounts, the idle timeout,
 * logout, and staff and borrower tokens kept apart. The clock stands still and moves only when a test moves it.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf } from '#domain/staff-roles.ts';
import { auditLog, staffAccounts, staffLoginGuards } from '#server/db/tables.ts';
import { oneDatabase } from '#server/db/test-database.ts';
import { addTestStaff, staffHeaders, totpCode, type TestStaff } from '#server/testing/staff.ts';
import { clientNetwork } from '#server/services/rate-limit.ts';
import { loginSubject } from '#server/services/staff/login-guard.ts';
import { staffConfig } from '#server/services/staff/staff-config.ts';
import { login, testAddress } from '#server/testing/borrower.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';

describe.each(oneDatabase())('staff sign-in on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind, { clock: new Date('2026-11-24T08:00:10Z') });
  });
  afterAll(async () => {
    await api?.close();
  });

  const db = () => api.database.db;
  const signIn = (payload: object, remoteAddress = testAddress()) =>
    api.app.inject({ method: 'POST', url: '/api/v1/staff/auth/login', remoteAddress, payload });
  const me = (token: string) =>
    api.app.inject({ method: 'GET', url: '/api/v1/staff/auth/me', headers: staffHeaders({ token }) });
  const codeOf = (res: { json: <T>() => T }) => res.json<{ code: string }>().code;
  const account = async (staff: TestStaff) =>
    (await db().select().from(staffAccounts).where(eq(staffAccounts.id, staff.id)))[0]!;
  /** The tries in a row an e-mail has used from a client address's network (0 when none are counted). */
  const tries = async (email: string, address: string) =>
    (
      await db()
        .select()
        .from(staffLoginGuards)
        .where(
          and(eq(staffLoginGuards.subject, loginSubject(email)), eq(staffLoginGuards.network, clientNetwork(address))),
        )
    )[0]?.attempts ?? 0;
  /** How many of a staff member's sign-in tries were refused, by reason (each checked one audited, and each locked one). */
  const refusals = async (staffId: string) => {
    const counts: Record<string, number> = {};
    for (const [event, detail] of await events(staffId))
      if (event === 'staff.login.failed') {
        const reason = (detail as { reason: string }).reason;
        counts[reason] = (counts[reason] ?? 0) + 1;
      }
    return counts;
  };
  const events = async (staffId: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.staffId, staffId))).map((e) => [e.event, e.detail]);
  /** Moves the clock to the next 30-second step, so a test's code is one no earlier test used. */
  const nextStep = () => api.advance(30);

  it("signs in with password and code: a token that works, the role's permissions, audited", async () => {
    const staff = await addTestStaff(db(), 'supervisor', api.now());
    const res = await signIn({
      email: staff.email.toUpperCase(),
      password: staff.password,
      code: totpCode(staff.totpSecret, api.now()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{
      token: string;
      expiresAt: string;
      staff: { id: string; email: string; role: string; permissions: string[] };
    }>();
    expect(body.staff).toEqual({
      id: staff.id,
      email: staff.email,
      name: 'Test supervisor',
      role: 'supervisor',
      permissions: [...permissionsOf('supervisor')],
      pending: [],
    });
    expect(new Date(body.expiresAt).getTime()).toBe(api.now().getTime() + staffConfig.session.maxHours * 3_600_000);
    const who = await me(body.token);
    expect(who.statusCode, who.body).toBe(200);
    // The test API runs every provider simulated: the console names them.
    expect(who.json()).toEqual({
      ...body.staff,
      idleMinutes: staffConfig.session.idleMinutes,
      simulatedProviders: ['sms', 'facebook', 'payouts', 'collections'],
    });
    expect((await account(staff)).lastLoginAt?.getTime()).toBe(api.now().getTime());
    expect(await events(staff.id)).toContainEqual(['staff.login.succeeded', null]);
    // No password or code anywhere in the log.
    const log = JSON.stringify(await db().select().from(auditLog));
    expect(log).not.toContain(staff.password);
  });

  it('answers a wrong password and an unknown e-mail alike, and audits both without the password', async () => {
    const staff = await addTestStaff(db(), 'underwriter', api.now());
    const wrong = await signIn({
      email: staff.email,
      password: 'not the password at all',
      code: totpCode(staff.totpSecret, api.now()),
    });
    const unknown = await signIn({ email: 'nobody@lender.test', password: 'not the password at all' });
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([401, 'STAFF_LOGIN_FAILED']);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(await events(staff.id)).toContainEqual(['staff.login.failed', { reason: 'password' }]);
    const refused = await db().select().from(auditLog).where(eq(auditLog.event, 'access.refused'));
    expect(refused.map((e) => e.detail)).toContainEqual({ area: 'staff', reason: 'unknownEmail' });
    expect(JSON.stringify(await db().select().from(auditLog))).not.toContain('not the password at all');
  });

  it('asks for the code when the password is right, refuses a wrong one, and a success starts the tries again', async () => {
    const staff = await addTestStaff(db(), 'underwriter', api.now());
    const office = testAddress();
    const missing = await signIn({ email: staff.email, password: staff.password }, office);
    expect([missing.statusCode, codeOf(missing)]).toEqual([401, 'TOTP_REQUIRED']);
    const right = totpCode(staff.totpSecret, api.now());
    const wrongCode = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (const code of [wrongCode, '12345']) {
      const wrong = await signIn({ email: staff.email, password: staff.password, code }, office);
      expect([wrong.statusCode, codeOf(wrong)], code).toEqual([401, 'TOTP_INVALID']);
    }
    expect(await tries(staff.email, office)).toBe(3);
    const ok = await signIn({ email: staff.email, password: staff.password, code: right }, office);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await tries(staff.email, office)).toBe(0);
  });

  it('accepts a code once: the same code again, or one of an earlier step, is TOTP_REUSED', async () => {
    nextStep();
    const staff = await addTestStaff(db(), 'customerService', api.now());
    const code = totpCode(staff.totpSecret, api.now());
    expect((await signIn({ email: staff.email, password: staff.password, code })).statusCode).toBe(200);
    const again = await signIn({ email: staff.email, password: staff.password, code });
    expect([again.statusCode, codeOf(again)]).toEqual([401, 'TOTP_REUSED']);
    const earlier = await signIn({
      email: staff.email,
      password: staff.password,
      code: totpCode(staff.totpSecret, new Date(api.now().getTime() - 30_000)),
    });
    expect([earlier.statusCode, codeOf(earlier)]).toEqual([401, 'TOTP_REUSED']);
    expect(await events(staff.id)).toContainEqual(['staff.login.failed', { reason: 'codeReused' }]);
    nextStep();
    expect(
      (await signIn({ email: staff.email, password: staff.password, code: totpCode(staff.totpSecret, api.now()) }))
        .statusCode,
    ).toBe(200);
  });

  it('lets exactly one of several concurrent logins with the same code in', async () => {
    nextStep();
    const staff = await addTestStaff(db(), 'administrator', api.now());
    const code = totpCode(staff.totpSecret, api.now());
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => signIn({ email: staff.email, password: staff.password, code })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401]);
    expect(answers.filter((r) => r.statusCode === 401).map(codeOf)).toEqual([
      'TOTP_REUSED',
      'TOTP_REUSED',
      'TOTP_REUSED',
    ]);
  });

  it('gives a network maxFailures tries in a row for an e-mail, then answers it unchecked for lockMinutes, known or not', async () => {
    nextStep();
    const { maxFailures, lockMinutes } = staffConfig.lockout;
    const staff = await addTestStaff(db(), 'supervisor', api.now());
    const attacker = testAddress();
    const answers = [];
    for (let i = 0; i < maxFailures; i += 1) {
      answers.push(await signIn({ email: staff.email, password: 'wrong password here' }, attacker));
      answers.push(await signIn({ email: 'nobody.here@lender.test', password: 'wrong password here' }, attacker));
    }
    // Locked now, for the known e-mail and the unknown one alike: even the right password and code are not checked.
    api.advance(60);
    const right = { email: staff.email, password: staff.password, code: totpCode(staff.totpSecret, api.now()) };
    const locked = [
      await signIn(right, attacker),
      await signIn({ ...right, email: 'nobody.here@lender.test' }, attacker),
    ];
    const failed = { code: 'STAFF_LOGIN_FAILED', maxFailures, lockMinutes };
    for (const answer of [...answers, ...locked]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject(failed);
      expect(answer.headers['retry-after']).toBeUndefined();
    }
    expect(locked[0]!.json()).toEqual(locked[1]!.json());
    expect(await refusals(staff.id)).toEqual({ password: maxFailures, locked: 1 });
    // Another network is not locked out: the staff member signs in from the office.
    const office = await signIn(right, testAddress());
    expect(office.statusCode, office.body).toBe(200);
    // Once lockMinutes have passed, the attacker's network is checked again.
    api.advance(lockMinutes * 60);
    const after = await signIn({ email: staff.email, password: 'wrong password here' }, attacker);
    expect(await refusals(staff.id)).toEqual({ password: maxFailures + 1, locked: 1 });
    expect(after.json()).toMatchObject(failed);
  });

  it('checks at most maxFailures tries of a burst, whatever the concurrency: a right password inside it reveals nothing', async () => {
    nextStep();
    const { maxFailures } = staffConfig.lockout;
    const staff = await addTestStaff(db(), 'administrator', api.now());
    const attacker = testAddress();
    // 25 wrong passwords at once from one network (under its 30 tries a window), the right one among them.
    const burst = Array.from({ length: 25 }, (_, i) =>
      signIn({ email: staff.email, password: i === 12 ? staff.password : `wrong password ${i}` }, attacker),
    );
    const answers = await Promise.all(burst);
    const checked = await refusals(staff.id);
    const codes = answers.map(codeOf);
    expect((checked['password'] ?? 0) + codes.filter((c) => c === 'TOTP_REQUIRED').length).toBe(maxFailures);
    expect(checked['locked']).toBe(25 - maxFailures);
    expect(codes.filter((c) => c !== 'STAFF_LOGIN_FAILED' && c !== 'TOTP_REQUIRED')).toEqual([]);
    // Wrong codes behind the right password, at once from another network: again at most maxFailures checks.
    const second = testAddress();
    const code = totpCode(staff.totpSecret, api.now()) === '000000' ? '111111' : '000000';
    const codeBurst = await Promise.all(
      Array.from({ length: 20 }, () => signIn({ email: staff.email, password: staff.password, code }, second)),
    );
    const afterCodes = await refusals(staff.id);
    expect(afterCodes['code']).toBe(maxFailures);
    expect(codeBurst.filter((r) => codeOf(r) === 'TOTP_INVALID')).toHaveLength(maxFailures);
    expect(codeBurst.filter((r) => codeOf(r) === 'STAFF_LOGIN_FAILED')).toHaveLength(20 - maxFailures);
  });

  it('locks an e-mail on every network after accountMaxFailures tries in a row from all of them; an administrator lifts it', async () => {
    nextStep();
    const { maxFailures, accountMaxFailures } = staffConfig.lockout;
    const staff = await addTestStaff(db(), 'supervisor', api.now());
    const admin = await addTestStaff(db(), 'administrator', api.now());
    const networks = Math.ceil(accountMaxFailures / maxFailures);
    for (let n = 0; n < networks; n += 1) {
      const address = testAddress();
      await Promise.all(
        Array.from({ length: maxFailures }, () => signIn({ email: staff.email, password: 'wrong password' }, address)),
      );
    }
    expect((await refusals(staff.id))['password']).toBe(accountMaxFailures);
    const right = () => ({ email: staff.email, password: staff.password, code: totpCode(staff.totpSecret, api.now()) });
    const fresh = await signIn(right(), testAddress());
    expect(codeOf(fresh)).toBe('STAFF_LOGIN_FAILED');
    const list = await api.app.inject({
      method: 'GET',
      url: `/api/v1/staff/accounts?q=${encodeURIComponent(staff.email)}`,
      headers: staffHeaders(admin),
    });
    expect(list.json<{ items: { lockedUntil: string | null }[] }>().items[0]!.lockedUntil).not.toBeNull();
    const unlock = await api.app.inject({
      method: 'POST',
      url: `/api/v1/staff/accounts/${staff.id}/unlock`,
      headers: staffHeaders(admin),
      payload: {},
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect(unlock.json<{ lockedUntil: string | null }>().lockedUntil).toBeNull();
    nextStep();
    const after = await signIn(right(), testAddress());
    expect(after.statusCode, after.body).toBe(200);
  });

  it('refuses a disabled account like a wrong password, and its sessions end', async () => {
    nextStep();
    const admin = await addTestStaff(db(), 'administrator', api.now());
    const staff = await addTestStaff(db(), 'customerService', api.now());
    expect((await me(staff.token)).statusCode).toBe(200);
    const disabled = await api.app.inject({
      method: 'PATCH',
      url: `/api/v1/staff/accounts/${staff.id}`,
      headers: staffHeaders(admin),
      payload: { disabled: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const dead = await me(staff.token);
    expect([dead.statusCode, codeOf(dead)]).toEqual([401, 'UNAUTHORIZED']);
    const refused = await signIn({
      email: staff.email,
      password: staff.password,
      code: totpCode(staff.totpSecret, api.now()),
    });
    expect([refused.statusCode, codeOf(refused)]).toEqual([401, 'STAFF_LOGIN_FAILED']);
    expect(await events(staff.id)).toContainEqual(['staff.login.failed', { reason: 'disabled' }]);
  });

  it('ends a session unused for idleMinutes; use keeps it alive', async () => {
    const idle = staffConfig.session.idleMinutes * 60;
    const staff = await addTestStaff(db(), 'underwriter', api.now());
    api.advance(idle - 10);
    expect((await me(staff.token)).statusCode).toBe(200);
    api.advance(idle - 10);
    expect((await me(staff.token)).statusCode).toBe(200);
    api.advance(idle);
    const res = await me(staff.token);
    expect([res.statusCode, codeOf(res)]).toEqual([401, 'UNAUTHORIZED']);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('logs out: the token is dead, audited', async () => {
    const staff = await addTestStaff(db(), 'supervisor', api.now());
    const out = await api.app.inject({
      method: 'POST',
      url: '/api/v1/staff/auth/logout',
      headers: staffHeaders(staff),
    });
    expect(out.statusCode, out.body).toBe(204);
    expect(out.headers['cache-control']).toBe('no-store');
    expect((await me(staff.token)).statusCode).toBe(401);
    expect(
      (await api.app.inject({ method: 'POST', url: '/api/v1/staff/auth/logout', headers: staffHeaders(staff) }))
        .statusCode,
    ).toBe(401);
    expect(await events(staff.id)).toContainEqual(['staff.logout', null]);
  });

  it('keeps staff and borrower tokens apart', async () => {
    const borrower = await login(api);
    const staff = await addTestStaff(db(), 'administrator', api.now());
    const withBorrower = await api.app.inject({
      method: 'GET',
      url: '/api/v1/staff/auth/me',
      headers: borrower.headers,
    });
    expect([withBorrower.statusCode, codeOf(withBorrower)]).toEqual([401, 'UNAUTHORIZED']);
    const withBorrowerAccounts = await api.app.inject({
      method: 'GET',
      url: '/api/v1/staff/accounts',
      headers: borrower.headers,
    });
    expect(withBorrowerAccounts.statusCode).toBe(401);
    const withStaff = await api.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { ...staffHeaders(staff), 'x-customer-id': borrower.customerId },
    });
    expect(withStaff.statusCode).toBe(401);
    expect((await api.app.inject({ method: 'GET', url: '/api/v1/me', headers: borrower.headers })).statusCode).toBe(
      200,
    );
  });

  it('throttles sign-in tries per client address (TOO_FREQUENT), whatever the e-mail', async () => {
    const address = testAddress();
    const answers: number[] = [];
    for (let i = 0; i < 32; i += 1)
      answers.push((await signIn({ email: `nobody${i}@lender.test`, password: 'whatever it is' }, address)).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 401)).toBe(true);
    const last = await signIn({ email: 'nobody@lender.test', password: 'whatever it is' }, address);
    expect([last.statusCode, codeOf(last)]).toEqual([429, 'TOO_FREQUENT']);
    expect(
      (
        await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.event, 'throttled'), eq(auditLog.ip, address)))
      ).length,
    ).toBeGreaterThan(0);
  });
});
