// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import bankName from '#forms/bankName.schema.json';
import { logIn } from '#src/testing/api-mock.ts';
import { useDraftStore } from '#src/store/draft-store.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import BankNameScreen from './bankName-screen.tsx';

const forms = readCatalogs('forms').en;
const profile = readCatalogs('profile').en;
const bank = (id: string) => forms[`bankInfo.options.bankCode.${id}`]!;

beforeEach(() => {
  localStorage.clear();
  logIn();
  useDraftStore.getState().clear();
});
afterEach(async () => {
  cleanup();
  if (i18next.isInitialized) await i18next.changeLanguage('en');
});

describe('the bank chooser', () => {
  it('lists every bank of the payout form by its name', async () => {
    await renderScreen(<BankNameScreen />, { namespaces: ['profile', 'forms'], path: '/bankName' });
    const names = screen.getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(bankName.properties.bankCode.enum.map(bank));
  });

  it('finds banks as the borrower types, and says when none matches', async () => {
    await renderScreen(<BankNameScreen />, { namespaces: ['profile', 'forms'], path: '/bankName' });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: ' union ' } });
    const names = screen.getAllByRole('button').map((b) => b.textContent);
    expect(names).toContain(bank('unionBank'));
    expect(names).not.toContain(bank('bdo'));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'no such bank' } });
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByText(profile['bankName.noMatch']!)).toBeTruthy();
  });

  it("writes the bank into the payout step's draft, keeping what was typed, and returns to the form", async () => {
    useDraftStore
      .getState()
      .setSection('bankInfo', { payoutMethod: 'bank', accountNumber: '1234567890', bankCode: 'bdo' });
    await renderScreen(<BankNameScreen />, { namespaces: ['profile', 'forms'], path: '/bankName' });
    expect(screen.getByRole('button', { name: bank('bdo') }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: bank('bpi') }));
    expect(useDraftStore.getState().sections['bankInfo']).toEqual({
      payoutMethod: 'bank',
      accountNumber: '1234567890',
      bankCode: 'bpi',
    });
    expect(screen.getByTestId('location').textContent).toBe('/bankInfo');
  });
});
