import { captchaAnswer, loginAnswer, smsCodeAnswer } from '#api-contract/auth.ts';
import { callerOf, requesterOf, SESSION_SECURITY } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.ts';
import { routeGroup } from './route-group.ts';

const phone = {
  type: 'string',
  minLength: 1,
  maxLength: 32,
  description: 'Philippine mobile number as typed: 9XXXXXXXXX, 09XXXXXXXXX or +639XXXXXXXXX',
} as const;

/** SMS login: a graphic code when asked for, a code by SMS, login with it, logout. Public (but logout); never cached. */
export const authRoutes = routeGroup<{ auth: AuthService; languages: readonly string[] }>(
  { access: 'public', noStore: true },
  async (app, { auth, languages }) => {
    app.get(
      '/auth/captcha',
      {
        schema: {
          tags: ['auth'],
          operationId: 'getCaptcha',
          summary: 'A graphic code (SVG) to solve when a code request answered CAPTCHA_REQUIRED',
          response: { 200: captchaAnswer },
        },
      },
      async (request) => auth.captcha(requesterOf(request)),
    );

    app.post(
      '/auth/sms-code',
      {
        schema: {
          tags: ['auth'],
          operationId: 'sendSmsCode',
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
          response: { 200: smsCodeAnswer },
        },
      },
      async (request) => {
        const body = request.body as { phone: string; language?: string; captchaId?: string; captchaAnswer?: string };
        return auth.sendCode({ ...body, language: body.language ?? 'en' }, requesterOf(request));
      },
    );

    app.post(
      '/auth/login',
      {
        schema: {
          tags: ['auth'],
          operationId: 'login',
          summary: 'Log in (registering a new phone) with the SMS code',
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['phone', 'code'],
            properties: {
              phone,
              code: { type: 'string', maxLength: 8 },
              language: {
                type: 'string',
                enum: [...languages],
                description: 'The language the app is read in: stored for the SMS',
              },
            },
          },
          response: { 200: loginAnswer },
        },
      },
      async (request) => {
        return auth.login(request.body as { phone: string; code: string; language?: string }, requesterOf(request));
      },
    );

    // The one route of this public group that needs the session it revokes.
    app.post(
      '/auth/logout',
      {
        preHandler: app.requireCustomer,
        schema: {
          tags: ['auth'],
          operationId: 'logout',
          summary: 'Revoke this session',
          security: SESSION_SECURITY,
          response: { 204: { type: 'null', description: 'Revoked' } },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        await auth.logout(caller.sessionId, caller.customerId, requesterOf(request));
        return reply.status(204).send();
      },
    );
  },
);
