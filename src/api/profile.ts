/**
 * The borrower's profile API (api-contract/profile.ts): the whole profile, and saving one step. Types come from the
 * server's response schemas (types only: no bundle bytes).
 */
import type { ProfileOverview, ProfileSummary } from '#api-contract/profile.ts';
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
