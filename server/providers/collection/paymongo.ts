/**
 * PayMongo (api.paymongo.com) collections, over its Payment Intent API v1.
 *
 * Shape from PayMongo's API reference: `POST /v1/payment_intents` with basic auth (the secret key as user name, empty
 * password) and an `Idempotency-Key` header; JSON:API body `{ data: { attributes: { amount, currency: "PHP",
 * payment_method_allowed, description, metadata, capture_type } } }` with `amount` in centavos (an integer, PHP 100.00
 * is 10000) and `metadata` flat string values. The answer is `{ data: { id: "pi_...", attributes: { amount, status,
 * next_action, last_payment_error, payments, metadata, ... } } }`; `status` is awaiting_payment_method,
 * awaiting_next_action, processing or succeeded. `GET /v1/payment_intents/{id}` reads one back. A payment method
 * attached to the intent (by the payer's app with the client key) may give `next_action.redirect.url`, the checkout
 * URL; it is passed on whenever the intent has one.
 *
 * PayMongo has no reference number for an intent, so the reference the borrower sees is derived from our idempotency
 * key (same key, same reference) and sent in the intent's metadata as `reference`, so webhooks carry it too.
 *
 * Errors: network failures, timeouts, HTTP 5xx and 429 are retryable; other 4xx are not. Messages are error codes
 * (PAYMONGO_HTTP_400:parameter_invalid, PAYMONGO_TIMEOUT, ...) and never carry the secret key.
 */
import { createHash } from 'node:crypto';
import type { PaymentChannel } from '../../../domain/loan-types.ts';
import { gatewayHttp, isRecord } from '../gateway-http.ts';
import { ProviderError } from '../payout/payout-provider.ts';
import type { CollectionProvider, CollectionRequest, CollectionResult, CollectionStatus } from './collection-provider.ts';

export interface PaymongoOptions {
  /** The secret API key (sk_...), sent as the basic-auth user name only: never logged nor put in an error. */
  readonly secretKey: string;
  /** Default https://api.paymongo.com; tests point it at a local server. */
  readonly baseUrl?: string;
  /** Give up after this many milliseconds (connect, answer and body). Default 15 000. */
  readonly timeoutMs?: number;
}

/**
 * PayMongo payment methods offered for each of our payment channels. Over-the-counter payment (7-Eleven, ECPay, ...)
 * is not a payment-intent method: `otc` is refused with PAYMONGO_CHANNEL_UNSUPPORTED (not retryable).
 */
export const PAYMONGO_METHODS: Readonly<Record<PaymentChannel, readonly string[] | null>> = {
  eWallet: ['gcash', 'paymaya', 'grab_pay', 'shopee_pay', 'qrph'],
  bank: ['dob', 'dob_ubp', 'brankas_bdo', 'brankas_landbank', 'brankas_metrobank', 'qrph'],
  otc: null,
};

export const PAYMONGO_ERRORS = {
  channelUnsupported: 'PAYMONGO_CHANNEL_UNSUPPORTED',
  amountInvalid: 'PAYMONGO_AMOUNT_INVALID',
  amountMismatch: 'PAYMONGO_AMOUNT_MISMATCH',
  timeout: 'PAYMONGO_TIMEOUT',
  network: 'PAYMONGO_NETWORK',
  badResponse: 'PAYMONGO_BAD_RESPONSE',
} as const;

const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The payment reference of an idempotency key: 12 characters without 0/O or 1/I, the same for the same key. */
export function paymongoReference(idempotencyKey: string): string {
  return [...createHash('sha256').update(`paymongo-reference:${idempotencyKey}`).digest().subarray(0, 12)].map((b) => READABLE[b % READABLE.length]).join('');
}

/** Our status of a payment intent: failed when its last payment attempt failed and no new one started. */
function statusOf(status: string, lastError: unknown): CollectionStatus {
  if (status === 'succeeded') return 'paid';
  if (status === 'cancelled' || status === 'canceled') return 'failed';
  if (status === 'awaiting_payment_method' && isRecord(lastError)) return 'failed';
  return 'pending';
}

