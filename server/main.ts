/** The server process: settings from the environment, the database and providers, logging, graceful shutdown. */
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { manilaToday } from '#domain/calendar-date.ts';
import { checkPricing } from '#domain/pricing.ts';
import { collectionsFile } from '#config/collections.ts';
import { checkBuckets, checkContactHours } from '#domain/collections.ts';
import { buildApp } from './app.ts';
import { createDemoClock } from './demo-clock.ts';
import { openDatabase } from './db/database.ts';
import { createDeterministicIdentityChecker } from './providers/identity/deterministic.ts';
import { createSmsProvider, readSmsSettings } from './providers/sms/index.ts';
import { createFileStorage, readStorageSettings } from './providers/storage/index.ts';
import { createCollectionProvider, readCollectionSettings } from './providers/collection/index.ts';
import { httpDeliver, type Deliver } from './providers/deliver.ts';
import { createPayoutProvider, readPayoutSettings } from './providers/payout/index.ts';
import { migrateSimulated } from './providers/simulated/database.ts';
import { readFacebookSettings } from './providers/facebook/facebook-login.ts';
import { createGraphFacebookLogin } from './providers/facebook/graph.ts';
import { loadOrCreateDataKeys, loadOrCreateSecret } from './secret.ts';
import { setDataKeys } from './crypto/data-keys.ts';
import { encryptClearRows } from './crypto/reencrypt.ts';
import { createEncryptedStorage } from './providers/storage/encrypted.ts';
import { pricingConfig } from './services/loans.ts';
import { readDemoClock, readLoanSettings, readSettings, readSimulatedProviders } from './settings.ts';

const base = readSettings(process.env);
const sms = readSmsSettings(process.env);
const storage = readStorageSettings({ UPLOAD_DIR: join(process.env['DATA_DIR'] ?? 'data', 'uploads'), ...process.env });
const loans = readLoanSettings(process.env);
const payout = readPayoutSettings(process.env);
const collection = readCollectionSettings(process.env);
const facebookLogin = readFacebookSettings(process.env);
// DEMO_CLOCK (server/demo-clock.ts): the server's clock starts at that instant, with the simulated providers only.
const demo = readDemoClock(process.env);
// A server with a real payout or collection gateway runs another simulated provider only when SIMULATED_PROVIDERS
// lists it; the start-up line names every simulated provider in use.
const simulation = readSimulatedProviders(process.env);
const demoClock = demo.start ? createDemoClock(demo.start) : undefined;
const clock = demoClock ? () => demoClock.now() : () => new Date();
// A pricing config that breaks the law's lending caps (domain/regulation.ts, from today's regulation on), sets a limit
// above the law, or cannot be quoted stops the server, one message per problem. Today is the server's (DEMO_CLOCK's).
const pricingProblems = checkPricing(pricingConfig, manilaToday(clock())).map(
  (p) => `config/pricing.json ${p.path}: ${p.problem}`,
);
// Collection hours wider than SEC MC 18's, or buckets with a gap, stop it too.
const collectionProblems = [
  ...checkContactHours(collectionsFile.contactHours),
  ...checkBuckets(collectionsFile.buckets),
].map((problem) => `config/collections.json ${problem}`);
const problems = [
  ...base.problems,
  ...sms.problems,
  ...storage.problems,
  ...loans.problems,
  ...payout.problems,
  ...collection.problems,
  ...facebookLogin.problems,
  ...demo.problems,
  ...simulation.problems,
  ...pricingProblems,
  ...collectionProblems,
];
if (
  !base.settings ||
  !sms.settings ||
  !storage.settings ||
  !loans.settings ||
  !payout.settings ||
  !collection.settings ||
  !facebookLogin.settings ||
  problems.length > 0
) {
  for (const problem of problems) console.error(`Configuration error: ${problem}`);
  process.exit(1);
}
const settings = base.settings;
const loanSettings = loans.settings;

