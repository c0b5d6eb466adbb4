/**
 * A real server for a browser suite that needs the API: the built web app (dist/) and the API on a fresh database
 * (server/testing/test-api.ts: PGlite in memory, or a database created on TEST_DATABASE_URL), the console SMS outbox the test
 * reads codes from, local-disk uploads, and a clock the test can move (expired codes). Started in the test's process.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { databaseTargets, type TestDatabaseKind } from '#server/db/test-database.ts';
import { completeProfile } from '#server/testing/loan-fixtures.ts';
import type { ConsoleOutbox } from '#server/providers/sms/console-outbox.ts';
import { loginCodeIn, newPhone } from '#server/testing/borrower.ts';
import { testApi, type TestApi, type TestLoanOptions } from '#server/testing/test-api.ts';

export { newPhone };

export interface E2eServer extends TestApi {
  readonly url: string;
  readonly kind: TestDatabaseKind;
}

export async function startServer(
  kind: TestDatabaseKind,
  options: { attributionAppToken?: string; loans?: TestLoanOptions } = {},
): Promise<E2eServer> {
  const api = await testApi(kind, { webDist: resolve('dist'), ...options });
  const url = await api.app.listen({ port: 0, host: '127.0.0.1' });
  api.setPublicUrl(url);
  return { ...api, url, kind };
}

/**
 * The database of a browser suite whose journey does not depend on it: PostgreSQL when TEST_DATABASE_URL names one,
 * else PGlite. The server suites run every route on both; in a browser suite the database only stores what the
 * journey does, and a native PostgreSQL costs the machine a fraction of PGlite's WebAssembly (about half the server's
 * CPU of a journey), which the browsers beside it need.
 */
export function browserDatabase(): TestDatabaseKind {
  return process.env['TEST_DATABASE_URL'] ? 'postgres' : 'pglite';
}

/**
 * The databases of a browser suite: both (`'both'`) where what it shows depends on the database (the embedded
 * default as `npm start` runs it, the real process on its own connection, row locks met by a second tab and by the
 * job runner), so the main journeys run on PGlite in a browser too; otherwise one (`'one'`, {@link browserDatabase}).
 */
export function browserDatabases(scope: 'one' | 'both'): TestDatabaseKind[] {
  return scope === 'both' ? databaseTargets() : [browserDatabase()];
}

/** The 4-digit code of the last SMS to a national number (9XXXXXXXXX), waiting for the provider's later tick. */
export async function smsCode(outbox: ConsoleOutbox, phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = loginCodeIn(outbox.lastTo(`+63${phone}`)?.text);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS to ${phone}`);
}

/** The session of the borrower logged in on `page`, as the app stores it. */
export function sessionOf(page: Page): Promise<{ customerId: string; token: string }> {
  return page.evaluate(
    () =>
      (
        JSON.parse(localStorage.getItem('core') ?? '{}') as {
          state: { publicData: { customerId: string; token: string } };
        }
      ).state.publicData,
  );
}

/**
 * Completes the profile of the borrower logged in on `page` straight in the database (server/testing/loan-fixtures.ts, or
 * `write` for other sections), then waits until the API answers it complete: the server reuses a profile it read
 * within PROFILE_CACHE_MS (the login just read it), and the web app must see what a borrower who filled in every step
 * would see. The wait ends on the answer.
 */
export async function completeProfileOf(
  server: E2eServer,
  page: Page,
  write = (customerId: string) => completeProfile(server.database.db, customerId),
): Promise<string> {
  const { customerId, token } = await sessionOf(page);
  await write(customerId);
  for (let i = 0; i < 600; i++) {
    const answer = await fetch(`${server.url}/api/v1/profile`, {
      headers: { authorization: `Bearer ${token}`, 'x-customer-id': customerId },
    });
    if (((await answer.json()) as { summary?: { complete?: boolean } }).summary?.complete) return customerId;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the profile written in the database never read complete');
}
