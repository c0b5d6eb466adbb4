/**
 * The request helper of the server suites: `caller(api)` answers `call(who, method, url, payload?, idempotencyKey?)`,
 * an app.inject of `method` on `/api/v1<url>` as `who`: a borrower (the session headers of ./borrower.ts login), a
 * staff member (the bearer token of ./staff.ts addTestStaff; the console's routes are under `/staff/...`), or nobody
 * (null). The payload goes as JSON when there is one; the key as the Idempotency-Key header when there is one.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { staffHeaders } from './staff.ts';
import type { TestApi } from './test-api.ts';

/** Whom a request is sent as: a borrower's session headers, a staff member's token, or no one. */
export type Who = { readonly headers: Readonly<Record<string, string>> } | { readonly token: string } | null;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Call = (
  who: Who,
  method: Method,
  url: string,
  payload?: object | string,
  idempotencyKey?: string,
) => Promise<LightMyRequestResponse>;

export interface CallerOptions {
  /** The client address of each request (default: inject's own, 127.0.0.1), e.g. ./borrower.ts testAddress. */
  readonly remoteAddress?: () => string;
}

/** A fresh idempotency key. */
export const newKey = () => `key-${randomBytes(8).toString('hex')}`;

/** The headers a request as `who` carries. */
export function headersOf(who: Who): Record<string, string> {
  if (who === null) return {};
  return 'token' in who ? staffHeaders(who) : { ...who.headers };
}

/**
 * Requests to `api`, or to the API `api()` answers when the request is made (a suite's API is built in beforeAll,
 * after the helper is made).
 */
export function caller(api: TestApi | (() => TestApi), options: CallerOptions = {}): Call {
  const target = typeof api === 'function' ? api : () => api;
  return (who, method, url, payload, idempotencyKey) =>
    target().app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...headersOf(who), ...(idempotencyKey && { 'idempotency-key': idempotencyKey }) },
      ...(options.remoteAddress && { remoteAddress: options.remoteAddress() }),
      ...(payload && { payload }),
    });
}
