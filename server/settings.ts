/** Process settings from the environment, checked once at start with messages a person can act on. */
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { parseDataKeys, type DataKey } from './crypto/keyring.ts';
import { parseDemoInstant } from './demo-clock.ts';

/**
 * Which proxies' X-Forwarded-For the server believes: none (false, the default: the client's address is the
 * connection's), the number of proxy hops in front of it, or their addresses / CIDR ranges (and proxy-addr's names
 * loopback, linklocal, uniquelocal). Passed to Fastify's `trustProxy`.
 */
export type TrustProxy = false | number | readonly string[];

export interface Settings {
  port: number;
  host: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  webDist: string;
  /** A PostgreSQL server, or undefined for the embedded PGlite database in `dataDir`. */
  databaseUrl?: string;
  /** Folder of the embedded database, uploads and the generated secret. */
  dataDir: string;
  /** Key of the SMS code HMAC, when given (else generated once into dataDir). */
  authSecret?: Buffer;
  /** The data keys (DATA_KEYS), first = current, when given (else one generated once into dataDir/data-key). */
  dataKeys?: DataKey[];
  /** Proxies whose X-Forwarded-For gives the client's address (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** The attribution SDK's app token (ATTRIBUTION_APP_TOKEN); undefined: attribution off. */
  attributionAppToken?: string;
  /** How long a replaced form version is still accepted for a step save (FORM_GRACE_HOURS, 0-720; default 24). */
  formGraceMs?: number;
  /**
   * The address borrowers reach the app at (PUBLIC_URL, an http(s) origin): where Facebook Login sends them back to.
   * Undefined: http://localhost:PORT. Never taken from a request's Host header, which the client chooses.
   */
  publicUrl?: string;
}

/** PUBLIC_URL as an origin (`https://app.lender.ph`), or a problem: http(s), no path, query or fragment. */
export function readPublicUrl(value: string | undefined, problems: string[]): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    problems.push(`PUBLIC_URL must be an http(s) origin such as https://app.example.ph (no path), got "${text}"`);
    return undefined;
  }
  return url.origin;
}

/** An attribution app token as the SDK's dashboard gives it: letters and digits (Adjust's are 12). */
export const ATTRIBUTION_TOKEN = /^[A-Za-z0-9]{6,64}$/u;

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const MAX_PROXY_HOPS = 10;

/** One TRUST_PROXY entry: an address, a CIDR range, or a proxy-addr name. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/u.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: unset or empty trusts no proxy; a whole number 1-10 trusts that many hops; otherwise a comma
 * separated list of proxy addresses or CIDR ranges. "true" (trust anyone) is refused: any client could then choose
 * the address its limits are counted by.
 */
export function readTrustProxy(value: string | undefined, problems: string[]): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '') return false;
  if (/^\d+$/u.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= MAX_PROXY_HOPS) return hops;
    problems.push(
      `TRUST_PROXY must be the number of proxies in front of the server (1-${MAX_PROXY_HOPS}) or their addresses, got "${text}" (leave it unset when clients connect directly)`,
    );
    return false;
  }
  if (['true', '*', 'all', 'yes', 'on'].includes(text.toLowerCase())) {
    problems.push(
      `TRUST_PROXY="${text}" would believe any client's X-Forwarded-For, so anyone could choose the address they are throttled by: give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8)`,
    );
    return false;
  }
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const wrong = entries.filter((e) => !isProxyEntry(e));
  if (wrong.length > 0 || entries.length === 0) {
    problems.push(
      `TRUST_PROXY must be a number of proxy hops (1-${MAX_PROXY_HOPS}) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.5,172.16.0.0/12, or loopback); not an address or range: ${wrong.map((e) => `"${e}"`).join(', ') || '(empty)'}`,
    );
    return false;
  }
  return entries;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Reads and checks the settings; returns the problems instead of throwing so main can print them all. */
