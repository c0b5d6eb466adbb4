/**
 * The one way the web app talks to the API. Every failure becomes an {@link ApiError} with a catalogue code; the
 * screens translate the code (errors.<CODE>), never the server's text.
 */
import { product } from '../config.ts';
import { requestStarted } from './activity.ts';
import { fetchEarly } from './early.ts';
import { reportReachability } from './network-status.ts';

/** An error answer from the API, or a network failure (code NETWORK_ERROR). */
export class ApiError extends Error {
  // Fields declared and assigned in the constructor (not parameter properties): a class field compiles to
  // defineProperty helpers (about 0.5 KB gzip) in the entry chunk for the browsers we target.
  declare readonly code: string;
  declare readonly status: number;
  /** The answer's other fields (`retryAfterSeconds`, `attemptsLeft`, field `errors`). */
  declare readonly details: Readonly<Record<string, unknown>>;

  constructor(code: string, status: number, message?: string, details: Readonly<Record<string, unknown>> = {}) {
    super(message ?? code);
    this.code = code;
    this.status = status;
    this.details = details;
    this.name = 'ApiError';
  }
}

/** Options of {@link apiRequest}. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or FormData sent as multipart. */
  body?: unknown;
  token?: string;
  /** Extra headers (the session's customer id, the device id). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Calls `path` under the configured API base and returns its JSON body. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const done = requestStarted();
  try {
    return await exchange<T>(path, options);
  } finally {
    done();
  }
}

async function exchange<T>(path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  const url = product.apiBaseUrl + path;
  let response: Response;
  try {
    // A GET the page's boot script has already started is taken from it (src/api/early.ts).
    response = await fetchEarly(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
      cache: 'no-store',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportReachability(false);
    throw new ApiError('NETWORK_ERROR', 0);
  }
  reportReachability(true);
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const code = typeof fields['code'] === 'string' ? fields['code'] : undefined;
    const { code: _code, message: _message, ...details } = fields;
    throw new ApiError(
      code ?? (response.status >= 500 ? 'SERVER_ERROR' : 'UNKNOWN'),
      response.status,
      undefined,
      details,
    );
  }
  return body as T;
}
