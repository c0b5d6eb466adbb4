/**
 * The text a borrower sees for a refused loan operation: the error catalogue (`errors:<CODE>`), with the answer's
 * date (REAPPLY_LATER's `reapplyAfter`) written for the language and passed as `date`.
 */
import i18next from 'i18next';
import { ApiError } from '../api/client.ts';
import { errorCode } from '../api/error-message.ts';
import { formatDay, languageOf } from './format.ts';

/** True when retrying the same request may succeed (nothing reached the server, or the server failed): keep the key. */
export function isTransient(error: unknown): boolean {
  return !(error instanceof ApiError) || error.code === 'NETWORK_ERROR' || error.status >= 500;
}

/**
 * The translated message of a code, with `values` interpolated (dates already formatted). Without a network the
 * `errors` catalog may not be at hand: the network message of `common` then, never a bare code (as errorMessage).
 */
export async function codeMessage(code: string, values: Record<string, unknown> = {}): Promise<string> {
  await i18next.loadNamespaces('errors');
  return i18next.t([`errors:${code}`, 'errors:UNKNOWN', 'common:network.offline'], values);
}

/** The translated message of a thrown error. */
export async function loanErrorMessage(error: unknown): Promise<string> {
  const details = error instanceof ApiError ? error.details : {};
  const reapplyAfter = typeof details['reapplyAfter'] === 'string' ? details['reapplyAfter'] : undefined;
  const date = reapplyAfter ? formatDay(reapplyAfter, languageOf(i18next)) : undefined;
  return codeMessage(errorCode(error), date ? { date, reapplyAfter: date } : {});
}
