/**
 * Throttling of codes and SMS cannot be walked around (item 1): the client's address is the connection's
 * unless a configured proxy forwarded it, a device header never opens a fresh allowance, windows slide, captchas are
 * issued at a limited rate and their answers are stored keyed.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDatabase } from '../db/test-database.ts';
import { auditLog, captchas } from '../db/tables.ts';
import { AUTH_POLICY } from '../services/auth.ts';
import { device, newPhone } from '../testing/borrower.ts';
import { TEST_CAPTCHA, testApi, type TestApi } from '../testing/test-api.ts';

/** A fresh, made-up client address for the X-Forwarded-For header. */
let counter = 0;
const forgedIp = () => {
  counter += 1;
  return `198.18.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
};

describe.each(oneDatabase())('auth throttling on %s', (kind) => {
  let api: TestApi;
  // Just before a 10-minute boundary of the per-IP window (buckets start at :00, :10, ...), standing still.
  const start = new Date('2026-03-02T02:09:00Z');
  beforeAll(async () => {
    api = await testApi(kind, { clock: start });
  });
  afterAll(async () => {
    await api?.close();
  });

  /** A request from the connection `from`, with whatever headers the client chooses. */
  const post = (from: string, url: string, payload: object, headers: Record<string, string>) =>
    api.app.inject({ method: 'POST', url: `/api/v1${url}`, remoteAddress: from, headers, payload });

  it("refuses 100 login tries that each claim a new X-Forwarded-For and device id once the connection's address passes its limit", async () => {
    const from = '203.0.113.10';
    const codes: string[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await post(
        from,
        '/auth/login',
        { phone: newPhone(), code: '1234' },
        { ...device(), 'x-forwarded-for': forgedIp() },
      );
      codes.push(
        res.statusCode === 429 || res.statusCode === 403 ? res.json<{ code: string }>().code : String(res.statusCode),
      );
    }
    expect(codes.slice(0, AUTH_POLICY.perIp.limit).every((c) => c === '400')).toBe(true);
    expect(codes[AUTH_POLICY.perIp.limit]).toBe('TOO_FREQUENT');
    expect(codes.slice(AUTH_POLICY.perIp.limit).every((c) => c === 'TOO_FREQUENT')).toBe(true);
    const throttled = await api.database.db.select().from(auditLog);
    expect(throttled.filter((r) => r.event === 'throttled').every((r) => r.ip === from)).toBe(true);
  });

  it('sends no SMS to 40 numbers from "40 IPs" past the connection\'s limit', async () => {
    const from = '203.0.113.11';
    const before = api.outbox.messages().length;
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await post(
        from,
        '/auth/sms-code',
        { phone: newPhone() },
        { ...device(), 'x-forwarded-for': forgedIp() },
      );
      answers.push(res.statusCode);
    }
    expect(api.outbox.messages().length - before).toBe(AUTH_POLICY.perIp.limit);
    expect(answers.slice(AUTH_POLICY.perIp.limit).every((s) => s === 429 || s === 403)).toBe(true);
  });

  it('does not start the count again at the window boundary', async () => {
    const from = '203.0.113.12';
    api.advance(59); // 02:09:59
    for (let i = 0; i < AUTH_POLICY.perIp.limit; i++) {
      expect((await post(from, '/auth/sms-code', { phone: newPhone() }, device())).statusCode).toBe(200);
    }
    api.advance(2); // 02:10:01: a fixed window would start from zero here
    const next = await post(from, '/auth/sms-code', { phone: newPhone() }, device());
    expect(next.statusCode).toBe(429);
    expect(next.json()).toMatchObject({ code: 'TOO_FREQUENT' });
  });

  it('issues a limited number of captchas per address, and stores their answers keyed, not as a bare hash', async () => {
    const from = '203.0.113.13';
    const answers: number[] = [];
    for (let i = 0; i <= AUTH_POLICY.captchaPerIp.limit; i++) {
      answers.push(
        (
          await api.app.inject({
            method: 'GET',
            url: '/api/v1/auth/captcha',
            remoteAddress: from,
            headers: { 'x-forwarded-for': forgedIp() },
          })
        ).statusCode,
      );
    }
    expect(answers.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    // Another address still gets one.
    const other = await api.app.inject({ method: 'GET', url: '/api/v1/auth/captcha', remoteAddress: '203.0.113.14' });
    expect(other.statusCode).toBe(200);
    const stored = await api.database.db.select({ answerHash: captchas.answerHash }).from(captchas);
    const bare = createHash('sha256').update(TEST_CAPTCHA.text.toLowerCase()).digest('hex');
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.filter((row) => row.answerHash === bare)).toEqual([]);
    expect(new Set(stored.map((row) => row.answerHash)).size).toBe(stored.length);
  });
});

describe.each(oneDatabase())('auth behind a configured proxy on %s', (kind) => {
  let api: TestApi;
  const proxy = '10.0.0.5';
  beforeAll(async () => {
    api = await testApi(kind, { trustProxy: [proxy], clock: new Date('2026-03-02T03:00:00Z') });
  });
  afterAll(async () => {
    await api?.close();
  });

  const sms = (from: string, headers: Record<string, string>) =>
    api.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sms-code',
      remoteAddress: from,
      headers: { ...device(), ...headers },
      payload: { phone: newPhone() },
    });

  it('counts by the address the trusted proxy forwarded, and by the connection for anyone else', async () => {
    // The proxy appends the client it saw; what the client wrote before it is not believed.
    for (let i = 0; i < AUTH_POLICY.perIp.limit; i++)
      expect((await sms(proxy, { 'x-forwarded-for': `${forgedIp()}, 198.51.100.7` })).statusCode).toBe(200);
    expect((await sms(proxy, { 'x-forwarded-for': '198.51.100.7' })).statusCode).toBe(429);
    // Another client behind the same proxy has its own allowance.
    expect((await sms(proxy, { 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(200);
    const rows = await api.database.db.select().from(auditLog);
    expect(rows.filter((r) => r.event === 'otp.sent').map((r) => r.ip)).toEqual([
      ...Array<string>(AUTH_POLICY.perIp.limit).fill('198.51.100.7'),
      '198.51.100.8',
    ]);
    // A connection that is not the proxy is counted by its own address, whatever it forwards.
    const direct = await sms('203.0.113.20', { 'x-forwarded-for': '198.51.100.9' });
    expect(direct.statusCode).toBe(200);
    const last = (await api.database.db.select().from(auditLog)).filter((r) => r.event === 'otp.sent').at(-1);
    expect(last?.ip).toBe('203.0.113.20');
  });
});
