/**
 * Add-to-home-screen data shared by the tutorial (/addDeskTopBrowser), the detailed guide (/guildDetail) and the
 * video guide (/videoIndex): which browsers the picker offers, how each is recognised from the user-agent, and the
 * ordered steps for each one. Steps are data only; their text is the i18n key `steps.<browser>.<step>` (short
 * instruction) and `details.<browser>.<step>` (longer explanation) in the `a2hs` namespace.
 * Everything here is pure, so it is tested without a browser.
 */
import type { Centavos } from '#domain/money.ts';
import { formatPeso } from '#domain/money.ts';

/** The browsers of the picker, in the order it shows them. */
export const BROWSER_IDS = ['safari', 'chrome', 'firefox', 'edge', 'facebook'] as const;
export type BrowserId = (typeof BROWSER_IDS)[number];

/** The browser every unknown user-agent falls back to (iPhone users mostly browse in Safari). */
export const DEFAULT_BROWSER: BrowserId = 'safari';

/** The query parameter that keeps the chosen browser in the URL. */
export const BROWSER_PARAM = 'browser';

/** Routes of the three tutorial screens (config/routes.json). */
export const A2HS_PATHS = {
  tutorial: '/addDeskTopBrowser',
  guide: '/guildDetail',
  video: '/videoIndex',
} as const;

/** What a step's illustration draws. */
export type IllustrationKind =
  /** Safari: the share button in the bottom toolbar. */
  | 'shareToolbar'
  /** Chrome for iOS: the share button at the right of the address bar. */
  | 'shareAddressBar'
  /** Firefox / Edge for iOS: the menu button in the bottom toolbar. */
  | 'menuToolbar'
  /** A browser menu with its "Share" entry. */
  | 'menuShare'
  /** The iOS share sheet with its "Add to Home Screen" entry. */
  | 'shareSheet'
  /** The "Add to Home Screen" sheet with its "Add" button. */
  | 'confirmAdd'
  /** The home screen with the new app icon. */
  | 'homeIcon'
  /** An in-app browser (Facebook, Messenger) with its menu button. */
  | 'inAppMenu'
  /** The in-app browser's menu with "Open in Safari" / "Open in browser". */
  | 'openInSafari';

export interface GuideStep {
  /** Key segment: the text is `steps.<browser>.<id>` and `details.<browser>.<id>`. */
  readonly id: string;
  readonly illustration: IllustrationKind;
}

/** The steps for each browser, in order. */
export const BROWSER_STEPS: Readonly<Record<BrowserId, readonly GuideStep[]>> = {
  safari: [
    { id: 'share', illustration: 'shareToolbar' },
    { id: 'addToHome', illustration: 'shareSheet' },
    { id: 'add', illustration: 'confirmAdd' },
    { id: 'open', illustration: 'homeIcon' },
  ],
  chrome: [
    { id: 'share', illustration: 'shareAddressBar' },
    { id: 'addToHome', illustration: 'shareSheet' },
    { id: 'add', illustration: 'confirmAdd' },
    { id: 'open', illustration: 'homeIcon' },
  ],
  firefox: [
    { id: 'menu', illustration: 'menuToolbar' },
    { id: 'share', illustration: 'menuShare' },
    { id: 'addToHome', illustration: 'shareSheet' },
    { id: 'add', illustration: 'confirmAdd' },
    { id: 'open', illustration: 'homeIcon' },
  ],
  edge: [
    { id: 'menu', illustration: 'menuToolbar' },
    { id: 'share', illustration: 'menuShare' },
    { id: 'addToHome', illustration: 'shareSheet' },
    { id: 'add', illustration: 'confirmAdd' },
    { id: 'open', illustration: 'homeIcon' },
  ],
  facebook: [
    { id: 'menu', illustration: 'inAppMenu' },
    { id: 'openInSafari', illustration: 'openInSafari' },
    { id: 'continueInSafari', illustration: 'shareToolbar' },
  ],
};

/** The steps of one browser. */
export function stepsFor(browser: BrowserId): readonly GuideStep[] {
  return BROWSER_STEPS[browser];
}

/** `steps.<browser>.<step>`: the short instruction of a step in the `a2hs` namespace. */
export function stepKey(browser: BrowserId, step: GuideStep): string {
  return `steps.${browser}.${step.id}`;
}

/** `details.<browser>.<step>`: the longer explanation of a step in the `a2hs` namespace. */
export function stepDetailKey(browser: BrowserId, step: GuideStep): string {
  return `details.${browser}.${step.id}`;
}

