import { useSyncExternalStore } from 'react';
import { createListStore } from './external-store.ts';

/** Default time a toast stays on screen (spec section 9). */
export const TOAST_DURATION_MS = 2000;

interface ToastItem {
  id: number;
  message: string;
}

const store = createListStore<ToastItem>();
let nextId = 1;

/** Shows a short message; it closes by itself after `durationMs` (2000 ms by default). */
export function toast(message: string, durationMs: number = TOAST_DURATION_MS): () => void {
  const id = nextId++;
  store.add({ id, message });
  const close = () => store.remove((t) => t.id === id);
  setTimeout(close, durationMs);
  return close;
}

/** Renders the open toasts; mount once near the root. */
export function ToastHost() {
  const toasts = useSyncExternalStore(store.subscribe, store.get, store.get);
  if (toasts.length === 0) return null;
  return (
    <div className="ui-toast-host" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className="ui-toast">
          {t.message}
        </div>
      ))}
    </div>
  );
}
