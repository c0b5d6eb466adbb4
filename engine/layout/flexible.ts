/**
 * Rem scaling after lib-flexible (spec sections 1 and 9), as pure functions: the DOM binding in
 * apply-layout.ts only reads the inputs and writes the outputs.
 */
import { isIPhoneLike } from './device.ts';

/** Widest layout, in CSS pixels, before multiplying by the pixel ratio. */
export const MAX_LAYOUT_WIDTH = 540;
/** Body font size in CSS pixels at ratio 1. */
export const BODY_FONT_SIZE = 12;
/** Debounce of the resize and page-show recalculation, in ms. */
export const RECALC_DEBOUNCE_MS = 300;

/** 1, 2 or 3 on iPhone-like devices (from the reported device pixel ratio); 1 everywhere else. */
export function layoutPixelRatio(userAgent: string, devicePixelRatio: number): 1 | 2 | 3 {
  if (!isIPhoneLike(userAgent)) return 1;
  if (devicePixelRatio >= 3) return 3;
  if (devicePixelRatio >= 2) return 2;
  return 1;
}

/** Root font size in px: one tenth of the layout width, the width capped at 540 x ratio. */
export function rootFontSize(layoutWidth: number, ratio: number): number {
  const width = Math.min(layoutWidth, MAX_LAYOUT_WIDTH * ratio);
  return width / 10;
}

/** Body font size in px: 12 x ratio. */
export function bodyFontSize(ratio: number): number {
  return BODY_FONT_SIZE * ratio;
}

/** Content of the viewport meta tag: initial scale 1/ratio; zoom locked unless the product allows it. */
export function viewportContent(ratio: number, userScalable: boolean): string {
  const scale = Number((1 / ratio).toFixed(6)).toString();
  const parts = [`width=device-width`, `initial-scale=${scale}`];
  if (userScalable) {
    parts.push('user-scalable=yes');
  } else {
    parts.push(`maximum-scale=${scale}`, `minimum-scale=${scale}`, 'user-scalable=no');
  }
  parts.push('viewport-fit=cover');
  return parts.join(', ');
}
