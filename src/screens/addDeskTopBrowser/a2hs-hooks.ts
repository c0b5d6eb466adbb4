/**
 * React hooks shared by the add-to-home-screen screens: the browser chosen through `?browser=`, whether the page
 * already runs from the home screen, and the reduced-motion preference (the install prompt is engine/ui/install-prompt.ts).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from '#src/router.ts';
import {
  BROWSER_PARAM,
  detectBrowser,
  isStandaloneDisplay,
  prefersReducedMotion,
  resolveBrowser,
  type BrowserId,
} from './browsers.ts';

export interface ChosenBrowser {
  /** The browser the screen shows: `?browser=` when valid, else the detected one. */
  browser: BrowserId;
  /** The browser the user-agent names. */
  detected: BrowserId;
  /** Puts a browser into the URL (a new history entry, so Back returns to the previous choice). */
  choose: (browser: BrowserId) => void;
}

/** The browser chosen through the `?browser=` query parameter, defaulting to the user-agent's. */
export function useChosenBrowser(): ChosenBrowser {
  const [params, setParams] = useSearchParams();
  const detected = useMemo(() => detectBrowser(navigator.userAgent), []);
  const browser = resolveBrowser(params.get(BROWSER_PARAM), navigator.userAgent);
  const choose = useCallback(
    (next: BrowserId) => {
      setParams((previous) => {
        const updated = new URLSearchParams(previous);
        updated.set(BROWSER_PARAM, next);
        return updated;
      });
    },
    [setParams],
  );
  return { browser, detected, choose };
}

function mediaQuery(query: string): MediaQueryList | undefined {
  try {
    return typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;
  } catch {
    return undefined;
  }
}

/** Subscribes to a media query's changes where the browser supports it (Safari < 14 only has addListener). */
function onMediaChange(query: string, listener: () => void): () => void {
  const list = mediaQuery(query);
  if (!list) return () => {};
  if (typeof list.addEventListener === 'function') {
    list.addEventListener('change', listener);
    return () => list.removeEventListener('change', listener);
  }
  if (typeof list.addListener === 'function') {
    list.addListener(listener);
    return () => list.removeListener(listener);
  }
  return () => {};
}

/** True while the page runs as an installed home-screen app, or once the browser reports it was installed. */
export function useStandalone(): boolean {
  const [standalone, setStandalone] = useState(() => isStandaloneDisplay(window));
  useEffect(() => {
    const update = () => setStandalone(isStandaloneDisplay(window));
    const installed = () => setStandalone(true);
    const stop = onMediaChange('(display-mode: standalone)', update);
    window.addEventListener('appinstalled', installed);
    return () => {
      stop();
      window.removeEventListener('appinstalled', installed);
    };
  }, []);
  return standalone;
}

/** True while the system asks for reduced motion; follows changes. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => prefersReducedMotion(window));
  useEffect(
    () => onMediaChange('(prefers-reduced-motion: reduce)', () => setReduced(prefersReducedMotion(window))),
    [],
  );
  return reduced;
}
