/**
 * The API on a test database with the console outbox, the simulated gateways calling back into it and a clock the
 * test moves: `testApi(kind)` for the server suites (PGlite always, PostgreSQL with TEST_DATABASE_URL) and the e2e
 * server. A borrower logs in with ./borrower.ts; requests go through ./request.ts.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { OpenDatabase } from '../db/database.ts';
import type { DemoClock } from '../demo-clock.ts';
import type { LogSettings } from '../logger.ts';
import type { Deliver } from '../providers/deliver.ts';
import {
  createSimulatedCollectionGateway,
  type SimulatedCollectionGateway,
} from '../providers/collection/simulated.ts';
import { createSimulatedPayoutGateway, type SimulatedPayoutGateway } from '../providers/payout/simulated.ts';
import type { LoanService } from '../services/loans.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { TEST_KEYRING, testDatabase, type TestDatabaseKind } from '../db/test-database.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeterministicIdentityChecker } from '../providers/identity/deterministic.ts';
import { createConsoleOutbox, type ConsoleOutbox } from '../providers/sms/console-outbox.ts';
import { createLocalDiskStorage } from '../providers/storage/local-disk.ts';
import { createEncryptedStorage } from '../providers/storage/encrypted.ts';
import type { FileStorage } from '../providers/storage/file-storage.ts';
import { installResponseCheck } from '../response-check.ts';
import type { TrustProxy } from '../settings.ts';

export interface TestApi {
  readonly app: FastifyInstance;
  readonly database: OpenDatabase;
  /** The folder of the uploads (local disk, encrypted). */
  readonly uploadDir: string;
  /** The server's file storage over that folder. */
  readonly storage: FileStorage;
  readonly outbox: ConsoleOutbox;
  /** The simulated gateways (their callbacks go through app.inject). */
  readonly payoutGateway: SimulatedPayoutGateway;
  readonly collectionGateway: SimulatedCollectionGateway;
  readonly loans: LoanService;
  readonly jobs: JobRunner;
  readonly payoutCallbackToken: string;
  readonly collectionWebhookSecret: string;
  /** The address borrowers reach this API at (its PUBLIC_URL): a browser suite's server gives its own after listen. */
  setPublicUrl(url: string): void;
  /** Moves the API's clock forward. */
  advance(seconds: number): void;
  /** The API's clock now. */
  now(): Date;
  /** Runs the jobs due now (underwriting, payouts, accrual, reconciliation). */
  runDueJobs(): Promise<number>;
  /** Delivers the gateways' callbacks due now. */
  deliverCallbacks(): Promise<number>;
  /** Jobs and callbacks until nothing more is due now. */
  settle(): Promise<void>;
  /** Closes the app and the gateways, leaving the database open (a restart builds another app on it). */
  closeApp(): Promise<void>;
  close(): Promise<void>;
}

/** Loan timings of a test API: by default nothing runs by itself (tests call runDueJobs / deliverCallbacks). */
export interface TestLoanOptions {
  /** Job worker poll in ms; 0 (default without webDist): none. */
  readonly jobPollMs?: number;
  /** Gateways' delivery poll in ms; 0: none. */
  readonly gatewayPollMs?: number;
  readonly approvalDelaySeconds?: number;
  readonly payoutDelayMs?: number;
  readonly collectionDelayMs?: number;
  readonly bankChangeMaintenance?: boolean;
  readonly collectionFailPattern?: RegExp | null;
  readonly reconcileAfterMs?: number;
}

