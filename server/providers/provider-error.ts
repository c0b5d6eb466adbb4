/**
 * The one error value of every provider (payout, collection, SMS, storage): a code to act on, whether trying again
 * later may work, and a detail for logs and staff. Codes are UPPER_SNAKE and never carry variable parts; the detail
 * does (HTTP status, the gateway's own error code, the channel). Callers branch on `code` and `retryable`, never on
 * `message` text (errors are values with codes, as server/errors.ts does for API answers).
 *
 * Providers reject with a ProviderError (an Error, so stacks and `cause` survive the job runner), which carries the
 * value; `providerErrorOf` reads the value back from anything caught.
 */

/** Codes shared by every provider; adapters add their own (XENDIT_CHANNEL_UNSUPPORTED, ...). */
export const PROVIDER_ERRORS = {
  /** No answer in time: the call may or may not have happened (retry with the same idempotency key). */
  timeout: 'PROVIDER_TIMEOUT',
  /** No connection (refused, reset, DNS). */
  network: 'PROVIDER_NETWORK',
  /** HTTP 5xx or 429: the provider is down or throttling. Retryable. */
  unavailable: 'PROVIDER_UNAVAILABLE',
  /** HTTP 4xx (other than 429): the provider refuses the request as sent; the detail names its own code. */
  refused: 'PROVIDER_REFUSED',
  /** HTTP 401/403: our key is wrong or lacks a permission (configuration, staff). */
  unauthorized: 'PROVIDER_UNAUTHORIZED',
  /** A 2xx answer that is not what the API documents. */
  badResponse: 'PROVIDER_BAD_RESPONSE',
  /** The provider answered for another amount or currency than asked. */
  amountMismatch: 'PROVIDER_AMOUNT_MISMATCH',
  /** Our own request was invalid before any call (a non-positive amount, ...). */
  invalidRequest: 'PROVIDER_INVALID_REQUEST',
} as const;

/** The error value: what a caller stores and branches on. */
export interface ProviderErrorValue {
  readonly code: string;
  /** Trying the same call again later may work (timeouts, 5xx, rate limits). */
  readonly retryable: boolean;
  /** Free text for logs and staff (never a secret); null when the code says it all. */
  readonly detail: string | null;
}

/** A provider call that did not work, carrying its ProviderErrorValue. `message` is the code, for logs only. */
export class ProviderError extends Error implements ProviderErrorValue {
  override readonly name: string = 'ProviderError';
  readonly detail: string | null;
  constructor(
    readonly code: string,
    readonly retryable: boolean,
    detail?: string | null,
    cause?: unknown,
  ) {
    super(code, cause === undefined ? undefined : { cause });
    this.detail = detail ?? null;
  }

  /** The plain value (for storing, logging, answering). */
  get value(): ProviderErrorValue {
    return { code: this.code, retryable: this.retryable, detail: this.detail };
  }
}

/** The error value of anything a provider call threw: a ProviderError's own, else a retryable PROVIDER_NETWORK. */
export function providerErrorOf(error: unknown): ProviderErrorValue {
  if (error instanceof ProviderError) return error.value;
  return { code: PROVIDER_ERRORS.network, retryable: true, detail: error instanceof Error ? error.name : null };
}

/**
 * The ProviderError of a non-2xx HTTP answer: 429 and 5xx unavailable (retryable), 401/403 unauthorized, other 4xx
 * refused; `gatewayCode` (the provider's own error code, sanitised) goes in the detail.
 */
export function httpProviderError(provider: string, status: number, gatewayCode: unknown): ProviderError {
  const own = typeof gatewayCode === 'string' ? ` ${gatewayCode.replace(/[^A-Za-z0-9_]/gu, '').slice(0, 64)}` : '';
  const detail = `${provider} HTTP ${status}${own}`;
  if (status >= 500 || status === 429) return new ProviderError(PROVIDER_ERRORS.unavailable, true, detail);
  if (status === 401 || status === 403) return new ProviderError(PROVIDER_ERRORS.unauthorized, false, detail);
  return new ProviderError(PROVIDER_ERRORS.refused, false, detail);
}