export function readSettings(env: NodeJS.ProcessEnv): { settings?: Settings; problems: string[] } {
  const problems: string[] = [];
  const port = Number(env['PORT'] ?? '3000');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be a whole number 0-65535, got "${env['PORT']}"`);
  const host = env['HOST'] ?? '0.0.0.0';
  const logLevel = (env['LOG_LEVEL'] ?? 'info') as Settings['logLevel'];
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env['LOG_LEVEL']}"`);
  const webDist = resolve(env['WEB_DIST'] ?? 'dist');
  if (!existsSync(resolve(webDist, 'index.html'))) {
    problems.push(`WEB_DIST (${webDist}) holds no built app: run "npm run build" first, or "npm start" which builds`);
  }
  const databaseUrl = env['DATABASE_URL']?.trim() || undefined;
  if (databaseUrl && !/^postgres(?:ql)?:\/\//u.test(databaseUrl))
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)');
  const dataDir = resolve(env['DATA_DIR'] ?? 'data');
  const secretText = env['AUTH_SECRET']?.trim();
  let authSecret: Buffer | undefined;
  if (secretText) {
    authSecret = Buffer.from(secretText, 'utf8');
    if (authSecret.length < 32)
      problems.push('AUTH_SECRET must be at least 32 characters (for example: openssl rand -base64 48)');
  }
  let dataKeys: DataKey[] | undefined;
  const keysText = env['DATA_KEYS']?.trim();
  if (keysText) {
    const parsed = parseDataKeys(keysText);
    if (parsed.problem) problems.push(`DATA_KEYS: ${parsed.problem}`);
    dataKeys = parsed.keys;
  }
  const trustProxy = readTrustProxy(env['TRUST_PROXY'], problems);
  const attributionAppToken = env['ATTRIBUTION_APP_TOKEN']?.trim() || undefined;
  if (attributionAppToken !== undefined && !ATTRIBUTION_TOKEN.test(attributionAppToken))
    problems.push('ATTRIBUTION_APP_TOKEN must be the app token of the attribution dashboard: 6-64 letters and digits');
  const graceText = env['FORM_GRACE_HOURS']?.trim();
  let formGraceMs: number | undefined;
  if (graceText) {
    const hours = Number(graceText);
    if (!/^\d+(\.\d+)?$/u.test(graceText) || hours > 720)
      problems.push('FORM_GRACE_HOURS must be a number of hours from 0 to 720');
    else formGraceMs = Math.round(hours * 3600 * 1000);
  }
  const publicUrl = readPublicUrl(env['PUBLIC_URL'], problems);
  return problems.length
    ? { problems }
    : {
        settings: {
          publicUrl,
          port,
          host,
          logLevel,
          webDist,
          databaseUrl,
          dataDir,
          authSecret,
          dataKeys,
          trustProxy,
          attributionAppToken,
          formGraceMs,
        },
        problems,
      };
}

/** Settings of loans and the payout / collection gateways (README, "Loans"). */
export interface LoanEnvSettings {
  /** Seconds from applying to the underwriting decision; undefined: config/underwriting.json approvalDelaySeconds. */
  approvalDelaySeconds?: number;
  /** Seconds from an Easy Re-loan's notice to its payout; undefined: config/easy-reloan.json cancelWindowMinutes. */
  reloanCancelWindowSeconds?: number;
  bankChangeMaintenance: boolean;
  simPayoutDelayMs: number;
  simPayoutFailPattern: RegExp | null;
  simCollectionDelayMs: number;
  simCollectionFailPattern: RegExp | null;
  /** Static token of payout callbacks (x-callback-token); undefined: derived from AUTH_SECRET (simulated gateway only: required with PAYOUT_PROVIDER=xendit, see providers/payout/index.ts). */
  payoutCallbackToken?: string;
  /** HMAC key of collection webhooks (paymongo-signature); undefined: derived from AUTH_SECRET (simulated gateway only: required with COLLECTION_PROVIDER=paymongo, see providers/collection/index.ts). */
  collectionWebhookSecret?: string;
  jobPollMs: number;
  /** How long a claimed job is held before another instance may take it over: a dead instance's jobs wait this long. */
  jobLeaseMs: number;
  reconcileAfterMs: number;
}

function wholeNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number | undefined,
  problems: string[],
  max = 86_400_000,
): number | undefined {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    problems.push(`${name} must be a whole number 0-${max}, got "${text}"`);
    return fallback;
  }
  return value;
}

function pattern(env: NodeJS.ProcessEnv, name: string, fallback: string | null, problems: string[]): RegExp | null {
  const text = env[name] ?? fallback;
  if (text === null || text === '') return null;
  try {
    return new RegExp(text, 'u');
  } catch (error) {
    problems.push(
      `${name} must be a regular expression, got "${text}": ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}

/** Reads and checks the loan settings; returns the problems instead of throwing so main can print them all. */
export function readLoanSettings(env: NodeJS.ProcessEnv): { settings?: LoanEnvSettings; problems: string[] } {
  const problems: string[] = [];
  const maintenance = env['BANK_CHANGE_MAINTENANCE']?.trim() ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(maintenance))
    problems.push(`BANK_CHANGE_MAINTENANCE must be 1 (on) or 0 (off), got "${maintenance}"`);
  const secret = (name: string) => {
    const value = env[name]?.trim() || undefined;
    if (value && value.length < 16) problems.push(`${name} must be at least 16 characters`);
    return value;
  };
  const settings: LoanEnvSettings = {
    approvalDelaySeconds: wholeNumber(env, 'APPROVAL_DELAY_SECONDS', undefined, problems, 30 * 86_400),
    reloanCancelWindowSeconds: wholeNumber(env, 'RELOAN_CANCEL_WINDOW_SECONDS', undefined, problems, 7 * 86_400),
    bankChangeMaintenance: maintenance === '1' || maintenance === 'true',
    simPayoutDelayMs: wholeNumber(env, 'SIM_PAYOUT_DELAY_MS', 5000, problems) ?? 5000,
    simPayoutFailPattern: pattern(env, 'SIM_PAYOUT_FAIL_PATTERN', '^0000', problems),
    simCollectionDelayMs: wholeNumber(env, 'SIM_COLLECTION_DELAY_MS', 5000, problems) ?? 5000,
    simCollectionFailPattern: pattern(env, 'SIM_COLLECTION_FAIL_PATTERN', null, problems),
    payoutCallbackToken: secret('PAYOUT_CALLBACK_TOKEN'),
    collectionWebhookSecret: secret('COLLECTION_WEBHOOK_SECRET'),
    jobPollMs: wholeNumber(env, 'JOB_POLL_MS', 1000, problems, 600_000) ?? 1000,
    jobLeaseMs: (wholeNumber(env, 'JOB_LEASE_SECONDS', 60, problems, 86_400) ?? 60) * 1000,
    reconcileAfterMs: (wholeNumber(env, 'RECONCILE_AFTER_SECONDS', 600, problems, 86_400) ?? 600) * 1000,
  };
  if (settings.jobPollMs < 50) problems.push('JOB_POLL_MS must be at least 50');
  // A lease shorter than a job's own run (a gateway's answer, the daily accrual over the book) would let a second
  // instance run it beside the first.
  if (settings.jobLeaseMs < 5000) problems.push('JOB_LEASE_SECONDS must be at least 5');
  return problems.length ? { problems } : { settings, problems };
}

/** The providers that can be a simulation, by the name SIMULATED_PROVIDERS and the start-up line give them. */
export const SIMULABLE = ['sms', 'facebook', 'payouts', 'collections'] as const;
export type Simulable = (typeof SIMULABLE)[number];

/**
 * For each provider that can be a simulation, the setting that makes it real as the start-up messages name it
 * (`PAYOUT_PROVIDER=xendit`), or null while it runs simulated: SMS printed to the log (SMS_PROVIDER unset or console),
 * Facebook Login's simulated dialog (no FACEBOOK_APP_ID), the simulated gateways (PAYOUT_PROVIDER / COLLECTION_PROVIDER
 * unset or simulated). DEMO_CLOCK and SIMULATED_PROVIDERS read it, so both agree on what is simulated.
 */
function realProviders(env: NodeJS.ProcessEnv): Record<Simulable, string | null> {
  const chosen = (name: string, simulated: string) => {
    const value = env[name]?.trim() || simulated;
    return value === simulated ? null : `${name}=${value}`;
  };
  return {
    sms: chosen('SMS_PROVIDER', 'console'),
    facebook:
      env['FACEBOOK_APP_ID']?.trim() || env['FACEBOOK_APP_SECRET']?.trim() ? 'FACEBOOK_APP_ID (Facebook Login)' : null,
    payouts: chosen('PAYOUT_PROVIDER', 'simulated'),
    collections: chosen('COLLECTION_PROVIDER', 'simulated'),
  };
}

/**
 * Reads DEMO_CLOCK (demo-clock.ts): unset or empty, the server runs on the real time; else the instant its clock
 * starts at, refused unless every provider is the simulated one, so a demonstration never reaches a real borrower,
 * payment, payout or SMS. Each provider variable is read as its own reader reads it (server/providers/<kind>/index.ts, unset
 * is the simulated one), and any value but the simulated one refuses it, a misspelt one too: fail closed. buildApp
 * checks the providers themselves again (app.ts).
 */
export function readDemoClock(env: NodeJS.ProcessEnv): { start?: Date; problems: string[] } {
  const text = env['DEMO_CLOCK']?.trim() ?? '';
  if (text === '') return { problems: [] };
  const start = parseDemoInstant(text);
  if (!start)
    return {
      problems: [
        `DEMO_CLOCK must be a date and time with its UTC offset, e.g. 2026-12-24T09:00:00+08:00, got "${text}"`,
      ],
    };
  const real = realProviders(env);
  const notSimulated = (['sms', 'payouts', 'collections', 'facebook'] as const)
    .map((name) => real[name])
    .filter((setting): setting is string => setting !== null);
  if (notSimulated.length > 0)
    return {
      problems: [
        `DEMO_CLOCK runs on the simulated providers only, and these are not: ${notSimulated.join(', ')}; unset DEMO_CLOCK, or those settings`,
      ],
    };
  return { start, problems: [] };
}

/**
 * Which providers run simulated (realProviders). A server that moves real money (a real payout or
 * collection gateway) refuses to start with any other simulated provider unless SIMULATED_PROVIDERS lists it by name
 * (comma-separated), so a forgotten setting cannot send login codes to the log or grant limit raises for made-up
 * Facebook accounts in production; a demonstration on the simulated gateways runs as before.
 */
export function readSimulatedProviders(env: NodeJS.ProcessEnv): { simulated: Simulable[]; problems: string[] } {
  const real = realProviders(env);
  const simulated = SIMULABLE.filter((name) => real[name] === null);
  const listed = (env['SIMULATED_PROVIDERS'] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const problems = listed
    .filter((name) => !(SIMULABLE as readonly string[]).includes(name))
    .map((name) => `SIMULATED_PROVIDERS names "${name}", which is none of ${SIMULABLE.join(', ')}`);
  if (real.payouts !== null || real.collections !== null) {
    const unlisted = simulated.filter((name) => !listed.includes(name));
    if (unlisted.length > 0)
      problems.push(
        `a real payout or collection gateway runs beside simulated ${unlisted.join(', ')}: configure ${unlisted.join(' and ')} (docs/settings-and-operations.md), or list ${unlisted.length === 1 ? 'it' : 'them'} in SIMULATED_PROVIDERS to run so on purpose`,
      );
  }
  return { simulated, problems };
}
