/** Uploads (server/routes/documents.ts). */
import type { FromSchema } from 'json-schema-to-ts';
import { uuid } from './common.ts';

export const documentKind = {
  type: 'string',
  enum: ['idFront', 'idBack', 'face', 'signature', 'feedbackScreenshot'],
} as const;

/** POST /documents */
export const documentAnswer = {
  type: 'object',
  description: 'Stored: its reference',
  required: ['id', 'ref', 'kind', 'contentType', 'width', 'height'],
  additionalProperties: false,
  properties: {
    id: uuid,
    ref: { type: 'string', pattern: '^doc:', description: 'doc:<id>, the value a form or POST /signature takes' },
    kind: documentKind,
    contentType: { type: 'string', enum: ['image/jpeg', 'image/png'] },
    width: { type: 'integer' },
    height: { type: 'integer' },
  },
} as const;
export type DocumentAnswer = FromSchema<typeof documentAnswer>;
