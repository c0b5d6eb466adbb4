/**
 * Gateway callbacks (no session): the payout gateway's (Xendit shape, static `x-callback-token`: succeeded, failed,
 * reversed) and the collection gateway's (PayMongo shape, `paymongo-signature: t=<unix>,v1=<hmac-sha256 of t + "." +
 * raw body>`). Signatures are checked on the RAW body (a JSON parser scoped to these routes keeps it), compared in
 * constant time. Bad token or signature: 401 WEBHOOK_SIGNATURE; unknown payout reference: 404; a replay: 200, no
 * effect.
 *
 * Collection events are handled once per PayMongo event id (../services/webhook-events.ts), whatever the age of a
 * retried delivery's timestamp (PayMongo "Webhook Retry Logic"). Every signed event answers 2xx unless handling
 * fails: events we do not handle (`ignored`) and replays, because PayMongo disables a webhook whose events keep
 * failing, and with it every later payment notice. A payment event for an intent we do not know answers 404 (retried:
 * see below). `qrph.expired` (the QR Ph code of an intent expired unpaid) releases the payment: the borrower can pay
 * again at once.
 */
import { ApiError } from '../errors.ts';
import type { Database } from '../db/database.ts';
import {
  collectionSignatureWellFormed,
  parseCollectionEvent,
  parseCollectionExpiry,
  sameToken,
  verifyCollectionSignature,
  webhookEventHeader,
} from '../providers/collection/collection-provider.ts';
import { parsePayoutCallback } from '../providers/payout/payout-provider.ts';
import type { LoanService } from '../services/loans.ts';
import { handleOnce } from '../services/webhook-events.ts';
import { routeGroup } from './route-group.ts';

export interface WebhookOptions {
  readonly db: Database;
  readonly loans: LoanService;
  readonly payoutCallbackToken: string;
  readonly collectionWebhookSecret: string;
  readonly now: () => Date;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new ApiError('BAD_REQUEST');
  }
}

const ok = {
  type: 'object',
  description: 'Taken (or a replay)',
  required: ['ok', 'result'],
  additionalProperties: false,
  properties: {
    ok: { type: 'boolean', const: true },
    result: { type: 'string', description: 'applied, replay (no effect) or pending (not final yet: nothing applied)' },
  },
} as const;

/** The OpenAPI security schemes of the gateways' callbacks (checked in the handlers, on the raw body). */
export const webhookSecuritySchemes = {
  payoutCallbackToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Callback-Token',
    description: "The payout gateway's static callback token",
  },
  collectionSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Paymongo-Signature',
    description: 't=<unix>,v1=<hex HMAC-SHA256 of t + "." + raw body>, at most 5 minutes old',
  },
} as const;

/** No session: each callback proves itself by its token or signature. */
export const webhookRoutes = routeGroup<WebhookOptions>({ access: 'public', noStore: false }, async (app, options) => {
  // This plugin's scope only: the body stays the raw text the signature covers.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // What the headers alone show unsigned is refused before the body is read: 401 whatever the body, its size or its
  // content type (an unparseable one would otherwise answer 415 first). The collection signature over the body is
  // checked in the handler.
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url ?? '';
    if (url.endsWith('/webhooks/payout')) {
      const token = request.headers['x-callback-token'];
      if (!sameToken(typeof token === 'string' ? token : undefined, options.payoutCallbackToken))
        throw new ApiError('WEBHOOK_SIGNATURE');
    } else if (url.endsWith('/webhooks/collection')) {
      const signature = request.headers['paymongo-signature'];
      if (!collectionSignatureWellFormed(typeof signature === 'string' ? signature : undefined, options.now()))
        throw new ApiError('WEBHOOK_SIGNATURE');
    }
  });

  app.post(
    '/webhooks/payout',
    {
      schema: {
        tags: ['webhooks'],
        operationId: 'payoutCallback',
        summary: 'Payout gateway callback (Xendit payout.succeeded / payout.failed / payout.reversed)',
        security: [{ payoutCallbackToken: [] }],
        response: { 200: ok },
      },
    },
    async (request) => {
      const result = parsePayoutCallback(parseJson(String(request.body ?? '')));
      if (!result) throw new ApiError('BAD_REQUEST');
      const outcome = await options.loans.payoutResult(result);
      if (outcome === 'unknown') throw new ApiError('NOT_FOUND');
      return { ok: true, result: outcome };
    },
  );

  app.post(
    '/webhooks/collection',
    {
      schema: {
        tags: ['webhooks'],
        operationId: 'collectionWebhook',
        summary: 'Collection gateway webhook (PayMongo payment.paid / payment.failed / qrph.expired)',
        security: [{ collectionSignature: [] }],
        response: { 200: ok },
      },
    },
    async (request) => {
      const raw = String(request.body ?? '');
      const signature = request.headers['paymongo-signature'];
      if (
        !verifyCollectionSignature(
          typeof signature === 'string' ? signature : undefined,
          raw,
          options.collectionWebhookSecret,
          options.now(),
        )
      )
        throw new ApiError('WEBHOOK_SIGNATURE');
      const body = parseJson(raw);
      const header = webhookEventHeader(body);
      if (!header) throw new ApiError('BAD_REQUEST');
      const result = await handleOnce(
        options.db,
        { provider: 'collection', eventId: header.id, type: header.type },
        options.now(),
        async () => {
          const expiry = parseCollectionExpiry(body);
          if (expiry) {
            const released = await options.loans.paymentExpired(expiry.providerRef);
            // As for a payment event: the intent may be answered before our payment row records it.
            if (released === 'unknown') throw new ApiError('NOT_FOUND');
            return released;
          }
          const event = parseCollectionEvent(body);
          if (!event) return 'ignored' as const;
          // 'mismatch': the amount or currency is not the payment's we created; recorded for staff, never applied, and
          // answered 2xx (a retry cannot change it).
          const outcome = await options.loans.paymentEvent(event);
          // Not ours yet (the intent may be answered before our payment row commits): 404 releases the claim and
          // PayMongo retries; the reconcile job covers intents that stay unknown.
          if (outcome === 'unknown') throw new ApiError('NOT_FOUND');
          return outcome;
        },
      );
      return { ok: true, result };
    },
  );
});
