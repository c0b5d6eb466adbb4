/**
 * The API on a test database with the console outbox and a clock the test moves: `testApi(kind)` for the server
 * suites (PGlite always, PostgreSQL with TEST_DATABASE_URL), and helpers to log a phone in.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { OpenDatabase } from './db/database.ts';
import { testDatabase, type TestDatabaseKind } from './db/test-database.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeterministicIdentityChecker } from './providers/identity/deterministic.ts';
import { createConsoleOutbox, type ConsoleOutbox } from './providers/sms/console-outbox.ts';
import { createLocalDiskStorage } from './providers/storage/local-disk.ts';

export interface TestApi {
  readonly app: FastifyInstance;
  readonly database: OpenDatabase;
  readonly outbox: ConsoleOutbox;
  /** Moves the API's clock forward. */
  advance(seconds: number): void;
  close(): Promise<void>;
}

/** The captcha every test API shows: its answer is known. */
export const TEST_CAPTCHA = { text: 'Wx7k', data: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' };

/** The API on a fresh database of `kind`; with `webDist`, the built web app too (the browser suites). */
export async function testApi(kind: TestDatabaseKind, options: { webDist?: string } = {}): Promise<TestApi> {
  const database = await testDatabase(kind);
  const outbox = createConsoleOutbox({ log: () => undefined });
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const storage = createLocalDiskStorage(mkdtempSync(join(tmpdir(), 'uploads-')));
  const app = await buildApp({
    webDist: options.webDist,
    api: { db: database.db, sms: outbox, secret: randomBytes(32), now, makeCaptcha: () => TEST_CAPTCHA, storage, checker: createDeterministicIdentityChecker() },
  });
  await app.ready();
  return {
    app,
    database,
    outbox,
    advance(seconds) {
      offset += seconds * 1000;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A fresh Philippine mobile number for a test (national form). */
export function newPhone(): string {
  return `9${String(randomBytes(5).readUIntBE(0, 5) % 1_000_000_000).padStart(9, '0')}`;
}

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
export async function login(api: TestApi, phone = newPhone()): Promise<{ phone: string; customerId: string; headers: Record<string, string> }> {
  const headers = device();
  const sent = await api.app.inject({ method: 'POST', url: '/api/v1/auth/sms-code', headers, payload: { phone } });
  if (sent.statusCode !== 200) throw new Error(`sms-code: ${sent.body}`);
  const res = await api.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers, payload: { phone, code: codeFor(api.outbox, phone) } });
  if (res.statusCode !== 200) throw new Error(`login: ${res.body}`);
  const { token, customerId } = res.json<{ token: string; customerId: string }>();
  return { phone, customerId, headers: { authorization: `Bearer ${token}`, 'x-customer-id': customerId, ...headers } };
}
