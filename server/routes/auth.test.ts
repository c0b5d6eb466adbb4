import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../db/test-database.ts';
import { auditLog } from '../db/tables.ts';
import { AUTH_POLICY } from '../services/auth.ts';
import { codeFor, device, login, newPhone, testAddress } from '../testing/borrower.ts';
import { TEST_CAPTCHA, testApi, type TestApi } from '../testing/test-api.ts';

describe.each(databaseTargets())('SMS login on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    // A clock standing at 10:00 Manila: the daily limits count by the Manila day, which the real time of a run may end
    // within a test's advances (a run at 23:47 Manila saw the eleventh code of the day sent on the next day).
    api = await testApi(kind, { clock: new Date('2026-06-01T02:00:00Z') });
  });
  afterAll(async () => {
    await api?.close();
  });

  // Each test from its own address: the per-address limit slides, so moving the clock does not give a test a fresh one.
  let remoteAddress = testAddress();
  beforeEach(() => {
    remoteAddress = testAddress();
  });
  const post = (url: string, payload: unknown, headers: Record<string, string> = device()) =>
    api.app.inject({ method: 'POST', url: `/api/v1${url}`, remoteAddress, headers, payload: payload as object });

  it('registers a new phone with the code from the SMS, and logs it in again later as the same customer', async () => {
    const phone = newPhone();
    const headers = device();
    const sent = await post(
      '/auth/sms-code',
      { phone: `0${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`, language: 'fil' },
      headers,
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 300 });
    const message = api.outbox.lastTo(`+63${phone}`);
    expect(message?.text).toMatch(/login code ay \d{4}/u);
    const first = await post('/auth/login', { phone, code: codeFor(api.outbox, phone) }, headers);
    expect(first.statusCode).toBe(200);
    const session = first.json<{ token: string; customerId: string; phone: string }>();
    expect(session.phone).toBe(phone);
    expect(session.token.length).toBeGreaterThanOrEqual(43);

    api.advance(AUTH_POLICY.resendSeconds + 1);
    const again = await login(api, phone);
    expect(again.customerId).toBe(session.customerId);
  });

  it('refuses a wrong code, then voids the code after 5 wrong tries, even the right one', async () => {
    const phone = newPhone();
    const headers = device();
    await post('/auth/sms-code', { phone }, headers);
    const code = codeFor(api.outbox, phone);
    const wrong = code === '0000' ? '1111' : '0000';
    const first = await post('/auth/login', { phone, code: wrong }, headers);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: 'CODE_INVALID', attemptsLeft: 4 });
    for (let i = 0; i < 3; i++) await post('/auth/login', { phone, code: wrong }, headers);
    const fifth = await post('/auth/login', { phone, code: wrong }, headers);
    expect(fifth.json()).toMatchObject({ code: 'CODE_VOIDED' });
    const right = await post('/auth/login', { phone, code }, headers);
    expect(right.json()).toMatchObject({ code: 'CODE_VOIDED' });
  });

  it('refuses an expired code and a code used twice', async () => {
    const phone = newPhone();
    const headers = device();
    await post('/auth/sms-code', { phone }, headers);
    const code = codeFor(api.outbox, phone);
    api.advance(AUTH_POLICY.codeTtlSeconds + 1);
    expect((await post('/auth/login', { phone, code }, headers)).json()).toMatchObject({ code: 'CODE_EXPIRED' });

    const other = newPhone();
    await post('/auth/sms-code', { phone: other }, headers);
    const otherCode = codeFor(api.outbox, other);
    const [a, b] = await Promise.all([
      post('/auth/login', { phone: other, code: otherCode }, headers),
      post('/auth/login', { phone: other, code: otherCode }, headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it('waits 60 s before a resend, and then the old code stops working', async () => {
    const phone = newPhone();
    const headers = device();
    await post('/auth/sms-code', { phone }, headers);
    const old = codeFor(api.outbox, phone);
    const early = await post('/auth/sms-code', { phone }, headers);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'RESEND_TOO_SOON' });
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    api.advance(AUTH_POLICY.resendSeconds);
    expect((await post('/auth/sms-code', { phone }, headers)).statusCode).toBe(200);
    const fresh = codeFor(api.outbox, phone);
    if (fresh !== old)
      expect((await post('/auth/login', { phone, code: old }, headers)).json()).toMatchObject({ code: 'CODE_INVALID' });
    expect((await post('/auth/login', { phone, code: fresh }, headers)).statusCode).toBe(200);
  });

  it('sends at most 10 codes a day to one phone', async () => {
    const phone = newPhone();
    for (let i = 0; i < AUTH_POLICY.dailyCodesPerPhone; i++) {
      expect((await post('/auth/sms-code', { phone }, device())).statusCode).toBe(200);
      api.advance(AUTH_POLICY.resendSeconds);
    }
    const over = await post('/auth/sms-code', { phone }, device());
    expect(over.json()).toMatchObject({ code: 'SMS_DAILY_LIMIT' });
  });

  it('throttles a device, then asks it for a graphic code, refuses a wrong one and accepts the right one', async () => {
    const headers = device();
    let answer = await post('/auth/sms-code', { phone: newPhone() }, headers);
    for (let i = 0; i < AUTH_POLICY.perDevice.limit && answer.statusCode === 200; i++)
      answer = await post('/auth/sms-code', { phone: newPhone() }, headers);
    expect(answer.json()).toMatchObject({ code: 'TOO_FREQUENT' });
    const blocked = await post('/auth/sms-code', { phone: newPhone() }, headers);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });

    const captcha = (await api.app.inject('/api/v1/auth/captcha')).json<{ id: string; svg: string }>();
    expect(captcha.svg).toContain('<svg');
    const wrong = await post(
      '/auth/sms-code',
      { phone: newPhone(), captchaId: captcha.id, captchaAnswer: 'nope' },
      headers,
    );
    expect(wrong.json()).toMatchObject({ code: 'CAPTCHA_WRONG' });
    // A captcha is single use: the same id with the right answer no longer works.
    expect(
      (
        await post(
          '/auth/sms-code',
          { phone: newPhone(), captchaId: captcha.id, captchaAnswer: TEST_CAPTCHA.text },
          headers,
        )
      ).json(),
    ).toMatchObject({ code: 'CAPTCHA_WRONG' });

    // Two windows: a sliding window still counts part of the one before.
    api.advance(2 * AUTH_POLICY.perDevice.seconds);
    const next = (await api.app.inject('/api/v1/auth/captcha')).json<{ id: string }>();
    const ok = await post(
      '/auth/sms-code',
      { phone: newPhone(), captchaId: next.id, captchaAnswer: TEST_CAPTCHA.text.toUpperCase() },
      headers,
    );
    expect(ok.statusCode).toBe(200);
  });

  it('revokes the session at logout, and refuses a token with another customer id', async () => {
    const a = await login(api);
    const b = await login(api);
    const crossed = await api.app.inject({
      method: 'GET',
      url: '/api/v1/profile',
      headers: { ...a.headers, 'x-customer-id': b.customerId },
    });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await api.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: a.headers })).statusCode).toBe(
      204,
    );
    expect((await api.app.inject({ method: 'GET', url: '/api/v1/profile', headers: a.headers })).statusCode).toBe(401);
  });

  it('answers bad input with a 4xx and a code, and records security events without codes or tokens', async () => {
    const bad = [
      await post('/auth/sms-code', { phone: '12345' }),
      await post('/auth/sms-code', { phone: 9171234567 }),
      await post('/auth/sms-code', { phone: '9171234567', extra: 1 }),
      await post('/auth/login', { phone: '9171234567' }),
      await api.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"phone": ',
      }),
      await api.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ phone: 'x'.repeat(2_000_000) }),
      }),
    ];
    for (const res of bad) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json<{ code: string }>().code).toMatch(/^[A-Z_]+$/u);
    }
    const rows = await api.database.db.select().from(auditLog);
    expect(rows.map((r) => r.event)).toEqual(
      expect.arrayContaining(['otp.sent', 'login.succeeded', 'login.failed', 'throttled', 'logout']),
    );
    expect(JSON.stringify(rows)).not.toMatch(/Bearer|token/iu);
  });
});
