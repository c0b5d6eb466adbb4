/** The server process: settings from the environment, the database and providers, logging, graceful shutdown. */
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { createDeterministicIdentityChecker } from './providers/identity/deterministic.ts';
import { createSmsProvider, readSmsSettings } from './providers/sms/index.ts';
import { createFileStorage, readStorageSettings } from './providers/storage/index.ts';
import { loadOrCreateSecret } from './secret.ts';
import { readSettings } from './settings.ts';

const base = readSettings(process.env);
const sms = readSmsSettings(process.env);
const storage = readStorageSettings({ UPLOAD_DIR: join(process.env['DATA_DIR'] ?? 'data', 'uploads'), ...process.env });
const problems = [...base.problems, ...sms.problems, ...storage.problems];
if (!base.settings || !sms.settings || !storage.settings || problems.length > 0) {
  for (const problem of problems) console.error(`Configuration error: ${problem}`);
  process.exit(1);
}
const settings = base.settings;

let database;
try {
  database = await openDatabase(settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: join(settings.dataDir, 'pglite') });
} catch (error) {
  console.error(`Could not open the database (${settings.databaseUrl ? 'DATABASE_URL' : join(settings.dataDir, 'pglite')}): ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const app = await buildApp({
  webDist: settings.webDist,
  logger: { level: settings.logLevel, redact: ['req.headers.authorization', 'req.headers["x-customer-id"]'] },
  api: {
    db: database.db,
    sms: createSmsProvider(sms.settings, (line) => console.log(line)),
    secret: loadOrCreateSecret(settings.dataDir, settings.authSecret),
    storage: createFileStorage(storage.settings),
    checker: createDeterministicIdentityChecker(),
  },
});
app.addHook('onClose', async () => {
  await database.close();
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  const address = await app.listen({ port: settings.port, host: settings.host });
  app.log.info(`web app and API on ${address.replace('0.0.0.0', 'localhost')}, database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : join(settings.dataDir, 'pglite')}`);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  process.exit(1);
}
