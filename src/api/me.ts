/**
 * The profile tab's API (api-contract/me.ts): its summary, the borrower's preferences, feedback. Types come from the
 * server's response schemas (types only: no bundle bytes).
 */
import type { DeepReadonly } from '#api-contract/common.ts';
import type { FeedbackItem, FeedbackList, MeAnswer, PreferencesAnswer, PreferencesInput } from '#api-contract/me.ts';
import type { Language } from '../config.ts';
import { changeLanguage } from '../i18n.ts';
import { useCoreStore } from '../store/core-store.ts';
import { sessionRequest } from './session.ts';

export type MeView = DeepReadonly<MeAnswer>;
export type FeedbackView = DeepReadonly<FeedbackItem>;

/** GET /me */
export const loadMe = () => sessionRequest<MeView>('/me');

/** PATCH /me/preferences */
export const savePreferences = (input: PreferencesInput) =>
  sessionRequest<PreferencesAnswer>('/me/preferences', { method: 'PATCH', body: input });

/**
 * Switches the app's language and, when logged in, stores it on the server too (SMS are written in it). The app
 * switches at once; the server's copy follows when the network allows (sent again at the next login otherwise).
 */
export async function chooseLanguage(language: Language): Promise<void> {
  const switched = changeLanguage(language);
  if (useCoreStore.getState().publicData.token) void savePreferences({ language }).catch(() => undefined);
  await switched;
}

/** GET /feedback */
export const loadFeedback = () => sessionRequest<DeepReadonly<FeedbackList>>('/feedback');

/** POST /feedback */
export const sendFeedback = (data: Record<string, unknown>) =>
  sessionRequest<FeedbackView>('/feedback', { method: 'POST', body: data });

/**
 * Logs out: the server revokes the session (not waited for: offline, or already revoked), and this browser forgets
 * the session and the step drafts (core store). The caller then goes to /start.
 */
export function logOut(): void {
  void sessionRequest('/auth/logout', { method: 'POST' }).catch(() => undefined);
  useCoreStore.getState().logout();
}
