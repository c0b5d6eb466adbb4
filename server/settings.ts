/** Process settings from the environment, checked once at start with messages a person can act on. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

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
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Reads and checks the settings; returns the problems instead of throwing so main can print them all. */
export function readSettings(env: NodeJS.ProcessEnv): { settings?: Settings; problems: string[] } {
  const problems: string[] = [];
  const port = Number(env['PORT'] ?? '3000');
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a whole number 0-65535, got "${env['PORT']}"`);
  const host = env['HOST'] ?? '0.0.0.0';
  const logLevel = (env['LOG_LEVEL'] ?? 'info') as Settings['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env['LOG_LEVEL']}"`);
  const webDist = resolve(env['WEB_DIST'] ?? 'dist');
  if (!existsSync(resolve(webDist, 'index.html'))) {
    problems.push(`WEB_DIST (${webDist}) holds no built app: run "npm run build" first, or "npm start" which builds`);
  }
  const databaseUrl = env['DATABASE_URL']?.trim() || undefined;
  if (databaseUrl && !/^postgres(?:ql)?:\/\//u.test(databaseUrl)) problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)');
  const dataDir = resolve(env['DATA_DIR'] ?? 'data');
  const secretText = env['AUTH_SECRET']?.trim();
  let authSecret: Buffer | undefined;
  if (secretText) {
    authSecret = Buffer.from(secretText, 'utf8');
    if (authSecret.length < 32) problems.push('AUTH_SECRET must be at least 32 characters (for example: openssl rand -base64 48)');
  }
  return problems.length ? { problems } : { settings: { port, host, logLevel, webDist, databaseUrl, dataDir, authSecret }, problems };
}
