/**
 * The web app's API in component tests (jsdom): fetch replaced by a mock answering by method and path and recording
 * every call, and a signed-in borrower for the routes that need a session. Views to answer with: ./loan-views.ts.
 */
import { vi } from 'vitest';
import { useCoreStore } from '../store/core-store.ts';

/** Signs the borrower in (customer c-1), as the app holds a session after login. */
export function logIn(): void {
  useCoreStore.setState({ publicData: { customerId: 'c-1', token: 't-1', phone_number: '9171234567' } });
}

/** One answer: a status and a JSON body, or a network failure. */
export type Answer = { status?: number; body?: unknown } | 'network';
/** Answers by 'METHOD /path' (path after /api/v1); a function is called per request, a list is used in turn. */
export type Routes = Record<string, Answer | Answer[] | ((init: RequestInit) => Answer)>;

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Replaces fetch; answers from `routes`, records every call. Unknown routes answer 404 NOT_FOUND. */
export function mockApi(routes: Routes): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const turns = new Map<string, number>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = String(url).replace(/^\/api\/v1/u, '');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      calls.push({ method, path, headers: { ...(init.headers as Record<string, string>) }, body });
      const route = routes[`${method} ${path}`];
      let answer: Answer;
      if (route === undefined) answer = { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
      else if (typeof route === 'function') answer = route(init);
      else if (Array.isArray(route)) {
        const turn = turns.get(`${method} ${path}`) ?? 0;
        turns.set(`${method} ${path}`, turn + 1);
        answer = route[Math.min(turn, route.length - 1)]!;
      } else answer = route;
      if (answer === 'network') throw new TypeError('Failed to fetch');
      const status = answer.status ?? 200;
      return { ok: status >= 200 && status < 300, status, json: async () => answer.body } as unknown as Response;
    }),
  );
  return calls;
}

/** The calls made to `method path`. */
export const callsTo = (calls: readonly RecordedCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);
