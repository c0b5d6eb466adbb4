// @vitest-environment jsdom
/** Opening a page directly: its screen's chunk, its catalogs and its first requests start at once (screens.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { useCoreStore } from '#src/store/core-store.ts';
import { prefetchScreenAt } from './screens.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  useCoreStore.getState().logout();
});

describe('prefetchScreenAt', () => {
  it.each([
    ['/homeIndex', ['loan', 'errors'], '/loans/home'],
    ['/home', ['loan', 'errors'], '/loans/home'],
    ['/my', ['profile', 'forms'], '/me'],
  ] as const)(
    'on %s answers its catalogs and asks for its first view before the screen renders',
    async (path, ns, api) => {
      logIn();
      const calls = mockApi({ [`GET ${api}`]: { body: {} } });
      expect(prefetchScreenAt(path)).toEqual(ns);
      await vi.waitFor(() => expect(callsTo(calls, 'GET', api)).toHaveLength(1));
    },
  );

  it('asks for nothing without a session (the guard sends the visitor to log in), and nothing for /start', async () => {
    const calls = mockApi({});
    expect(prefetchScreenAt('/homeIndex')).toEqual(['loan', 'errors']);
    // The screen's chunk is there by now: whatever it would ask for has been asked.
    await import('../screens/homeIndex/homeIndex-screen.tsx');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([]);

    logIn();
    expect(prefetchScreenAt('/start')).toEqual(['login']);
    await import('../screens/start/start-screen.tsx');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([]);
  });
});
