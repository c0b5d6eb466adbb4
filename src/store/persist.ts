/**
 * Where the stores persist: zustand's own `persist` middleware (zustand/middleware) over localStorage as JSON, in its
 * format `{"state": ..., "version": n}` under the store's name: the format the app has always written, so what a
 * borrower's phone holds loads unchanged (src/store/persist.test.ts). Storage is reached through src/storage.ts, so
 * where it is refused (some private modes, the prerender in Node) or full, the stores live in memory, quietly.
 */
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
