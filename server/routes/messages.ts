/**
 * The message center (contract: api-contract/messages.ts): the caller's own Notify messages and the announcements, by
 * tab, paged; opening one marks it read; clear-unread marks all read; the unread counts feed the navigation badge. The
 * customer comes from the session, never the request.
 */
import {
  clearUnreadInput,
  messageAnswer,
  messageListAnswer,
  messageListQuery,
  messageTabs,
  unreadAnswer,
  type ClearUnreadInput,
} from '#api-contract/messages.ts';
import { callerOf } from '../plugins/auth.ts';
import type { MessageCenter, MessageTab } from '../services/message-center.ts';
import { routeGroup } from './route-group.ts';

const openParams = {
  type: 'object',
  required: ['tab', 'id'],
  properties: { tab: { type: 'string', enum: messageTabs }, id: { type: 'string', maxLength: 64 } },
} as const;

export const messageRoutes = routeGroup<{ center: MessageCenter }>(
  { access: 'session', noStore: true },
  async (app, { center }) => {
    app.get(
      '/messages',
      {
        schema: {
          tags: ['messages'],
          operationId: 'listMessages',
          summary: 'One page (20) of a tab, newest first; `before` pages on',
          querystring: messageListQuery,
          response: { 200: messageListAnswer },
        },
      },
      async (request) => {
        const { tab, before } = request.query as { tab: MessageTab; before?: string };
        return center.list(callerOf(request).customerId, tab, before);
      },
    );

    app.get(
      '/messages/unread',
      {
        schema: {
          tags: ['messages'],
          operationId: 'getUnreadCounts',
          summary: 'Unread messages by tab',
          response: { 200: unreadAnswer },
        },
      },
      async (request) => {
        return center.unread(callerOf(request).customerId);
      },
    );

    app.post(
      '/messages/clear-unread',
      {
        schema: {
          tags: ['messages'],
          operationId: 'clearUnread',
          summary: 'Mark every message read (of one tab, or both)',
          body: clearUnreadInput,
          response: { 200: unreadAnswer },
        },
      },
      async (request) => {
        return center.clearUnread(callerOf(request).customerId, (request.body as ClearUnreadInput | undefined)?.tab);
      },
    );

    app.post(
      '/messages/:tab/:id/open',
      {
        schema: {
          tags: ['messages'],
          operationId: 'openMessage',
          summary: 'Open one message: marks it read and answers it',
          params: openParams,
          body: { type: 'object', additionalProperties: false, properties: {} },
          response: { 200: messageAnswer },
        },
      },
      async (request) => {
        const { tab, id } = request.params as { tab: MessageTab; id: string };
        return center.open(callerOf(request).customerId, tab, id);
      },
    );
  },
);
