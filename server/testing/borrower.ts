/**
 * Borrowers of a test API: fresh phone numbers, client addresses and device ids, the login code from the console
 * outbox, and a phone logged in through the API as the app does it (POST /auth/sms-code, then /auth/login), with a
 * complete profile when the test needs one.
 */
import { randomBytes } from 'node:crypto';
import type { ConsoleOutbox } from '../providers/sms/console-outbox.ts';
import { completeProfile, type ProfileOverrides } from './loan-fixtures.ts';
import type { TestApi } from './test-api.ts';

/** A phone logged in: its customer and the headers of its session (what ./request.ts sends as this borrower). */
export interface Borrower {
  readonly phone: string;
  readonly customerId: string;
  readonly headers: Record<string, string>;
}

/** A fresh Philippine mobile number for a test (national form). */
export function newPhone(): string {
  return `9${String(randomBytes(5).readUIntBE(0, 5) % 1_000_000_000).padStart(9, '0')}`;
}

/**
 * A client address of its own for a test (inject's remoteAddress): per-address limits slide (they do not start again
 * when a test moves the clock on), so borrowers of different tests must not share one address's allowance.
 */
export const testAddress = () => `10.${randomBytes(3).join('.')}`;

/** A device id header for a test. */
export const device = (name = randomBytes(6).toString('hex')) => ({ 'x-device-id': `test-${name}` });

/** The 4-digit login code in an SMS text, if any. */
export function loginCodeIn(text: string | undefined): string | undefined {
  return /\b(\d{4})\b/u.exec(text ?? '')?.[1];
}

/** The code in the outbox's last message to `phone`. */
export function codeFor(outbox: ConsoleOutbox, phone: string): string {
  const code = loginCodeIn(outbox.lastTo(`+63${phone}`)?.text);
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/** Registers/logs a phone in; answers the auth headers of its session. */
export async function login(api: TestApi, phone = newPhone()): Promise<Borrower> {
  const headers = device();
  const remoteAddress = testAddress();
  const sent = await api.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sms-code',
    remoteAddress,
    headers,
    payload: { phone },
  });
  if (sent.statusCode !== 200) throw new Error(`sms-code: ${sent.body}`);
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress,
    headers,
    payload: { phone, code: codeFor(api.outbox, phone) },
  });
  if (res.statusCode !== 200) throw new Error(`login: ${res.body}`);
  const { token, customerId } = res.json<{ token: string; customerId: string }>();
  return { phone, customerId, headers: { authorization: `Bearer ${token}`, 'x-customer-id': customerId, ...headers } };
}

/** A new borrower logged in with a complete profile (./loan-fixtures.ts, with `overrides`): one who may apply. */
export async function borrowerWithProfile(api: TestApi, overrides: ProfileOverrides = {}): Promise<Borrower> {
  const b = await login(api);
  await completeProfile(api.database.db, b.customerId, overrides);
  return b;
}
