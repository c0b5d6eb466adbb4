import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../testing/api-mock.ts';
import { useCoreStore } from '../store/core-store.ts';
import { requestEarly, sessionRequest } from './session.ts';

describe('a request asked for early (the page being opened, src/shell/screens.ts)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useCoreStore.getState().setSession({ customerId: 'c1', token: 't1' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useCoreStore.getState().logout();
  });

  it("answers the screen's own GET once, without asking the server again; the next GET asks anew", async () => {
    const calls = mockApi({ 'GET /me': [{ body: { n: 1 } }, { body: { n: 2 } }] });
    requestEarly('/me');
    expect(calls).toHaveLength(1);
    expect(await sessionRequest('/me')).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    expect(await sessionRequest('/me')).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('is not given to another session, nor after 10 s, nor to a request that is not a GET', async () => {
    const calls = mockApi({ 'GET /me': [{ body: { n: 1 } }, { body: { n: 2 } }, { body: { n: 3 } }] });
    requestEarly('/me');
    useCoreStore.getState().setSession({ customerId: 'c2', token: 't2' });
    expect(await sessionRequest('/me')).toEqual({ n: 2 });

    requestEarly('/me');
    await vi.advanceTimersByTimeAsync(10_000);
    await sessionRequest('/me');
    // Asked anew: the early answer was dropped.
    expect(calls).toHaveLength(4);

    const posts = mockApi({ 'GET /feedback': { body: [] }, 'POST /feedback': { body: { id: 'f' } } });
    requestEarly('/feedback');
    expect(await sessionRequest('/feedback', { method: 'POST', body: {} })).toEqual({ id: 'f' });
    expect(posts.map((c) => c.method)).toEqual(['GET', 'POST']);
  });
});
