/**
 * The JSON Schema the JSON editor completes and validates a version's content against: for a form, JSON Schema
 * draft-07's meta-schema for `schema`, the uiSchema's shape (`ui:order`, per field `ui:widget` among the registry's
 * widgets, `ui:options`, text keys) and `texts` per language; the flow's steps; a theme's properties. Only part of
 * the JSON editor's chunk.
 */
import type { JSONSchema7 } from 'json-schema';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json' with { type: 'json' };
import { FORM_LANGUAGES, type ContentKind } from '#domain/form-content.ts';
import { WIDGETS } from './widgets.ts';

/** Rewrites draft-07's own `$ref`s (`#` is its root) to where it sits here: `#/definitions/schema`. */
function relocated(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(relocated);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && value === '#' ? '#/definitions/schema' : relocated(value),
    ]),
  );
}

const {
  definitions: draftDefinitions,
  $schema: _schema,
  $id: _id,
  ...draftRoot
} = relocated(draft07) as Record<string, unknown> & { definitions: Record<string, unknown> };

const textTree: JSONSchema7 = {
  type: 'object',
  additionalProperties: { anyOf: [{ type: 'string' }, { $ref: '#/definitions/textTree' }] },
};

const fieldUi: JSONSchema7 = {
  type: 'object',
  properties: {
    'ui:widget': { type: 'string', enum: WIDGETS.map((w) => w.name) },
    'ui:options': { type: 'object' },
    'ui:help': { type: 'string' },
    'ui:placeholder': { type: 'string' },
    'ui:title': { type: 'string' },
    'ui:autofocus': { type: 'boolean' },
  },
};

const formContent: JSONSchema7 = {
  type: 'object',
  required: ['schema', 'uiSchema', 'texts'],
  additionalProperties: false,
  properties: {
    schema: { $ref: '#/definitions/schema' },
    uiSchema: {
      type: 'object',
      properties: {
        'ui:order': { type: 'array', items: { type: 'string' } },
        'ui:submitButtonOptions': { type: 'object' },
      },
      additionalProperties: fieldUi,
    },
    texts: {
      type: 'object',
      required: [...FORM_LANGUAGES],
      additionalProperties: false,
      properties: Object.fromEntries(FORM_LANGUAGES.map((lng) => [lng, { $ref: '#/definitions/textTree' }])),
    },
  },
  definitions: { ...(draftDefinitions as Record<string, JSONSchema7>), schema: draftRoot as JSONSchema7, textTree },
};

const flowContent: JSONSchema7 = {
  type: 'object',
  required: ['steps'],
  additionalProperties: false,
  properties: {
    steps: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['step', 'schema', 'route', 'next'],
        additionalProperties: false,
        properties: {
          step: { type: 'string' },
          schema: { type: 'string' },
          route: { type: 'string', pattern: '^/' },
          next: { type: 'string', pattern: '^/' },
        },
      },
    },
  },
};

const themeContent: JSONSchema7 = {
  type: 'object',
  required: ['id', 'properties'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    properties: { type: 'object', propertyNames: { pattern: '^--' }, additionalProperties: { type: 'string' } },
  },
};

export const CONTENT_SCHEMAS: Readonly<Record<ContentKind, JSONSchema7>> = {
  form: formContent,
  flow: flowContent,
  theme: themeContent,
};
