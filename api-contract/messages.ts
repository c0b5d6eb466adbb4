/**
 * The message center's answers (server/routes/messages.ts, server/services/message-center.ts). A message is a template
 * key with parameters, never text: the web app renders `notify.<template>` / `activity.<template>` of
 * locales/<lng>/messages.json in the reader's language, amounts (`*Centavos`) as pesos and days as Manila days.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { instant } from './common.ts';

export const messageTabs = ['notify', 'activity'] as const;

/** One message of either tab. */
export const messageAnswer = {
  type: 'object',
  description: "A message: a template key with its parameters, rendered in the reader's language",
  required: ['id', 'tab', 'template', 'params', 'link', 'createdAt', 'read'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', maxLength: 64, description: 'Notify: a number; Activity: the announcement id' },
    tab: { type: 'string', enum: messageTabs },
    template: { type: 'string', description: 'Key under notify. or activity. in the messages catalogs' },
    params: {
      type: 'object',
      description:
        'Values the text interpolates: amounts in centavos (names ending in Centavos), Manila days YYYY-MM-DD, order numbers',
      additionalProperties: { type: ['string', 'integer'] },
    },
    link: { type: ['string', 'null'], description: 'The in-app route the message opens' },
    createdAt: { ...instant, description: 'When it was written (Activity: published)' },
    read: { type: 'boolean' },
  },
} as const;
export type MessageAnswer = FromSchema<typeof messageAnswer>;

/** GET /messages */
export const messageListAnswer = {
  type: 'object',
  description: 'One page of a tab, newest first',
  required: ['tab', 'messages', 'next'],
  additionalProperties: false,
  properties: {
    tab: { type: 'string', enum: messageTabs },
    messages: { type: 'array', maxItems: 20, items: messageAnswer },
    next: { type: ['string', 'null'], description: 'The `before` of the next page; null on the last page' },
  },
} as const;
export type MessageListAnswer = FromSchema<typeof messageListAnswer>;

/** GET /messages/unread, POST /messages/clear-unread */
export const unreadAnswer = {
  type: 'object',
  description: 'Unread messages by tab',
  required: ['notify', 'activity', 'total'],
  additionalProperties: false,
  properties: {
    notify: { type: 'integer', minimum: 0 },
    activity: { type: 'integer', minimum: 0 },
    total: { type: 'integer', minimum: 0 },
  },
} as const;
export type UnreadAnswer = FromSchema<typeof unreadAnswer>;

/** GET /messages query */
export const messageListQuery = {
  type: 'object',
  required: ['tab'],
  additionalProperties: false,
  properties: {
    tab: { type: 'string', enum: messageTabs },
    before: { type: 'string', maxLength: 64, description: 'An id of that tab: the page older than it' },
  },
} as const;

/** POST /messages/clear-unread body */
export const clearUnreadInput = {
  type: 'object',
  additionalProperties: false,
  properties: { tab: { type: 'string', enum: messageTabs, description: 'Only this tab; both when absent' } },
} as const;
export type ClearUnreadInput = FromSchema<typeof clearUnreadInput>;
