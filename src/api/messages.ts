/**
 * The message center API (api-contract/messages.ts) as typed calls made as the logged-in borrower. A message is a
 * template key with parameters: src/messages/message-text.ts renders it in the language shown.
 */
import type { DeepReadonly } from '#api-contract/common.ts';
import type { MessageAnswer, MessageListAnswer, UnreadAnswer } from '#api-contract/messages.ts';
import { sessionRequest } from './session.ts';

export type MessageView = DeepReadonly<MessageAnswer>;
export type MessagePage = DeepReadonly<MessageListAnswer>;
export type UnreadCounts = DeepReadonly<UnreadAnswer>;
export type MessageTab = MessageView['tab'];

const enc = encodeURIComponent;

export const messagesApi = {
  list: (tab: MessageTab, before?: string | null, signal?: AbortSignal) =>
    sessionRequest<MessagePage>(`/messages?tab=${tab}${before ? `&before=${enc(before)}` : ''}`, { signal }),
  open: (tab: MessageTab, id: string, signal?: AbortSignal) =>
    sessionRequest<MessageView>(`/messages/${tab}/${enc(id)}/open`, { method: 'POST', body: {}, signal }),
  clearUnread: () => sessionRequest<UnreadCounts>('/messages/clear-unread', { method: 'POST', body: {} }),
  unread: () => sessionRequest<UnreadCounts>('/messages/unread'),
};
