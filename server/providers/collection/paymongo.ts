/**
 * PayMongo (api.paymongo.com) collections, over its Payment Intent workflow (PayMongo "Accepting a Payment").
 *
 * 1. `POST /v1/payment_intents` with basic auth (the secret key as user name, empty password) and an
 *    `Idempotency-Key`; JSON:API body `{ data: { attributes: { amount, currency: "PHP", payment_method_allowed,
 *    description, metadata, capture_type } } }`, `amount` in centavos (PHP 100.00 is 10000), `metadata` flat strings.
 * 2. `POST /v1/payment_methods` `{ data: { attributes: { type, billing, details? } } }`: `gcash`, `grab_pay`,
 *    `paymaya`, `qrph`, or `dob` / `brankas` with `details.bank_code` (PayMongo "Direct online banking").
 * 3. `POST /v1/payment_intents/{id}/attach` `{ data: { attributes: { payment_method, return_url } } }`: the intent
 *    answers `status: awaiting_next_action` with `next_action.redirect.url` (e-wallets, online banking: where the
 *    borrower authorises) or, for QR Ph, `next_action.code.image_url` (a Base64 QR image: PayMongo "QR Ph API").
 *    Without this step an intent has nothing to pay with; the alternative, attaching in the browser with the intent's
 *    `client_key` and the public key, is not used: the server attaches.
 * `GET /v1/payment_intents/{id}` reads one back: `status` awaiting_payment_method (no method yet, or the last attempt
 * failed: `last_payment_error`), awaiting_next_action, processing, succeeded, cancelled.
 *
 * A retried createPayment (same idempotency key) gets the same intent back; when it already has its next action it
 * is not attached again. The reference the borrower sees is the intent id (`pi_...`, the `data.id` of the intent),
 * which PayMongo's dashboard and support can look up.
 *
 * A QR Ph code lives `qrphExpirySeconds` from the attach (the method's `expiry_seconds`): then PayMongo sends
 * `qrph.expired` and the intent goes back to `awaiting_payment_method` (PayMongo "Statuses, Messages, Webhook Events").
 * paymentExpiryMs gives the server the same figure, so the payment expires when its code does.
 *
 * Errors are ProviderError values (../provider-error.ts): network failures, timeouts, HTTP 5xx and 429 are retryable;
 * other 4xx are not; PayMongo's own error code (`errors[0].code`) is in the detail, never the secret key.
 */
import type { PaymentChannel } from '#domain/loan-types.ts';
import { gatewayHttp, isRecord } from '../gateway-http.ts';
import { httpProviderError, PROVIDER_ERRORS, ProviderError } from '../provider-error.ts';
import {
  collectionExpiryMs,
  defaultCollectionMethod,
  PAYMONGO_MINIMUM_CENTAVOS,
  QRPH_EXPIRY_SECONDS,
  type CollectionMethod,
  type CollectionProvider,
  type CollectionRequest,
  type CollectionResult,
  type CollectionStatus,
  type PaymentAction,
} from './collection-provider.ts';

export interface PaymongoOptions {
  /** The secret API key (sk_...), sent as the basic-auth user name only: never logged nor put in an error. */
  readonly secretKey: string;
  /** Where PayMongo sends the borrower back after a redirect (e-wallet, online banking). */
  readonly returnUrl: string;
  /** Default https://api.paymongo.com; tests point it at a local server. */
  readonly baseUrl?: string;
  /** Give up after this many milliseconds (connect, answer and body). Default 15 000. */
  readonly timeoutMs?: number;
  /**
   * The life of a QR Ph code, sent as the payment method's `expiry_seconds` (60-9000; default 1800, PayMongo's own
   * default, written out so the server's payment expiry and the code's are one number).
   */
  readonly qrphExpirySeconds?: number;
}

/** The methods that may pay each of our channels (a request's method must be one of its channel's). */
export const PAYMONGO_CHANNEL_METHODS: Readonly<Record<PaymentChannel, readonly CollectionMethod['type'][]>> = {
  eWallet: ['gcash', 'grab_pay', 'paymaya', 'qrph'],
  bank: ['dob', 'brankas', 'qrph'],
  otc: [],
};

