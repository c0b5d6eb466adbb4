/**
 * Attribution consent (issue 14, NPC): the attribution SDK runs only when the server turned it on (ATTRIBUTION_APP_TOKEN,
 * given to the page as a meta tag by server/plugins/web-app.ts) and the borrower said yes. The answer is kept in
 * localStorage and can be changed on /setup; every part of the app that cares subscribes here.
 */
import { readStorage, writeStorage } from '../storage.ts';

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

/** The stored answer, or null when the borrower has not answered (or storage holds something else). */
export function readConsent(): Consent | null {
  const value = readStorage('local', CONSENT_KEY);
  return value === 'granted' || value === 'denied' ? value : null;
}

const listeners = new Set<() => void>();

/** Records the borrower's answer and tells the subscribers. */
export function setConsent(answer: Consent): void {
  writeStorage('local', CONSENT_KEY, answer);
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
