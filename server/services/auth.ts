/**
 * Registration and login by phone and SMS code, and sessions.
 *
 * - A code is 4 digits from a CSPRNG, stored as an HMAC (server secret), single use, valid 5 minutes, voided after 5
 *   wrong tries; a new one no sooner than 60 s after the last, at most 10 a day per phone (Manila day).
 * - Throttling per IP and per device (sliding-window counters shared in the database): the IP (an IPv6 /64) is the
 *   address the connection came from, or the one a configured proxy forwarded (TRUST_PROXY), never a header the client
 *   picks; the device id is the client's own header, so it only adds a tighter limit beside the IP's, never a fresh
 *   one. Passing a limit marks the IP and the device abnormal for at least 30 minutes, and while marked a graphic code
 *   (captcha) must be solved before a code is sent. Captchas are issued at a limited rate per IP and their answers
 *   stored as an HMAC under the server secret, so a database read does not give them away.
 * - A session is an opaque random token given once and stored as its SHA-256, with the customer id; logout revokes it.
 * Every outcome that matters for security is written to the audit log.
 */
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { manilaStartOfDay, manilaToday } from '#domain/calendar-date.ts';
import { normalizePhMobile, toE164 } from '#domain/ph-phone.ts';
import { dataKeys } from '../crypto/data-keys.ts';
import { erasedPhones } from '../crypto/lookup-hashes.ts';
import type { Database } from '../db/database.ts';
import { captchas, customers, otpChallenges, sessions } from '../db/tables.ts';
import { ApiError } from '../errors.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import { audit } from './audit.ts';
import { couponsConfig, issue } from './coupons.ts';
import { notify } from './messages.ts';
import { clientNetwork, hit, peek, reset, type Window } from './rate-limit.ts';
import { smsText } from './sms-text.ts';
import { TtlCache } from './ttl-cache.ts';

/** How long this instance trusts a session it looked up (a logout through another instance takes this long here). */
export const SESSION_CACHE_MS = 5000;

export const AUTH_POLICY = {
  codeDigits: 4,
  codeTtlSeconds: 300,
  maxAttempts: 5,
  resendSeconds: 60,
  dailyCodesPerPhone: 10,
  sessionDays: 30,
  /** Code requests and login tries per IP, and per device. */
  perIp: { limit: 30, seconds: 600 } satisfies Window,
  perDevice: { limit: 10, seconds: 600 } satisfies Window,
  /** How long an IP or device that passed a limit must solve a captcha (at least this long: the window slides). */
  abnormal: { limit: 0, seconds: 1800 } satisfies Window,
  /** Graphic codes issued per IP. */
  captchaPerIp: { limit: 20, seconds: 600 } satisfies Window,
  captchaTtlSeconds: 300,
} as const;

/** Who is asking: the client's IP (the connection's, or a configured proxy's forwarded one) and the app's device id. */
export interface Requester {
  readonly ip: string;
  readonly deviceId: string;
}

export interface AuthDeps {
  readonly db: Database;
  readonly sms: SmsProvider;
  /** Key of the code HMAC; at least 32 bytes. */
  readonly secret: Buffer;
  readonly productName: string;
  /**
   * The clock of sessions, login codes, captchas and throttling (default the real time). Under DEMO_CLOCK it stays
   * the real time (app.ts): these are about the time that really passed, and the borrower sees only durations of them.
   */
  readonly now?: () => Date;
  /** The server's clock (DEMO_CLOCK's in a demonstration) for the business of a registration: its date, coupon and message; default `now`. */
  readonly businessNow?: () => Date;
  /** Makes a graphic code: its text and SVG image (svg-captcha by default; tests pass a known one). */
  readonly makeCaptcha?: () => { text: string; data: string };
}

const defaultCaptcha = () =>
  svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: false, background: '#ffffff' });

