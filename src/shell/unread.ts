/**
 * The borrower's unread message counts, shared by the navigation badge, the profile screen and the message center.
 * Asked again when the route changes and when the app comes back to the foreground (no timer: nothing keeps a phone
 * awake). The API module is loaded on first use, so the shell's first render carries only this file.
 */
import { useSyncExternalStore } from 'react';
import type { UnreadCounts } from '../api/messages.ts';

let counts: UnreadCounts | null = null;
let asking: Promise<void> | null = null;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Sets the counts (an answer of the message center's own calls); null forgets them (logout). */
export function setUnread(next: UnreadCounts | null): void {
  counts = next;
  for (const listener of listeners) listener();
}

/** Asks the server for the counts (one request at a time); a failure keeps the last counts. */
export function refreshUnread(): Promise<void> {
  asking ??= import('../api/messages.ts')
    .then(({ messagesApi }) => messagesApi.unread())
    .then(setUnread, () => undefined)
    .finally(() => {
      asking = null;
    });
  return asking;
}

/** The last known counts, or null before the first answer. */
export function useUnread(): UnreadCounts | null {
  return useSyncExternalStore(
    subscribe,
    () => counts,
    () => null,
  );
}

/** Refreshes when the page comes back to the foreground while `active()`; answers the cleanup. */
export function watchForeground(active: () => boolean): () => void {
  const onShow = () => {
    if (document.visibilityState === 'visible' && active()) void refreshUnread();
  };
  document.addEventListener('visibilitychange', onShow);
  window.addEventListener('focus', onShow);
  return () => {
    document.removeEventListener('visibilitychange', onShow);
    window.removeEventListener('focus', onShow);
  };
}
