/**
 * Gateway callbacks (no session): the payout gateway's (Xendit shape, static `x-callback-token`) and the collection
 * gateway's (PayMongo shape, `paymongo-signature: t=<unix>,v1=<hmac-sha256 of t + "." + raw body>`, at most 5
 * minutes old). Signatures are checked on the RAW body (a JSON parser scoped to these routes keeps it), compared in
 * constant time. Bad token or signature: 401 WEBHOOK_SIGNATURE; unknown reference: 404; a replay: 200, no effect.
 */
import { ApiError } from '../errors.ts';
import { parseCollectionEvent, sameToken, verifyCollectionSignature } from '../providers/collection/collection-provider.ts';
import { parsePayoutCallback } from '../providers/payout/payout-provider.ts';
import type { LoanService } from '../services/loans.ts';
import { routeGroup } from './route-group.ts';

export interface WebhookOptions {
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
  properties: { ok: { type: 'boolean', const: true }, result: { type: 'string', description: 'applied, replay (no effect) or pending (not final yet: nothing applied)' } },
} as const;

/** The OpenAPI security schemes of the gateways' callbacks (checked in the handlers, on the raw body). */
export const webhookSecuritySchemes = {
  payoutCallbackToken: { type: 'apiKey', in: 'header', name: 'X-Callback-Token', description: 'The payout gateway\'s static callback token' },
  collectionSignature: { type: 'apiKey', in: 'header', name: 'Paymongo-Signature', description: 't=<unix>,v1=<hex HMAC-SHA256 of t + "." + raw body>, at most 5 minutes old' },
} as const;

/** No session: each callback proves itself by its token or signature. */
export const webhookRoutes = routeGroup<WebhookOptions>({ access: 'public', noStore: false }, async (app, options) => {
  // This plugin's scope only: the body stays the raw text the signature covers.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post('/webhooks/payout', {
    schema: {
      tags: ['webhooks'],
      operationId: 'payoutCallback',
      summary: 'Payout gateway callback (Xendit payout.succeeded / payout.failed)',
      security: [{ payoutCallbackToken: [] }],
      response: { 200: ok },
    },
  }, async (request) => {
    const token = request.headers['x-callback-token'];
    if (!sameToken(typeof token === 'string' ? token : undefined, options.payoutCallbackToken)) throw new ApiError('WEBHOOK_SIGNATURE');
    const result = parsePayoutCallback(parseJson(String(request.body ?? '')));
    if (!result) throw new ApiError('BAD_REQUEST');
    const outcome = await options.loans.payoutResult(result);
    if (outcome === 'unknown') throw new ApiError('NOT_FOUND');
    return { ok: true, result: outcome };
  });

  app.post('/webhooks/collection', {
    schema: {
      tags: ['webhooks'],
      operationId: 'collectionWebhook',
      summary: 'Collection gateway webhook (PayMongo payment.paid / payment.failed)',
      security: [{ collectionSignature: [] }],
      response: { 200: ok },
    },
  }, async (request) => {
    const raw = String(request.body ?? '');
    const signature = request.headers['paymongo-signature'];
    if (!verifyCollectionSignature(typeof signature === 'string' ? signature : undefined, raw, options.collectionWebhookSecret, options.now())) throw new ApiError('WEBHOOK_SIGNATURE');
    const event = parseCollectionEvent(parseJson(raw));
    if (!event) throw new ApiError('BAD_REQUEST');
    const outcome = await options.loans.paymentEvent(event);
    if (outcome === 'unknown') throw new ApiError('NOT_FOUND');
    // Recorded for staff, never applied: the amount and currency must be the payment's we created.
    if (outcome === 'mismatch') throw new ApiError('WEBHOOK_AMOUNT_MISMATCH');
    return { ok: true, result: outcome };
  });
});
