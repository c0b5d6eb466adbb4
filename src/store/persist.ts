/**
 * Where the stores persist: zustand's own `persist` middleware (zustand/middleware) over localStorage as JSON, in its
 * format `{"state": ..., "version": n}` under the store's name: the format the app has always written, so what a
 * borrower's phone holds loads unchanged (src/store/persist.test.ts). Storage is reached through src/storage.ts, so
 * where it is refused (some private modes, the prerender in Node) or full, the stores live in memory, quietly.
 */
import { createJSONStorage, persist } from 'zustand/middleware';
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
 * zustand's `persist`, with the state the store starts from (`getInitialState()`) the one it loaded from storage, as
 * the app had it before: persist answers the defaults there, and React hydrates the prerendered page with that
 * snapshot (useSyncExternalStore's server snapshot) while the page was drawn for the stored state (src/prerendered.ts
 * checks the stored session), so a signed-in borrower's reload hydrated as signed out and the app never started.
 */
export const persistStored = ((config, options) => (set, get, api) => {
  const initial = persist(config, options)(set, get, api);
  api.getInitialState = () => initial;
  return initial;
}) as typeof persist;
