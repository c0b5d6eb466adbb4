/**
 * Loading what a screen shows from the API: the answer, the error, a reload, and polling while a state is moving
 * (under review, disbursing, a payment in progress). Effects stop when the view is hidden (keep-alive views sit in
 * React's <Activity>), so a hidden screen never polls, and it loads again when shown.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  /** Loads again (keeps showing the last answer meanwhile). */
  reload: () => void;
  /** Replaces the answer (after an operation answered the new state). */
  setData: (data: T) => void;
}

/**
 * Calls `load` when `key` changes (null: nothing to load) and on reload; keeps the last answer while a new one comes.
 * `pollMs(data)` > 0 loads again that long after each answer.
 */
export function useLoad<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  pollMs?: (data: T) => number,
): Loaded<T> {
  const [state, setState] = useState<{ key: string | null; data?: T; error?: unknown }>({ key });
  const [nonce, setNonce] = useState(0);
  const latest = useRef({ load, pollMs });
  const lastData = useRef<T | undefined>(undefined);
  // Bumped by setData: a load that started before a newer answer was set (a mutation's) must not overwrite it.
  const written = useRef(0);
  useEffect(() => {
    latest.current = { load, pollMs };
  });

  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    let timer: number | undefined;
    const run = () => {
      const since = written.current;
      latest.current.load(controller.signal).then(
        (data) => {
          if (controller.signal.aborted) return;
          if (written.current !== since) {
            const last = lastData.current;
            const wait = last !== undefined ? (latest.current.pollMs?.(last) ?? 0) : 0;
            if (wait > 0) timer = window.setTimeout(run, wait);
            return;
          }
          lastData.current = data;
          // Drawn in a transition: React renders the answer in slices and lets a tap through in between, rather than
          // one long task (a whole page of figures on a slow phone).
          startTransition(() => setState({ key, data }));
          const wait = latest.current.pollMs?.(data) ?? 0;
          if (wait > 0) timer = window.setTimeout(run, wait);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState((previous) => ({ key, data: previous.key === key ? previous.data : undefined, error }));
          // A poll that failed (offline a moment) tries again on the same rhythm.
          const last = lastData.current;
          const wait = last !== undefined ? (latest.current.pollMs?.(last) ?? 0) : 0;
          if (wait > 0) timer = window.setTimeout(run, wait);
        },
      );
    };
    run();
    return () => {
      controller.abort();
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [key, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const setData = useCallback(
    (data: T) => {
      written.current += 1;
      lastData.current = data;
      setState({ key, data });
    },
    [key],
  );
  const current = state.key === key ? state : { key, data: undefined, error: undefined };
  return { data: current.data, error: current.error, reload, setData };
}
