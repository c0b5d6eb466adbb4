/**
 * Refine's auth provider: login with e-mail, password and the authenticator code (POST /auth/login), logout, the
 * session check (GET /auth/me) and what a 401 anywhere means: the session ended, back to the login page saying so.
 * A session whose account is not set up yet (`pending`: a second factor to enrol, a temporary password to replace)
 * goes to /setup, after the login and whenever the server answers STAFF_SETUP_REQUIRED.
 * Errors are returned as values with the server's code; the login screen translates them.
 */
import type { AuthProvider } from '@refinedev/core';
import { api, StaffApiError } from '../api.ts';
import { setSessionToken, sessionToken } from '../session.ts';
import type { StaffLoginAnswer } from '#api-contract/staff.ts';
import type { StaffIdentity } from '../types.ts';
import { currentStaff, setCurrentStaff } from './identity.ts';

export interface LoginParams {
  readonly email: string;
  readonly password: string;
  readonly code?: string;
}

/** The login page, with the notice that a session ended. */
export const SESSION_ENDED = '/login?ended=1';
/** Where a session that must finish its account's setup goes. */
export const SETUP_PATH = '/setup';

/** Reads who the session is again (after the setup moved on). */
export async function refreshIdentity(): Promise<StaffIdentity | undefined> {
  return me();
}

async function me(): Promise<StaffIdentity | undefined> {
  if (!sessionToken()) return undefined;
  try {
    const staff = await api<StaffIdentity>('GET', '/auth/me');
    setCurrentStaff(staff);
    return staff;
  } catch (error) {
    if (error instanceof StaffApiError && error.statusCode === 401) {
      setSessionToken(undefined);
      setCurrentStaff(undefined);
      return undefined;
    }
    throw error;
  }
}

/** Set when the server refused the session (401): the login page then says that the session ended. */
let ended = false;

/** Whether the server ended this tab's last session (the login page says so). */
export const sessionWasEnded = (): boolean => ended;

/** Where a page without a session goes: the login page, saying so when the server ended the session. */
export const loginPath = (): string => (ended ? SESSION_ENDED : '/login');

export const authProvider: AuthProvider = {
  async login({ email, password, code }: LoginParams) {
    try {
      const answer = await api<StaffLoginAnswer>('POST', '/auth/login', { email, password, ...(code ? { code } : {}) });
      setSessionToken(answer.token);
      setCurrentStaff(answer.staff);
      ended = false;
      return { success: true, redirectTo: answer.staff.pending.length > 0 ? SETUP_PATH : '/' };
    } catch (error) {
      return { success: false, error: error instanceof StaffApiError ? error : new StaffApiError(0, 'UNKNOWN') };
    }
  },
  async logout() {
    if (sessionToken()) await api('POST', '/auth/logout').catch(() => undefined);
    setSessionToken(undefined);
    setCurrentStaff(undefined);
    return { success: true, redirectTo: loginPath() };
  },
  async check() {
    const staff = currentStaff() ?? (await me());
    return staff ? { authenticated: true } : { authenticated: false, logout: true, redirectTo: loginPath() };
  },
  async onError(error: unknown) {
    if (error instanceof StaffApiError && error.statusCode === 401) {
      ended = true;
      setSessionToken(undefined);
      setCurrentStaff(undefined);
      return { logout: true, redirectTo: SESSION_ENDED };
    }
    if (error instanceof StaffApiError && error.code === 'STAFF_SETUP_REQUIRED') {
      await me().catch(() => undefined);
      return { redirectTo: SETUP_PATH };
    }
    return {};
  },
  async getIdentity() {
    return currentStaff() ?? (await me()) ?? null;
  },
  async getPermissions() {
    return (currentStaff() ?? (await me()))?.permissions ?? [];
  },
};
