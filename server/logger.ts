/**
 * The server's one logger configuration (pino through Fastify), used by every app buildApp makes: no personal value
 * reaches the log. A request is logged by its route, never by the URL the client sent (no query string, no path value
 * but an id); an error by its kind, code, SQL and stack, never by what a database driver attaches to it (a query's
 * parameters, PostgreSQL's `detail` "Key (phone)=(...)", values quoted in its message). What is typed into the app
 * travels in request bodies, which are never logged. Checked by server/logger.test.ts over a whole borrower and staff
 * journey.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { ProviderError } from './providers/provider-error.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Where and how much the server logs (LOG_LEVEL); tests give a stream of their own to read the lines. */
export interface LogSettings {
  readonly level: LogLevel;
  /** Default standard output. */
  readonly stream?: { write(line: string): void };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;
/** A built file of the web app or console (`assets/index-Bq3x.js`): names of ours, shown whole. */
const ASSET = /^(?:staff\/)?assets\/[\w.-]+$/u;

/**
 * A path segment of no route: shown when it is an id or a word (letters, at most two digits at its end: `v1`,
 * `baseInfo2`), else `…`: a phone, an ID number or an e-mail is neither.
 */
const segment = (part: string) =>
  part === '' || UUID.test(part) || /^[A-Za-z][A-Za-z._-]*\d{0,2}$/u.test(part) ? part : '…';

/**
 * The URL as the log shows it: a matched route's pattern with its UUID parameters filled in (`/api/v1/loans/<id>`,
 * `/api/v1/profile/:step`), a built asset's own path, or for a path no route matched (a console page, a 404) its
 * segments that are ids or plain words. Never the query string.
 */
export function loggedUrl(request: Pick<FastifyRequest, 'url' | 'params'> & { routeOptions?: { url?: string } }) {
  const path = request.url.split('?')[0] ?? '/';
  const route = request.routeOptions?.url;
  if (!route) return path.split('/').map(segment).join('/');
  const params = (request.params ?? {}) as Record<string, unknown>;
  return route.replace(/:(\w+)|\*$/gu, (whole, name: string | undefined) => {
    const value = params[name ?? '*'];
    if (typeof value !== 'string') return whole;
    return name ? (UUID.test(value) ? value : whole) : ASSET.test(value) ? value : whole;
  });
}

/** pino's `req`: method, route, client address. Headers are never logged (tokens, the device id). */
function requestValue(request: FastifyRequest) {
  return { method: request.method, url: loggedUrl(request), remoteAddress: request.ip };
}

/** A PostgreSQL error (pg or PGlite): an SQLSTATE code and a severity. */
const isDatabaseError = (error: Record<string, unknown>) =>
  typeof error['severity'] === 'string' && typeof error['code'] === 'string';

/** Fields of a database error that name the schema, never a value. */
const SCHEMA_FIELDS = ['constraint', 'table', 'column', 'dataType', 'schema', 'routine'] as const;

/** An error as the log shows it. */
export interface ErrorValue {
  readonly type: string;
  readonly message: string;
  readonly stack: string;
  [field: string]: unknown;
}

/**
 * pino's `err`: kind, message, code, stack and causes (3 deep), from an allow-list. Of a database error the message
 * with every quoted part blanked (PostgreSQL quotes values: `invalid input syntax for type uuid: "…"`), its SQLSTATE
 * and the schema names; of Drizzle's wrapper the SQL (its placeholders, never its parameters).
 */
export function errorValue(error: unknown, depth = 0): ErrorValue {
  // Something thrown that is not an Error (a string, an object) is shown by its kind only: it could be anything.
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const fields = error as unknown as Record<string, unknown>;
  const database = isDatabaseError(fields);
  const value: ErrorValue = {
    // Drizzle's wrapper and PGlite's errors keep the name "Error" / "error": their class says more.
    type: /^error$/iu.test(error.name) ? error.constructor.name : error.name,
    message:
      error instanceof DrizzleQueryError
        ? 'Failed query'
        : database
          ? error.message.replace(/"[^"]*"/gu, '"…"')
          : error.message,
    // Frames only: the stack's first line repeats the message.
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  };
  if (error instanceof DrizzleQueryError) value['query'] = error.query;
  if (typeof fields['code'] === 'string' || typeof fields['code'] === 'number') value['code'] = fields['code'];
  if (typeof fields['statusCode'] === 'number') value['statusCode'] = fields['statusCode'];
  if (database) for (const field of SCHEMA_FIELDS) if (typeof fields[field] === 'string') value[field] = fields[field];
  // Our gateway adapters write a provider error's detail themselves (an id, a bank code, the gateway's refusal).
  if (error instanceof ProviderError && error.detail) value['detail'] = error.detail;
  if (error.cause !== undefined && depth < 3) value['cause'] = errorValue(error.cause, depth + 1);
  return value;
}

/**
 * Keys a log call might carry a personal value under, censored wherever they appear (top level or one object deep):
 * a second line of defence behind "log ids and codes, never values".
 */
const PERSONAL_KEYS = ['phone', 'email', 'name', 'idNumber', 'accountNumber', 'birthDate', 'password', 'token', 'q'];

/** Fastify's `logger` option: the level, the destination, and the serializers and redaction above. */
export function loggerOptions(settings: LogSettings | undefined): FastifyServerOptions['logger'] {
  if (!settings) return false;
  return {
    level: settings.level,
    ...(settings.stream && { stream: settings.stream }),
    serializers: {
      req: requestValue,
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: (error: unknown) => errorValue(error),
    },
    redact: {
      // Headers wherever a plugin logs them (@fastify/multipart's busboy options at trace carry the bearer token).
      paths: [
        'headers',
        '*.headers',
        'authorization',
        '*.authorization',
        ...PERSONAL_KEYS.flatMap((k) => [k, `*.${k}`]),
      ],
      censor: '[redacted]',
    },
  };
}
