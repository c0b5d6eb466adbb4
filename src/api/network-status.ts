/**
 * Whether the API can be reached, as last observed, shared with the shell's banner (src/shell/network-banner.tsx
 * reads it with useSyncExternalStore: the hook is there, in the banner's lazy chunk, not with the API client).
 */

let reachable = typeof navigator === 'undefined' ? true : navigator.onLine;
const listeners = new Set<() => void>();

/** Records the outcome of a request (true: the API answered). */
export function reportReachability(value: boolean): void {
  if (value === reachable) return;
  reachable = value;
  listeners.forEach((l) => l());
}

/** True while the API was reachable at the last attempt. */
export const apiReachable = (): boolean => reachable;

/** Calls `listener` whenever reachability changes; returns the unsubscribe. */
export function subscribeReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
