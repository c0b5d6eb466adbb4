/**
 * The JSON-over-HTTPS call both money gateways (Xendit payouts, PayMongo collections) make: basic auth with the
 * secret key as user name, an optional Idempotency-Key, a timeout. A network failure or timeout is a retryable
 * ProviderError (PROVIDER_NETWORK / PROVIDER_TIMEOUT, the gateway named in the detail); any HTTP answer is returned
 * for the adapter to read.
 */
import { PROVIDER_ERRORS, ProviderError } from './provider-error.ts';

export interface GatewayHttpOptions {
  readonly secretKey: string;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  /** The gateway's name, for error details. */
  readonly provider: string;
}

export type GatewayCall = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  idempotencyKey?: string,
) => Promise<{ status: number; answer: unknown }>;

export function gatewayHttp({ secretKey, baseUrl, timeoutMs, provider }: GatewayHttpOptions): GatewayCall {
  const root = baseUrl.replace(/\/+$/u, '');
  const authorization = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
  return async (method, path, body, idempotencyKey) => {
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${root}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new ProviderError(
        timedOut ? PROVIDER_ERRORS.timeout : PROVIDER_ERRORS.network,
        true,
        `${provider} ${method} ${path.split('?')[0] ?? ''}`,
        error,
      );
    }
    return { status, answer: parseJson(text) };
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON of a gateway's answer, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
