/** Shared route schemas (also published in the OpenAPI document). */
export const errorSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' } },
  additionalProperties: true,
} as const;
