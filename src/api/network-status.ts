/** Whether the API can be reached, as last observed, shared with the shell's banner. */
import { useSyncExternalStore } from 'react';

let reachable = typeof navigator === 'undefined' ? true : navigator.onLine;
const listeners = new Set<() => void>();

/** Records the outcome of a request (true: the API answered). */
export function reportReachability(value: boolean): void {
  if (value === reachable) return;
  reachable = value;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the API was reachable at the last attempt. */
export function useApiReachable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => reachable,
    () => true,
  );
}
