import type { FastifyPluginAsync } from 'fastify';
import { callerOf, requesterOf } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.ts';
import { errorSchema } from './schemas.ts';

const phone = { type: 'string', minLength: 1, maxLength: 32, description: 'Philippine mobile number as typed: 9XXXXXXXXX, 09XXXXXXXXX or +639XXXXXXXXX' } as const;

/** SMS login: a graphic code when asked for, a code by SMS, login with it, logout. */
export const authRoutes: FastifyPluginAsync<{ auth: AuthService; languages: readonly string[] }> = async (app, { auth, languages }) => {
  app.get('/auth/captcha', {
    schema: {
      tags: ['auth'],
      summary: 'A graphic code (SVG) to solve when a code request answered CAPTCHA_REQUIRED',
      response: { 200: { type: 'object', required: ['id', 'svg', 'expiresInSeconds'], properties: { id: { type: 'string' }, svg: { type: 'string' }, expiresInSeconds: { type: 'integer' } } } },
    },
  }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return auth.captcha(requesterOf(request));
  });

  app.post('/auth/sms-code', {
    schema: {
      tags: ['auth'],
      summary: 'Send a 4-digit login code by SMS',
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['phone'],
        properties: {
          phone,
          language: { type: 'string', enum: [...languages] },
          captchaId: { type: 'string', maxLength: 64 },
          captchaAnswer: { type: 'string', maxLength: 16 },
        },
      },
      response: {
        200: { type: 'object', required: ['resendAfterSeconds', 'expiresInSeconds'], properties: { resendAfterSeconds: { type: 'integer' }, expiresInSeconds: { type: 'integer' } } },
        '4xx': errorSchema,
      },
    },
  }, async (request) => {
    const body = request.body as { phone: string; language?: string; captchaId?: string; captchaAnswer?: string };
    return auth.sendCode({ ...body, language: body.language ?? 'en' }, requesterOf(request));
  });

  app.post('/auth/login', {
    schema: {
      tags: ['auth'],
      summary: 'Log in (registering a new phone) with the SMS code',
      body: { type: 'object', additionalProperties: false, required: ['phone', 'code'], properties: { phone, code: { type: 'string', maxLength: 8 } } },
      response: {
        200: { type: 'object', required: ['token', 'customerId', 'phone'], properties: { token: { type: 'string' }, customerId: { type: 'string' }, phone: { type: 'string' } } },
        '4xx': errorSchema,
      },
    },
  }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return auth.login(request.body as { phone: string; code: string }, requesterOf(request));
  });

  app.post('/auth/logout', {
    preHandler: app.requireCustomer,
    schema: { tags: ['auth'], summary: 'Revoke this session', response: { 204: { type: 'null' }, '4xx': errorSchema } },
  }, async (request, reply) => {
    const caller = callerOf(request);
    await auth.logout(caller.sessionId, caller.customerId, requesterOf(request));
    return reply.status(204).send();
  });
};
