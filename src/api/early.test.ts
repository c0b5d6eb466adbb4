// @vitest-environment jsdom
/**
 * The answers the page's boot script started (scripts/prerender/boot.js) are taken by the app's own requests, once,
 * and a signed-in one only by the same session; the shell's extras wait for the first screen (activity.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { useCoreStore } from '#src/store/core-store.ts';
import { firstScreenSettled, requestStarted, screenShown } from './activity.ts';
import { apiRequest } from './client.ts';
import { takeEarly } from './early.ts';
import { sessionRequest } from './session.ts';

const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.bootEarly;
  useCoreStore.getState().logout();
});

describe('takeEarly', () => {
  it('answers a public GET the boot script started, once', () => {
    const response = answer({ ok: true });
    window.bootEarly = new Map([['/locales/en/common.json?v=1', { authorization: null, response }]]);
    expect(takeEarly('/locales/en/common.json?v=1')).toBe(response);
    expect(takeEarly('/locales/en/common.json?v=1')).toBeUndefined();
    expect(takeEarly('/locales/en/loan.json?v=1')).toBeUndefined();
  });

  it("gives a signed-in answer only to the same session's request, and drops it otherwise", () => {
    const response = answer({ phoneMasked: '917***4567' });
    window.bootEarly = new Map([['/api/v1/me', { authorization: 'Bearer old', response }]]);
    expect(takeEarly('/api/v1/me', 'Bearer new')).toBeUndefined();
    expect(window.bootEarly.size).toBe(0);
    window.bootEarly.set('/api/v1/me', { authorization: 'Bearer t-1', response });
    expect(takeEarly('/api/v1/me')).toBeUndefined();
  });

  it("is what the app's request of that GET reads: no second request", async () => {
    logIn();
    const calls = mockApi({ 'GET /me': { body: { from: 'network' } } });
    window.bootEarly = new Map([['/api/v1/me', { authorization: 'Bearer t-1', response: answer({ from: 'boot' }) }]]);
    expect(await sessionRequest('/me')).toEqual({ from: 'boot' });
    expect(callsTo(calls, 'GET', '/me')).toHaveLength(0);
    // The next one asks the network.
    expect(await sessionRequest('/me')).toEqual({ from: 'network' });
    expect(callsTo(calls, 'GET', '/me')).toHaveLength(1);
  });

  it('is not taken by a write, nor by a request of another session', async () => {
    logIn();
    const calls = mockApi({ 'POST /me': { body: { from: 'network' } }, 'GET /me': { body: { from: 'network' } } });
    window.bootEarly = new Map([['/api/v1/me', { authorization: 'Bearer t-1', response: answer({ from: 'boot' }) }]]);
    expect(await apiRequest('/me', { method: 'POST', body: {} })).toEqual({ from: 'network' });
    expect(await apiRequest('/me', { token: 'other' })).toEqual({ from: 'network' });
    expect(calls.map((call) => call.method)).toEqual(['POST', 'GET']);
  });
});

describe('firstScreenSettled', () => {
  it('resolves once the first screen is shown and its requests are answered', async () => {
    let settled = false;
    void firstScreenSettled().then(() => (settled = true));
    const done = requestStarted();
    await Promise.resolve();
    expect(settled).toBe(false);
    screenShown();
    await Promise.resolve();
    expect(settled).toBe(false);
    done();
    done();
    await vi.waitFor(() => expect(settled).toBe(true));
    // From then on at once.
    await firstScreenSettled();
  });
});
