/** Layout modes the shell knows: a phone layout, or a centred phone-width column on a desktop. */
export type LayoutMode = 'mobile' | 'desktop';

/** User-agent fragments that select the mobile layout (spec section 1). */
export const MOBILE_AGENT_MARKERS = ['Android', 'iPhone', 'SymbianOS', 'Windows Phone', 'iPad', 'iPod'] as const;

/** Mobile when the user-agent contains any of {@link MOBILE_AGENT_MARKERS}, else desktop. */
export function layoutMode(userAgent: string): LayoutMode {
  return MOBILE_AGENT_MARKERS.some((marker) => userAgent.includes(marker)) ? 'mobile' : 'desktop';
}

/** True for any Android browser (sent to the unsupported-platform route when configured). */
export function isAndroid(userAgent: string): boolean {
  return /android/i.test(userAgent);
}

/** iPhone-like devices: the only ones whose device pixel ratio is honoured (lib-flexible's rule). */
export function isIPhoneLike(userAgent: string): boolean {
  return /iphone|ipod/i.test(userAgent);
}
