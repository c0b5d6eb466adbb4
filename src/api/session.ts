/**
 * Calls made as the logged-in borrower: the session token and customer id from the core store (spec section 3), and
 * this browser's device id. An UNAUTHORIZED answer ends the session here too (revoked elsewhere, or expired), so the
 * shell's guard sends the borrower to log in again.
 */
import { readStorage, STORAGE, writeStorage } from '../storage.ts';
import { sessionKeyOf, useCoreStore } from '../store/core-store.ts';
import { ApiError, apiRequest, type RequestOptions } from './client.ts';

/** A random id for this browser, kept in localStorage: the server throttles per device with it. */
export function deviceId(): string {
  const known = readStorage('local', STORAGE.deviceId);
  if (known && /^[\w-]{8,64}$/u.test(known)) return known;
  const id = crypto.randomUUID();
  writeStorage('local', STORAGE.deviceId, id);
  return id;
}

/** A request with the device id only (login). */
export function publicRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, headers: { ...options.headers, 'x-device-id': deviceId() } });
}

/** The logged-in borrower's headers: the session token, the customer id and the device id. */
export function sessionHeaders(): Record<string, string> {
  const { token, customerId } = useCoreStore.getState().publicData;
  if (!token || !customerId) throw new ApiError('UNAUTHORIZED', 401);
  return { authorization: `Bearer ${token}`, 'x-customer-id': customerId, 'x-device-id': deviceId() };
}

/** GETs asked for before their screen asked (`requestEarly`), by path: the session that asked, and the answer. */
const early = new Map<string, [string, Promise<unknown>]>();
const session = () => sessionKeyOf(useCoreStore.getState().publicData);

/**
 * Starts a GET the page being opened will make (`early` of its screen, src/shell/screens.ts), so it travels beside the
 * page's scripts instead of after its screen's first render. The screen's own GET of that path takes the answer, once,
 * in the same session and within 10 s (past that, a request of its own is fresher).
 */
export function requestEarly(path: string): void {
  early.delete(path);
  const answer = sessionRequest(path);
  answer.catch(() => undefined);
  early.set(path, [session(), answer]);
  setTimeout(() => early.delete(path), 10_000);
}

/** A request as the logged-in borrower; UNAUTHORIZED logs them out locally. */
export async function sessionRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const waiting = !options.method && early.get(path);
  if (waiting) {
    early.delete(path);
    if (waiting[0] === session()) return waiting[1] as Promise<T>;
  }
  const headers = sessionHeaders();
  try {
    return await apiRequest<T>(path, { ...options, headers: { ...options.headers, ...headers } });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'UNAUTHORIZED') useCoreStore.getState().logout();
    throw error;
  }
}
