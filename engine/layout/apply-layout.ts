/**
 * Binds the layout math to a document: sets the viewport meta, the root and body font sizes and the layout mode,
 * and recalculates on resize and on page-show (debounced). What it applied is read back by ./read-layout.ts (the
 * diagnostics screen's, apart so that the start-up code does not carry it).
 */
import { layoutMode } from './device.ts';
import { bodyFontSize, layoutPixelRatio, RECALC_DEBOUNCE_MS, rootFontSize, viewportContent } from './flexible.ts';

/** What the binding needs to know; defaults come from the running window. */
export interface LayoutOptions {
  userScalable: boolean;
  debounceMs?: number;
}

/** Applies the layout once and keeps it current; returns a function that stops listening. */
export function installLayout(win: Window, options: LayoutOptions): () => void {
  const doc = win.document;
  const ua = win.navigator.userAgent;
  const ratio = layoutPixelRatio(ua, win.devicePixelRatio);
  const mode = layoutMode(ua);

  let meta = doc.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'viewport';
    doc.head.appendChild(meta);
  }
  meta.content = viewportContent(ratio, options.userScalable);
  doc.documentElement.dataset['dpr'] = String(ratio);
  doc.documentElement.dataset['layout'] = mode;

  const setBodyFont = () => {
    if (doc.body) doc.body.style.fontSize = `${bodyFontSize(ratio)}px`;
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', setBodyFont, { once: true });
  else setBodyFont();

  const refresh = () => {
    const size = rootFontSize(doc.documentElement.getBoundingClientRect().width, ratio);
    doc.documentElement.style.fontSize = `${size}px`;
  };
  refresh();

  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, options.debounceMs ?? RECALC_DEBOUNCE_MS);
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) schedule();
  };
  win.addEventListener('resize', schedule);
  win.addEventListener('pageshow', onPageShow);
  return () => {
    clearTimeout(timer);
    win.removeEventListener('resize', schedule);
    win.removeEventListener('pageshow', onPageShow);
  };
}
