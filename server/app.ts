/**
 * The buildable API and web server: tests drive it with app.inject, server/main.ts runs it. One plugin per concern;
 * routes under /api/v1; the OpenAPI document, generated from the route schemas, at /api/docs.
 */
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import productJson from '../config/product.json' with { type: 'json' };
import type { ProductConfig } from '../config/types/product.ts';
import type { Database } from './db/database.ts';
import { and, eq, notInArray } from 'drizzle-orm';
import { loanOrders } from './db/schema.ts';
import { ApiError, errorBody } from './errors.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorAnswers } from './plugins/errors.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { webApp } from './plugins/web-app.ts';
import { createJobRunner, type JobRunner } from './jobs/runner.ts';
import type { CollectionProvider } from './providers/collection/collection-provider.ts';
import type { IdentityChecker } from './providers/identity/identity-check.ts';
import type { PayoutProvider } from './providers/payout/payout-provider.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import type { FileStorage } from './providers/storage/file-storage.ts';
import { authRoutes } from './routes/auth.ts';
import { documentRoutes } from './routes/documents.ts';
import { healthRoutes } from './routes/health.ts';
import { loanRoutes } from './routes/loans.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { profileRoutes } from './routes/profile.ts';
import { createAuthService } from './services/auth.ts';
import { createDocumentService } from './services/documents.ts';
import { createLoanService, DEFAULT_LOAN_SETTINGS, type LoanService, type LoanSettings } from './services/loans.ts';
import { createProfileService } from './services/profile.ts';
import type { TrustProxy } from './settings.ts';

const product = productJson as ProductConfig;

/** Loans: the payout and collection gateways, the secrets their callbacks carry, timings, the job worker. */
export interface LoanApiDeps {
  readonly payout: PayoutProvider;
  readonly collection: CollectionProvider;
  /** Static token the payout gateway's callbacks carry (x-callback-token). */
  readonly payoutCallbackToken: string;
  /** HMAC key of the collection gateway's webhooks (paymongo-signature). */
  readonly collectionWebhookSecret: string;
  readonly settings?: Partial<LoanSettings>;
  /** How often this instance looks for due jobs, in ms; 0: never by itself (tests call app.jobs.runDueJobs()). */
  readonly jobPollMs?: number;
  readonly onJobError?: (kind: string, error: unknown) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The loan service and its job runner, when the API serves loans. */
    loans?: { readonly service: LoanService; readonly jobs: JobRunner };
  }
}

/** What the API needs beyond HTTP: the database and the providers, chosen by server/main.ts from the settings. */
export interface ApiDeps {
  readonly db: Database;
  readonly sms: SmsProvider;
  /** Where uploaded documents are kept (local disk or S3-compatible). */
  readonly storage: FileStorage;
  /** Quality and identity checks of uploaded photos. */
  readonly checker: IdentityChecker;
  /** Key of the SMS code HMAC (32 bytes or more). */
  readonly secret: Buffer;
  readonly now?: () => Date;
  /** Tests only: a graphic code with a known answer. */
  readonly makeCaptcha?: () => { text: string; data: string };
  /** Loans; without them the loan routes are not served. */
  readonly loans?: LoanApiDeps;
}

export interface AppOptions {
  /** Folder of the built web app; omit to serve the API only (development with Vite). */
  webDist?: string;
  /**
   * Proxies whose X-Forwarded-For names the client (TRUST_PROXY): hops or addresses. Default none: the client's
   * address is the connection's, since any client can write that header and per-IP limits count by it.
   */
  trustProxy?: TrustProxy;
  logger?: FastifyServerOptions['logger'];
  /** The API's database and providers; without them only the health check and the web app are served. */
  api?: ApiDeps;
}

/** TRUST_PROXY as Fastify takes it: a hop count as proxy-addr's function of the hop, addresses as a list. */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    return503OnClosing: true,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });
  await app.register(errorAnswers);
  await app.register(securityHeaders);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${product.displayName} API`, version: '1' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The session token from POST /api/v1/auth/login, with its customer id in X-Customer-Id' },
        },
      },
    },
  });
  await app.register(healthRoutes, { prefix: '/api/v1' });
  if (options.api) {
    const { db, sms, secret, now, makeCaptcha, storage, checker } = options.api;
    const auth = createAuthService({ db, sms, secret, productName: product.displayName, now, makeCaptcha });
    const profile = await createProfileService(db, now);
    await app.register(authPlugin, { auth, db });
    await app.register(authRoutes, { prefix: '/api/v1', auth, languages: product.languages });
    await app.register(profileRoutes, { prefix: '/api/v1', profile, guard: options.api.loans ? payoutStepGuard(db, options.api.loans) : undefined });
    await app.register(documentRoutes, { prefix: '/api/v1', documents: createDocumentService({ db, storage, checker }) });
    if (options.api.loans) await registerLoans(app, db, profile, options.api.loans, now ?? (() => new Date()));
  }
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return app.swagger();
  });
  if (options.webDist) await app.register(webApp, { root: options.webDist });
  else app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody('NOT_FOUND')));
  return app;
}

/**
 * The profile's payout step (bankInfo) is where a borrower first gives the account; once a loan is in progress the
 * account belongs to that order and changes only through PUT /payout-account, with its rules (a failed disbursement
 * or a re-loan, a different account). Bank maintenance stops both.
 */
const PAYOUT_STEP = 'bankInfo';

function payoutStepGuard(db: ApiDeps['db'], deps: LoanApiDeps) {
  return async (customerId: string, step: string): Promise<void> => {
    if (step !== PAYOUT_STEP) return;
    if (deps.settings?.bankChangeMaintenance) throw new ApiError('BANK_CHANGE_MAINTENANCE');
    const [open] = await db
      .select({ id: loanOrders.id })
      .from(loanOrders)
      .where(and(eq(loanOrders.customerId, customerId), notInArray(loanOrders.state, ['settled', 'rejected'])))
      .limit(1);
    if (open) throw new ApiError('PAYOUT_ACCOUNT_LOCKED');
  };
}

async function registerLoans(app: FastifyInstance, db: ApiDeps['db'], profile: Awaited<ReturnType<typeof createProfileService>>, deps: LoanApiDeps, now: () => Date): Promise<void> {
  const service = createLoanService({ db, now, profile, payout: deps.payout, collection: deps.collection, settings: { ...DEFAULT_LOAN_SETTINGS, ...deps.settings } });
  const jobs = createJobRunner({
    db,
    now,
    handlers: service.handlers,
    schedules: service.schedules,
    onError: (job, error) => (deps.onJobError ? deps.onJobError(job.kind, error) : app.log.warn({ err: error, job: job.kind, attempts: job.attempts }, 'job failed')),
  });
  app.decorate('loans', { service, jobs });
  await app.register(loanRoutes, { prefix: '/api/v1', loans: service });
  await app.register(webhookRoutes, { prefix: '/api/v1', loans: service, payoutCallbackToken: deps.payoutCallbackToken, collectionWebhookSecret: deps.collectionWebhookSecret, now });
  const pollMs = deps.jobPollMs ?? 1000;
  if (pollMs > 0) {
    app.addHook('onReady', async () => {
      // The accrual runs on start too (it sets, never adds), then daily at 00:05 Manila through its schedule.
      await jobs.enqueue({ kind: 'accrue', runAt: now() });
      jobs.start(pollMs);
    });
  }
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
}
