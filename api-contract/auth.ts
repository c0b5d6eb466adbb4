/** SMS login's answers (server/routes/auth.ts). */
import type { FromSchema } from 'json-schema-to-ts';

/** GET /auth/captcha */
export const captchaAnswer = {
  type: 'object',
  description: 'A graphic code to solve',
  required: ['id', 'svg', 'expiresInSeconds'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    svg: { type: 'string', description: 'An SVG image of the code' },
    expiresInSeconds: { type: 'integer' },
  },
} as const;
export type CaptchaAnswer = FromSchema<typeof captchaAnswer>;

/** POST /auth/sms-code */
export const smsCodeAnswer = {
  type: 'object',
  description: 'Code sent',
  required: ['resendAfterSeconds', 'expiresInSeconds'],
  additionalProperties: false,
  properties: { resendAfterSeconds: { type: 'integer' }, expiresInSeconds: { type: 'integer' } },
} as const;
export type SmsCodeAnswer = FromSchema<typeof smsCodeAnswer>;

/** POST /auth/login: the session, sent afterwards as `Authorization: Bearer <token>` and `X-Customer-Id`. */
export const loginAnswer = {
  type: 'object',
  description: 'Logged in: the session',
  required: ['token', 'customerId', 'phone'],
  additionalProperties: false,
  properties: {
    token: { type: 'string', description: 'The session token (Authorization: Bearer)' },
    customerId: { type: 'string', description: 'Sent with the token as X-Customer-Id' },
    phone: { type: 'string', description: 'National form, 9XXXXXXXXX' },
  },
} as const;
export type LoginAnswer = FromSchema<typeof loginAnswer>;
