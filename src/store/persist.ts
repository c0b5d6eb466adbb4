/**
 * zustand's `persist` for what our stores need, and no more: a synchronous localStorage, a version, a partialized
 * snapshot. zustand/middleware's persist (about 0.7 KB gzip in the entry) also handles asynchronous storages,
 * migrations, rehydration listeners and skipped hydration, none of which the app uses. Same storage format
 * (`{"state": ..., "version": n}` under the store's name) and the same behaviour: the stored state is merged
 * shallowly over the defaults when the store is created (a stored version that differs, or unreadable JSON, keeps
 * the defaults), and every change is written back. Without localStorage (some private modes) the store lives in
 * memory only.
 */
import type { StateCreator } from 'zustand';

export interface PersistOptions<S> {
  /** The localStorage key. */
  name: string;
  version: number;
  /** What of the state is stored. */
  partialize: (state: S) => unknown;
}

export function persist<S>(config: StateCreator<S>, options: PersistOptions<S>): StateCreator<S> {
  return (set, get, api) => {
    let storage: Storage | undefined;
    try {
      storage = localStorage;
    } catch {
      return config(set, get, api);
    }
    const save = () =>
      storage.setItem(
        options.name,
        JSON.stringify({ state: options.partialize({ ...get() }), version: options.version }),
      );
    const setState = api.setState;
    api.setState = ((...args: Parameters<typeof setState>) => {
      setState(...args);
      save();
    }) as typeof setState;
    const initial = config(
      ((...args: Parameters<typeof setState>) => {
        set(...args);
        save();
      }) as typeof set,
      get,
      api,
    );
    let stored: { state?: Partial<S>; version?: unknown } | null;
    try {
      stored = JSON.parse(storage.getItem(options.name) ?? 'null') as typeof stored;
    } catch {
      return initial;
    }
    if (stored && typeof stored.version === 'number' && stored.version !== options.version) return { ...initial };
    return { ...initial, ...stored?.state };
  };
}
