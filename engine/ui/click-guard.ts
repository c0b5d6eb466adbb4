import { useCallback } from 'react';

/** Default time a guarded element ignores further taps (spec section 9). */
export const CLICK_GUARD_MS = 1000;

/** Turns pointer events off on `element` for `durationMs`, so a double tap cannot fire twice. */
export function guardElement(element: HTMLElement, durationMs: number = CLICK_GUARD_MS): void {
  element.style.pointerEvents = 'none';
  element.dataset['guarded'] = 'true';
  setTimeout(() => {
    element.style.pointerEvents = '';
    delete element.dataset['guarded'];
  }, durationMs);
}

/**
 * Wraps a click handler with the repeat-click guard: the clicked element stops receiving pointer events for
 * `durationMs` (1000 ms by default) before the handler runs.
 */
export function useClickGuard(durationMs: number = CLICK_GUARD_MS) {
  return useCallback(
    <E extends { currentTarget: EventTarget | null }>(handler: (event: E) => void) =>
      (event: E) => {
        const target = event.currentTarget;
        if (target instanceof HTMLElement) {
          if (target.dataset['guarded'] === 'true') return;
          guardElement(target, durationMs);
        }
        handler(event);
      },
    [durationMs],
  );
}
