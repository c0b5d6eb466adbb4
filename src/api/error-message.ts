/** The translated message for an API error code (namespace `errors`, loaded on first use). */
import i18next from 'i18next';
import { ApiError } from './client.ts';

/** Catalogue code of any thrown value: the ApiError's code, else UNKNOWN. */
export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'UNKNOWN';
}

/**
 * Resolves the message a borrower sees for `error`, in the current language. The `errors` catalog is fetched on first
 * use, which fails when the network is down: the message is then the network one of `common` (loaded with the first
 * screen and kept by the service worker), never a bare code. A catalog that failed is asked for again the next time
 * (src/i18n.ts), so the errors' own messages come back with the network.
 */
export async function errorMessage(error: unknown): Promise<string> {
  await i18next.loadNamespaces('errors');
  // The first key that has a text: the error's own, the generic one, the network one (always at hand).
  return i18next.t([`errors:${errorCode(error)}`, 'errors:UNKNOWN', 'common:network.offline']);
}
