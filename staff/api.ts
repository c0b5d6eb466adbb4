/**
 * The staff API client: every call under /api/v1/staff with the session's bearer token; a refusal becomes a
 * StaffApiError carrying the server's code and details ({code, message, ...details}), matched by code, never by text.
 */
import { sessionToken } from './session.ts';

export const STAFF_API = '/api/v1/staff';

/** An error answer of the staff API (or NETWORK_ERROR when there was none). Refine reads `statusCode` and `message`. */
export class StaffApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: Readonly<Record<string, unknown>>;
  constructor(statusCode: number, code: string, details: Record<string, unknown> = {}) {
    super(code);
    this.name = 'StaffApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

export type Query = Record<string, string | number | boolean | undefined>;

/** `path?query` without the empty values. */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = sessionToken();
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${STAFF_API}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new StaffApiError(0, 'NETWORK_ERROR');
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const { code, message: _message, statusCode: _statusCode, error: _error, ...details } = answer;
    throw new StaffApiError(
      response.status,
      typeof code === 'string' ? code : response.status >= 500 ? 'SERVER_ERROR' : 'UNKNOWN',
      details,
    );
  }
  return response;
}

/** A JSON call; undefined for 204. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await send(method, path, body);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Bytes (a document photo) fetched with the bearer token, as a blob: the token never goes into an image URL. */
export async function apiBlob(path: string): Promise<Blob> {
  return (await send('GET', path)).blob();
}
