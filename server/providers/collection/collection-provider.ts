/**
 * What the server needs from a collection (repayment) gateway, in the shape of PayMongo's Payment Intent workflow
 * (PayMongo "Accepting a Payment"): create a payment intent with an idempotency key, create a payment method and
 * attach it to the intent, which gives what the borrower acts on (a redirect to the e-wallet or bank, or a QR Ph
 * image); read the intent back; `payment.paid` / `payment.failed` / `qrph.expired` webhooks signed with HMAC-SHA256
 * over `timestamp + "." + rawBody`. What the borrower is given expires (a QR Ph code after `expiry_seconds`), and the
 * payment with it (paymentExpiryMs). A failed payment is one attempt: the intent stays payable and a later payment may
 * succeed (PayMongo "Key concepts": an intent "stays open until the customer either pays or abandons it").
 * Providers are picked in ./index.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentChannel } from '#domain/loan-types.ts';

/**
 * How the borrower pays, as a PayMongo payment method type the server attaches (PayMongo "Payment Intent workflow",
 * supported methods): the e-wallets GCash, GrabPay and Maya (redirect), QR Ph (a QR any bank or e-wallet app pays),
 * direct online banking (`dob` for BPI and UnionBank, `brankas` for BDO, Landbank and Metrobank: PayMongo "Direct
 * online banking"). Over-the-counter is not a payment-intent method.
 */
export type CollectionMethod =
  | { readonly type: 'gcash' | 'grab_pay' | 'paymaya' | 'qrph' }
  | { readonly type: 'dob'; readonly bank: 'bpi' | 'ubp' }
  | { readonly type: 'brankas'; readonly bank: 'bdo' | 'landbank' | 'metrobank' };

/** The method used when the caller names none: QR Ph, which every Philippine bank and e-wallet app pays. */
export function defaultCollectionMethod(channel: PaymentChannel): CollectionMethod | null {
  return channel === 'otc' ? null : { type: 'qrph' };
}

/**
 * The life of a QR Ph code in seconds: PayMongo's default when the payment method carries no `expiry_seconds`, and the
 * bounds it accepts (PayMongo "Customizing QR Ph Code Expiry": 60 to 9,000 seconds, counted from the attach).
 */
export const QRPH_EXPIRY_SECONDS = { default: 1800, min: 60, max: 9000 } as const;

/**
 * How long what a method gives the borrower stays payable after the attach, in seconds (PayMongo "Statuses, Messages,
 * Webhook Events", Expiry: GCash 4 hours, Maya 30 minutes, GrabPay 15 minutes, QR Ph 30 minutes unless its
 * `expiry_seconds` says otherwise); null where PayMongo states none (online banking, the counter stand-in): such a
 * payment keeps the server's own time to live.
 */
export function methodExpirySeconds(type: CollectionMethod['type'] | 'otc', qrphExpirySeconds: number): number | null {
  switch (type) {
    case 'qrph':
      return qrphExpirySeconds;
    case 'gcash':
      return 4 * 3600;
    case 'paymaya':
      return 30 * 60;
    case 'grab_pay':
      return 15 * 60;
    default:
      return null;
  }
}

/** {@link CollectionProvider.paymentExpiryMs} of a gateway whose QR Ph codes live `qrphExpirySeconds`. */
export function collectionExpiryMs(
  channel: PaymentChannel,
  method: CollectionMethod | undefined,
  qrphExpirySeconds: number,
): number | null {
  const seconds = methodExpirySeconds((method ?? defaultCollectionMethod(channel))?.type ?? 'otc', qrphExpirySeconds);
  return seconds === null ? null : seconds * 1000;
}

export interface CollectionRequest {
  /** Our payment id: a retry never creates a second intent. */
  readonly idempotencyKey: string;
  readonly amountCentavos: number;
  readonly channel: PaymentChannel;
  /** Default: defaultCollectionMethod(channel). */
  readonly method?: CollectionMethod;
  readonly payer: { readonly phone: string; readonly name: string };
  readonly description: string;
  readonly expiresAt: Date;
  /** Echoed in webhooks (PayMongo metadata). */
  readonly metadata: Readonly<Record<string, string>>;
}

/**
 * What the borrower acts on: `redirect` to the e-wallet's or bank's page (PayMongo `next_action.redirect.url`), or
 * `qr`, an image URL (a `data:` URL: PayMongo's QR Ph `next_action.code.image_url` is the image in Base64).
 */
export interface PaymentAction {
  readonly kind: 'redirect' | 'qr';
  readonly url: string;
}

