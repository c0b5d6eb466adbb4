/** The borrower's profile answers (server/routes/profile.ts): completeness and the saved steps. */
import type { FromSchema } from 'json-schema-to-ts';
import { instant } from './common.ts';

/** Completeness and where to resume; also the answer of PUT /profile/:step. */
export const profileSummary = {
  type: 'object',
  description: 'Completeness and where to resume',
  required: ['completed', 'complete', 'next', 'total'],
  additionalProperties: false,
  properties: {
    completed: { type: 'array', items: { type: 'string' }, description: 'Steps saved and valid' },
    complete: { type: 'boolean' },
    next: { type: ['string', 'null'], description: 'The route to resume at' },
    total: { type: 'integer' },
  },
} as const;
export type ProfileSummary = FromSchema<typeof profileSummary>;

/** A step's data: the JSON its form's schema (forms/<step>.schema.json) validated. */
const stepData = { type: 'object', additionalProperties: true } as const;

/** GET /profile */
export const profileOverview = {
  type: 'object',
  description: 'The profile: completeness and every saved step',
  required: ['summary', 'sections'],
  additionalProperties: false,
  properties: {
    summary: profileSummary,
    sections: {
      type: 'object',
      description: 'Every saved step, by step name',
      additionalProperties: {
        type: 'object',
        required: ['data', 'updatedAt'],
        additionalProperties: false,
        properties: { data: stepData, updatedAt: instant },
      },
    },
  },
} as const;
export type ProfileOverview = FromSchema<typeof profileOverview>;

/** GET /profile/:step */
export const profileStep = {
  type: 'object',
  description: 'One saved step',
  required: ['step', 'data', 'schemaVersion', 'updatedAt'],
  additionalProperties: false,
  properties: {
    step: { type: 'string' },
    data: stepData,
    schemaVersion: { type: 'string' },
    formVersion: {
      anyOf: [{ type: 'integer' }, { type: 'null' }],
      description: "The version of the step's form it was saved with (null: before versioned forms)",
    },
    updatedAt: instant,
  },
} as const;
/** `?formVersion=<n>` of a step save: the version of the form the browser used. */
export const stepSaveQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    formVersion: {
      type: 'string',
      pattern: '^[1-9][0-9]{0,6}$',
      description: 'The form version the browser validated with (default: the published one)',
    },
  },
} as const;
export type ProfileStep = FromSchema<typeof profileStep>;

/**
 * POST /profile/steps/:step/visits: the app's report of an information step for the onboarding funnel
 * (docs/onboarding-funnel.md). The step was opened with form version `formVersion`; after a submit the form refused,
 * `errors` names the fields it showed in error, as paths of property names (`contacts.phone`, no list index). Paths
 * only: never a value. Answered 204; paths the version does not declare are dropped.
 */
export const stepVisitInput = {
  type: 'object',
  additionalProperties: false,
  required: ['formVersion'],
  properties: {
    formVersion: { type: 'integer', minimum: 1, maximum: 9999999 },
    errors: {
      type: 'array',
      maxItems: 30,
      items: { type: 'string', minLength: 1, maxLength: 120, pattern: '^[A-Za-z_$][\\w$-]*(\\.[A-Za-z_$][\\w$-]*)*$' },
    },
  },
} as const;
export type StepVisitInput = FromSchema<typeof stepVisitInput>;
