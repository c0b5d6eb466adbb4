/** The borrower's hub (server/routes/me.ts): the profile tab's summary, preferences and feedback. */
import type { FromSchema } from 'json-schema-to-ts';
import { centavos, instant, uuid } from './common.ts';

/** The languages the app is offered in (config/product.json `languages`). */
export const language = { type: 'string', enum: ['en', 'fil', 'zh-CN'] } as const;

/** Hours the borrower agrees to be contacted about an overdue loan besides 06:00-22:00 (SEC MC 18): Manila HH:MM. */
const clockTime = { type: 'string', pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$' } as const;
const contactHours = {
  anyOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['from', 'to'],
      properties: { from: clockTime, to: clockTime },
      description: 'From (included) to (excluded), Manila time; may wrap midnight',
    },
    { type: 'null' },
  ],
} as const;

/** PATCH /me/preferences */
export const preferencesInput = {
  type: 'object',
  description: 'What to change; at least one of them',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    language,
    smsReminders: { type: 'boolean', description: 'SMS due reminders on or off' },
    contactHours: {
      ...contactHours,
      description: 'Consent to collection contact at other hours (null withdraws it); docs/collections.md',
    },
  },
} as const;
export type PreferencesInput = FromSchema<typeof preferencesInput>;

/** The answer of PATCH /me/preferences, and part of GET /me. */
export const preferencesAnswer = {
  type: 'object',
  description: "The borrower's preferences",
  required: ['language', 'smsReminders', 'contactHours'],
  additionalProperties: false,
  properties: { language, smsReminders: { type: 'boolean' }, contactHours },
} as const;
export type PreferencesAnswer = FromSchema<typeof preferencesAnswer>;

/** GET /me */
export const meAnswer = {
  type: 'object',
  description: 'The profile tab: everything it shows, from one request',
  required: [
    'phoneMasked',
    'preferences',
    'creditLimitCentavos',
    'steps',
    'profileComplete',
    'payoutLocked',
    'payoutAccount',
    'bankChangeAvailable',
    'usableCoupons',
    'unread',
    'openFeedback',
  ],
  additionalProperties: false,
  properties: {
    phoneMasked: {
      type: 'string',
      description: 'The login phone, national form, all but the first 3 and last 3 digits hidden',
    },
    preferences: preferencesAnswer,
    creditLimitCentavos: {
      ...centavos,
      type: ['integer', 'null'],
      description: 'The credit limit; null when loans are not served',
    },
    steps: {
      type: 'array',
      description: 'The information steps in their order (config/flow.json), with their state',
      items: {
        type: 'object',
        required: ['step', 'route', 'state'],
        additionalProperties: false,
        properties: {
          step: { type: 'string' },
          route: { type: 'string' },
          state: {
            type: 'string',
            enum: ['complete', 'incomplete', 'locked'],
            description: 'locked: the payout step while a loan is open',
          },
        },
      },
    },
    profileComplete: { type: 'boolean' },
    payoutLocked: {
      type: 'boolean',
      description: 'A loan is open: the payout account changes only through /changeBank',
    },
    payoutAccount: {
      type: ['object', 'null'],
      description: 'The saved payout account, masked',
      required: ['method', 'label', 'accountMasked'],
      additionalProperties: false,
      properties: {
        method: { type: 'string', enum: ['bank', 'eWallet', 'remittance'] },
        label: { type: 'string', description: 'Bank, e-wallet or outlet id (its name is translated by the app)' },
        accountMasked: { type: 'string' },
      },
    },
    bankChangeAvailable: {
      type: 'boolean',
      description: 'The payout account can be changed now: false under bank maintenance (or when loans are not served)',
    },
    usableCoupons: { type: 'integer', description: 'Coupons usable now' },
    unread: {
      type: 'object',
      required: ['notify', 'activity'],
      additionalProperties: false,
      properties: { notify: { type: 'integer' }, activity: { type: 'integer' } },
    },
    openFeedback: { type: 'integer', description: 'Feedback not answered yet' },
  },
} as const;
export type MeAnswer = FromSchema<typeof meAnswer>;

/** The feedback categories (forms/feedback.schema.json). */
const feedbackCategory = {
  type: 'string',
  enum: ['app', 'loan', 'repayment', 'account', 'suggestion', 'other'],
} as const;

/** One feedback, as its author reads it. */
export const feedbackItem = {
  type: 'object',
  description: 'One feedback',
  required: ['id', 'category', 'text', 'hasScreenshot', 'state', 'reply', 'repliedAt', 'createdAt'],
  additionalProperties: false,
  properties: {
    id: uuid,
    category: feedbackCategory,
    text: { type: 'string' },
    hasScreenshot: { type: 'boolean' },
    state: { type: 'string', enum: ['open', 'answered', 'closed'] },
    reply: { type: ['string', 'null'], description: "Customer service's answer" },
    repliedAt: { ...instant, type: ['string', 'null'] },
    createdAt: instant,
  },
} as const;
export type FeedbackItem = FromSchema<typeof feedbackItem>;

/** GET /feedback */
export const feedbackList = {
  type: 'object',
  description: "The caller's feedback, newest first",
  required: ['items'],
  additionalProperties: false,
  properties: { items: { type: 'array', items: feedbackItem } },
} as const;
export type FeedbackList = FromSchema<typeof feedbackList>;
