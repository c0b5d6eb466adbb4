/**
 * The server as `npm start` runs it (after the build): `server/main.ts` in its own process, configured only by the
 * environment (embedded PGlite in a temporary DATA_DIR, or DATABASE_URL), the SMS codes read from its log as a person
 * running it locally would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loginCodeIn } from '#server/testing/borrower.ts';

export interface ProcessServer {
  readonly url: string;
  /** The 4-digit code of the last SMS to a national number, from the server's log. */
  code(phone: string): Promise<string>;
  close(): Promise<void>;
}

export async function startProcessServer(env: Record<string, string> = {}): Promise<ProcessServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: 'dist',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'e2e-data-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    // Its own TypeScript, the embedded database and the forms first: on a busy 2-core machine that takes its time.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 170_000);
    const check = () => {
      const found = /web app and API on (http:\/\/[\d.:a-z]+)/u.exec(log)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (status) => reject(new Error(`server exited (${status}):\n${log}`)));
  });
  return {
    url,
    async code(phone) {
      for (let i = 0; i < 50; i++) {
        const lines = log.split('\n').filter((line) => line.includes(`SMS to +63${phone}`));
        const code = loginCodeIn(lines.at(-1));
        if (code) return code;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no SMS to ${phone} in the server log`);
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
