/**
 * The credit limit screen's contract (server/routes/limits.ts): the limit, its history and what would raise it next
 * (config/underwriting.json limitRaises), and Facebook binding (Facebook Login with PKCE and state).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { centavos } from './common.ts';

export const limitRaiseReasons = ['repaidOnTime', 'addToHomeScreen', 'facebookBinding'] as const;

/** GET /limit, and the answer of binding and unbinding Facebook. */
export const limitAnswer = {
  type: 'object',
  description: 'The credit limit, its history (newest first), what would raise it next, and the Facebook account bound',
  required: ['creditLimitCentavos', 'history', 'next', 'facebook'],
  additionalProperties: false,
  properties: {
    creditLimitCentavos: {
      ...centavos,
      type: ['integer', 'null'],
      description: 'null until the income band approves a limit',
    },
    history: {
      type: 'array',
      items: {
        type: 'object',
        required: ['reason', 'amountCentavos', 'limitAfterCentavos', 'at', 'grantedBy'],
        additionalProperties: false,
        properties: {
          reason: {
            type: 'string',
            enum: ['incomeBand', ...limitRaiseReasons],
            description: 'incomeBand: the first limit of the income band',
          },
          amountCentavos: { ...centavos, description: 'What it added (0 when a ceiling was reached)' },
          limitAfterCentavos: centavos,
          at: { type: ['string', 'null'], format: 'date-time', description: 'When; null for the income band' },
          grantedBy: { type: 'string', description: 'system, or the staff member who granted it' },
        },
      },
    },
    next: {
      type: 'array',
      description: 'The raises still open: repaying on time always, each one-time raise until granted',
      items: {
        type: 'object',
        required: ['reason', 'amountCentavos', 'stepCentavos', 'ceilingCentavos'],
        additionalProperties: false,
        properties: {
          reason: { type: 'string', enum: limitRaiseReasons },
          amountCentavos: { ...centavos, description: 'What it would add now (0 at its ceiling)' },
          stepCentavos: centavos,
          ceilingCentavos: centavos,
        },
      },
    },
    facebook: {
      type: 'object',
      required: ['bound', 'name'],
      additionalProperties: false,
      properties: {
        bound: { type: 'boolean' },
        name: { type: ['string', 'null'], description: "The bound account's name" },
      },
    },
    raisedCentavos: {
      ...centavos,
      description: 'Binding only: what this binding added to the limit (0 when it was raised for Facebook before)',
    },
  },
} as const;
export type LimitAnswer = FromSchema<typeof limitAnswer>;

/** POST /facebook/login */
export const facebookLoginAnswer = {
  type: 'object',
  description:
    'Where the browser goes to log in to Facebook; it comes back to the limit screen with code and state, or error',
  required: ['authorizeUrl'],
  additionalProperties: false,
  properties: { authorizeUrl: { type: 'string', description: "Facebook's login dialog (or the simulated one)" } },
} as const;

const oauthText = { type: 'string', minLength: 1, maxLength: 2048, pattern: '^[\\x21-\\x7e]+$' } as const;

/** POST /facebook/binding: what Facebook redirected back with. */
export const facebookBindInput = {
  type: 'object',
  description: "The redirect's query: state with code, or state with error (a cancelled consent)",
  required: ['state'],
  additionalProperties: false,
  properties: {
    state: { ...oauthText, maxLength: 128 },
    code: oauthText,
    error: { ...oauthText, maxLength: 100 },
  },
  oneOf: [{ required: ['code'] }, { required: ['error'] }],
} as const;
export type FacebookBindInput = FromSchema<typeof facebookBindInput>;
