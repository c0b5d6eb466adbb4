/**
 * The staff command line (server/services/staff/cli.ts, scripts/staff.ts): the first administrator it creates signs in through
 * the API with that password and a code of the printed secret; a second create-admin of the e-mail changes nothing; a
 * common password is refused; reset-password gives a temporary password and reset-second-factor removes the secret,
 * both ending the sessions and leading the owner to set up what was reset at the next sign-in. Once as a real process
 * on a PGlite folder, as an operator runs it, and beside a running server holding that folder, which it refuses to
 * write.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDataKeys } from '#server/crypto/keyring.ts';
import { openDatabase } from '#server/db/database.ts';
import { databaseTargets } from '#server/db/test-database.ts';
import { totpCode } from '#server/testing/staff.ts';
import { testAddress } from '#server/testing/borrower.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';
import { runStaffCli } from './cli.ts';

const PASSWORD = 'a long operator passphrase';

const secretIn = (lines: string[]) => /secret: ([A-Z2-7]+)/u.exec(lines.join('\n'))?.[1];

async function signIn(api: TestApi, email: string, secret: string, password = PASSWORD) {
  return api.app.inject({
    method: 'POST',
    url: '/api/v1/staff/auth/login',
    remoteAddress: testAddress(),
    payload: { email, password, code: totpCode(secret, api.now()) },
  });
}

describe.each(databaseTargets())('staff command line on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind, { clock: new Date('2026-11-24T09:00:05Z') });
  });
  afterAll(async () => {
    await api?.close();
  });

  const run = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const lines: string[] = [];
    // The suite's database, left open for the API.
    const code = await runStaffCli(args, {
      env,
      print: (line) => lines.push(line),
      open: async () => ({ ...api.database, close: async () => undefined }),
      now: api.now,
    });
    return { code, lines };
  };
  const alive = async (token: string) =>
    (
      await api.app.inject({
        method: 'GET',
        url: '/api/v1/staff/auth/me',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode === 200;

  it('creates an administrator who signs in with the password and a code of the printed secret', async () => {
    const created = await run(['create-admin', '--email', 'Ana.Reyes@Lender.test', '--name', 'Ana Reyes'], {
      STAFF_PASSWORD: PASSWORD,
    });
    expect(created.code, created.lines.join('\n')).toBe(0);
    const secret = secretIn(created.lines)!;
    expect(created.lines.join('\n')).toContain(
      `otpauth://totp/PesoAgad:ana.reyes%40lender.test?issuer=PesoAgad&secret=${secret}`,
    );
    const res = await signIn(api, 'ana.reyes@lender.test', secret);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ staff: { role: string; permissions: string[] } }>().staff).toMatchObject({
      role: 'administrator',
      permissions: ['staff.manage', 'audit.read', 'book.read'],
    });
    const listed = await run(['list']);
    expect(listed.lines.join('\n')).toContain('ana.reyes@lender.test\tadministrator\tAna Reyes');
  });

  it('refuses create-admin for an e-mail that exists, a short or common password, and a wrong command', async () => {
    expect(
      (await run(['create-admin', '--email', 'ana.reyes@lender.test', '--name', 'Other'], { STAFF_PASSWORD: PASSWORD }))
        .code,
    ).toBe(1);
    expect(
      (await run(['create-admin', '--email', 'short@lender.test', '--name', 'Short'], { STAFF_PASSWORD: 'short' }))
        .code,
    ).toBe(1);
    expect((await run(['create-admin', '--email', 'nopass@lender.test', '--name', 'No Password'])).code).toBe(1);
    for (const password of ['password1234', 'aaaaaaaaaaaa', ' '.repeat(12), 'common.person.2026'])
      expect(
        (
          await run(['create-admin', '--email', 'common.person@lender.test', '--name', 'Common'], {
            STAFF_PASSWORD: password,
          })
        ).lines.join('\n'),
      ).toContain('That password is refused');
    expect((await run(['create-admin', '--name', 'No E-mail'], { STAFF_PASSWORD: PASSWORD })).code).toBe(2);
    expect((await run(['drop-everything'])).code).toBe(2);
    expect((await run(['list'])).lines.at(-1)).toBe('1 staff account(s)');
  });

  it('resets the second factor: no secret printed, the sessions end, the owner enrols at the next sign-in', async () => {
    const created = await run(['create-admin', '--email', 'ben@lender.test', '--name', 'Ben Cruz'], {
      STAFF_PASSWORD: PASSWORD,
    });
    const oldSecret = secretIn(created.lines)!;
    const first = await signIn(api, 'ben@lender.test', oldSecret);
    expect(first.statusCode, first.body).toBe(200);
    const reset = await run(['reset-second-factor', '--email', 'BEN@lender.test']);
    expect(reset.code, reset.lines.join('\n')).toBe(0);
    expect(secretIn(reset.lines)).toBeUndefined();
    expect(await alive(first.json<{ token: string }>().token)).toBe(false);
    api.advance(30);
    const next = await signIn(api, 'ben@lender.test', oldSecret);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json<{ staff: { pending: string[] } }>().staff.pending).toEqual(['secondFactor']);
    expect((await run(['reset-second-factor', '--email', 'nobody@lender.test'])).code).toBe(1);
  });

  it('resets a password: printed once (or STAFF_PASSWORD), the sessions end, a new one is set at the next sign-in', async () => {
    const created = await run(['create-admin', '--email', 'cora@lender.test', '--name', 'Cora Lim'], {
      STAFF_PASSWORD: PASSWORD,
    });
    const secret = secretIn(created.lines)!;
    const first = await signIn(api, 'cora@lender.test', secret);
    const reset = await run(['reset-password', '--email', 'cora@lender.test']);
    expect(reset.code, reset.lines.join('\n')).toBe(0);
    const temporary = /password: (\S+)/u.exec(reset.lines.join('\n'))?.[1];
    expect(temporary).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/u);
    expect(await alive(first.json<{ token: string }>().token)).toBe(false);
    api.advance(30);
    expect((await signIn(api, 'cora@lender.test', secret)).json<{ code: string }>().code).toBe('STAFF_LOGIN_FAILED');
    const next = await signIn(api, 'cora@lender.test', secret, temporary);
    expect(next.json<{ staff: { pending: string[] } }>().staff.pending).toEqual(['password']);
    const given = await run(['reset-password', '--email', 'cora@lender.test'], {
      STAFF_PASSWORD: 'papaya boat under the bridge',
    });
    expect(given.lines.join('\n')).not.toContain('papaya');
    const weak = await run(['reset-password', '--email', 'cora@lender.test'], { STAFF_PASSWORD: 'password1234' });
    expect([weak.code, weak.lines.join('\n')]).toEqual([
      1,
      expect.stringContaining('That password is refused (common)'),
    ]);
    api.advance(30);
    expect((await signIn(api, 'cora@lender.test', secret, 'papaya boat under the bridge')).statusCode).toBe(200);
  });
});

// Each command is a Node process that starts tsx and the embedded database: on a busy machine a few of them take
// minutes, which the server project's timeout (vitest.config.ts) allows.
describe('npm run staff as a process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'staff-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // The test databases' data keys, so this process reads the secret the command encrypted.
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATA_KEYS: formatDataKeys([{ id: 'test1', secret: Buffer.alloc(32, 7) }]),
    STAFF_PASSWORD: PASSWORD,
    DATABASE_URL: '',
  };

  it('creates an administrator in a PGlite folder who then signs in through the API', async () => {
    const { stdout } = await promisify(execFile)(
      join('node_modules', '.bin', 'tsx'),
      ['scripts/staff.ts', 'create-admin', '--email', 'first@lender.test', '--name', 'First Admin'],
      { env },
    );
    const secret = secretIn(stdout.split('\n'))!;
    expect(secret, stdout).toMatch(/^[A-Z2-7]{32}$/u);
    const again = await promisify(execFile)(
      join('node_modules', '.bin', 'tsx'),
      ['scripts/staff.ts', 'create-admin', '--email', 'first@lender.test', '--name', 'First Admin'],
      { env },
    ).catch((error: { code: number; stdout: string }) => error);
    expect('code' in again && again.code).toBe(1);
    const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    const api = await testApi('pglite', { database });
    try {
      const res = await signIn(api, 'first@lender.test', secret);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await api.close();
      await database.close();
    }
  });

  it('refuses to write a PGlite folder a running server holds, saying what to do; runs once the server has stopped', async () => {
    const createAdmin = () =>
      promisify(execFile)(
        join('node_modules', '.bin', 'tsx'),
        ['scripts/staff.ts', 'create-admin', '--email', 'second@lender.test', '--name', 'Second Admin'],
        { env },
      ).catch((error: { code: number; stdout: string; stderr: string }) => error);
    // The folder as a running server holds it.
    const server = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    const refused = await createAdmin();
    expect('code' in refused && refused.code).toBe(1);
    expect(refused.stdout).not.toContain('created');
    expect(refused.stderr).toContain(`in use by process ${process.pid}`);
    expect(refused.stderr).toContain('DATABASE_URL');
    await server.close();
    const created = await createAdmin();
    expect(created.stdout).toContain('Administrator second@lender.test created.');
  });
});
