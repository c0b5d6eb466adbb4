/**
 * The API's contract as JSON Schema, shared by the server (route schemas: validation, serialization, the OpenAPI
 * document at /api/docs) and the web app (types only, through json-schema-to-ts's FromSchema: no bytes in the bundle).
 * This folder imports nothing of ours (eslint.config.js).
 */
import type { FromSchema } from 'json-schema-to-ts';

/** An answer as a reader holds it: nothing in it is to be changed (domain types such as Quote are readonly too). */
export type DeepReadonly<T> = T extends readonly (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/**
 * Every error answer: `{code, message}` with a code from server/errors.ts's catalogue, and the code's details
 * (`attemptsLeft`, `retryAfterSeconds`, field `errors`...) beside them.
 */
export const errorAnswer = {
  type: 'object',
  description: 'Refused or failed: a catalogue code and its details',
  required: ['code', 'message'],
  properties: {
    code: {
      type: 'string',
      pattern: '^[A-Z][A-Z0-9_]*$',
      description: 'Catalogue code (server/errors.ts); the web app shows its translation',
    },
    message: { type: 'string', description: 'English, for developers and logs' },
  },
  additionalProperties: true,
} as const;
export type ErrorAnswer = FromSchema<typeof errorAnswer>;

/** A Manila calendar day. */
export const day = { type: 'string', format: 'date', description: 'YYYY-MM-DD, Asia/Manila' } as const;
/** An instant. */
export const instant = { type: 'string', format: 'date-time' } as const;
/** Money: integer centavos. */
export const centavos = { type: 'integer' } as const;
/** An id of ours (UUID). */
export const uuid = { type: 'string', format: 'uuid' } as const;

/** GET /health */
export const healthAnswer = {
  type: 'object',
  description: 'Up',
  required: ['status'],
  additionalProperties: false,
  properties: { status: { type: 'string', const: 'ok' } },
} as const;
export type HealthAnswer = FromSchema<typeof healthAnswer>;
