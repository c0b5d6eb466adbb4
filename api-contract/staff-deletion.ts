/**
 * Account deletion requests of the staff console (server/routes/staff/deletion.ts): customer service opens
 * one after checking the person's identity, a supervisor (never the same person) approves it, which erases the
 * customer's personal data at once (NPC right to erasure) while the loan records stay without identity (SEC
 * retention), or refuses it with a code. Codes, never text: the console translates them.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { instant, uuid } from './common.ts';
import { pageProperties } from './staff.ts';

export const deletionStates = ['pending', 'refused', 'approved', 'executed'] as const;
export const deletionRefusalCodes = ['LOAN_OPEN', 'IDENTITY_NOT_VERIFIED', 'WITHDRAWN_BY_CUSTOMER', 'OTHER'] as const;

const staffRef = {
  type: 'object',
  required: ['id', 'name'],
  additionalProperties: false,
  properties: { id: uuid, name: { type: 'string' } },
} as const;

/** One request, as every answer gives it. */
export const deletionRequestAnswer = {
  type: 'object',
  description: 'An account deletion request',
  required: [
    'id',
    'customerId',
    'state',
    'verification',
    'requestedBy',
    'decidedBy',
    'createdAt',
    'decidedAt',
    'executedAt',
    'refusalCode',
    'retainUntil',
  ],
  additionalProperties: false,
  properties: {
    id: uuid,
    customerId: uuid,
    state: { type: 'string', enum: deletionStates },
    verification: {
      type: 'string',
      description: 'How the identity was checked: a code of config/staff.json deletionVerifications',
    },
    requestedBy: staffRef,
    decidedBy: { anyOf: [staffRef, { type: 'null' }] },
    createdAt: instant,
    decidedAt: { anyOf: [instant, { type: 'null' }] },
    executedAt: { anyOf: [instant, { type: 'null' }] },
    refusalCode: { anyOf: [{ type: 'string', enum: deletionRefusalCodes }, { type: 'null' }] },
    retainUntil: {
      anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }],
      description: 'Executed: the loan records are kept without identity until this day (YYYY-MM-DD)',
    },
  },
} as const;
export type DeletionRequestAnswer = FromSchema<typeof deletionRequestAnswer>;

/** GET /staff/deletion-requests, GET /staff/customers/:customerId/deletion-requests */
export const deletionRequestList = {
  type: 'object',
  description: 'Requests, oldest first',
  required: ['items', 'total'],
  additionalProperties: false,
  properties: {
    items: {
      type: 'array',
      maxItems: 100,
      items: {
        ...deletionRequestAnswer,
        required: [...deletionRequestAnswer.required, 'customer'],
        properties: {
          ...deletionRequestAnswer.properties,
          customer: {
            type: 'object',
            description: 'Who the request is about, masked; empty strings once erased',
            required: ['nameMasked', 'phoneMasked'],
            additionalProperties: false,
            properties: { nameMasked: { type: 'string' }, phoneMasked: { type: 'string' } },
          },
        },
      },
    },
    total: { type: 'integer', minimum: 0 },
  },
} as const;
export type DeletionRequestList = FromSchema<typeof deletionRequestList>;
/** A deletion request as the lists give it (with whom it is about, masked). */
export type ListedDeletionRequest = DeletionRequestList['items'][number];
export type DeletionRefusalCode = NonNullable<ListedDeletionRequest['refusalCode']>;

/** GET /staff/deletion-requests query */
export const deletionRequestQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    state: { type: 'string', enum: deletionStates },
    ...pageProperties,
  },
} as const;
export type DeletionRequestQuery = FromSchema<typeof deletionRequestQuery>;

/** POST /staff/customers/:customerId/deletion-requests body */
export const deletionRequestInput = {
  type: 'object',
  required: ['verification'],
  additionalProperties: false,
  properties: {
    verification: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description: 'A code of config/staff.json deletionVerifications',
    },
    note: { type: 'string', maxLength: 1000, description: 'Free text (stored encrypted, erased on execution)' },
  },
} as const;
export type DeletionRequestInput = FromSchema<typeof deletionRequestInput>;

/** POST /staff/deletion-requests/:id/decision body */
export const deletionDecisionInput = {
  type: 'object',
  required: ['approve'],
  additionalProperties: false,
  properties: {
    approve: { type: 'boolean' },
    refusalCode: { type: 'string', enum: deletionRefusalCodes, description: 'Required when refusing' },
  },
} as const;
export type DeletionDecisionInput = FromSchema<typeof deletionDecisionInput>;

export const customerIdParams = {
  type: 'object',
  required: ['customerId'],
  additionalProperties: false,
  properties: { customerId: uuid },
} as const;

export const deletionRequestParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: uuid },
} as const;
