/**
 * The buildable API and web server: tests drive it with app.inject, server/main.ts runs it. One plugin per concern;
 * routes under /api/v1; the OpenAPI document, generated from the route schemas, at /api/docs.
 */
import swagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import messagesJson from '#config/messages.json' with { type: 'json' };
import productJson from '#config/product.json' with { type: 'json' };
import type { MessagesConfigFile } from '#config/types/messages.ts';
import type { ProductConfig } from '#config/types/product.ts';
import type { Database } from './db/database.ts';
import type { DemoClock } from './demo-clock.ts';
import { ERROR_STATUS, errorBody, type ErrorCode } from './errors.ts';
import { loggerOptions, type LogSettings } from './logger.ts';
import { authPlugin, sessionSecuritySchemes } from './plugins/auth.ts';
import { staffAuthPlugin, staffSecuritySchemes } from './plugins/staff-auth.ts';
import { staffRoutes } from './routes/staff/index.ts';
import { deletionJobs } from './services/staff/deletion-jobs.ts';
import { errorAnswers } from './plugins/errors.ts';
import { ATTRIBUTION_ORIGINS, securityHeaders } from './plugins/security-headers.ts';
import { webApp } from './plugins/web-app.ts';
import { housekeepingJobs } from './jobs/housekeeping.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import type { CollectionProvider } from './providers/collection/collection-provider.ts';
import type { IdentityChecker } from './providers/identity/identity-check.ts';
import type { PayoutProvider } from './providers/payout/payout-provider.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import type { FileStorage } from './providers/storage/file-storage.ts';
import { authRoutes } from './routes/auth.ts';
import { documentRoutes } from './routes/documents.ts';
import { healthRoutes } from './routes/health.ts';
import { couponRoutes } from './routes/coupons.ts';
import { loanRoutes } from './routes/loans.ts';
import { easyReloanRoutes } from './routes/easy-reloan.ts';
import { messageRoutes } from './routes/messages.ts';
import { webhookRoutes, webhookSecuritySchemes } from './routes/webhooks.ts';
import { profileRoutes } from './routes/profile.ts';
import { onboardingVisitRoutes } from './routes/onboarding-visits.ts';
import { meRoutes } from './routes/me.ts';
import { limitRoutes } from './routes/limits.ts';
import { devClockRoutes } from './routes/dev-clock.ts';
import { simulatedFacebookRoutes } from './routes/simulated-facebook.ts';
import type { FacebookLogin } from './providers/facebook/facebook-login.ts';
import { createSimulatedFacebookLogin, type SimulatedFacebookLogin } from './providers/facebook/simulated.ts';
import { createFacebookService } from './services/facebook.ts';
import { createAuthService } from './services/auth.ts';
import { couponJobs, createCouponService } from './services/coupons.ts';
import { createDocumentService } from './services/documents.ts';
import { createMessageCenter, seedAnnouncements } from './services/message-center.ts';
import { createReminderSms } from './services/reminders.ts';
import { createCollectionService } from './services/collections.ts';
import { collectionRoutes } from './routes/collections.ts';
import { createLoanService, DEFAULT_LOAN_SETTINGS, type LoanService, type LoanSettings } from './services/loans.ts';
import { createProfileService } from './services/profile.ts';
import { createPublishedForms } from './forms/published.ts';
import { formsAssetRoutes, formsManifestRoutes } from './routes/forms.ts';
import { createFeedbackService } from './services/feedback.ts';
import { createMeService } from './services/me.ts';
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
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The loan service, when the API serves loans. */
    loans?: { readonly service: LoanService };
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
  /** The server's clock (default the real time); tests move it. Security follows it too, unless `demoClock` is set. */
  readonly now?: () => Date;
  /**
   * DEMO_CLOCK (demo-clock.ts): the clock of the business instead of `now`, and POST /api/v1/dev/clock that moves it
   * forward; security (sessions, login codes, captchas, throttling, staff sign-in) keeps the real time. Refused
   * unless every provider is a simulated one.
   */
  readonly demoClock?: DemoClock;
  /** Tests only: a graphic code with a known answer. */
  readonly makeCaptcha?: () => { text: string; data: string };
  /** Loans; without them the loan routes are not served. */
  readonly loans?: LoanApiDeps;
  /** How often this instance looks for due jobs, in ms (default 1000); 0: never by itself (tests run them). */
  readonly jobPollMs?: number;
  /** How long a claimed job is held before another instance may take it over, in ms (default 60 s). */
  readonly jobLeaseMs?: number;
  /** A job that failed (default: a warning in the log). */
  readonly onJobError?: (kind: string, error: unknown) => void;
  /**
   * Facebook Login (graph.ts with FACEBOOK_APP_ID); default the simulated one, whose dialog this server serves and
   * whose codes are in the simulated providers' tables (the caller applies their migrations: migrateSimulated,
   * server/providers/simulated/database.ts).
   */
  readonly facebook?: FacebookLogin;
  /** FACEBOOK_REDIRECT_URL: the redirect URI registered with Facebook; default the limit screen at `publicUrl`. */
  readonly facebookRedirectUri?: string;
  /**
   * The origin borrowers reach the app at (PUBLIC_URL, else http://localhost:PORT; a test server's after listen): the
   * Facebook Login redirect is built from it and the simulated dialog sends back only to it, never to the Host header.
   */
  readonly publicUrl: () => string;
  /** The providers running simulated (server/settings.ts readSimulatedProviders): the staff console names them. */
  readonly simulatedProviders?: readonly string[];
  /** How long a replaced form version is still accepted for a step save (FORM_GRACE_HOURS; default 24 hours). */
  readonly formGraceMs?: number;
}

