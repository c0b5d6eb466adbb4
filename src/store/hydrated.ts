/**
 * A store's slice, for a screen whose page the prerender drew (scripts/prerender.ts: a step of the flow, drawn with
 * nothing saved in it).
 *
 * React hydrates with the state the store started with (useSyncExternalStore's server snapshot, src/store/persist.ts),
 * while the store may have moved on: a returning borrower's saved step arrives before the step hydrates. The engine's
 * form, hydrated on that old, empty snapshot, writes its first render's data back as a change, over the saved step,
 * and the borrower finds the step empty. So a slice React reads that is not what the store holds throws: React draws
 * the nearest Suspense boundary (the screen's, src/shell/screen-view.tsx) on the client from the store as it is
 * instead of hydrating it, and main.tsx does not report that recoverable error. A snapshot that holds more than the
 * page drew (a draft typed earlier, from storage) hydrates: React sets the drawn inputs to its values, and markup it
 * draws otherwise is a mismatch React draws again itself.
 */
import type { StoreApi, UseBoundStore } from 'zustand';

/** Thrown while hydrating with a snapshot of a store that is no longer what it holds. */
export class DrawnForAnotherState extends Error {}

/**
 * What a slice holds, as the path and JSON of each value in it: not the empty objects and lists or the empty
 * strings a form's defaults add (the engine's form writes them as it first renders, on the server as here).
 */
const held = (value: unknown, path = ''): string[] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, inner]) => held(inner, `${path}/${key}`))
    : value === undefined || value === null || value === ''
      ? []
      : [path + JSON.stringify(value)];

/** Whether two slices hold the same values (they are plain JSON: what a step holds). */
export const sameValues = (a: unknown, b: unknown): boolean =>
  a === b || held(a).sort().join('\n') === held(b).sort().join('\n');

/**
 * `store(selector)`, refusing to hydrate with a slice the store no longer holds. Outside hydration zustand reads the
 * store as it is, and the two are the same slice; no render is added to find out whether React hydrates.
 */
export function useHydratedSlice<S, T>(store: UseBoundStore<StoreApi<S>>, selector: (state: S) => T): T {
  const slice = store(selector);
  if (!sameValues(slice, selector(store.getState()))) throw new DrawnForAnotherState();
  return slice;
}
