/**
 * The gateways' side of the webhooks in the server suites: a delivery POSTed to /api/v1/webhooks/payout or /collection
 * as the gateway sends it (raw JSON text), a collection event signed as PayMongo signs it (with the test API's secret at
 * its clock unless the test says otherwise), and the deliveries of a simulated gateway captured instead of sent.
 */
import { randomBytes } from 'node:crypto';
import { signCollectionWebhook } from '../providers/collection/collection-provider.ts';
import type { Deliver } from '../providers/deliver.ts';
import type { TestApi } from './test-api.ts';

/** The API's clock in Unix seconds: when a gateway signs a delivery. */
export const unixNow = (api: TestApi) => Math.floor(api.now().getTime() / 1000);

/** POSTs `body` (raw JSON text) to /api/v1/webhooks/`hook` with `headers` (a token, a signature), as the gateway does. */
export const postWebhook = (
  api: TestApi,
  hook: 'payout' | 'collection',
  body: string,
  headers: Readonly<Record<string, string>> = {},
) =>
  api.app.inject({
    method: 'POST',
    url: `/api/v1/webhooks/${hook}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });

export interface Signing {
  /** The signature's time, Unix seconds (default: the API's clock now). */
  readonly at?: number;
  /** The secret signed with (default: the API's collection webhook secret; another one forges). */
  readonly secret?: string;
}

/** The PayMongo-Signature header of `body`. */
export const collectionSignature = (api: TestApi, body: string, signing: Signing = {}) => ({
  'paymongo-signature': signCollectionWebhook(
    signing.secret ?? api.collectionWebhookSecret,
    body,
    signing.at ?? unixNow(api),
  ),
});

/** A collection event delivered: `body` signed (collectionSignature) and POSTed to /api/v1/webhooks/collection. */
export const postCollectionWebhook = (api: TestApi, body: string, signing: Signing = {}) =>
  postWebhook(api, 'collection', body, collectionSignature(api, body, signing));

/** A simulated gateway's deliveries, kept instead of sent and answered with `status` (a failed one is retried). */
export function capturedDeliveries(status = () => 200) {
  const sent: { path: string; headers: Readonly<Record<string, string>>; body: string }[] = [];
  const deliver: Deliver = async (path, headers, body) => {
    sent.push({ path, headers, body });
    return { status: status() };
  };
  return { sent, deliver };
}

/**
 * PayMongo's event about a payment attempt on intent `providerRef` (`payment.paid` unless `type` says otherwise), as
 * raw JSON text to deliver: `id` is the event id (a new one unless given).
 */
export function collectionPaidEvent(
  providerRef: string,
  amount: number,
  opts: { id?: string; type?: string; currency?: string } = {},
): string {
  const attributes = { amount, currency: opts.currency ?? 'PHP', payment_intent_id: providerRef, status: 'paid' };
  return JSON.stringify({
    data: {
      id: opts.id ?? `evt_${randomBytes(6).toString('hex')}`,
      type: 'event',
      attributes: {
        type: opts.type ?? 'payment.paid',
        data: { id: `pay_${randomBytes(6).toString('hex')}`, type: 'payment', attributes },
      },
    },
  });
}
