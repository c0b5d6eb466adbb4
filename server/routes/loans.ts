/**
 * The loan routes of /work/notes/loans-api.md: the caller's own orders, payments and signature only (the customer
 * comes from the session, never the request). Money operations (POST /loans, /loans/:id/withdraw,
 * /loans/:id/payments) need an Idempotency-Key and answer a repeat with the first answer, status and body.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { PaymentKind } from '../../domain/loan-types.ts';
import { ApiError } from '../errors.ts';
import { callerOf } from '../plugins/auth.ts';
import { idempotencyKeyOf, requestHash, type StoredAnswer } from '../services/idempotency.ts';
import type { LoanInput, LoanService } from '../services/loans.ts';
import { errorSchema } from './schemas.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;

const loanInput = {
  type: 'object',
  required: ['productId', 'subProductId', 'principalCentavos', 'termDays'],
  additionalProperties: false,
  properties: {
    productId: { type: 'string', maxLength: 64 },
    subProductId: { type: 'string', maxLength: 64 },
    principalCentavos: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
    termDays: { type: 'integer', minimum: 1, maximum: 3650 },
  },
} as const;

const idParam = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const idempotencyHeader = { type: 'object', properties: { 'idempotency-key': { type: 'string', description: '8-128 characters [A-Za-z0-9_-]; a repeat answers the first answer' } } } as const;

/** The order id of the path, or NOT_FOUND (a malformed id is no one's order). */
function idOf(params: unknown): string {
  const id = (params as { id: string }).id;
  if (!UUID.test(id)) throw new ApiError('NOT_FOUND');
  return id;
}