/** The captcha to show: an SVG image and the id to answer with. */
export interface CaptchaChallenge {
  readonly id: string;
  readonly svg: string;
  readonly expiresInSeconds: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;

/** The national number (9XXXXXXXXX) of what the borrower typed, or PHONE_INVALID. */
export function phoneOf(input: unknown): string {
  const phone = typeof input === 'string' ? normalizePhMobile(input) : null;
  if (!phone) throw new ApiError('PHONE_INVALID');
  return phone;
}

/** The start of today in Manila, as an instant. */
export function createAuthService(deps: AuthDeps) {
  const { db, sms, secret } = deps;
  const now = deps.now ?? (() => new Date());
  const businessNow = deps.businessNow ?? now;
  // Sessions seen lately, by token: every authenticated request looks its session up. A logout here removes it at
  // once; one on another instance takes effect here within SESSION_CACHE_MS.
  const recentSessions = new TtlCache<{ id: string; customerId: string; phone: string; expiresAt: Date }>(
    SESSION_CACHE_MS,
  );
  // The lookup of every authenticated request: prepared once (no SQL built per call).
  const sessionByToken = db
    .select({ id: sessions.id, customerId: sessions.customerId, phone: customers.phone, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('session_by_token');
  const codeHash = (challengeId: string, code: string) =>
    createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('hex');
  // Keyed and bound to the captcha's id: four characters from a small alphabet are found from a bare hash at once.
  const captchaHash = (captchaId: string, answer: string) =>
    createHmac('sha256', secret).update(`captcha:${captchaId}:${answer.trim().toLowerCase()}`).digest('hex');
  const ipKey = (who: Requester) => clientNetwork(who.ip);

  async function isAbnormal(who: Requester, at: Date): Promise<boolean> {
    const [ip, device] = await Promise.all([
      peek(db, `abnormal:ip:${ipKey(who)}`, AUTH_POLICY.abnormal, at),
      peek(db, `abnormal:device:${who.deviceId}`, AUTH_POLICY.abnormal, at),
    ]);
    return ip > 0 || device > 0;
  }

  async function markAbnormal(who: Requester, at: Date, phone: string | null): Promise<void> {
    await Promise.all([
      hit(db, `abnormal:ip:${ipKey(who)}`, AUTH_POLICY.abnormal, at),
      hit(db, `abnormal:device:${who.deviceId}`, AUTH_POLICY.abnormal, at),
    ]);
    await audit(db, { event: 'throttled', phone, ip: who.ip, deviceId: who.deviceId });
  }

  /**
   * Counts a request against the IP limit and the device limit; passing either answers TOO_FREQUENT and marks both
   * abnormal. The IP limit always applies, so a new device id each time opens no fresh allowance.
   */
  async function throttle(who: Requester, at: Date, phone: string | null): Promise<void> {
    const [ip, device] = await Promise.all([
      hit(db, `ip:${ipKey(who)}`, AUTH_POLICY.perIp, at),
      hit(db, `device:${who.deviceId}`, AUTH_POLICY.perDevice, at),
    ]);
    if (ip.over || device.over) {
      await markAbnormal(who, at, phone);
      throw new ApiError('TOO_FREQUENT');
    }
  }

  /** Checks and spends a captcha answer (single use, right or wrong). */
  async function solveCaptcha(id: string, answer: string, who: Requester, at: Date): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const [row] = await db
      .update(captchas)
      .set({ consumedAt: at })
      .where(and(eq(captchas.id, id), isNull(captchas.consumedAt), gt(captchas.expiresAt, at)))
      .returning({ answerHash: captchas.answerHash });
    const expected = Buffer.from(row?.answerHash ?? '', 'hex');
    const given = Buffer.from(captchaHash(id, answer), 'hex');
    const ok = expected.length === given.length && timingSafeEqual(expected, given);
    if (!ok) await audit(db, { event: 'captcha.failed', ip: who.ip, deviceId: who.deviceId });
    return ok;
  }

  return {
    /** A new graphic code; TOO_FREQUENT past the per-IP issuance limit (each one costs a row and an image). */
    async captcha(who: Requester): Promise<CaptchaChallenge> {
      const at = now();
      if ((await hit(db, `captcha:ip:${ipKey(who)}`, AUTH_POLICY.captchaPerIp, at)).over) {
        await audit(db, { event: 'throttled', ip: who.ip, deviceId: who.deviceId, detail: { reason: 'captcha' } });
        throw new ApiError('TOO_FREQUENT');
      }
      const { text, data } = (deps.makeCaptcha ?? defaultCaptcha)();
      const id = randomUUID();
      await db.insert(captchas).values({
        id,
        answerHash: captchaHash(id, text),
        createdAt: at,
        expiresAt: addSeconds(at, AUTH_POLICY.captchaTtlSeconds),
      });
      return { id, svg: data, expiresInSeconds: AUTH_POLICY.captchaTtlSeconds };
    },

    /** Sends a login code to `phoneInput`, in `language`. */
    async sendCode(
      input: { phone: unknown; language: string; captchaId?: string; captchaAnswer?: string },
      who: Requester,
    ) {
      const at = now();
      const phone = phoneOf(input.phone);
      if (await isAbnormal(who, at)) {
        if (!input.captchaId || !input.captchaAnswer) {
          await audit(db, { event: 'captcha.required', phone, ip: who.ip, deviceId: who.deviceId });
          throw new ApiError('CAPTCHA_REQUIRED');
        }
        if (!(await solveCaptcha(input.captchaId, input.captchaAnswer, who, at))) throw new ApiError('CAPTCHA_WRONG');
        await Promise.all([
          reset(db, `abnormal:ip:${ipKey(who)}`, AUTH_POLICY.abnormal, at),
          reset(db, `abnormal:device:${who.deviceId}`, AUTH_POLICY.abnormal, at),
        ]);
      }
      await throttle(who, at, phone);

      const [last] = await db
        .select()
        .from(otpChallenges)
        .where(eq(otpChallenges.phone, phone))
        .orderBy(desc(otpChallenges.createdAt))
        .limit(1);
      if (last) {
        const wait = Math.ceil((last.createdAt.getTime() + AUTH_POLICY.resendSeconds * 1000 - at.getTime()) / 1000);
        if (wait > 0) throw new ApiError('RESEND_TOO_SOON', { retryAfterSeconds: wait });
      }
      // The codes of the day count under the number and, when an account of it was erased today, under its keyed
      // hash (server/services/staff/deletion.ts re-keys them): deleting an account does not reset the number's daily limit.
      const [{ today } = { today: 0 }] = await db
        .select({ today: sql<number>`count(*)::int` })
        .from(otpChallenges)
        .where(
          and(
            inArray(otpChallenges.phone, [phone, ...erasedPhones(dataKeys(), phone)]),
            gt(otpChallenges.createdAt, manilaStartOfDay(manilaToday(at))),
          ),
        );
      if (today >= AUTH_POLICY.dailyCodesPerPhone) {
        await audit(db, {
          event: 'otp.refused',
          phone,
          ip: who.ip,
          deviceId: who.deviceId,
          detail: { reason: 'daily-limit' },
        });
        throw new ApiError('SMS_DAILY_LIMIT');
      }

      const code = String(randomInt(0, 10 ** AUTH_POLICY.codeDigits)).padStart(AUTH_POLICY.codeDigits, '0');
      const [challenge] = await db
        .insert(otpChallenges)
        .values({
          phone,
          codeHash: 'pending',
          createdAt: at,
          expiresAt: addSeconds(at, AUTH_POLICY.codeTtlSeconds),
          ip: who.ip,
          deviceId: who.deviceId,
        })
        .returning({ id: otpChallenges.id });
      await db
        .update(otpChallenges)
        .set({ codeHash: codeHash(challenge!.id, code) })
        .where(eq(otpChallenges.id, challenge!.id));
      // Any earlier code of this phone stops working: only the newest one is valid.
      await db
        .update(otpChallenges)
        .set({ voidedAt: at })
        .where(
          and(
            eq(otpChallenges.phone, phone),
            isNull(otpChallenges.consumedAt),
            isNull(otpChallenges.voidedAt),
            sql`${otpChallenges.id} <> ${challenge!.id}`,
          ),
        );
      try {
        await sms.send({
          to: toE164(phone)!,
          text: smsText(input.language, 'loginCode', {
            product: deps.productName,
            code,
            minutes: AUTH_POLICY.codeTtlSeconds / 60,
          }),
        });
      } catch {
        // The provider failed (it logs why): this code was never delivered, so it must not count or work.
        await db.update(otpChallenges).set({ voidedAt: at }).where(eq(otpChallenges.id, challenge!.id));
        throw new ApiError('SMS_SEND_FAILED');
      }
      await audit(db, { event: 'otp.sent', phone, ip: who.ip, deviceId: who.deviceId });
      return { resendAfterSeconds: AUTH_POLICY.resendSeconds, expiresInSeconds: AUTH_POLICY.codeTtlSeconds };
    },

    /** Checks a code; on success registers the phone if new and opens a session. */
    async login(input: { phone: unknown; code: unknown; language?: string }, who: Requester) {
      const at = now();
      const phone = phoneOf(input.phone);
      await throttle(who, at, phone);
      const code = typeof input.code === 'string' ? input.code.trim() : '';
      const [challenge] = await db
        .select()
        .from(otpChallenges)
        .where(and(eq(otpChallenges.phone, phone), isNull(otpChallenges.consumedAt)))
        .orderBy(desc(otpChallenges.createdAt))
        .limit(1);
      if (!challenge || challenge.expiresAt <= at) {
        await audit(db, {
          event: 'login.failed',
          phone,
          ip: who.ip,
          deviceId: who.deviceId,
          detail: { reason: 'expired' },
        });
        throw new ApiError('CODE_EXPIRED');
      }
      if (challenge.voidedAt)
        throw new ApiError(challenge.attempts >= AUTH_POLICY.maxAttempts ? 'CODE_VOIDED' : 'CODE_EXPIRED');
      const expected = Buffer.from(challenge.codeHash, 'hex');
      const given = Buffer.from(codeHash(challenge.id, code), 'hex');
      const right = /^\d{4}$/u.test(code) && expected.length === given.length && timingSafeEqual(expected, given);
      if (!right) {
        // One atomic step: concurrent wrong tries cannot exceed the limit.
        const [after] = await db
          .update(otpChallenges)
          .set({
            attempts: sql`${otpChallenges.attempts} + 1`,
            voidedAt: sql`CASE WHEN ${otpChallenges.attempts} + 1 >= ${AUTH_POLICY.maxAttempts} THEN ${at.toISOString()}::timestamptz ELSE NULL END`,
          })
          .where(
            and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.voidedAt), isNull(otpChallenges.consumedAt)),
          )
          .returning({ attempts: otpChallenges.attempts });
        const voided = (after?.attempts ?? AUTH_POLICY.maxAttempts) >= AUTH_POLICY.maxAttempts;
        await audit(db, {
          event: voided ? 'otp.voided' : 'login.failed',
          phone,
          ip: who.ip,
          deviceId: who.deviceId,
          detail: { reason: 'wrong-code' },
        });
        throw new ApiError(voided ? 'CODE_VOIDED' : 'CODE_INVALID', {
          attemptsLeft: Math.max(0, AUTH_POLICY.maxAttempts - (after?.attempts ?? AUTH_POLICY.maxAttempts)),
        });
      }
      // Single use, also under two concurrent logins with the same code.
      const [spent] = await db
        .update(otpChallenges)
        .set({ consumedAt: at })
        .where(
          and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.consumedAt), isNull(otpChallenges.voidedAt)),
        )
        .returning({ id: otpChallenges.id });
      if (!spent) throw new ApiError('CODE_EXPIRED');

