// @vitest-environment jsdom
/**
 * Home's way to change the payout account after a failed disbursement: offered only when the server says the bank
 * can be changed (home's bankChangeAvailable); under bank maintenance Home says so instead of leading to a page that
 * can only refuse.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logIn, mockApi } from '#src/testing/api-mock.ts';
import { homeView, orderView } from '#src/testing/loan-views.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import HomeIndexScreen from './homeIndex-screen.tsx';

const catalogs = readCatalogs('loan');
const failed = orderView({ state: 'disbursement_failed', failureCode: 'PAYOUT_ACCOUNT_INVALID' });

const renderHome = (bankChangeAvailable: boolean, language?: 'fil') => {
  mockApi({ 'GET /loans/home': { body: homeView({ currentOrder: failed, canApply: false, bankChangeAvailable }) } });
  return renderScreen(<HomeIndexScreen />, {
    namespaces: ['loan', 'errors'],
    path: '/homeIndex',
    ...(language && { language }),
  });
};

beforeEach(() => logIn());
afterEach(cleanup);

describe('the change-payout-account entry on Home', () => {
  it('leads to /changeBank after a failed disbursement when the bank can be changed', async () => {
    await renderHome(true);
    const link = await screen.findByRole('link', { name: catalogs.en['order.changeBank']! });
    expect(link.getAttribute('href')).toBe('/changeBank');
    expect(screen.queryByTestId('bank-change-maintenance')).toBeNull();
  });

  it('under bank maintenance says the change must wait and offers no link to it', async () => {
    await renderHome(false);
    expect((await screen.findByTestId('bank-change-maintenance')).textContent).toBe(
      catalogs.en['order.changeBankMaintenance'],
    );
    expect(screen.queryByRole('link', { name: catalogs.en['order.changeBank']! })).toBeNull();
    expect(document.querySelector('a[href="/changeBank"]')).toBeNull();
    // Why the money did not arrive is still said.
    expect(screen.getByRole('alert').textContent).toBe(readCatalogs('errors').en['PAYOUT_ACCOUNT_INVALID']);
  });

  it('says it in Filipino too', async () => {
    await renderHome(false, 'fil');
    expect((await screen.findByTestId('bank-change-maintenance')).textContent).toBe(
      catalogs.fil['order.changeBankMaintenance'],
    );
  });
});
