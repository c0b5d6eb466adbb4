/** Reads back the layout ./apply-layout.ts applied to a document: for the diagnostics screen and tests. */
import type { LayoutMode } from './device.ts';

/** The numbers last applied. */
export interface AppliedLayout {
  mode: LayoutMode;
  ratio: 1 | 2 | 3;
  rootFontSize: number;
  bodyFontSize: number;
}

/** Reads back what installLayout (./apply-layout.ts) applied. */
export function readLayout(win: Window): AppliedLayout {
  const el = win.document.documentElement;
  return {
    mode: (el.dataset['layout'] as LayoutMode | undefined) ?? 'desktop',
    ratio: Number(el.dataset['dpr'] ?? 1) as 1 | 2 | 3,
    rootFontSize: parseFloat(el.style.fontSize) || 0,
    bodyFontSize: parseFloat(win.document.body?.style.fontSize ?? '') || 0,
  };
}
