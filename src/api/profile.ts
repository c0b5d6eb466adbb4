/**
 * The borrower's profile API (api-contract/profile.ts): the whole profile, and saving one step. Types come from the
 * server's response schemas (types only: no bundle bytes).
 */
import type { ProfileOverview, ProfileSummary } from '#api-contract/profile.ts';
import { useCoreStore } from '../store/core-store.ts';
import { sessionRequest } from './session.ts';

export type { ProfileOverview, ProfileSummary };

/** GET /profile as the logged-in borrower. */
export const loadProfile = (signal?: AbortSignal) => sessionRequest<ProfileOverview>('/profile', { signal });

/**
 * PUT /profile/:step, validated by the server with the form version the borrower filled in (0, a form bundled with
 * the app, sends none: the server uses the published one); answers the profile's summary.
 */
export function saveProfileStep(step: string, data: Record<string, unknown>, formVersion = 0): Promise<ProfileSummary> {
  const query = formVersion > 0 ? `?formVersion=${formVersion}` : '';
  return sessionRequest<ProfileSummary>(`/profile/${step}${query}`, { method: 'PUT', body: data });
}

/** The step reports sent this page life, by session, step and version: a step opened counts once anyway. */
const reported = new Set<string>();

/**
 * POST /profile/steps/:step/visits for the onboarding funnel (docs/onboarding-funnel.md): the step opened with form
 * version `formVersion`, or, after a submit the form refused, the field paths it showed in error: paths only, never
 * what was typed. Not waited for, and a failure concerns nobody. Both are sent while the borrower is on the step
 * (opened, or told what to fix), so an ordinary request does: no keepalive or beacon needed.
 */
export function reportStepVisit(step: string, formVersion: number, errors?: readonly string[]): void {
  const key = `${useCoreStore.getState().publicData.customerId}:${step}:${formVersion}`;
  // A form bundled with the app (version 0) is no published version; a step opened is told once.
  if (formVersion < 1 || (errors ? errors.length === 0 : reported.has(key))) return;
  reported.add(key);
  sessionRequest(`/profile/steps/${step}/visits`, {
    method: 'POST',
    body: { formVersion, errors: errors?.slice(0, 30) },
  }).catch(() => undefined);
}
