// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '#src/testing/api-mock.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import { NetworkBanner } from './network-banner.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the network banner', () => {
  it('shows when the network went between its first render and its listeners', async () => {
    mockApi({ 'GET /health': { body: { status: 'ok' } } });
    // Online as the banner first renders, offline from then on: the 'offline' event came before it listened.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValueOnce(true).mockReturnValue(false);
    await renderScreen(<NetworkBanner />);
    expect((await screen.findByRole('alert')).textContent).toContain('Network');
    expect(onLine).toHaveBeenCalledTimes(2);
  });

  it('stays away while the network is there and the API answers', async () => {
    mockApi({ 'GET /health': { body: { status: 'ok' } } });
    await renderScreen(<NetworkBanner />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
