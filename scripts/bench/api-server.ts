/**
 * A server of the api benchmark, in its own process (forked by api.ts with tsx): either a bare Fastify hello-world
 * or the real app (buildApp, as server/testing/test-api.ts builds it) on PGlite or PostgreSQL. It listens on
 * 127.0.0.1 with a port chosen by the system and talks to the benchmark over the IPC channel:
 *
 * - to the parent: `{type: 'ready', port}` once listening, `{type: 'failed', message}` if it could not start;
 * - from the parent: `{type: 'sms', id, to}` (answered with the console outbox's last text to that number),
 *   `{type: 'cpu', id}` (answered with this process's CPU time so far, µs), `{type: 'close'}` (closes and exits).
 *
 * Usage: `node --import tsx scripts/bench/api-server.ts '<config JSON>'` with an IPC channel (child_process.fork).
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { openDatabase, type DatabaseTarget, type OpenDatabase } from '#server/db/database.ts';
import { createDeterministicIdentityChecker } from '#server/providers/identity/deterministic.ts';
import { createConsoleOutbox } from '#server/providers/sms/console-outbox.ts';
import { createLocalDiskStorage } from '#server/providers/storage/local-disk.ts';
import { createEncryptedStorage } from '#server/providers/storage/encrypted.ts';
import { setDataKeys } from '#server/crypto/data-keys.ts';
import { Keyring } from '#server/crypto/keyring.ts';

/** What to serve. */
export type ServerConfig =
  { readonly mode: 'hello' } | { readonly mode: 'api'; readonly database: DatabaseTarget; readonly uploadDir: string };

/** Messages from the server process. */
export type ServerMessage =
  | { readonly type: 'ready'; readonly port: number }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'sms'; readonly id: number; readonly text: string | null }
  | { readonly type: 'cpu'; readonly id: number; readonly user: number; readonly system: number };

/** Messages to the server process. */
export type ParentMessage =
  | { readonly type: 'sms'; readonly id: number; readonly to: string }
  | { readonly type: 'cpu'; readonly id: number }
  | { readonly type: 'close' };

/** The hello-world of the comparison: Fastify's defaults, one route, nothing else. */
export function helloApp(): FastifyInstance {
  const app = Fastify();
  app.get('/hello', async () => ({ hello: 'world' }));
  return app;
}

function send(message: ServerMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2] ?? '{"mode":"hello"}') as ServerConfig;
  let database: OpenDatabase | undefined;
  const outbox = createConsoleOutbox({ log: () => undefined });
  let app: FastifyInstance;
  if (config.mode === 'hello') {
    app = helloApp();
  } else {
    // Random data keys, as the server's own: a profile GET decrypts its sections (the cost measured with the rest).
    const keyring = new Keyring([{ id: 'bench', secret: randomBytes(32) }]);
    setDataKeys(keyring);
    database = await openDatabase(config.database);
    app = await buildApp({
      api: {
        db: database.db,
        sms: outbox,
        secret: randomBytes(32),
        storage: createEncryptedStorage(createLocalDiskStorage(config.uploadDir), keyring),
        checker: createDeterministicIdentityChecker(),
        publicUrl: () => 'http://localhost',
      },
    });
  }
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database?.close();
    process.exit(0);
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'sms') send({ type: 'sms', id: message.id, text: outbox.lastTo(message.to)?.text ?? null });
    else if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ type: 'cpu', id: message.id, user, system });
    } else if (message.type === 'close') void close();
  });
  // The benchmark went away (ended or crashed): do not outlive it.
  process.on('disconnect', () => void close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
}

// Only as a forked child (an IPC channel): importing this module for its types starts nothing.
if (process.send) {
  main().catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  });
}
