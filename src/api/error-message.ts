/** The translated message for an API error code (namespace `errors`, loaded on first use). */
import i18next from 'i18next';
import { ApiError } from './client.ts';

/** Catalogue code of any thrown value: the ApiError's code, else UNKNOWN. */
export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'UNKNOWN';
}

/**
 * Resolves the message a borrower sees for `error`, in the current language. The `errors` catalog is fetched on first
 * use, which fails when the network is down: a request that could not reach us (NETWORK_ERROR), or any error while
 * that catalog cannot be had, reads the network message of `common` (loaded with the first screen and kept by the
 * service worker), so no code is ever shown raw.
 */
export async function errorMessage(error: unknown): Promise<string> {
  const code = errorCode(error);
  await i18next.loadNamespaces('errors').catch(() => undefined);
  // The first key that has a text: the error's own, the generic one, the network one (always at hand).
  const network = 'common:network.offline';
  return i18next.t([code === 'NETWORK_ERROR' ? network : `errors:${code}`, 'errors:UNKNOWN', network]);
}
