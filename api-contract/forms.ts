/**
 * The published forms, step order and themes the borrower app reads at run time (server/forms). The
 * manifest names each form version's immutable file; the file names its validator module.
 */
import type { FromSchema } from 'json-schema-to-ts';

const flowStep = {
  type: 'object',
  required: ['step', 'schema', 'route', 'next'],
  additionalProperties: false,
  properties: {
    step: { type: 'string' },
    schema: { type: 'string' },
    route: { type: 'string' },
    next: { type: 'string' },
  },
} as const;

/** GET /forms/manifest. */
export const formsManifest = {
  type: 'object',
  description: "The published versions: the step order, each step form's file, the themes",
  required: ['flow', 'forms', 'themes'],
  additionalProperties: false,
  properties: {
    flow: {
      type: 'object',
      required: ['version', 'steps'],
      additionalProperties: false,
      properties: { version: { type: 'integer' }, steps: { type: 'array', items: flowStep } },
    },
    forms: {
      type: 'object',
      description:
        "By form name: its published version, the URL of its file (schema, uiSchema, texts, validator URL) and its validator's URL (the app fetches both side by side)",
      additionalProperties: {
        type: 'object',
        required: ['version', 'form', 'validator'],
        additionalProperties: false,
        properties: { version: { type: 'integer' }, form: { type: 'string' }, validator: { type: 'string' } },
      },
    },
    themes: {
      type: 'object',
      description: 'By theme number: its published version and CSS custom properties',
      additionalProperties: {
        type: 'object',
        required: ['version', 'properties'],
        additionalProperties: false,
        properties: {
          version: { type: 'integer' },
          properties: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
    },
  },
} as const;
export type FormsManifestAnswer = FromSchema<typeof formsManifest>;

/** GET /forms/<hash>.<json|js> (outside /api/v1: static, immutable files). */
export const formAssetParams = {
  type: 'object',
  required: ['file'],
  additionalProperties: false,
  properties: { file: { type: 'string', pattern: '^[0-9a-f]{20}\\.(json|js)$' } },
} as const;
/** A draft's validator for the studio's preview: `/forms/preview/<hash>.js?until=&sig=` (a signed URL staff get). */
export const formPreviewParams = {
  type: 'object',
  required: ['file'],
  additionalProperties: false,
  properties: { file: { type: 'string', pattern: '^[0-9a-f]{20}\\.js$' } },
} as const;
export const formPreviewQuery = {
  type: 'object',
  required: ['until', 'sig'],
  additionalProperties: false,
  properties: {
    until: { type: 'string', pattern: '^[0-9]{1,15}$', description: 'Good until (milliseconds since 1970)' },
    sig: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
  },
} as const;