export const PAYMONGO_ERRORS = {
  /** Over-the-counter, or a method that does not pay the channel. */
  channelUnsupported: 'PAYMONGO_CHANNEL_UNSUPPORTED',
  /** The attach answered without anything for the borrower to act on. */
  noAction: 'PAYMONGO_NO_NEXT_ACTION',
} as const;

function statusOf(status: string): CollectionStatus {
  if (status === 'succeeded') return 'paid';
  if (status === 'cancelled' || status === 'canceled') return 'failed';
  return 'pending';
}

function failureCodeOf(status: string, lastError: unknown): string | null {
  if (statusOf(status) === 'failed') return 'cancelled';
  if (status !== 'awaiting_payment_method' || !isRecord(lastError)) return null;
  const code = lastError['failed_code'] ?? lastError['code'];
  return typeof code === 'string' && code !== '' ? code : 'payment_failed';
}

function actionOf(nextAction: unknown): PaymentAction | null {
  if (!isRecord(nextAction)) return null;
  const redirect = isRecord(nextAction['redirect']) ? nextAction['redirect']['url'] : undefined;
  if (typeof redirect === 'string' && /^https?:\/\//u.test(redirect)) return { kind: 'redirect', url: redirect };
  const image = isRecord(nextAction['code']) ? nextAction['code']['image_url'] : undefined;
  if (typeof image === 'string' && image !== '')
    return { kind: 'qr', url: image.startsWith('data:image/') ? image : `data:image/png;base64,${image}` };
  return null;
}

/** Our result of a payment intent (API answer `{ data: { id, attributes } }`); null when it is not one. */
export function paymongoIntentResult(answer: unknown): (CollectionResult & { readonly intentStatus: string }) | null {
  const data = isRecord(answer) ? answer['data'] : undefined;
  if (!isRecord(data) || typeof data['id'] !== 'string' || data['id'] === '' || !isRecord(data['attributes']))
    return null;
  const a = data['attributes'];
  const { amount, status, currency } = a;
  if (
    typeof amount !== 'number' ||
    !Number.isSafeInteger(amount) ||
    amount < 0 ||
    typeof status !== 'string' ||
    typeof currency !== 'string'
  )
    return null;
  return {
    providerRef: data['id'],
    reference: data['id'],
    // A failed attempt leaves the last next action stale: the borrower must be given a new one.
    action: status === 'awaiting_next_action' ? actionOf(a['next_action']) : null,
    status: statusOf(status),
    amountCentavos: amount,
    currency,
    failureCode: failureCodeOf(status, a['last_payment_error']),
    intentStatus: status,
  };
}

/**
 * The payment method attributes of a method and payer. A QR Ph code carries its life (`expiry_seconds`, PayMongo
 * "Customizing QR Ph Code Expiry"; the timer starts at the attach).
 */
function paymentMethodOf(method: CollectionMethod, payer: CollectionRequest['payer'], qrphExpirySeconds: number) {
  const billing = {
    name: payer.name || undefined,
    phone: payer.phone ? `+63${payer.phone.replace(/^0/u, '')}` : undefined,
  };
  return {
    type: method.type,
    ...(method.type === 'qrph' && { expiry_seconds: qrphExpirySeconds }),
    billing,
    ...('bank' in method && { details: { bank_code: method.bank } }),
  };
}

export function createPaymongoCollections({
  secretKey,
  returnUrl,
  baseUrl = 'https://api.paymongo.com',
  timeoutMs = 15_000,
  qrphExpirySeconds = QRPH_EXPIRY_SECONDS.default,
}: PaymongoOptions): CollectionProvider {
  if (secretKey.trim() === '') throw new Error('PAYMONGO_SECRET_KEY_MISSING');
  if (
    !Number.isSafeInteger(qrphExpirySeconds) ||
    qrphExpirySeconds < QRPH_EXPIRY_SECONDS.min ||
    qrphExpirySeconds > QRPH_EXPIRY_SECONDS.max
  )
    throw new Error('PAYMONGO_QRPH_EXPIRY_SECONDS_RANGE');
  const call = gatewayHttp({ secretKey, baseUrl, timeoutMs, provider: 'paymongo' });

  /** The ProviderError of a non-2xx answer (PayMongo: `{ errors: [{ code, detail }] }`). */
  function httpError(status: number, answer: unknown): ProviderError {
    const first = isRecord(answer) && Array.isArray(answer['errors']) ? (answer['errors'] as unknown[])[0] : undefined;
    return httpProviderError('paymongo', status, isRecord(first) ? first['code'] : undefined);
  }

  /** POST and read an intent back from the answer. */
  async function intentCall(path: string, body: unknown, key: string, request: CollectionRequest) {
    const { status, answer } = await call('POST', path, body, key);
    if (status < 200 || status > 299) throw httpError(status, answer);
    const result = paymongoIntentResult(answer);
    if (!result) throw new ProviderError(PROVIDER_ERRORS.badResponse, false, `paymongo ${path}: not a payment intent`);
    if (result.amountCentavos !== request.amountCentavos || result.currency !== 'PHP') {
      throw new ProviderError(
        PROVIDER_ERRORS.amountMismatch,
        false,
        `paymongo ${result.providerRef} is ${result.amountCentavos} ${result.currency}`,
      );
    }
    return result;
  }

  return {
    name: 'paymongo',
    minimumCentavos: PAYMONGO_MINIMUM_CENTAVOS,

    async createPayment(request: CollectionRequest): Promise<CollectionResult> {
      const method = request.method ?? defaultCollectionMethod(request.channel);
      if (!method || !PAYMONGO_CHANNEL_METHODS[request.channel].includes(method.type)) {
        throw new ProviderError(
          PAYMONGO_ERRORS.channelUnsupported,
          false,
          `${request.channel} ${method?.type ?? ''}`.trim(),
        );
      }
      if (!Number.isSafeInteger(request.amountCentavos) || request.amountCentavos <= 0) {
        throw new ProviderError(PROVIDER_ERRORS.invalidRequest, false, `amount ${request.amountCentavos} centavos`);
      }
      const created = await intentCall(
        '/v1/payment_intents',
        {
          data: {
            attributes: {
              amount: request.amountCentavos,
              currency: 'PHP',
              payment_method_allowed: [method.type],
              capture_type: 'automatic',
              description: request.description,
              metadata: request.metadata,
            },
          },
        },
        request.idempotencyKey,
        request,
      );
      // A retry after a lost answer: the intent already waits for the borrower, or is paid.
      if (created.action || created.status !== 'pending') return withoutStatus(created);
      const { status, answer } = await call(
        'POST',
        '/v1/payment_methods',
        { data: { attributes: paymentMethodOf(method, request.payer, qrphExpirySeconds) } },
        `${request.idempotencyKey}:method`,
      );
      if (status < 200 || status > 299) throw httpError(status, answer);
      const methodId = isRecord(answer) && isRecord(answer['data']) ? answer['data']['id'] : undefined;
      if (typeof methodId !== 'string' || methodId === '')
        throw new ProviderError(PROVIDER_ERRORS.badResponse, false, 'paymongo: not a payment method');
      const attributes =
        method.type === 'qrph' ? { payment_method: methodId } : { payment_method: methodId, return_url: returnUrl };
      const attached = await intentCall(
        `/v1/payment_intents/${encodeURIComponent(created.providerRef)}/attach`,
        { data: { attributes } },
        `${request.idempotencyKey}:attach`,
        request,
      );
      if (!attached.action && attached.status === 'pending')
        throw new ProviderError(
          PAYMONGO_ERRORS.noAction,
          true,
          `paymongo ${attached.providerRef} ${attached.intentStatus}`,
        );
      return withoutStatus(attached);
    },

    async getPayment(providerRef: string): Promise<CollectionResult | null> {
      const { status, answer } = await call('GET', `/v1/payment_intents/${encodeURIComponent(providerRef)}`);
      if (status === 404) return null;
      if (status < 200 || status > 299) throw httpError(status, answer);
      const result = paymongoIntentResult(answer);
      if (!result)
        throw new ProviderError(PROVIDER_ERRORS.badResponse, false, `paymongo ${providerRef}: not a payment intent`);
      return withoutStatus(result);
    },

    paymentExpiryMs: (channel, method) => collectionExpiryMs(channel, method, qrphExpirySeconds),
  };
}

function withoutStatus({ intentStatus: _, ...result }: CollectionResult & { intentStatus: string }): CollectionResult {
  return result;
}