/** True for a value the picker offers. */
export function isBrowserId(value: unknown): value is BrowserId {
  return typeof value === 'string' && (BROWSER_IDS as readonly string[]).includes(value);
}

/** User-agent markers of the Facebook and Messenger in-app browsers. */
const IN_APP_MARKERS = ['FBAN', 'FBAV', 'FB_IAB', 'Messenger'] as const;

/**
 * The browser a user-agent belongs to: Facebook / Messenger in-app browser first (its user-agent carries no other
 * browser's marker but must not be taken for Safari), then Edge, Chrome and Firefox for iOS, else Safari.
 */
export function detectBrowser(userAgent: string): BrowserId {
  if (IN_APP_MARKERS.some((marker) => userAgent.includes(marker))) return 'facebook';
  if (userAgent.includes('EdgiOS')) return 'edge';
  if (userAgent.includes('CriOS')) return 'chrome';
  if (userAgent.includes('FxiOS')) return 'firefox';
  return DEFAULT_BROWSER;
}

/** The browser from a `?browser=` value when it is one the picker offers, else the one the user-agent names. */
export function resolveBrowser(param: string | null, userAgent: string): BrowserId {
  return isBrowserId(param) ? param : detectBrowser(userAgent);
}

/** In-app browsers cannot add to the home screen; the page must be opened in Safari first. */
export function isInAppBrowser(browser: BrowserId): boolean {
  return browser === 'facebook';
}

/** The parts of `window` that tell whether the page runs as an installed home-screen app. */
export interface DisplayEnvironment {
  /** Missing in some embedded web views (and in jsdom). */
  matchMedia?: ((query: string) => { matches: boolean }) | undefined;
  navigator: object;
}

/**
 * True when the page runs from the home screen: `display-mode: standalone` (every current browser) or
 * `navigator.standalone` (iOS Safari's own flag).
 */
export function isStandaloneDisplay(env: DisplayEnvironment): boolean {
  try {
    if (typeof env.matchMedia === 'function' && env.matchMedia('(display-mode: standalone)').matches) return true;
  } catch {
    /* a broken matchMedia means we cannot tell: fall through to the iOS flag */
  }
  return 'standalone' in env.navigator && (env.navigator as { standalone?: unknown }).standalone === true;
}

/** True when the user asked the system for reduced motion. */
export function prefersReducedMotion(env: Pick<DisplayEnvironment, 'matchMedia'>): boolean {
  try {
    return typeof env.matchMedia === 'function' && env.matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false;
  }
}

/**
 * The rewards of adding to the home screen formatted for display: the coupon (config/product.json) and the limit raise
 * with its ceiling (config/underwriting.json limitRaises.addToHomeScreen), the figures the server grants.
 */
export function rewardAmounts(
  coupon: { repaymentCouponCentavos: Centavos },
  raise: { stepCentavos: Centavos; ceilingCentavos: Centavos },
): {
  coupon: string;
  limit: string;
  ceiling: string;
} {
  return {
    coupon: formatPeso(coupon.repaymentCouponCentavos, { wholeIfExact: true }),
    limit: formatPeso(raise.stepCentavos, { wholeIfExact: true }),
    ceiling: formatPeso(raise.ceilingCentavos, { wholeIfExact: true }),
  };
}

/** A tutorial-family URL for a browser, e.g. `/guildDetail?browser=chrome`. */
export function browserHref(path: string, browser: BrowserId): string {
  return `${path}?${new URLSearchParams({ [BROWSER_PARAM]: browser }).toString()}`;
}

/** The iOS version from which browsers other than Safari can add to the home screen (iOS 16.4, March 2023). */
export const OTHER_BROWSERS_MIN_IOS = '16.4';

/** Troubleshooting tips of the detailed guide, in order: `guide.tips.<id>.title` / `.body`. */
export const TROUBLESHOOTING_TIPS = ['missing', 'private', 'inApp', 'version', 'icon'] as const;
export type TroubleshootingTip = (typeof TROUBLESHOOTING_TIPS)[number];

/** The tips for a browser: an in-app browser's own problem first, the iOS-version tip only outside Safari. */
export function tipsFor(browser: BrowserId): readonly TroubleshootingTip[] {
  const tips = TROUBLESHOOTING_TIPS.filter(
    (tip) => tip !== 'version' || (browser !== 'safari' && browser !== 'facebook'),
  );
  return isInAppBrowser(browser) ? ['inApp', ...tips.filter((tip) => tip !== 'inApp')] : tips;
}

/** How long the video guide shows each step while playing. */
export const VIDEO_STEP_MS = 4000;
