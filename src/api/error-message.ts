/** The translated message for an API error code (namespace `errors`, loaded on first use). */
import i18next from 'i18next';
import { ApiError } from './client.ts';

/** Catalogue code of any thrown value: the ApiError's code, else UNKNOWN. */
export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'UNKNOWN';
}

/** Resolves the message a borrower sees for `error`, in the current language. */
export async function errorMessage(error: unknown): Promise<string> {
  await i18next.loadNamespaces('errors');
  const code = errorCode(error);
  return i18next.exists(`errors:${code}`) ? i18next.t(`errors:${code}`) : i18next.t('errors:UNKNOWN');
}
