/**
 * Coming back to a page after signing in: a screen open without a session (the Easy Re-loan pages) remembers where the
 * borrower was before sending them to /start, and the home screen, where a login lands, goes back there once. Kept out
 * of /start's own code (its byte budget is full): /start only logs in and lands on home as before.
 */
import { readStorage, removeStorage, writeStorage } from './storage.ts';

/** sessionStorage: {path, at} written by a sign-in link. */
const KEY = 'returnAfterLogin';
/** A sign-in left unfinished longer than this no longer sends the borrower back. */
const FRESH_MS = 15 * 60 * 1000;

/** Remembers `path` (a path of this app with its query) to come back to after the next login. */
export function rememberReturn(path: string, now = Date.now()): void {
  writeStorage('session', KEY, JSON.stringify({ path, at: now }));
}

/** The page to go back to after a login, once (it is forgotten as it is read); null when none or stale. */
export function takeReturn(now = Date.now()): string | null {
  const stored = readStorage('session', KEY);
  if (stored === null) return null;
  removeStorage('session', KEY);
  try {
    const { path, at } = JSON.parse(stored) as { path?: unknown; at?: unknown };
    // Only a path of this app (never another origin: "//host" or "/\host"), and only while fresh.
    if (typeof path !== 'string' || !/^\/(?![/\\])/u.test(path) || typeof at !== 'number') return null;
    return now - at <= FRESH_MS && at <= now ? path : null;
  } catch {
    return null;
  }
}
