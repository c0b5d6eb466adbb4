/**
 * What the server needs from a collection (repayment) gateway, in the shape of PayMongo: create a payment intent with
 * an idempotency key (a repeat answers the same intent) that gives the borrower a reference to pay (OTC code, bank
 * transfer reference) or a checkout link, read one back, and `payment.paid` / `payment.failed` webhooks signed with
 * HMAC-SHA256 over `timestamp + "." + rawBody`. Providers are picked in ./index.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentChannel } from '../../../domain/loan-types.ts';

export interface CollectionRequest {
  /** Our payment id: a retry never creates a second intent. */
  readonly idempotencyKey: string;
  readonly amountCentavos: number;
  readonly channel: PaymentChannel;
  readonly payer: { readonly phone: string; readonly name: string };
  readonly description: string;
  readonly expiresAt: Date;
  /** Echoed in webhooks (PayMongo metadata). */
  readonly metadata: Readonly<Record<string, string>>;
}

export type CollectionStatus = 'pending' | 'paid' | 'failed';

export interface CollectionResult {
  /** The payment intent id (pi_...). */
  readonly providerRef: string;
  /** What the borrower pays with: OTC code or transfer reference. */
  readonly reference: string;
  readonly checkoutUrl: string | null;
  readonly status: CollectionStatus;
  readonly amountCentavos: number;
  readonly failureCode: string | null;
}

export interface CollectionProvider {
  readonly name: string;
  createPayment(request: CollectionRequest): Promise<CollectionResult>;
  getPayment(providerRef: string): Promise<CollectionResult | null>;
}

/** A PayMongo webhook event about a payment, read from its body; null when it is not one. */
export interface CollectionEvent {
  readonly eventId: string;
  readonly type: 'payment.paid' | 'payment.failed';
  readonly providerRef: string;
  readonly amountCentavos: number;
  /** ISO 4217, as the gateway reports it (PHP for every payment we create). */
  readonly currency?: string;
  readonly failureCode: string | null;
}

export function parseCollectionEvent(body: unknown): CollectionEvent | null {
  const event = (body as { data?: { id?: unknown; attributes?: { type?: unknown; data?: { attributes?: Record<string, unknown> } } } } | null)?.data;
  const type = event?.attributes?.type;
  const payment = event?.attributes?.data?.attributes;
  if (typeof event?.id !== 'string' || (type !== 'payment.paid' && type !== 'payment.failed') || !payment) return null;
  const intent = payment['payment_intent_id'];
  const amount = payment['amount'];
  if (typeof intent !== 'string' || typeof amount !== 'number' || !Number.isSafeInteger(amount)) return null;
  const currency = typeof payment['currency'] === 'string' ? { currency: payment['currency'] } : {};
  return { eventId: event.id, type, providerRef: intent, amountCentavos: amount, ...currency, failureCode: typeof payment['failed_code'] === 'string' ? payment['failed_code'] : null };
}

/** The `paymongo-signature` header value for a body: `t=<unix>,v1=<hex hmac>` (the simulated gateway signs with it). */
export function signCollectionWebhook(secret: string, rawBody: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * Whether a `paymongo-signature` header signs `rawBody` with `secret`, made at most `toleranceSeconds` before `now`
 * (replayed old deliveries are refused). Accepts `v1` and PayMongo's own `te` (test) / `li` (live) parts; compared in
 * constant time.
 */
export function verifyCollectionSignature(header: string | undefined, rawBody: string, secret: string, now: Date, toleranceSeconds = 300): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((p) => {
    const i = p.indexOf('=');
    return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
  }));
  const t = Number(parts.get('t'));
  if (!Number.isSafeInteger(t)) return false;
  const age = now.getTime() / 1000 - t;
  if (age > toleranceSeconds || age < -toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return ['v1', 'te', 'li'].some((name) => {
    const given = parts.get(name);
    if (!given || !/^[0-9a-f]{64}$/u.test(given)) return false;
    return timingSafeEqual(Buffer.from(given, 'hex'), expected);
  });
}

/** Constant-time comparison of a static callback token (Xendit `x-callback-token`). */
export function sameToken(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = createHmac('sha256', 'token').update(given).digest();
  const b = createHmac('sha256', 'token').update(expected).digest();
  return timingSafeEqual(a, b);
}
