import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../plugins/auth.ts';
import type { ProfileService } from '../services/profile.ts';
import type { Tx } from '../services/idempotency.ts';
import { errorSchema } from './schemas.ts';

const summarySchema = {
  type: 'object',
  required: ['completed', 'complete', 'next', 'total'],
  properties: {
    completed: { type: 'array', items: { type: 'string' } },
    complete: { type: 'boolean' },
    next: { type: ['string', 'null'] },
    total: { type: 'integer' },
  },
} as const;

/** The caller's own profile only: every route reads the customer from the session, never from the request. */
/**
 * `guard` runs in the transaction that saves a step, before the write, and may refuse it with an ApiError (the loans
 * refuse a payout account change while a loan is in progress, or during bank maintenance).
 */
export interface ProfileRouteOptions {
  readonly profile: ProfileService;
  readonly guard?: (tx: Tx, customerId: string, step: string) => Promise<void>;
}

export const profileRoutes: FastifyPluginAsync<ProfileRouteOptions> = async (app, { profile, guard }) => {
  const steps = profile.steps.map((s) => s.step);
  const stepParam = { type: 'object', required: ['step'], properties: { step: { type: 'string', enum: steps } } } as const;

  // Profiles are personal: never cached by a browser or a proxy (set in each handler: a hook costs every answer).
  const noStore = { 'cache-control': 'no-store' };

  app.get('/profile', {
    preHandler: app.requireCustomer,
    schema: {
      tags: ['profile'],
      summary: 'Completeness, where to resume, and every saved step',
      response: { 200: { type: 'object', required: ['summary', 'sections'], properties: { summary: summarySchema, sections: { type: 'object', additionalProperties: true } } }, '4xx': errorSchema },
    },
  }, async (request, reply) => {
    // Already JSON (the response schema describes it): sent as it is.
    return reply.headers(noStore).type('application/json; charset=utf-8').serializer((payload) => payload as string).send(await profile.overviewJson(callerOf(request).customerId));
  });

  app.get('/profile/:step', {
    preHandler: app.requireCustomer,
    schema: {
      tags: ['profile'],
      summary: 'One saved step',
      params: stepParam,
      response: { 200: { type: 'object', required: ['step', 'data', 'schemaVersion', 'updatedAt'], properties: { step: { type: 'string' }, data: { type: 'object', additionalProperties: true }, schemaVersion: { type: 'string' }, updatedAt: { type: 'string' } } }, '4xx': errorSchema },
    },
  }, async (request, reply) => {
    void reply.headers(noStore);
    return profile.get(callerOf(request).customerId, (request.params as { step: string }).step);
  });

  app.put('/profile/:step', {
    preHandler: app.requireCustomer,
    bodyLimit: 64 * 1024,
    schema: {
      tags: ['profile'],
      summary: 'Save one step, validated with the schema the form uses',
      description: 'The body is the step\'s data, checked by the compiled validator of schemas/<schema>.schema.json and the step checks; photos are document ids (`doc:<id>`) from POST /documents.',
      params: stepParam,
      body: { type: 'object' },
      response: { 200: summarySchema, '4xx': errorSchema },
    },
  }, async (request, reply) => {
    void reply.headers(noStore);
    const caller = callerOf(request);
    const { step } = request.params as { step: string };
    return profile.put(caller, step, request.body, guard && ((tx) => guard(tx, caller.customerId, step)));
  });
};
