/**
 * The staff session's bearer token, kept in sessionStorage: it ends with the browser tab, is never written to a URL,
 * and is sent only in the Authorization header (staff/api.ts).
 */
const KEY = 'staff.session';

export function sessionToken(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function setSessionToken(token: string | undefined): void {
  try {
    if (token) sessionStorage.setItem(KEY, token);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the session lives until the page closes.
  }
}