/** `pending`: payable (no method yet, waiting for the payer, or after a failed attempt); `failed`: cancelled for good. */
export type CollectionStatus = 'pending' | 'paid' | 'failed';

export interface CollectionResult {
  /** The payment intent id (pi_...). */
  readonly providerRef: string;
  /** The reference the borrower and PayMongo's support both know: the intent id. */
  readonly reference: string;
  readonly action: PaymentAction | null;
  readonly status: CollectionStatus;
  readonly amountCentavos: number;
  readonly currency: string;
  /** The last failed attempt's code (PayMongo `last_payment_error.failed_code`) or `cancelled`; null when none. */
  readonly failureCode: string | null;
}

/** PayMongo's smallest payment: 2,000 centavos (its API answers `parameter_below_minimum` under it). */
export const PAYMONGO_MINIMUM_CENTAVOS = 2_000;

export interface CollectionProvider {
  readonly name: string;
  /**
   * The smallest amount this gateway takes, centavos (PayMongo: 2,000, ₱20). The loan core never asks a borrower for
   * less: a smaller remainder is folded into the payment before it or waived (server/services/loans/repay.ts).
   */
  readonly minimumCentavos: number;
  /** Creates the intent and attaches the method; rejects with a ProviderError (../provider-error.ts). */
  createPayment(request: CollectionRequest): Promise<CollectionResult>;
  /**
   * Reads an intent back. A code that expired unpaid reads `pending` with no action (PayMongo puts the intent back to
   * `awaiting_payment_method`): the payment's own expiry tells it apart.
   */
  getPayment(providerRef: string): Promise<CollectionResult | null>;
  /**
   * How long what this gateway gives the borrower for a payment on `channel` (with `method`, default
   * defaultCollectionMethod) stays payable, counted from the attach: the payment's expiry is this, so the server never
   * holds a payment in progress after its QR code died. null: the gateway sets no limit (the server's TTL applies).
   */
  paymentExpiryMs(channel: PaymentChannel, method?: CollectionMethod): number | null;
}

/**
 * A webhook event about one payment attempt on an intent. `paid`: the intent is paid (apply it once, after checking
 * amount and currency against the payment we created). `attempt_failed`: this attempt failed, the intent stays
 * payable: a later `paid` with another event id must still apply.
 */
export type CollectionEvent = {
  /** PayMongo's event id (evt_...): the same on every retry of one delivery; the replay key. */
  readonly eventId: string;
  /** The payment intent id. */
  readonly providerRef: string;
  /** PayMongo's payment id (pay_...) of this attempt; null when unknown (reconciliation). */
  readonly paymentId: string | null;
  readonly amountCentavos: number;
  /** PayMongo always sends it; null when an event lacks it (the loan core then treats it as a mismatch). */
  readonly currency: string | null;
} & (
  | { readonly kind: 'paid'; readonly failureCode: null }
  | { readonly kind: 'attempt_failed'; readonly failureCode: string | null }
);

/** The id and type of any PayMongo event body (`{ data: { id, attributes: { type } } }`); null when it is not one. */
export function webhookEventHeader(body: unknown): { id: string; type: string } | null {
  const event = (body as { data?: { id?: unknown; attributes?: { type?: unknown } } } | null)?.data;
  return typeof event?.id === 'string' && event.id !== '' && typeof event.attributes?.type === 'string'
    ? { id: event.id, type: event.attributes.type }
    : null;
}

const KINDS: Readonly<Record<string, CollectionEvent['kind']>> = {
  'payment.paid': 'paid',
  'payment.failed': 'attempt_failed',
};

/** A `payment.paid` / `payment.failed` event (the payment resource in `data.attributes.data`); null for anything else. */
export function parseCollectionEvent(body: unknown): CollectionEvent | null {
  const header = webhookEventHeader(body);
  const kind = KINDS[header?.type ?? ''];
  if (!header || !kind) return null;
  const payment = (body as { data: { attributes: { data?: { id?: unknown; attributes?: Record<string, unknown> } } } })
    .data.attributes.data;
  const a = payment?.attributes;
  if (!a) return null;
  const { payment_intent_id: intent, amount, currency } = a;
  if (typeof intent !== 'string' || intent === '' || typeof amount !== 'number' || !Number.isSafeInteger(amount))
    return null;
  const facts = {
    eventId: header.id,
    providerRef: intent,
    paymentId: typeof payment.id === 'string' ? payment.id : null,
    amountCentavos: amount,
    currency: typeof currency === 'string' ? currency : null,
  };
  if (kind === 'paid') return { ...facts, kind, failureCode: null };
  return {
    ...facts,
    kind,
    failureCode: typeof a['failed_code'] === 'string' && a['failed_code'] !== '' ? a['failed_code'] : null,
  };
}

