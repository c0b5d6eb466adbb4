// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn, mockApi } from '#src/testing/api-mock.ts';
import { paymentView } from '#src/testing/loan-views.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import TriLinkScreen from './triLink-screen.tsx';

const en = readCatalogs('loan').en;
const render = (id: string) =>
  renderScreen(<TriLinkScreen />, { namespaces: ['loan'], path: `/triLink?payment=${id}` });

beforeEach(() => logIn());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TriLinkScreen', () => {
  it("opens the provider's checkout link when there is one", async () => {
    const p = paymentView({ channel: 'eWallet', checkoutUrl: 'https://checkout.example/pay/1' });
    mockApi({ [`GET /payments/${p.id}`]: { body: p } });
    await render(p.id);
    expect((await screen.findByTestId('checkout')).getAttribute('href')).toBe('https://checkout.example/pay/1');
  });

  it("otherwise shows the reference and the channel's steps", async () => {
    const p = paymentView({ channel: 'bank' });
    mockApi({ [`GET /payments/${p.id}`]: { body: p } });
    await render(p.id);
    expect((await screen.findByTestId('reference')).textContent).toBe(p.reference);
    expect(screen.getByText(en['triLink.steps.bank']!)).toBeTruthy();
  });
});
