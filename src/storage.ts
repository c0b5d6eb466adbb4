/**
 * The browser storage keys of spec section 3 in one place. Reads never throw: Safari private mode and in-app
 * browsers can refuse storage, and the app must still run.
 */
import { product } from './config.ts';

export const STORAGE = {
  /** localStorage: chosen language. */
  language: 'language',
  /** sessionStorage: acquisition channel, default from config (H5). */
  channel: 'channel',
  /** sessionStorage: opened in a browser rather than the installed app. */
  isBrowser: 'isBrowser',
  /** sessionStorage: {campaign, adgroup, creative}. */
  promotion: 'promotion',
  /** localStorage: opened from the home-screen shortcut. */
  standalone: 'standalone',
  /** localStorage: opened from Facebook Messenger. */
  messenger: 'Messenger',
  /** localStorage: the user-info entry removed at logout. */
  userInfo: 'userInfo',
  /** localStorage: the persisted core store. */
  core: 'core',
  /** localStorage: this browser's random device id (throttling per device). */
  deviceId: 'deviceId',
  /** localStorage: the information steps typed so far (src/store/draft-store.ts), removed at logout. */
  drafts: 'drafts',
} as const;

type Area = 'local' | 'session';

function area(kind: Area): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Reads a key, or null where storage is unavailable. */
export function readStorage(kind: Area, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a key; silently does nothing where storage is unavailable. */
export function writeStorage(kind: Area, key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    /* storage full or refused: the app keeps working without it */
  }
}

/** Removes a key. */
export function removeStorage(kind: Area, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    /* see writeStorage */
  }
}

/** Sets the session's channel to the configured default unless one is already set. */
export function initChannel(): void {
  if (readStorage('session', STORAGE.channel) === null)
    writeStorage('session', STORAGE.channel, product.defaultChannel);
}