      const token = randomBytes(32).toString('base64url');
      const registeredAt = businessNow();
      // One transaction: the customer, their session and, at registration (the first login: the row was inserted,
      // xmax = 0), the welcome message and the registration coupon with its message.
      const customer = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(customers)
          .values({
            phone,
            createdAt: registeredAt,
            lastLoginAt: at,
            ...(input.language !== undefined && { language: input.language }),
          })
          // The language the app is read in at login (the route allows only the product's): SMS are written in it.
          .onConflictDoUpdate({
            target: customers.phone,
            set: { lastLoginAt: at, ...(input.language !== undefined && { language: input.language }) },
          })
          .returning({ id: customers.id, registered: sql<boolean>`(xmax = 0)` });
        await tx.insert(sessions).values({
          customerId: row!.id,
          tokenHash: sha256(token),
          deviceId: who.deviceId,
          createdAt: at,
          lastSeenAt: at,
          expiresAt: addSeconds(at, AUTH_POLICY.sessionDays * 86400),
        });
        if (row!.registered) {
          await notify(tx, {
            customerId: row!.id,
            template: 'welcome',
            params: { productName: deps.productName },
            link: '/homeIndex',
            dedupeKey: 'welcome',
            at: registeredAt,
          });
          if (couponsConfig.registration)
            await issue(tx, row!.id, couponsConfig.registration, 'registration', 'registration', registeredAt);
        }
        return row!;
      });
      await audit(db, {
        event: 'login.succeeded',
        customerId: customer!.id,
        phone,
        ip: who.ip,
        deviceId: who.deviceId,
      });
      return { token, customerId: customer!.id, phone };
    },

    /** The session of a token and customer id, or null (unknown, expired, revoked, or another customer's). */
    async session(token: string, customerId: string) {
      if (!token || !UUID.test(customerId)) return null;
      // Keyed by the token itself: it never leaves this process's memory (the database holds only its hash).
      let row = recentSessions.get(token);
      if (!row) {
        [row] = await sessionByToken.execute({ tokenHash: sha256(token), now: now().toISOString() });
        if (row) recentSessions.set(token, row);
      }
      if (!row || row.customerId !== customerId || row.expiresAt <= now()) return null;
      return { sessionId: row.id, customerId: row.customerId, phone: row.phone };
    },

    /** Revokes a session. */
    async logout(sessionId: string, customerId: string, who: Requester): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.id, sessionId), eq(sessions.customerId, customerId)));
      recentSessions.deleteWhere((session) => session.id === sessionId);
      await audit(db, { event: 'logout', customerId, ip: who.ip, deviceId: who.deviceId });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
