/**
 * Attribution consent (NPC): the attribution SDK runs only when the server turned it on (ATTRIBUTION_APP_TOKEN,
 * given to the page as a meta tag by server/plugins/web-app.ts) and the borrower said yes. The answer is kept in
 * localStorage and can be changed on /setup; every part of the app that cares subscribes here.
 */
/** The page's meta tag with the app token (server/plugins/web-app.ts ATTRIBUTION_META). */
export const ATTRIBUTION_META = 'attribution-app-token';
/** localStorage: the borrower's answer, 'granted' or 'denied'; absent until asked. */
export const CONSENT_KEY = 'attributionConsent';

export type Consent = 'granted' | 'denied';

/** What the app does about attribution: nothing (off), ask the borrower, load the SDK, or not load it (declined). */
export type AttributionStep = 'off' | 'ask' | 'load' | 'declined';

/** The app token the server put on the page; undefined when attribution is off. */
export function attributionToken(doc: Pick<Document, 'querySelector'> = document): string | undefined {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${ATTRIBUTION_META}"]`)?.content || undefined;
}

// localStorage directly, as src/storage.ts does (never throwing): importing that module here would split it out of the
// entry chunk into a file of its own, which every route would then fetch (tests/build/budget.test.ts).

/** This page's answer, for a browser that refuses storage (private mode): it holds until the page closes. */
let answered: Consent | null = null;

/** The stored answer (else this page's), or null when the borrower has not answered. */
export function readConsent(): Consent | null {
  let value: string | null = null;
  try {
    value = localStorage.getItem(CONSENT_KEY);
  } catch {
    // No storage: this page's answer.
  }
  return value === 'granted' || value === 'denied' ? value : answered;
}

const listeners = new Set<() => void>();

/** Records the borrower's answer and tells the subscribers. */
export function setConsent(answer: Consent): void {
  answered = answer;
  try {
    localStorage.setItem(CONSENT_KEY, answer);
  } catch {
    // No storage: the answer holds for this page.
  }
  for (const listener of listeners) listener();
}

/** Subscribes to answers (useSyncExternalStore's subscribe). */
export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The step for a token and an answer: never load without both. */
export function attributionStep(token: string | undefined, consent: Consent | null): AttributionStep {
  if (!token) return 'off';
  if (consent === null) return 'ask';
  return consent === 'granted' ? 'load' : 'declined';
}
