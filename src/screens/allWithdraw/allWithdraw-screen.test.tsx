// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn, mockApi } from '#src/testing/api-mock.ts';
import { orderView } from '#src/testing/loan-views.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import AllWithdrawScreen from './allWithdraw-screen.tsx';

const en = readCatalogs('loan').en;
const render = () =>
  renderScreen(<AllWithdrawScreen />, { namespaces: ['loan', 'errors', 'forms'], path: '/allWithdraw' });

beforeEach(() => logIn());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AllWithdrawScreen', () => {
  it('shows the withdrawal of the one order ready', async () => {
    const order = orderView({
      state: 'withdrawable',
      payout: { method: 'eWallet', label: 'gcash', accountMasked: '•••• 4567' },
    });
    mockApi({
      'GET /loans': { body: { orders: [order, orderView({ id: 'o-2', state: 'settled' })] } },
      'GET /signature': { body: { signed: true, signedAt: null } },
    });
    await render();
    expect((await screen.findByTestId('payout')).textContent).toBe('GCash •••• 4567');
    expect(screen.getByRole('button', { name: en['withdraw.submit'] })).toBeTruthy();
  });

  it('lists several orders ready, and says when there is none', async () => {
    mockApi({
      'GET /loans': {
        body: {
          orders: [orderView({ id: 'o-1', state: 'withdrawable' }), orderView({ id: 'o-2', state: 'withdrawable' })],
        },
      },
    });
    await render();
    await screen.findAllByRole('link');
    expect(document.querySelector('a[data-order="o-2"]')?.getAttribute('href')).toBe('/withdrawPage?order=o-2');
    cleanup();
    mockApi({ 'GET /loans': { body: { orders: [] } } });
    await render();
    expect(await screen.findByTestId('none-withdrawable')).toBeTruthy();
  });
});
