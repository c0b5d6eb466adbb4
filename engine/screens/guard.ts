/**
 * The navigation guard of spec section 2 as a pure function of route, storage and user-agent. The router matches the
 * path against the route table (paths and aliases); the guard decides what the match means, and the shell applies
 * its answer: it writes the storage and follows the redirect. (A page's stylesheet, named after its route path,
 * `stylesheetName`, comes with its screen's chunk: src/screens/README.md.)
 */
import { isAndroid } from '../layout/device.ts';
import { queryStorageWrites, type StorageWrites } from './query-storage.ts';
import type { ResolvedRoute, RouteDef } from './route-table.ts';

/** Platforms a product can decline. */
export type Platform = 'android';

/** Everything the guard looks at. */
export interface GuardInput {
  pathname: string;
  search: string;
  /** The route the router matched for `pathname` (its path or one of its aliases); undefined when none did. */
  match: ResolvedRoute | undefined;
  userAgent: string;
  /** Logged-in state: both must be present. */
  token?: string | null;
  customerId?: string | number | null;
}

/** Product policy the guard applies. */
export interface GuardPolicy {
  loginPath: string;
  unsupportedPlatforms: readonly Platform[];
  unsupportedPath: string;
}

/** The guard's answer: render `route`, or go to `redirect` (replacing the history entry). */
export interface GuardDecision {
  route?: RouteDef;
  redirect?: string;
  /** Why it redirected, for tests and logs. */
  reason?: 'platform' | 'alias' | 'forward' | 'loggedIn' | 'login' | 'unknown';
  storage: StorageWrites;
}

/** True when both a token and a customer id are held. */
export function isLoggedIn(input: Pick<GuardInput, 'token' | 'customerId'>): boolean {
  return Boolean(input.token) && input.customerId !== undefined && input.customerId !== null && input.customerId !== '';
}

/** Decides where a navigation ends. Rules apply in the order of the spec. */
export function guard(input: GuardInput, policy: GuardPolicy): GuardDecision {
  const storage = queryStorageWrites(input.search);
  const resolved = input.match;
  const base = { storage };
  const keepQuery = (path: string) => path + input.search;

  if (policy.unsupportedPlatforms.includes('android') && isAndroid(input.userAgent)) {
    if (resolved?.route.path === policy.unsupportedPath) return { ...base, route: resolved.route };
    return { ...base, redirect: policy.unsupportedPath, reason: 'platform' };
  }
  if (!resolved) return { ...base, redirect: policy.loginPath, reason: 'unknown' };
  const { route, viaAlias } = resolved;
  if (viaAlias) return { ...base, redirect: keepQuery(route.path), reason: 'alias' };
  if (route.redirect) return { ...base, redirect: keepQuery(route.redirect), reason: 'forward' };
  const loggedIn = isLoggedIn(input);
  if (route.loggedInRedirect && loggedIn) return { ...base, redirect: route.loggedInRedirect, reason: 'loggedIn' };
  if (!route.noCheck && !loggedIn) return { ...base, redirect: policy.loginPath, reason: 'login' };
  return { ...base, route };
}
