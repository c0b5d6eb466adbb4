/**
 * The one way the web app talks to the API. Every failure becomes an {@link ApiError} with a catalogue code; the
 * screens translate the code (errors.<CODE>), never the server's text.
 */
import { product } from '../config.ts';
import { reportReachability } from './network-status.ts';

/** An error answer from the API, or a network failure (code NETWORK_ERROR). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'ApiError';
  }
}

/** Options of {@link apiRequest}. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string;
  signal?: AbortSignal;
}

/** Calls `path` under the configured API base and returns its JSON body. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(product.apiBaseUrl + path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      cache: 'no-store',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportReachability(false);
    throw new ApiError('NETWORK_ERROR', 0);
  }
  reportReachability(true);
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const code = typeof body === 'object' && body && 'code' in body && typeof body.code === 'string' ? body.code : undefined;
    throw new ApiError(code ?? (response.status >= 500 ? 'SERVER_ERROR' : 'UNKNOWN'), response.status);
  }
  return body as T;
}

/** Asks the API whether it is up; any answer at all means the network reaches it. */
export async function pingApi(): Promise<boolean> {
  try {
    await apiRequest<{ status: string }>('/health');
    return true;
  } catch (error) {
    return !(error instanceof ApiError && error.code === 'NETWORK_ERROR');
  }
}
