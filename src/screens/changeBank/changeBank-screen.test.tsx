// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, logIn, mockApi as mockLoanApi, type Routes } from '#src/testing/api-mock.ts';
import { homeView } from '#src/testing/loan-views.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { freshPage, publish, publishedRoutes, removeScratch, type Published } from '#src/testing/published-forms.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import ChangeBankScreen, { sameAccountField } from './changeBank-screen.tsx';

const en = readCatalogs('loan').en;
const text = (key: string) => en[key] ?? `missing ${key}`;
const old = {
  payoutMethod: 'bank',
  bankCode: 'bdo',
  accountNumber: '001234567890',
  accountNumberConfirm: '001234567890',
  payeeLastName: 'dela Cruz',
  payeeFirstName: 'Juan',
  payeeMiddleName: 'Santos',
  withdrawalPhone: '9171234567',
};
const profile = { summary: {}, sections: { bankInfo: { data: old } } };
const render = () =>
  renderScreen(<ChangeBankScreen />, { namespaces: ['loan', 'errors', 'forms'], path: '/changeBank' });
/** An RJSF input by its field name. */
const field = (name: string) => document.getElementById(`changeBank_${name}`) as HTMLInputElement;
const type = (name: string, value: string) => {
  const input = field(name);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

// The bankInfo form is the published one (the seed's, built by the server's code), fetched as the app fetches it.
let published: Published;
beforeAll(() => {
  published = publish();
}, 120_000);
afterAll(removeScratch);
const mockApi = (routes: Routes) => mockLoanApi({ ...publishedRoutes(published), ...routes });

beforeEach(() => {
  logIn();
  freshPage();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sameAccountField', () => {
  it('finds the same method, institution and account, and nothing else', () => {
    expect(sameAccountField(old, { ...old, payeeFirstName: 'Pedro' })).toBe('accountNumber');
    expect(sameAccountField(old, { ...old, accountNumber: '009999999999' })).toBeNull();
    expect(sameAccountField(old, { ...old, bankCode: 'bpi' })).toBeNull();
    expect(
      sameAccountField(old, { payoutMethod: 'eWallet', eWalletProvider: 'gcash', eWalletNumber: '9171234567' }),
    ).toBeNull();
    expect(sameAccountField(undefined, old)).toBeNull();
  });
});

describe('ChangeBankScreen', () => {
  it('shows the bankInfo form prefilled and refuses the same account', async () => {
    const calls = mockApi({ 'GET /loans/home': { body: homeView() }, 'GET /profile': { body: profile } });
    await render();
    const submit = await screen.findByRole('button', { name: text('changeBank.submit') });
    expect(field('accountNumber').value).toBe(old.accountNumber);
    fireEvent.click(submit);
    expect(await screen.findByText(text('changeBank.sameAsOld'))).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/payout-account')).toHaveLength(0);
  });

  it('saves another account and goes to withdraw the reopened order', async () => {
    const calls = mockApi({
      'GET /loans/home': { body: homeView() },
      'GET /profile': { body: profile },
      'PUT /payout-account': { body: { ok: true, reopened: ['o-9'] } },
    });
    await render();
    const submit = await screen.findByRole('button', { name: text('changeBank.submit') });
    type('accountNumber', '009876543210');
    type('accountNumberConfirm', '009876543210');
    fireEvent.click(submit);
    await screen.findByText('/withdrawPage?order=o-9');
    expect(callsTo(calls, 'PUT', '/payout-account')[0]!.body).toMatchObject({
      payoutMethod: 'bank',
      bankCode: 'bdo',
      accountNumber: '009876543210',
    });
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    mockApi({
      'GET /loans/home': { body: homeView() },
      'GET /profile': { body: profile },
      'PUT /payout-account': { status: 409, body: { code: 'BANK_CHANGE_MAINTENANCE', message: 'x' } },
    });
    await render();
    const submit = await screen.findByRole('button', { name: text('changeBank.submit') });
    type('accountNumber', '009876543210');
    type('accountNumberConfirm', '009876543210');
    fireEvent.click(submit);
    expect(await screen.findByText(readCatalogs('errors').en['BANK_CHANGE_MAINTENANCE']!)).toBeTruthy();
    expect(field('accountNumber').value).toBe('009876543210');
  });

  it('offers no form under maintenance', async () => {
    mockApi({
      'GET /loans/home': { body: homeView({ bankChangeAvailable: false }) },
      'GET /profile': { body: profile },
    });
    await render();
    expect((await screen.findByTestId('maintenance')).textContent).toBe(
      readCatalogs('errors').en['BANK_CHANGE_MAINTENANCE'],
    );
    expect(screen.queryByRole('button', { name: text('changeBank.submit') })).toBeNull();
  });
});
