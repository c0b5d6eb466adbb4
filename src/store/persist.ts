/**
 * Where the stores persist: zustand's own `persist` middleware (zustand/middleware) over localStorage as JSON, in its
 * format `{"state": ..., "version": n}` under the store's name: the format the app has always written, so what a
 * borrower's phone holds loads unchanged (src/store/persist.test.ts). Storage is reached through src/storage.ts, so
 * where it is refused (some private modes, the prerender in Node) or full, the stores live in memory, quietly.
 */
import type { StoreApi } from 'zustand';
import { createJSONStorage } from 'zustand/middleware';
import type { PersistStorage } from 'zustand/middleware';
import { readStorage, removeStorage, writeStorage } from '../storage.ts';

/** localStorage as zustand's JSON storage, through the app's storage functions that never throw. */
export function browserStorage<S>(): PersistStorage<S> {
  return createJSONStorage<S>(() => ({
    getItem: (name) => readStorage('local', name),
    setItem: (name, value) => writeStorage('local', name, value),
    removeItem: (name) => removeStorage('local', name),
  }))!;
}

/**
 * Makes the state a store starts from the one it loaded from storage, as it was before zustand's middleware: persist
 * answers `getInitialState()` with the defaults, and React hydrates the prerendered page with that snapshot
 * (useSyncExternalStore's server snapshot). The page was drawn for the stored state (src/prerendered.ts checks the
 * stored session), so a signed-in borrower's reload would hydrate as signed out and never start.
 */
export function startFromStored<S>(store: StoreApi<S>): void {
  const stored = store.getState();
  store.getInitialState = () => stored;
}