export const loanRoutes: FastifyPluginAsync<{ loans: LoanService }> = async (app, { loans }) => {
  const noStore = { 'cache-control': 'no-store' };
  // The stored JSON text as it is: a repeat gets the same bytes.
  const send = (reply: FastifyReply, answer: StoredAnswer) =>
    reply.headers(noStore).status(answer.status).type('application/json; charset=utf-8').serializer((payload) => payload as string).send(answer.json);

  app.get('/loans/home', {
    preHandler: app.requireCustomer,
    schema: { tags: ['loans'], summary: 'Home: credit limit, profile completeness, current order, whether the borrower can apply', response: { 200: anyObject, '4xx': errorSchema } },
  }, async (request, reply) => {
    void reply.headers(noStore);
    return loans.home(callerOf(request));
  });

  app.post('/loans/quote', {
    preHandler: app.requireCustomer,
    schema: { tags: ['loans'], summary: 'Every figure of a loan (the same function as the web app\'s live quote)', body: loanInput, response: { 200: anyObject, '4xx': errorSchema } },
  }, async (request, reply) => {
    void reply.headers(noStore);
    return loans.quote(request.body as LoanInput);
  });

  app.post('/loans', {
    preHandler: app.requireCustomer,
    schema: { tags: ['loans'], summary: 'Apply (Idempotency-Key): the order starts under review', headers: idempotencyHeader, body: loanInput, response: { 201: anyObject, '4xx': errorSchema } },
  }, async (request, reply) => {
    const key = idempotencyKeyOf(request.headers['idempotency-key']);
    return send(reply, await loans.apply(callerOf(request), key, requestHash(request.body), request.body as LoanInput));
  });

  app.get('/loans', {
    preHandler: app.requireCustomer,
    schema: { tags: ['loans'], summary: 'The borrower\'s orders, newest first', response: { 200: anyObject, '4xx': errorSchema } },
  }, async (request, reply) => {
    void reply.headers(noStore);
    return loans.list(callerOf(request).customerId);
  });

  app.get('/loans/:id', {
    preHandler: app.requireCustomer,
    schema: { tags: ['loans'], summary: 'One order with its payments', params: idParam, response: { 200: anyObject, '4xx': errorSchema } },
  }, async (request, reply) => {
    void reply.headers(noStore);
    return loans.get(callerOf(request).customerId, idOf(request.params));
  });

  app.post('/loans/:id/accept', {
    preHandler: app.requireCustomer,
    schema: {
      tags: ['loans'],
      summary: 'Accept the terms (Privacy Policy and Loan Agreement): accepted -> withdrawable',
      params: idParam,
      body: { type: 'object', additionalProperties: false, properties: { agreePrivacy: { type: 'boolean' }, agreeAgreement: { type: 'boolean' } } },
      response: { 200: anyObject, '4xx': errorSchema },
    },
  }, async (request, reply) => {
    void reply.headers(noStore);
    return loans.accept(callerOf(request).customerId, idOf(request.params), request.body as { agreePrivacy?: boolean; agreeAgreement?: boolean });
  });

  app.get('/signature', {
    preHandler: app.requireCustomer,
    schema: { tags: ['loans'], summary: 'Whether a signature is on file', response: { 200: anyObject, '4xx': errorSchema } },
  }, async (request, reply) => {
    void reply.headers(noStore);
    return loans.signature(callerOf(request).customerId);
  });

  app.post('/signature', {
    preHandler: app.requireCustomer,
    schema: {
      tags: ['loans'],
      summary: 'Put a signature on file: a document of kind signature uploaded through POST /documents',
      body: { type: 'object', required: ['signature'], additionalProperties: false, properties: { signature: { type: 'string', maxLength: 64 } } },
      response: { 200: anyObject, '4xx': errorSchema },
    },
  }, async (request, reply) => {
    void reply.headers(noStore);
    return loans.sign(callerOf(request).customerId, (request.body as { signature: string }).signature);
  });

  app.post('/loans/:id/withdraw', {
    preHandler: app.requireCustomer,
    schema: { tags: ['loans'], summary: 'Withdraw (Idempotency-Key): withdrawable -> disbursing, to the bankInfo account as it is now', headers: idempotencyHeader, params: idParam, body: { type: 'object', additionalProperties: false, properties: {} }, response: { 200: anyObject, '4xx': errorSchema } },
  }, async (request, reply) => {
    const key = idempotencyKeyOf(request.headers['idempotency-key']);
    return send(reply, await loans.withdraw(callerOf(request), key, requestHash(request.body ?? {}), idOf(request.params)));
  });

  app.put('/payout-account', {
    preHandler: app.requireCustomer,
    bodyLimit: 64 * 1024,
    schema: { tags: ['loans'], summary: 'A new payout account after a failed disbursement or for a re-loan (bankInfo step data)', body: { type: 'object' }, response: { 200: anyObject, '4xx': errorSchema } },
  }, async (request, reply) => {
    void reply.headers(noStore);
    return loans.changePayoutAccount(callerOf(request), request.body);
  });

  app.post('/loans/:id/payments', {
    preHandler: app.requireCustomer,
    schema: {
      tags: ['loans'],
      summary: 'Repay (Idempotency-Key): full settlement, extension or the next instalment; answers the reference to pay with',
      headers: idempotencyHeader,
      params: idParam,
      body: { type: 'object', required: ['kind', 'channel'], additionalProperties: false, properties: { kind: { type: 'string', enum: ['settle', 'extend', 'instalment'] }, channel: { type: 'string', enum: ['eWallet', 'bank', 'otc'] } } },
      response: { 201: anyObject, '4xx': errorSchema, '5xx': errorSchema },
    },
  }, async (request, reply) => {
    const key = idempotencyKeyOf(request.headers['idempotency-key']);
    const body = request.body as { kind: PaymentKind; channel: 'eWallet' | 'bank' | 'otc' };
    return send(reply, await loans.createPayment(callerOf(request), key, requestHash(body), idOf(request.params), body));
  });

  app.get('/payments', {
    preHandler: app.requireCustomer,
    schema: { tags: ['loans'], summary: 'The borrower\'s payments of the last 3 months, newest first', response: { 200: anyObject, '4xx': errorSchema } },
  }, async (request, reply) => {
    void reply.headers(noStore);
    return loans.payments(callerOf(request).customerId);
  });

  app.get('/payments/:id', {
    preHandler: app.requireCustomer,
    schema: { tags: ['loans'], summary: 'One payment', params: idParam, response: { 200: anyObject, '4xx': errorSchema } },
  }, async (request, reply) => {
    void reply.headers(noStore);
    return loans.payment(callerOf(request).customerId, idOf(request.params));
  });
};