function failureCodeOf(status: string, lastError: unknown): string | null {
  if (isRecord(lastError)) {
    const code = lastError['failed_code'] ?? lastError['code'];
    return typeof code === 'string' && code !== '' ? code : 'payment_failed';
  }
  return status === 'cancelled' || status === 'canceled' ? 'cancelled' : null;
}

/** Our result of a payment intent answer; null when it is not one. */
function resultOf(answer: unknown, fallbackReference: string | null): CollectionResult | null {
  const data = isRecord(answer) ? answer['data'] : undefined;
  if (!isRecord(data) || typeof data['id'] !== 'string' || data['id'] === '' || !isRecord(data['attributes'])) return null;
  const a = data['attributes'];
  const { amount, status } = a;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0 || typeof status !== 'string') return null;
  const metadata = isRecord(a['metadata']) ? a['metadata'] : {};
  const nextAction = isRecord(a['next_action']) ? a['next_action'] : {};
  const redirect = isRecord(nextAction['redirect']) ? nextAction['redirect'] : {};
  const url = redirect['url'];
  const reference = typeof metadata['reference'] === 'string' && metadata['reference'] !== '' ? metadata['reference'] : (fallbackReference ?? data['id']);
  return {
    providerRef: data['id'],
    reference,
    checkoutUrl: typeof url === 'string' && /^https?:\/\//u.test(url) ? url : null,
    status: statusOf(status, a['last_payment_error']),
    amountCentavos: amount,
    failureCode: failureCodeOf(status, a['last_payment_error']),
  };
}

export function createPaymongoCollections({ secretKey, baseUrl = 'https://api.paymongo.com', timeoutMs = 15_000 }: PaymongoOptions): CollectionProvider {
  if (secretKey.trim() === '') throw new Error('PAYMONGO_SECRET_KEY_MISSING');
  const call = gatewayHttp({ secretKey, baseUrl, timeoutMs, errors: PAYMONGO_ERRORS });

  /** The ProviderError of a non-2xx answer (PayMongo: `{ errors: [{ code, detail }] }`): retryable for 5xx and 429. */
  function httpError(status: number, answer: unknown): ProviderError {
    const first = isRecord(answer) && Array.isArray(answer['errors']) ? (answer['errors'] as unknown[])[0] : undefined;
    const code = isRecord(first) && typeof first['code'] === 'string' ? `:${first['code'].replace(/[^a-z0-9_]/giu, '').slice(0, 64)}` : '';
    return new ProviderError(`PAYMONGO_HTTP_${status}${code}`, status >= 500 || status === 429);
  }

  return {
    name: 'paymongo',

    async createPayment(request: CollectionRequest): Promise<CollectionResult> {
      const methods = PAYMONGO_METHODS[request.channel];
      if (!methods) throw new ProviderError(`${PAYMONGO_ERRORS.channelUnsupported}:${request.channel}`, false);
      if (!Number.isSafeInteger(request.amountCentavos) || request.amountCentavos <= 0) throw new ProviderError(PAYMONGO_ERRORS.amountInvalid, false);
      const reference = paymongoReference(request.idempotencyKey);
      const body = {
        data: {
          attributes: {
            amount: request.amountCentavos,
            currency: 'PHP',
            payment_method_allowed: methods,
            capture_type: 'automatic',
            description: request.description,
            metadata: { ...request.metadata, reference },
          },
        },
      };
      const { status, answer } = await call('POST', '/v1/payment_intents', body, request.idempotencyKey);
      if (status < 200 || status > 299) throw httpError(status, answer);
      const result = resultOf(answer, reference);
      if (!result) throw new ProviderError(PAYMONGO_ERRORS.badResponse, false);
      if (result.amountCentavos !== request.amountCentavos) throw new ProviderError(PAYMONGO_ERRORS.amountMismatch, false);
      return result;
    },

    async getPayment(providerRef: string): Promise<CollectionResult | null> {
      const { status, answer } = await call('GET', `/v1/payment_intents/${encodeURIComponent(providerRef)}`);
      if (status === 404) return null;
      if (status < 200 || status > 299) throw httpError(status, answer);
      const result = resultOf(answer, null);
      if (!result) throw new ProviderError(PAYMONGO_ERRORS.badResponse, false);
      return result;
    },
  };
}