/**
 * PayMongo's `qrph.expired`: the QR Ph code of an intent expired unpaid (PayMongo "QR Ph", Payment confirmation). The
 * server releases the payment so the borrower can pay again at once.
 */
export interface CollectionExpiry {
  /** PayMongo's event id (evt_...): the replay key. */
  readonly eventId: string;
  /** The payment intent id whose code expired. */
  readonly providerRef: string;
}

export const COLLECTION_EXPIRY_EVENT = 'qrph.expired';

/**
 * A `qrph.expired` event; null for anything else. PayMongo does not publish the resource this event carries, so the
 * intent is read where each PayMongo resource keeps it: the resource's own id when it is the payment intent, else its
 * `payment_intent_id` (a payment, a QR Ph code) or `payment_intent` (an id, or `{ id }`).
 */
export function parseCollectionExpiry(body: unknown): CollectionExpiry | null {
  const header = webhookEventHeader(body);
  if (header?.type !== COLLECTION_EXPIRY_EVENT) return null;
  const resource = (body as { data: { attributes: { data?: unknown } } }).data.attributes.data;
  if (typeof resource !== 'object' || resource === null) return null;
  const { id, type, attributes } = resource as { id?: unknown; type?: unknown; attributes?: Record<string, unknown> };
  const linked = attributes?.['payment_intent'];
  const candidates = [
    type === 'payment_intent' || (typeof id === 'string' && id.startsWith('pi_')) ? id : undefined,
    attributes?.['payment_intent_id'],
    typeof linked === 'object' && linked !== null ? (linked as { id?: unknown }).id : linked,
  ];
  const intent = candidates.find((c): c is string => typeof c === 'string' && c !== '');
  return intent ? { eventId: header.id, providerRef: intent } : null;
}

/** The `paymongo-signature` header value for a body: `t=<unix>,v1=<hex hmac>` (the simulated gateway signs with it). */
export function signCollectionWebhook(secret: string, rawBody: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * How old a signed webhook may be. PayMongo retries a failed delivery 12 times over about 136.5 minutes (PayMongo
 * "Webhook Retry Logic") and a dashboard resend sends the same event again, so the age bound is generous; replays are
 * refused by event id (server/services/webhook-events.ts), not by age. Three events that exhaust their retries
 * disable the webhook, so a short bound would cost every later payment notice.
 */
export const WEBHOOK_MAX_AGE_SECONDS = 7 * 24 * 3600;
/** Clock skew allowed for a timestamp in the future. */
export const WEBHOOK_MAX_SKEW_SECONDS = 300;

/** The timestamp and signatures of a `paymongo-signature` header, or null when it cannot be a valid one (malformed, stale). */
function signatureParts(header: string | undefined, now: Date): { t: number; macs: Buffer[] } | null {
  if (!header) return null;
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  if (!Number.isSafeInteger(t)) return null;
  const age = now.getTime() / 1000 - t;
  if (age > WEBHOOK_MAX_AGE_SECONDS || age < -WEBHOOK_MAX_SKEW_SECONDS) return null;
  const macs = ['v1', 'te', 'li']
    .map((name) => parts.get(name))
    .filter((given): given is string => given !== undefined && /^[0-9a-f]{64}$/u.test(given));
  return macs.length > 0 ? { t, macs: macs.map((given) => Buffer.from(given, 'hex')) } : null;
}

/**
 * Whether a `paymongo-signature` header could be valid for some body: well-formed, fresh enough. Checked on the headers
 * alone, before the body is read, so a request that cannot be signed is refused (401) whatever its body or content type.
 */
export function collectionSignatureWellFormed(header: string | undefined, now: Date): boolean {
  return signatureParts(header, now) !== null;
}

/**
 * Whether a `paymongo-signature` header signs `rawBody` with `secret`, made at most WEBHOOK_MAX_AGE_SECONDS before
 * `now`. Accepts `v1` and PayMongo's own `te` (test) / `li` (live) parts; compared in constant time.
 */
export function verifyCollectionSignature(
  header: string | undefined,
  rawBody: string,
  secret: string,
  now: Date,
): boolean {
  const parts = signatureParts(header, now);
  if (!parts) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
  return parts.macs.some((given) => timingSafeEqual(given, expected));
}

/** Constant-time comparison of a static callback token (Xendit `x-callback-token`). */
export function sameToken(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = createHmac('sha256', 'token').update(given).digest();
  const b = createHmac('sha256', 'token').update(expected).digest();
  return timingSafeEqual(a, b);
}