export interface AppOptions {
  /** Folder of the built web app; omit to serve the API only (development with Vite). */
  webDist?: string;
  /**
   * Proxies whose X-Forwarded-For names the client (TRUST_PROXY): hops or addresses. Default none: the client's
   * address is the connection's, since any client can write that header and per-IP limits count by it.
   */
  trustProxy?: TrustProxy;
  /** The log's level and destination (server/logger.ts gives every app the same serializers); default none. */
  log?: LogSettings;
  /**
   * The attribution SDK's app token (ATTRIBUTION_APP_TOKEN): the borrower app's page carries it (web-app.ts) and the
   * CSP lets the SDK reach its servers. Undefined: attribution off, nothing of it served.
   */
  attributionAppToken?: string;
  /** The API's database and providers; without them only the health check and the web app are served. */
  api?: ApiDeps;
}

/** TRUST_PROXY as Fastify takes it: a hop count as proxy-addr's function of the hop, addresses as a list. */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

/** The router's own refusals (Fastify's frameworkErrors) as catalogue answers. */
function routerRefusal(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const code: ErrorCode =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'NOT_FOUND'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'BAD_REQUEST'
        : 'SERVER_ERROR';
  void reply.status(ERROR_STATUS[code]).send(errorBody(code));
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.log),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    return503OnClosing: true,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    // Refusals of the router itself, before any route: a path that is not valid percent-encoding, or a path parameter
    // longer than the router keeps (100 characters; no id is that long). In the catalogue's shape, not Fastify's.
    frameworkErrors: routerRefusal,
  });
  await app.register(errorAnswers);
  await app.register(securityHeaders, { connectSrc: options.attributionAppToken ? ATTRIBUTION_ORIGINS : [] });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${product.displayName} API`,
        version: '1',
        description:
          "The borrower app's API. Every error answer is {code, message} with a code from the catalogue (server/errors.ts); money is integer centavos.",
      },
      // Relative: the API is served by the same origin as the web app, whatever its host.
      servers: [{ url: '/', description: 'This server' }],
      tags: [
        { name: 'health', description: 'Liveness' },
        { name: 'auth', description: 'SMS login and the session' },
        { name: 'profile', description: "The borrower's information steps" },
        {
          name: 'forms',
          description: 'The published step order, step forms and themes (their files are under /forms/)',
        },
        { name: 'me', description: 'The profile tab: summary, preferences, feedback' },
        { name: 'documents', description: 'ID photos, face photos and signatures' },
        { name: 'loans', description: 'Orders, repayments, the payout account and the signature' },
        { name: 'limits', description: 'The credit limit, its history and raises, and Facebook binding' },
        {
          name: 'easy-reloan',
          description:
            'Easy Re-loan: the next loan applied for and paid out by itself after a notice, and its re-loans',
        },
        {
          name: 'coupons',
          description: "The borrower's coupons and the add-to-home-screen claim (used through withdraw and payments)",
        },
        { name: 'webhooks', description: "Payout and collection gateways' callbacks" },
        {
          name: 'messages',
          description: "The message center: the borrower's own events (Notify) and announcements (Activity)",
        },
        {
          name: 'staff',
          description:
            'The staff console: staff sign-in and accounts, the review queue, customer service, account deletion, the audit log, collections',
        },
      ],
      components: {
        securitySchemes: { ...sessionSecuritySchemes, ...webhookSecuritySchemes, ...staffSecuritySchemes },
      },
    },
  });
  await app.register(healthRoutes, { prefix: '/api/v1' });
  // What a step's prerendered page must have been drawn with to be sent (the published forms, when the API runs here).
  let stepPage: ((route: string) => Promise<string | undefined>) | undefined;
  if (options.api) {
    const { db, sms, secret, now, makeCaptcha, storage, checker, demoClock } = options.api;
    if (demoClock) refuseRealProviders(options.api);
    // The server's clock: what loans, due dates, jobs, reminders, coupons and messages follow (DEMO_CLOCK's, in a
    // demonstration). Security follows the real time under DEMO_CLOCK: a session, a login code, a captcha or a
    // throttling window is about the time that really passed, a staff TOTP code is checked against the
    // authenticator's real clock, and the audit log records when things really happened. Their answers are durations
    // (expiresInSeconds, retryAfterSeconds), so what the borrower sees of them does not depend on the clock either.
    const clock = demoClock ? () => demoClock.now() : (now ?? (() => new Date()));
    const securityClock = demoClock ? () => new Date() : clock;
    const auth = createAuthService({
      db,
      sms,
      secret,
      productName: product.displayName,
      now: securityClock,
      businessNow: clock,
      makeCaptcha,
    });
    const documents = createDocumentService({ db, storage, checker });
    // Forms, step order and themes as published versions (docs/form-studio.md): the repository's files are imported as
    // version 1.
    const forms = await createPublishedForms(db, { now: clock, graceMs: options.api.formGraceMs, secret });
    stepPage = (route) => forms.stepPage(route);
    const profile = await createProfileService(
      db,
      clock,
      (customerId, refs) => documents.verifyStep(customerId, refs),
      forms,
    );
    await app.register(formsManifestRoutes, { prefix: '/api/v1', forms });
    await app.register(formsAssetRoutes, { forms });
    await app.register(authPlugin, { auth, db });
    await app.register(authRoutes, { prefix: '/api/v1', auth, languages: product.languages });
    const loanDeps = options.api.loans;
    const loans =
      loanDeps &&
      createLoanService({
        db,
        now: clock,
        profile,
        payout: loanDeps.payout,
        collection: loanDeps.collection,
        settings: { ...DEFAULT_LOAN_SETTINGS, ...loanDeps.settings },
      });
    // The profile's payout step is where a borrower first gives the account; while a loan is open it belongs to that
    // order and changes only through PUT /payout-account, with its rules.
    await app.register(profileRoutes, { prefix: '/api/v1', profile, guard: loans ? loans.guardPayoutStep : undefined });
    // What the app reports of the information steps, for the book's onboarding funnel.
    await app.register(onboardingVisitRoutes, { prefix: '/api/v1', db, now: clock });
    await app.register(documentRoutes, { prefix: '/api/v1', documents });
    await app.register(meRoutes, {
      prefix: '/api/v1',
      me: createMeService({ db, profile, loans, now: clock }),
      feedback: createFeedbackService(db, clock),
    });
    // The Activity tab's announcements from config (the same rows on every instance); staff's own are left alone.
    await seedAnnouncements(db, messagesJson as MessagesConfigFile);
    await app.register(messageRoutes, { prefix: '/api/v1', center: createMessageCenter({ db, now: clock }) });
    const reminders = createReminderSms({ db, sms, now: clock, productName: product.displayName });
    const coupons = createCouponService({ db, now: clock });
    // Opened from the home screen: the coupon, and the limit raise of config/underwriting.json (each once per customer).
    await app.register(couponRoutes, {
      prefix: '/api/v1',
      coupons,
      onAddToHomeScreen: loans ? (customerId: string) => loans.grantRaise(customerId, 'addToHomeScreen') : undefined,
    });
    if (loans) {
      const login = options.api.facebook ?? createSimulatedFacebookLogin({ db, now: clock });
      const facebook = createFacebookService({ db, now: clock, secret, login, loans });
      await app.register(limitRoutes, {
        prefix: '/api/v1',
        facebook,
        redirectUri: options.api.facebookRedirectUri,
        publicUrl: options.api.publicUrl,
      });
      if (login.kind === 'simulated')
        await app.register(simulatedFacebookRoutes, {
          simulated: login as SimulatedFacebookLogin,
          publicUrl: options.api.publicUrl,
        });
    }
    // Collections (docs/collections.md): the console's queue and the borrower's disputes, on the loans' ledgers.
    const collections =
      loans &&
      createCollectionService({
        db,
        now: clock,
        loans,
        sms,
        productName: product.displayName,
        publicUrl: options.api.publicUrl,
      });
    // Every area's background work on one runner (server/plugins/jobs.ts): the account deletion's files and the end
    // of its retention period (server/services/staff/deletion-jobs.ts), coupons, reminders, housekeeping and the loans'.
    await app.register(jobsPlugin, {
      db,
      now: clock,
      work: [
        deletionJobs({ db, storage, now: clock }),
        housekeepingJobs({ db, now: clock, securityNow: securityClock }),
        couponJobs(coupons),
        { handlers: reminders },
        ...(loans ? [loans] : []),
        ...(collections ? [collections] : []),
      ],
      pollMs: options.api.jobPollMs ?? 1000,
      ...(options.api.jobLeaseMs !== undefined && { leaseMs: options.api.jobLeaseMs }),
      // The accrual runs on start too (it sets, never adds), then daily at 00:05 Manila through its schedule.
      onStart: loans ? (at) => [{ kind: 'accrue', runAt: at }] : undefined,
      onError: options.api.onJobError,
    });
    if (loans && loanDeps) await registerLoans(app, db, loans, loanDeps, clock);
    if (collections) await app.register(collectionRoutes, { prefix: '/api/v1', collections });
    await app.register(staffAuthPlugin, { db, now: securityClock });
    await app.register(staffRoutes, {
      prefix: '/api/v1/staff',
      db,
      now: clock,
      securityNow: securityClock,
      sms,
      storage,
      coupons,
      loans,
      collections,
      forms,
      productName: product.displayName,
      simulatedProviders: options.api.simulatedProviders ?? [],
    });
    if (demoClock)
      await app.register(devClockRoutes, {
        prefix: '/api/v1',
        clock: demoClock,
        afterAdvance: async () => app.jobs.runDueJobs(),
      });
  }
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return app.swagger();
  });
  if (options.webDist)
    await app.register(webApp, { root: options.webDist, attributionAppToken: options.attributionAppToken, stepPage });
  else app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody('NOT_FOUND')));
  return app;
}

/**
 * A demo clock with a real provider is a programming error (the settings refuse DEMO_CLOCK then): a real borrower's
 * loan, payment, payout or SMS must never follow a clock someone can move.
 */
function refuseRealProviders(api: ApiDeps): void {
  const real = [
    api.sms.name !== 'console' && `SMS ${api.sms.name}`,
    api.loans && api.loans.payout.name !== 'simulated' && `payouts ${api.loans.payout.name}`,
    api.loans && api.loans.collection.name !== 'simulated' && `collections ${api.loans.collection.name}`,
    api.facebook && api.facebook.kind !== 'simulated' && `Facebook Login ${api.facebook.kind}`,
  ].filter(Boolean);
  if (real.length > 0) throw new Error(`a demo clock runs on the simulated providers only, not on ${real.join(', ')}`);
}

async function registerLoans(
  app: FastifyInstance,
  db: ApiDeps['db'],
  service: LoanService,
  deps: LoanApiDeps,
  now: () => Date,
): Promise<void> {
  app.decorate('loans', { service });
  await app.register(loanRoutes, { prefix: '/api/v1', loans: service });
  await app.register(easyReloanRoutes, { prefix: '/api/v1', loans: service });
  await app.register(webhookRoutes, {
    prefix: '/api/v1',
    db,
    loans: service,
    payoutCallbackToken: deps.payoutCallbackToken,
    collectionWebhookSecret: deps.collectionWebhookSecret,
    now,
  });
}
