/**
 * A real server for a browser suite that needs the API: the built web app (dist/) and the API on a fresh database
 * (PGlite in memory, or a database created on TEST_DATABASE_URL), the console SMS outbox the test reads codes from,
 * local-disk uploads, and a clock the test can move (expired codes). Started in the test's own process.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { testDatabase, type TestDatabaseKind } from '../../server/db/test-database.ts';
import { createDeterministicIdentityChecker } from '../../server/providers/identity/deterministic.ts';
import { createConsoleOutbox, type ConsoleOutbox } from '../../server/providers/sms/console-outbox.ts';
import { createLocalDiskStorage } from '../../server/providers/storage/local-disk.ts';

export interface E2eServer {
  readonly url: string;
  readonly kind: TestDatabaseKind;
  readonly outbox: ConsoleOutbox;
  readonly app: FastifyInstance;
  advance(seconds: number): void;
  close(): Promise<void>;
}

export async function startServer(kind: TestDatabaseKind): Promise<E2eServer> {
  const database = await testDatabase(kind);
  const outbox = createConsoleOutbox({ log: () => undefined });
  let offset = 0;
  const app = await buildApp({
    webDist: resolve('dist'),
    api: {
      db: database.db,
      sms: outbox,
      secret: randomBytes(32),
      now: () => new Date(Date.now() + offset),
      storage: createLocalDiskStorage(mkdtempSync(join(tmpdir(), 'e2e-uploads-'))),
      checker: createDeterministicIdentityChecker(),
    },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    kind,
    outbox,
    app,
    advance(seconds) {
      offset += seconds * 1000;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The 4-digit code of the last SMS to a national number (9XXXXXXXXX). */
export async function smsCode(outbox: ConsoleOutbox, phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = /\b(\d{4})\b/u.exec(outbox.lastTo(`+63${phone}`)?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS to ${phone}`);
}

/** A fresh Philippine mobile number (national form). */
export function newPhone(): string {
  return `9${String(randomBytes(5).readUIntBE(0, 5) % 1_000_000_000).padStart(9, '0')}`;
}
