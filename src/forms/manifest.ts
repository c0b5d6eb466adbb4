/**
 * What product staff have published: the step order, each step form's version and URL, and the sub-product
 * themes, from GET /api/v1/forms/manifest. Asked once per page life (one promise, so React's `use` sees the same one
 * on every render); a failed request is forgotten so that the next reader asks again, and the server saying a
 * version was retired (FORM_VERSION_RETIRED) asks again on purpose ({@link reloadManifest}).
 */
import type { FormsManifestAnswer } from '#api-contract/forms.ts';
import { fetchEarly } from '../api/early.ts';
import { product } from '../config.ts';

/** The manifest, as the server answers it (api-contract/forms.ts, the forms contract). */
export type FormsManifest = FormsManifestAnswer;

/** One published theme: its version and CSS custom properties. */
export type PublishedTheme = FormsManifest['themes'][string];

/**
 * Marks `promise` with its outcome the way React's `use` reads it (`status` and `value`), so that a promise that has
 * settled is read at once: after a reload of the manifest the step shows its new form without its loading state.
 */
export function tracked<T>(promise: Promise<T>): Promise<T> {
  const mark = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  mark.status = 'pending';
  promise.then(
    (value) => {
      mark.status = 'fulfilled';
      mark.value = value;
    },
    (reason: unknown) => {
      mark.status = 'rejected';
      mark.reason = reason;
    },
  );
  return promise;
}

let current: Promise<FormsManifest> | undefined;
const listeners = new Set<(manifest: FormsManifest) => void>();

/**
 * GET /forms/manifest with fetch itself, not the API client: the entry asks for it (the themes), and the client's chunk
 * in the entry's static imports would be a cycle between the two chunks.
 */
async function fetchManifest(): Promise<FormsManifest> {
  const url = `${product.apiBaseUrl}/forms/manifest`;
  // Started by the page's boot script (src/api/early.ts) when the page was opened here.
  const response = await fetchEarly(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`forms manifest: HTTP ${response.status}`);
  return (await response.json()) as FormsManifest;
}

function request(): Promise<FormsManifest> {
  const promise = tracked(fetchManifest());
  current = promise;
  promise.then(
    (manifest) => {
      // A newer request may have started meanwhile: only the one in force tells its readers.
      if (current === promise) for (const listener of listeners) listener(manifest);
    },
    () => {
      if (current === promise) current = undefined;
    },
  );
  return promise;
}

/** The published manifest, the same promise for the page's life (until {@link reloadManifest}). */
export function loadManifest(): Promise<FormsManifest> {
  return current ?? request();
}

/**
 * Asks the server again, for a version it said was retired: the promise {@link loadManifest} answers from now on.
 * The previous manifest's readers keep what they have until they read again.
 */
export function reloadManifest(): Promise<FormsManifest> {
  return request();
}

/** Calls `listener` with every manifest that arrives from now on (themes follow a reload); answers the unsubscribe. */
export function onManifest(listener: (manifest: FormsManifest) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the manifest (tests: each starts from a page that has not asked yet). */
export function forgetManifest(): void {
  current = undefined;
}
