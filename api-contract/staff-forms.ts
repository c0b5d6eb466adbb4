/**
 * The form studio's API (server/routes/staff/forms.ts): documents (step forms, the step order, themes), their
 * versions, the checks and breaking changes of a version, the review workflow, rollback, diffs and test personas.
 * Content is free JSON checked by the service against its kind's shape.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { instant, uuid } from './common.ts';

const kind = { type: 'string', enum: ['form', 'flow', 'theme'] } as const;
const status = { type: 'string', enum: ['draft', 'review', 'published', 'archived', 'withdrawn'] } as const;
const name = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' } as const;
const staffRef = {
  anyOf: [
    {
      type: 'object',
      required: ['id', 'name'],
      additionalProperties: false,
      properties: { id: uuid, name: { type: 'string' } },
    },
    { type: 'null' },
  ],
} as const;
const maybeInstant = { anyOf: [instant, { type: 'null' }] } as const;
const acknowledge = {
  type: 'array',
  maxItems: 200,
  items: { type: 'string', maxLength: 200 },
  description: 'The ids of the breaking changes the author accepts',
} as const;

export const documentParams = {
  type: 'object',
  required: ['kind', 'name'],
  additionalProperties: false,
  properties: { kind, name },
} as const;
export const versionParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: uuid },
} as const;
export const formParams = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name },
} as const;

export const versionView = {
  type: 'object',
  required: [
    'id',
    'kind',
    'name',
    'version',
    'status',
    'basedOn',
    'author',
    'approver',
    'submitter',
    'contributors',
    'note',
    'createdAt',
    'updatedAt',
    'submittedAt',
    'publishedAt',
    'retiredAt',
    'withdrawn',
  ],
  additionalProperties: false,
  properties: {
    id: uuid,
    kind,
    name: { type: 'string' },
    version: { type: 'integer' },
    status,
    basedOn: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    author: staffRef,
    approver: staffRef,
    submitter: staffRef,
    contributors: {
      type: 'array',
      items: uuid,
      description: 'Everyone who opened, changed or submitted it: none of them may approve it',
    },
    note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    createdAt: instant,
    updatedAt: instant,
    submittedAt: maybeInstant,
    publishedAt: maybeInstant,
    retiredAt: maybeInstant,
    withdrawn: {
      description: 'Withdrawn for cause: never published again, and no step is checked against it',
      anyOf: [
        {
          type: 'object',
          required: ['at', 'by', 'reason'],
          additionalProperties: false,
          properties: { at: instant, by: staffRef, reason: { type: 'string' } },
        },
        { type: 'null' },
      ],
    },
  },
} as const;

const check = {
  type: 'object',
  required: ['id', 'severity', 'code', 'params', 'path'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    severity: { type: 'string', enum: ['error', 'warning'] },
    code: { type: 'string', description: 'A staff i18n key (studio.checks.*)' },
    params: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
    path: { type: 'string', description: 'JSON pointer into the content' },
    field: { type: 'string' },
  },
} as const;
const breaking = {
  type: 'object',
  required: ['id', 'kind', 'field'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: ['removed', 'retyped', 'invalid'] },
    field: { type: 'string' },
    before: { type: 'string' },
    after: { type: 'string' },
    affected: { type: 'integer', description: 'Borrowers whose saved step it reaches' },
  },
} as const;

export const versionDetail = {
  type: 'object',
  required: ['version', 'content', 'checks', 'breaking', 'validator'],
  additionalProperties: false,
  properties: {
    version: versionView,
    content: { type: 'object', additionalProperties: true },
    checks: { type: 'array', items: check },
    breaking: { type: 'array', items: breaking },
    validator: {
      anyOf: [{ type: 'string' }, { type: 'null' }],
      description: "Form versions whose schema compiles: the validator module's URL",
    },
  },
} as const;

export const documentList = {
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'name', 'published', 'open'],
        additionalProperties: false,
        properties: {
          kind,
          name: { type: 'string' },
          published: {
            anyOf: [
              {
                type: 'object',
                required: ['version', 'publishedAt'],
                additionalProperties: false,
                properties: { version: { type: 'integer' }, publishedAt: instant },
              },
              { type: 'null' },
            ],
          },
          open: {
            anyOf: [
              {
                type: 'object',
                required: ['id', 'version', 'status'],
                additionalProperties: false,
                properties: { id: uuid, version: { type: 'integer' }, status },
              },
              { type: 'null' },
            ],
          },
        },
      },
    },
  },
} as const;

export const versionList = {
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: { items: { type: 'array', items: versionView } },
} as const;

export const draftInput = {
  type: 'object',
  additionalProperties: false,
  properties: { from: { type: 'integer', minimum: 1 } },
} as const;
export const saveInput = {
  type: 'object',
  required: ['content', 'updatedAt'],
  additionalProperties: false,
  properties: { content: { type: 'object' }, updatedAt: instant },
} as const;
export const submitInput = { type: 'object', additionalProperties: false, properties: { acknowledge } } as const;
export const rejectInput = {
  type: 'object',
  required: ['note'],
  additionalProperties: false,
  properties: { note: { type: 'string', minLength: 1, maxLength: 1000 } },
} as const;
const reason = { type: 'string', minLength: 1, maxLength: 1000, pattern: '\\S' } as const;
export const approveInput = {
  type: 'object',
  required: ['updatedAt'],
  additionalProperties: false,
  properties: {
    updatedAt: {
      ...instant,
      description: "The version's `updatedAt` as the reviewer read it: approval of that state only",
    },
  },
} as const;
export const rollbackInput = {
  type: 'object',
  required: ['version'],
  additionalProperties: false,
  properties: {
    version: { type: 'integer', minimum: 1 },
    acknowledge,
    reason: {
      ...reason,
      description: 'Why: required to undo to the version just replaced at once (an older one goes to review)',
    },
  },
} as const;
export const withdrawInput = {
  type: 'object',
  required: ['reason'],
  additionalProperties: false,
  properties: { reason },
} as const;
export const diffQuery = {
  type: 'object',
  required: ['against'],
  additionalProperties: false,
  properties: { against: uuid },
} as const;
export const diffAnswer = {
  type: 'object',
  required: ['changes'],
  additionalProperties: false,
  properties: {
    changes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'kind'],
        additionalProperties: false,
        properties: {
          path: { type: 'string' },
          kind: { type: 'string', enum: ['added', 'removed', 'changed'] },
          before: {},
          after: {},
        },
      },
    },
  },
} as const;

const persona = {
  type: 'object',
  required: ['id', 'label', 'data'],
  additionalProperties: false,
  properties: { id: uuid, label: { type: 'string' }, data: { type: 'object', additionalProperties: true } },
} as const;
export const personaList = {
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: { items: { type: 'array', items: persona } },
} as const;
export const personaAnswer = persona;
export const personaInput = {
  type: 'object',
  required: ['label', 'data'],
  additionalProperties: false,
  properties: { label: { type: 'string', minLength: 1, maxLength: 80 }, data: { type: 'object' } },
} as const;

/** The answers' types (json-schema-to-ts); content is free JSON here, its kind's shape is engine/studio's. */
export type VersionView = FromSchema<typeof versionView>;
export type VersionDetailAnswer = FromSchema<typeof versionDetail>;
export type DocumentList = FromSchema<typeof documentList>;
export type VersionList = FromSchema<typeof versionList>;
export type DiffAnswer = FromSchema<typeof diffAnswer>;
export type PersonaList = FromSchema<typeof personaList>;
export type PersonaAnswer = FromSchema<typeof personaAnswer>;