// The data keys encrypt personal data in the database and uploaded files (README, "Keys"); set before any row is read.
let keyring;
try {
  keyring = loadOrCreateDataKeys(settings.dataDir, settings.dataKeys);
} catch (error) {
  console.error(`Configuration error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
setDataKeys(keyring);

let database;
try {
  database = await openDatabase(
    settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: join(settings.dataDir, 'pglite') },
  );
} catch (error) {
  console.error(
    `Could not open the database (${settings.databaseUrl ? 'DATABASE_URL' : join(settings.dataDir, 'pglite')}): ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
try {
  // Rows written in the clear before encryption are encrypted now; a value under a key DATA_KEYS lacks stops the start.
  const encrypted = Object.entries(await encryptClearRows(database.db, keyring)).filter(([, count]) => count > 0);
  if (encrypted.length > 0)
    console.log(
      `Encrypted rows stored in the clear: ${encrypted.map(([column, count]) => `${column} ${count}`).join(', ')}`,
    );
} catch (error) {
  console.error(`Could not check the encrypted data: ${error instanceof Error ? error.message : String(error)}`);
  await database.close();
  process.exit(1);
}

const secret = loadOrCreateSecret(settings.dataDir, settings.authSecret);
// Gateway secrets: required with a real gateway (its callback token / webhook secret, checked in the settings); with
// a simulated one by default derived from the auth secret, so every instance sharing AUTH_SECRET agrees with the
// simulated gateways' callbacks.
const derived = (purpose: string) => createHmac('sha256', secret).update(purpose).digest('hex');
const payoutCallbackToken = loanSettings.payoutCallbackToken ?? derived('payout-callback-token');
const collectionWebhookSecret = loanSettings.collectionWebhookSecret ?? derived('collection-webhook-secret');
// The simulated gateways (PAYOUT_PROVIDER / COLLECTION_PROVIDER unset or simulated) call this server back at its own
// address, once it listens; a real gateway calls the public address registered with it.
let deliverTo: Deliver = async () => ({ status: 503 });
// Where borrowers reach the app (PUBLIC_URL), else this server's own port once it listens.
let publicUrl = settings.publicUrl ?? `http://localhost:${settings.port}`;
const deliver: Deliver = (path, headers, body) => deliverTo(path, headers, body);
// The simulated gateways keep the server's clock, so a payout or a payment moved past by DEMO_CLOCK completes.
const payouts = createPayoutProvider(payout.settings, {
  db: database.db,
  now: clock,
  delayMs: loanSettings.simPayoutDelayMs,
  failPattern: loanSettings.simPayoutFailPattern,
  callbackToken: payoutCallbackToken,
  deliver,
});
const collections = createCollectionProvider(collection.settings, {
  db: database.db,
  now: clock,
  delayMs: loanSettings.simCollectionDelayMs,
  failPattern: loanSettings.simCollectionFailPattern,
  webhookSecret: collectionWebhookSecret,
  deliver,
});
// The simulated gateways and Facebook Login keep their state in their own schema, made only when one of them runs
// (server/providers/simulated/database.ts): a database with only real providers never has it.
if (payouts.simulated || collections.simulated || facebookLogin.settings.provider === 'simulated') {
  try {
    await migrateSimulated(database);
  } catch (error) {
    console.error(
      `Could not prepare the simulated providers' tables: ${error instanceof Error ? error.message : String(error)}`,
    );
    await database.close();
    process.exit(1);
  }
}

const app = await buildApp({
  webDist: settings.webDist,
  trustProxy: settings.trustProxy,
  attributionAppToken: settings.attributionAppToken,
  log: { level: settings.logLevel },
  api: {
    db: database.db,
    sms: createSmsProvider(sms.settings, (line) => console.log(line)),
    secret,
    ...(demoClock && { demoClock }),
    storage: createEncryptedStorage(createFileStorage(storage.settings), keyring),
    checker: createDeterministicIdentityChecker(),
    // Facebook Login: the Graph API with FACEBOOK_APP_ID and FACEBOOK_APP_SECRET, else the simulated one (app.ts).
    ...(facebookLogin.settings.provider === 'graph' && { facebook: createGraphFacebookLogin(facebookLogin.settings) }),
    ...(process.env['FACEBOOK_REDIRECT_URL']?.trim() && {
      facebookRedirectUri: process.env['FACEBOOK_REDIRECT_URL'].trim(),
    }),
    ...(settings.formGraceMs !== undefined && { formGraceMs: settings.formGraceMs }),
    publicUrl: () => publicUrl,
    simulatedProviders: simulation.simulated,
    jobPollMs: loanSettings.jobPollMs,
    jobLeaseMs: loanSettings.jobLeaseMs,
    loans: {
      payout: payouts.provider,
      collection: collections.provider,
      payoutCallbackToken,
      collectionWebhookSecret,
      settings: {
        ...(loanSettings.approvalDelaySeconds !== undefined && {
          approvalDelaySeconds: loanSettings.approvalDelaySeconds,
        }),
        ...(loanSettings.reloanCancelWindowSeconds !== undefined && {
          reloanCancelWindowMs: loanSettings.reloanCancelWindowSeconds * 1000,
        }),
        bankChangeMaintenance: loanSettings.bankChangeMaintenance,
        reconcileAfterMs: loanSettings.reconcileAfterMs,
      },
    },
  },
});
app.addHook('onClose', async () => {
  await Promise.all([payouts.simulated?.stop(), collections.simulated?.stop()]);
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
  const port = app.server.address();
  const listening = typeof port === 'object' && port ? port.port : settings.port;
  deliverTo = httpDeliver(`http://127.0.0.1:${listening}`);
  publicUrl = settings.publicUrl ?? `http://localhost:${listening}`;
  payouts.simulated?.start(Math.min(1000, Math.max(100, loanSettings.simPayoutDelayMs)));
  collections.simulated?.start(Math.min(1000, Math.max(100, loanSettings.simCollectionDelayMs)));
  app.log.info(
    `web app and API on ${address.replace('0.0.0.0', 'localhost')}, database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : join(settings.dataDir, 'pglite')}, payouts: ${payouts.provider.name}, collections: ${collections.provider.name}, simulated: ${simulation.simulated.join(', ') || 'none'}, public address: ${publicUrl}${settings.publicUrl ? '' : ' (PUBLIC_URL unset)'}`,
  );
  if (demoClock)
    app.log.warn(
      `DEMO_CLOCK: the server's clock is ${demoClock.now().toISOString()}; move it forward with POST /api/v1/dev/clock {"advanceDays":1}`,
    );
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  process.exit(1);
}
