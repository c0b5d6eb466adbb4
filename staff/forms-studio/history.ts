/**
 * The editor's one state: the draft's content with an undo history of whole-content snapshots. Both views (outline,
 * JSON) and the translations table edit it through `apply`, so an edit in one is an edit of the other and one undo
 * takes back one edit wherever it was made. Snapshots share what an edit did not touch (edits copy only the path
 * they change), so a long history costs little.
 */
import { useCallback, useReducer } from 'react';

/** How many edits undo can take back. */
export const HISTORY_LIMIT = 200;

export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** The group of the last edit: edits of one group in a row (typing in one text cell) are one undo step. */
  readonly group?: string;
}

export type HistoryAction<T> =
  | { readonly type: 'apply'; readonly next: T | ((present: T) => T); readonly group?: string }
  | { readonly type: 'undo' }
  | { readonly type: 'redo' }
  /** A new present that is not an edit (the server's content after a reload): the history starts again. */
  | { readonly type: 'reset'; readonly present: T };

export function historyOf<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

export function historyReducer<T>(state: History<T>, action: HistoryAction<T>): History<T> {
  switch (action.type) {
    case 'apply': {
      const next = typeof action.next === 'function' ? (action.next as (present: T) => T)(state.present) : action.next;
      if (Object.is(next, state.present)) return state;
      if (action.group !== undefined && action.group === state.group) return { ...state, present: next, future: [] };
      return {
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present: next,
        future: [],
        ...(action.group === undefined ? {} : { group: action.group }),
      };
    }
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (state.past.length === 0) return state;
      return { past: state.past.slice(0, -1), present: previous as T, future: [state.present, ...state.future] };
    }
    case 'redo': {
      if (state.future.length === 0) return state;
      return { past: [...state.past, state.present], present: state.future[0] as T, future: state.future.slice(1) };
    }
    case 'reset':
      return historyOf(action.present);
  }
}

export interface ContentHistory<T> {
  readonly present: T;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** An edit; edits with the same `group` in a row are undone together. */
  readonly apply: (next: T | ((present: T) => T), group?: string) => void;
  readonly undo: () => void;
  readonly redo: () => void;
  readonly reset: (present: T) => void;
}

export function useContentHistory<T>(initial: T): ContentHistory<T> {
  const [state, dispatch] = useReducer(historyReducer<T>, initial, historyOf<T>);
  const apply = useCallback(
    (next: T | ((present: T) => T), group?: string) =>
      dispatch(group === undefined ? { type: 'apply', next } : { type: 'apply', next, group }),
    [],
  );
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  const reset = useCallback((present: T) => dispatch({ type: 'reset', present }), []);
  return {
    present: state.present,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    apply,
    undo,
    redo,
    reset,
  };
}

/** Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z (and Ctrl+Y) redoes; what a keyboard event asks, if anything. */
export function historyKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): 'undo' | 'redo' | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return undefined;
}