/** The captcha every test API shows: its answer is known. */
export const TEST_CAPTCHA = { text: 'Wx7k', data: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' };

/** The API on a fresh database of `kind`; with `webDist`, the built web app too (the browser suites). */
export async function testApi(
  kind: TestDatabaseKind,
  options: {
    webDist?: string;
    loans?: TestLoanOptions;
    /** Another API's database (a restart): not closed by close(). */
    database?: OpenDatabase;
    /** TRUST_PROXY of this API (default: none). */
    trustProxy?: TrustProxy;
    /** ATTRIBUTION_APP_TOKEN of this API (default: none, attribution off). */
    attributionAppToken?: string;
    /** A clock that stands still at this instant and moves only by advance() (default: the real time, plus advance()). */
    clock?: Date;
    /** DEMO_CLOCK's clock instead (advance() moves it): the API serves /api/v1/dev/clock, security keeps the real time. */
    demoClock?: DemoClock;
    /** The app's log (server/logger.ts), e.g. to a stream the test reads; default none. */
    log?: LogSettings;
  } = {},
): Promise<TestApi> {
  const database = options.database ?? (await testDatabase(kind));
  const outbox = createConsoleOutbox({ log: () => undefined });
  let offset = 0;
  const clock = options.clock?.getTime();
  const demoClock = options.demoClock;
  const now = demoClock ? () => demoClock.now() : () => new Date((clock ?? Date.now()) + offset);
  const uploadDir = mkdtempSync(join(tmpdir(), 'uploads-'));
  // app.inject's requests come to http://localhost; a listening server says its own address (setPublicUrl).
  let publicUrl = 'http://localhost';
  const storage = createEncryptedStorage(createLocalDiskStorage(uploadDir), TEST_KEYRING);
  const timers = options.webDist !== undefined;
  const loanOptions = options.loans ?? {};
  // The gateways call back into the app built below.
  const target: { app?: FastifyInstance } = {};
  const deliver: Deliver = async (path, headers, rawBody) => {
    if (!target.app) return { status: 503 };
    const res = await target.app.inject({ method: 'POST', url: path, headers: { ...headers }, payload: rawBody });
    return { status: res.statusCode };
  };
  const payoutCallbackToken = 'test-payout-callback-token';
  const collectionWebhookSecret = 'test-collection-webhook-secret';
  const payoutGateway = createSimulatedPayoutGateway({
    db: database.db,
    now,
    delayMs: loanOptions.payoutDelayMs ?? (timers ? 1000 : 0),
    failPattern: /^0000/u,
    callbackToken: payoutCallbackToken,
    deliver,
  });
  const collectionGateway = createSimulatedCollectionGateway({
    db: database.db,
    now,
    delayMs: loanOptions.collectionDelayMs ?? (timers ? 1000 : 0),
    failPattern: loanOptions.collectionFailPattern ?? null,
    webhookSecret: collectionWebhookSecret,
    deliver,
  });
  const app = await buildApp({
    webDist: options.webDist,
    trustProxy: options.trustProxy,
    attributionAppToken: options.attributionAppToken,
    log: options.log,
    api: {
      db: database.db,
      sms: outbox,
      secret: randomBytes(32),
      ...(demoClock ? { demoClock } : { now }),
      makeCaptcha: () => TEST_CAPTCHA,
      publicUrl: () => publicUrl,
      simulatedProviders: ['sms', 'facebook', 'payouts', 'collections'],
      storage,
      checker: createDeterministicIdentityChecker(),
      jobPollMs: loanOptions.jobPollMs ?? (timers ? 1000 : 0),
      onJobError: () => undefined,
      loans: {
        payout: payoutGateway,
        collection: collectionGateway,
        payoutCallbackToken,
        collectionWebhookSecret,
        settings: {
          approvalDelaySeconds: loanOptions.approvalDelaySeconds ?? (timers ? 2 : 60),
          bankChangeMaintenance: loanOptions.bankChangeMaintenance ?? false,
          ...(loanOptions.reconcileAfterMs !== undefined && { reconcileAfterMs: loanOptions.reconcileAfterMs }),
        },
      },
    },
  });
  // Every answer against its response schema, strictly: a view's property missing from api-contract/ fails the suite.
  installResponseCheck(app);
  await app.ready();
  target.app = app;
  const gatewayPollMs = loanOptions.gatewayPollMs ?? (timers ? 1000 : 0);
  if (gatewayPollMs > 0) {
    payoutGateway.start(gatewayPollMs);
    collectionGateway.start(gatewayPollMs);
  }
  const loans = app.loans!;
  const deliverCallbacks = async () => (await payoutGateway.flush()) + (await collectionGateway.flush());
  let appClosed = false;
  const closeApp = async () => {
    if (appClosed) return;
    appClosed = true;
    await Promise.all([payoutGateway.stop(), collectionGateway.stop()]);
    await app.close();
  };
  return {
    app,
    database,
    uploadDir,
    storage,
    outbox,
    payoutGateway,
    collectionGateway,
    loans: loans.service,
    jobs: app.jobs,
    payoutCallbackToken,
    collectionWebhookSecret,
    setPublicUrl(url) {
      publicUrl = url;
    },
    advance(seconds) {
      if (demoClock) demoClock.advance(seconds * 1000);
      else offset += seconds * 1000;
      // What the move made due runs now rather than at the next poll, where the timers run (a stopped gateway or
      // runner stays stopped).
      app.jobs.poke();
      payoutGateway.wake(0);
      collectionGateway.wake(0);
    },
    now,
    runDueJobs: () => app.jobs.runDueJobs(),
    deliverCallbacks,
    async settle() {
      for (let i = 0; i < 20; i += 1) {
        const done = (await app.jobs.runDueJobs()) + (await payoutGateway.flush()) + (await collectionGateway.flush());
        if (done === 0) return;
      }
    },
    closeApp,
    async close() {
      await closeApp();
      if (!options.database) await database.close();
    },
  };
}
