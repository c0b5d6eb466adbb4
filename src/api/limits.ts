/**
 * The credit limit screen's API (api-contract/limits.ts) as typed calls made as the logged-in borrower: the limit, its
 * history and raises, and Facebook binding (the login starts on the server, which keeps the PKCE verifier).
 */
import type { DeepReadonly } from '#api-contract/common.ts';
import type { FacebookBindInput, LimitAnswer } from '#api-contract/limits.ts';
import { sessionRequest } from './session.ts';

export type LimitView = DeepReadonly<LimitAnswer>;

export const limitsApi = {
  get: (signal?: AbortSignal) => sessionRequest<LimitView>('/limit', { signal }),
  startFacebookLogin: () => sessionRequest<{ authorizeUrl: string }>('/facebook/login', { method: 'POST', body: {} }),
  bindFacebook: (body: FacebookBindInput) => sessionRequest<LimitView>('/facebook/binding', { method: 'POST', body }),
  unbindFacebook: () => sessionRequest<LimitView>('/facebook/binding', { method: 'DELETE' }),
};
