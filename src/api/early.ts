/**
 * The answers the page's boot script started before the app ran (scripts/prerender/boot.js): the first screen's
 * catalogs, the forms manifest, and its first GETs as the signed-in borrower, by URL. The app's own request of one of
 * those takes it, once; a signed-in one only with the same session (the borrower may have signed out or in since).
 */
interface Started {
  readonly authorization: string | null;
  readonly response: Promise<Response>;
}

declare global {
  interface Window {
    bootEarly?: Map<string, Started>;
  }
}

/** The boot script's answer for a GET of `url` with `authorization` (none: a public GET), or undefined. */
export function takeEarly(url: string, authorization?: string): Promise<Response> | undefined {
  const started = typeof window === 'undefined' ? undefined : window.bootEarly?.get(url);
  if (!started) return undefined;
  window.bootEarly?.delete(url);
  return started.authorization === (authorization ?? null) ? started.response : undefined;
}

/**
 * `fetch(url, init)`; for a GET the boot script already started with the same authorization (none: a public one),
 * its answer instead. The one way the app's GETs of a page opened directly take what the boot script asked for.
 */
export function fetchEarly(url: string, init: RequestInit = {}): Promise<Response> {
  const authorization = (init.headers as Record<string, string> | undefined)?.['authorization'];
  return ((init.method ?? 'GET') === 'GET' && takeEarly(url, authorization)) || fetch(url, init);
}
