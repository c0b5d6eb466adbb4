/**
 * Staff passwords and first sign-in through the API (§4; PGlite, and PostgreSQL with TEST_DATABASE_URL):
 * an administrator creates an account and gets a temporary password only (never a TOTP secret); the owner signs in
 * with it into a session that can do nothing but enrol an authenticator (the secret shown to them, confirmed by a first
 * code) and set their own password, which the policy checks. A member changes their own password (their other
 * sessions end); an administrator resets a password (sessions end, a new one is set at the next sign-in) or a second
 * factor (the owner enrols again), but never both of one account at once.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffAccounts } from '#server/db/tables.ts';
import { oneDatabase } from '#server/db/test-database.ts';
import { testAddress } from '#server/testing/borrower.ts';
import { caller } from '#server/testing/request.ts';
import { addTestStaff, totpCode, type TestStaff } from '#server/testing/staff.ts';
import { openStaffSession } from '#server/services/staff/sessions.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';
import { staffRouteTable } from './group.ts';

const NEW_PASSWORD = 'mango float on a rainy tuesday';

describe.each(oneDatabase())('staff passwords and first sign-in on %s', (kind) => {
  let api: TestApi;
  let admin: TestStaff;
  beforeAll(async () => {
    api = await testApi(kind, { clock: new Date('2026-11-25T10:00:05Z') });
    admin = await addTestStaff(api.database.db, 'administrator', api.now());
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api, { remoteAddress: testAddress });
  const codeOf = (res: { json: <T>() => T }) => res.json<{ code: string }>().code;
  const alive = async (who: { token: string }) => (await call(who, 'GET', '/staff/auth/me')).statusCode === 200;
  const signIn = (email: string, password: string, secret?: string) =>
    api.app.inject({
      method: 'POST',
      url: '/api/v1/staff/auth/login',
      remoteAddress: testAddress(),
      payload: { email, password, ...(secret && { code: totpCode(secret, api.now()) }) },
    });
  const session = (res: { json: <T>() => T }) => res.json<{ token: string; staff: { pending: string[] } }>();
  const events = async (staffId: string) =>
    (await api.database.db.select().from(auditLog).where(eq(auditLog.staffId, staffId))).map((e) => e.event);

  /** An account made by the administrator, signed in with its temporary password, enrolled and set up. */
  async function newMember(role = 'supervisor') {
    const email = `member-${randomUUID().slice(0, 8)}@lender.test`;
    const created = await call(admin, 'POST', '/staff/accounts', { email, name: 'Nina Cruz', role });
    expect(created.statusCode, created.body).toBe(201);
    const { temporaryPassword } = created.json<{ temporaryPassword: string }>();
    const first = session(await signIn(email, temporaryPassword));
    const { secret } = (await call(first, 'POST', '/staff/auth/second-factor', {})).json<{ secret: string }>();
    await call(first, 'POST', '/staff/auth/second-factor/confirm', { code: totpCode(secret, api.now()) });
    await call(first, 'POST', '/staff/auth/password', {
      currentPassword: temporaryPassword,
      newPassword: NEW_PASSWORD,
    });
    api.advance(30);
    const id = created.json<{ account: { id: string } }>().account.id;
    return { id, email, secret, token: first.token };
  }

  it('gives the creator a temporary password only; the owner enrols the second factor and sets a password', async () => {
    const created = await call(admin, 'POST', '/staff/accounts', {
      email: 'Nina.Cruz@Lender.test',
      name: 'Nina Cruz',
      role: 'underwriter',
    });
    expect(created.statusCode, created.body).toBe(201);
    const answer = created.json<{
      account: { id: string; setupPending: string[] };
      temporaryPassword: string;
      requestId: string | null;
    }>();
    expect(Object.keys(answer).sort()).toEqual(['account', 'requestId', 'temporaryPassword']);
    expect(answer.temporaryPassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/u);
    expect(answer.account.setupPending).toEqual(['secondFactor', 'password']);
    expect(created.body).not.toMatch(/otpauth|secret/iu);
    const [row] = await api.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, answer.account.id));
    expect(row!.totpSecret).toBeNull();

    // The temporary password alone signs in, into a session that may only finish the setup.
    const signed = await signIn('nina.cruz@lender.test', answer.temporaryPassword);
    expect(signed.statusCode, signed.body).toBe(200);
    const owner = session(signed);
    expect(owner.staff.pending).toEqual(['secondFactor', 'password']);
    const blocked = await call(owner, 'GET', '/staff/reviews');
    expect([blocked.statusCode, codeOf(blocked)]).toEqual([403, 'STAFF_SETUP_REQUIRED']);
    expect(blocked.json<{ pending: string[] }>().pending).toEqual(['secondFactor', 'password']);

    // The secret is shown to the owner, and kept once a first code of it confirms it.
    const shown = await call(owner, 'POST', '/staff/auth/second-factor', {});
    expect(shown.statusCode, shown.body).toBe(200);
    const { secret, uri } = shown.json<{ secret: string; uri: string }>();
    expect(uri).toBe(
      `otpauth://totp/PesoAgad:nina.cruz%40lender.test?issuer=PesoAgad&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const right = totpCode(secret, api.now());
    const wrong = await call(owner, 'POST', '/staff/auth/second-factor/confirm', {
      code: String((Number(right) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([400, 'ENROLMENT_CODE_INVALID']);
    const confirmed = await call(owner, 'POST', '/staff/auth/second-factor/confirm', { code: right });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    const again = await call(owner, 'POST', '/staff/auth/second-factor', {});
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'TOTP_ENROLLED']);
    const me = (await call(owner, 'GET', '/staff/auth/me')).json<{ pending: string[] }>();
    expect(me.pending).toEqual(['password']);
    expect(codeOf(await call(owner, 'GET', '/staff/reviews'))).toBe('STAFF_SETUP_REQUIRED');

    // The new password is the owner's own, and the policy's.
    for (const [newPassword, reason] of [
      ['password1234', 'common'],
      ['aaaaaaaaaaaa', 'repetitive'],
      [' '.repeat(12), 'whitespace'],
      ['nina.cruz.lender', 'personal'],
      [answer.temporaryPassword, 'reused'],
    ] as const) {
      const refused = await call(owner, 'POST', '/staff/auth/password', {
        currentPassword: answer.temporaryPassword,
        newPassword,
      });
      expect([refused.statusCode, codeOf(refused), refused.json<{ reason: string }>().reason], newPassword).toEqual([
        422,
        'PASSWORD_REFUSED',
        reason,
      ]);
    }
    const set = await call(owner, 'POST', '/staff/auth/password', {
      currentPassword: answer.temporaryPassword,
      newPassword: NEW_PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(204);
    expect((await call(owner, 'GET', '/staff/auth/me')).json<{ pending: string[] }>().pending).toEqual([]);
    expect((await call(owner, 'GET', '/staff/reviews')).statusCode).toBe(200);

    // From now on: the new password and a code; the enrolment's code is used up, the temporary password is gone.
    expect(codeOf(await signIn('nina.cruz@lender.test', NEW_PASSWORD))).toBe('TOTP_REQUIRED');
    expect(codeOf(await signIn('nina.cruz@lender.test', NEW_PASSWORD, secret))).toBe('TOTP_REUSED');
    api.advance(30);
    expect(codeOf(await signIn('nina.cruz@lender.test', answer.temporaryPassword, secret))).toBe('STAFF_LOGIN_FAILED');
    const full = await signIn('nina.cruz@lender.test', NEW_PASSWORD, secret);
    expect(full.statusCode, full.body).toBe(200);
    expect(session(full).staff.pending).toEqual([]);
    expect(await events(answer.account.id)).toEqual(
      expect.arrayContaining([
        'staff.login.succeeded',
        'staff.second-factor.shown',
        'staff.second-factor.refused',
        'staff.second-factor.enrolled',
        'staff.password.changed',
      ]),
    );
    const log = JSON.stringify(await api.database.db.select().from(auditLog));
    for (const text of [secret, answer.temporaryPassword, NEW_PASSWORD]) expect(log).not.toContain(text);
  });

  it('lets a session that is not set up reach nothing but its setup, on every staff route', async () => {
    const email = `setup-${randomUUID().slice(0, 8)}@lender.test`;
    const created = await call(admin, 'POST', '/staff/accounts', { email, name: 'Set Up', role: 'supervisor' });
    const owner = session(await signIn(email, created.json<{ temporaryPassword: string }>().temporaryPassword));
    const open = new Set(['/api/v1/staff/auth/me', '/api/v1/staff/auth/logout']);
    const wrong: string[] = [];
    const seen = new Set<string>();
    for (const route of staffRouteTable) {
      const name = `${route.method} ${route.url}`;
      if (seen.has(name) || route.access === 'public') continue;
      seen.add(name);
      if (route.access === 'setup') {
        if (
          ![
            '/api/v1/staff/auth/password',
            '/api/v1/staff/auth/second-factor',
            '/api/v1/staff/auth/second-factor/confirm',
          ].includes(route.url) &&
          !open.has(route.url)
        )
          wrong.push(`${name} is a setup route`);
        continue;
      }
      const res = await call(
        owner,
        route.method as 'GET',
        route.url.replace(/^\/api\/v1/u, '').replace(/:[A-Za-z_]\w*/gu, randomUUID()),
        route.method === 'GET' ? undefined : {},
      );
      if (res.statusCode !== 403 || codeOf(res) !== 'STAFF_SETUP_REQUIRED') wrong.push(`${name}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(seen.size).toBeGreaterThan(20);
  });

  /** The member the tests below share (scrypt is slow on purpose: fewer accounts, a cheaper suite). */
  let member: Awaited<ReturnType<typeof newMember>>;

  it("changes one's own password with the current one: the other sessions end, this one stays", async () => {
    member = await newMember();
    const other = session(await signIn(member.email, NEW_PASSWORD, member.secret));
    const wrong = await call(member, 'POST', '/staff/auth/password', {
      currentPassword: 'not my password at all',
      newPassword: 'a brand new phrase for me',
    });
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([400, 'CURRENT_PASSWORD_WRONG']);
    const weak = await call(member, 'POST', '/staff/auth/password', {
      currentPassword: NEW_PASSWORD,
      newPassword: 'password1234',
    });
    expect([weak.statusCode, codeOf(weak)]).toEqual([422, 'PASSWORD_REFUSED']);
    const changed = await call(member, 'POST', '/staff/auth/password', {
      currentPassword: NEW_PASSWORD,
      newPassword: 'a brand new phrase for me',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await alive(member)).toBe(true);
    expect(await alive(other)).toBe(false);
    api.advance(30);
    expect(codeOf(await signIn(member.email, NEW_PASSWORD, member.secret))).toBe('STAFF_LOGIN_FAILED');
    expect((await signIn(member.email, 'a brand new phrase for me', member.secret)).statusCode).toBe(200);
    const audited = await api.database.db.select().from(auditLog).where(eq(auditLog.staffId, member.id));
    expect(audited.map((e) => [e.event, e.detail])).toEqual(
      expect.arrayContaining([
        ['staff.password.change-refused', { reason: 'current' }],
        ['staff.password.changed', { temporary: false }],
      ]),
    );
  });

  it('limits wrong current passwords per account', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1)
      answers.push(
        codeOf(
          await call(member, 'POST', '/staff/auth/password', {
            currentPassword: `wrong guess number ${i}`,
            newPassword: 'a brand new phrase for me',
          }),
        ),
      );
    // Five wrong in the window, with the one of the test above; a check once the clock has moved on passes again.
    expect(answers).toEqual([...Array(4).fill('CURRENT_PASSWORD_WRONG'), 'TOO_FREQUENT', 'TOO_FREQUENT']);
    // Past the window (and the administrator's idle timeout: a new session for them).
    api.advance(1800);
    admin = { ...admin, token: (await openStaffSession(api.database.db, admin.id, '127.0.0.1', api.now())).token };
    member = { ...member, token: (await openStaffSession(api.database.db, member.id, '127.0.0.1', api.now())).token };
  });

  it('resets a password: the sessions end, and the owner sets a new one at the next sign-in (with the code)', async () => {
    const reset = await call(admin, 'POST', `/staff/accounts/${member.id}/reset-password`, {});
    expect(reset.statusCode, reset.body).toBe(200);
    const { temporaryPassword } = reset.json<{ temporaryPassword: string }>();
    expect(await alive(member)).toBe(false);
    expect(codeOf(await signIn(member.email, 'a brand new phrase for me', member.secret))).toBe('STAFF_LOGIN_FAILED');
    expect(codeOf(await signIn(member.email, temporaryPassword))).toBe('TOTP_REQUIRED');
    const back = session(await signIn(member.email, temporaryPassword, member.secret));
    expect(back.staff.pending).toEqual(['password']);
    expect(codeOf(await call(back, 'GET', '/staff/audit'))).toBe('STAFF_SETUP_REQUIRED');
    // Not the second factor too: the administrator would then hold both.
    const both = await call(admin, 'POST', `/staff/accounts/${member.id}/reset-second-factor`, {});
    expect([both.statusCode, codeOf(both)]).toEqual([409, 'STAFF_RESET_CONFLICT']);
    expect(
      (
        await call(back, 'POST', '/staff/auth/password', {
          currentPassword: temporaryPassword,
          newPassword: 'another phrase of my own',
        })
      ).statusCode,
    ).toBe(204);
    expect((await call(back, 'GET', '/staff/audit')).statusCode).toBe(200);
    const self = await call(admin, 'POST', `/staff/accounts/${admin.id}/reset-password`, {});
    expect([self.statusCode, codeOf(self)]).toEqual([403, 'FORBIDDEN']);
    const entries = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'staff.account.password-reset'));
    expect(entries.map((e) => [e.staffId, e.detail])).toContainEqual([admin.id, { accountId: member.id }]);
    expect(JSON.stringify(entries)).not.toContain(temporaryPassword);
  });

  it('resets a second factor: no secret to the administrator; the owner enrols again with their password', async () => {
    const reset = await call(admin, 'POST', `/staff/accounts/${member.id}/reset-second-factor`, {});
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.body).not.toMatch(/otpauth|secret/iu);
    expect(reset.json<{ setupPending: string[] }>().setupPending).toEqual(['secondFactor']);
    expect(await alive(member)).toBe(false);
    // Not the password too.
    const both = await call(admin, 'POST', `/staff/accounts/${member.id}/reset-password`, {});
    expect([both.statusCode, codeOf(both)]).toEqual([409, 'STAFF_RESET_CONFLICT']);
    const owner = session(await signIn(member.email, 'another phrase of my own'));
    expect(owner.staff.pending).toEqual(['secondFactor']);
    const { secret } = (await call(owner, 'POST', '/staff/auth/second-factor', {})).json<{ secret: string }>();
    expect(secret).not.toBe(member.secret);
    const confirmed = await call(owner, 'POST', '/staff/auth/second-factor/confirm', {
      code: totpCode(secret, api.now()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect((await call(owner, 'GET', '/staff/audit')).statusCode).toBe(200);
    api.advance(30);
    expect(codeOf(await signIn(member.email, 'another phrase of my own', member.secret))).toBe('TOTP_INVALID');
    expect((await signIn(member.email, 'another phrase of my own', secret)).statusCode).toBe(200);
  });
});
