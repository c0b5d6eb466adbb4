// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPeso } from '#domain/money.ts';
import type { MeView } from '#src/api/me.ts';
import { product } from '#src/config.ts';
import { logIn, mockApi } from '#src/testing/api-mock.ts';
import { useCoreStore } from '#src/store/core-store.ts';
import { catalogProblems, readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen, signedInScreenSuite } from '#src/testing/render-screen.tsx';
import MyScreen from './my-screen.tsx';

const en = readCatalogs('profile').en;
const fil = readCatalogs('profile').fil;

const STEPS = ['identityInfo', 'baseInfo', 'baseInfo2', 'addressInfo', 'contact', 'workInfo', 'bankInfo'];

function meView(overrides: Partial<MeView> = {}): MeView {
  return {
    phoneMasked: '917***4567',
    preferences: { language: 'en', smsReminders: true, contactHours: null },
    creditLimitCentavos: 500000,
    steps: STEPS.map((step) => ({ step, route: `/${step}`, state: 'complete' as const })),
    profileComplete: true,
    payoutLocked: false,
    payoutAccount: { method: 'bank', label: 'bdo', accountMasked: '******7890' },
    bankChangeAvailable: true,
    usableCoupons: 2,
    unread: { notify: 1, activity: 2 },
    openFeedback: 0,
    ...overrides,
  };
}

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

signedInScreenSuite(logIn);

describe('profile catalogs', () => {
  it('have the same keys and placeholders in every language and no product facts typed in', () => {
    expect(catalogProblems('profile')).toEqual([]);
  });
});

describe('the Profile tab', () => {
  it('shows the masked phone, the limit and how to raise it, each step, the masked payout account and the counts', async () => {
    mockApi({ 'GET /me': { body: meView() } });
    await renderScreen(<MyScreen />, { namespaces: ['profile', 'forms'] });
    expect((await screen.findByTestId('my-phone')).textContent).toContain('+63 917***4567');
    expect(screen.getByTestId('my-limit').textContent).toContain(formatPeso(500000, { wholeIfExact: true }));
    expect(screen.getByRole('link', { name: en['limit.raise']! }).getAttribute('href')).toBe('/creditLimit');
    expect(screen.getByTestId('my-credit-limit').getAttribute('href')).toBe('/creditLimit');
    const steps = within(screen.getByTestId('my-steps')).getAllByRole('link');
    expect(steps.map((a) => a.getAttribute('href'))).toEqual(STEPS.map((s) => `/${s}`));
    expect(screen.getByTestId('my-payout').textContent).toContain('BDO Unibank');
    expect(screen.getByTestId('my-payout').textContent).toContain('******7890');
    expect(screen.getByTestId('my-payout').getAttribute('href')).toBe('/changeBank');
    expect(screen.getByTestId('my-coupons').textContent).toContain(
      en['links.couponCount_other']!.replace('{{count}}', '2'),
    );
    expect(screen.getByTestId('my-messages').textContent).toContain(
      en['links.unreadCount_other']!.replace('{{count}}', '3'),
    );
    expect(screen.getByRole('link', { name: en['links.collectionContacts'] }).getAttribute('href')).toBe(
      '/collectionContacts',
    );
    expect(screen.getByRole('link', { name: en['links.settings'] }).getAttribute('href')).toBe('/setup');
    expect(screen.getByRole('link', { name: en['links.help'] }).getAttribute('href')).toBe('/help');
    // Easy Re-loan is on in config: the profile links to it.
    expect(product.easyReloan?.enabled).toBe(true);
    expect(screen.getByRole('link', { name: en['links.easyReloan'] }).getAttribute('href')).toBe('/appointLoan');
  });

  it('under bank maintenance shows the payout account as under maintenance, with no way to change it', async () => {
    mockApi({ 'GET /me': { body: meView({ bankChangeAvailable: false }) } });
    await renderScreen(<MyScreen />, { namespaces: ['profile', 'forms'] });
    const entry = await screen.findByTestId('my-payout');
    expect(entry.tagName).not.toBe('A');
    expect(entry.textContent).toContain('******7890');
    expect(entry.textContent).toContain(en['payout.maintenance']);
    expect(entry.textContent).not.toContain(en['payout.change']);
    expect(document.querySelector('a[href="/changeBank"]')).toBeNull();
  });

  it('under bank maintenance still lets a borrower without an account add the first one', async () => {
    mockApi({ 'GET /me': { body: meView({ bankChangeAvailable: false, payoutAccount: null }) } });
    await renderScreen(<MyScreen />, { namespaces: ['profile', 'forms'] });
    expect((await screen.findByTestId('my-payout')).getAttribute('href')).toBe('/bankInfo');
  });

  it('locks the payout step while a loan is open and says why', async () => {
    const steps = meView().steps.map((s) => (s.step === 'bankInfo' ? { ...s, state: 'locked' as const } : s));
    mockApi({ 'GET /me': { body: meView({ steps, payoutLocked: true }) } });
    await renderScreen(<MyScreen />, { namespaces: ['profile', 'forms'] });
    await screen.findByTestId('my-steps');
    const links = within(screen.getByTestId('my-steps'))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).not.toContain('/bankInfo');
    expect(screen.getByText(en['steps.locked']!)).toBeTruthy();
    expect(screen.getByTestId('my-locked-note').textContent).toBe(en['steps.lockedNote']);
  });

  it('under bank maintenance says the locked payout account cannot be changed for now, naming no way to change it', async () => {
    const steps = meView().steps.map((s) => (s.step === 'bankInfo' ? { ...s, state: 'locked' as const } : s));
    mockApi({ 'GET /me': { body: meView({ steps, payoutLocked: true, bankChangeAvailable: false }) } });
    await renderScreen(<MyScreen />, { namespaces: ['profile', 'forms'] });
    const note = await screen.findByTestId('my-locked-note');
    expect(note.textContent).toBe(en['steps.lockedNoteMaintenance']);
    expect(screen.queryByText(en['steps.lockedNote']!)).toBeNull();
    expect(document.querySelector('a[href="/changeBank"]')).toBeNull();
  });

  it('changes the language at once and stores it on the server; switches SMS reminders off', async () => {
    const calls = mockApi({
      'GET /me': { body: meView() },
      'PATCH /me/preferences': (init) => ({
        body: {
          language: 'fil',
          smsReminders: false,
          contactHours: null,
          ...(JSON.parse(String(init.body)) as object),
        },
      }),
    });
    await renderScreen(<MyScreen />, { namespaces: ['profile', 'forms'] });
    await screen.findByTestId('my-steps');
    fireEvent.click(screen.getByRole('button', { name: 'Filipino' }));
    expect(await screen.findByText(fil['steps.title']!)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ language: 'fil' }]);
    expect(localStorage.getItem('language')).toBe('fil');
    const reminders = screen.getByRole('switch');
    expect((reminders as HTMLInputElement).checked).toBe(true);
    fireEvent.click(reminders);
    await settle();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { language: 'fil' },
      { smsReminders: false },
    ]);
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false);
  });

  it('puts the switch back when the server refuses', async () => {
    mockApi({
      'GET /me': { body: meView() },
      'PATCH /me/preferences': { status: 503, body: { code: 'PROVIDER_UNAVAILABLE', message: 'x' } },
    });
    await renderScreen(<MyScreen />, { namespaces: ['profile', 'forms'] });
    await screen.findByTestId('my-steps');
    fireEvent.click(screen.getByRole('switch'));
    await settle();
    await settle();
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true);
  });

  it('logs out: revokes the session on the server, forgets the session and drafts here, and goes to /start', async () => {
    const calls = mockApi({ 'GET /me': { body: meView() }, 'POST /auth/logout': { status: 204 } });
    localStorage.setItem('drafts', '{"state":{"sections":{"baseInfo":{}}}}');
    await renderScreen(<MyScreen />, { namespaces: ['profile', 'forms'], path: '/my' });
    await screen.findByTestId('my-steps');
    fireEvent.click(screen.getByRole('button', { name: en['logout.button'] }));
    fireEvent.click(
      await within(await screen.findByRole('alertdialog')).findByRole('button', { name: en['logout.confirm'] }),
    );
    await settle();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/auth/logout')).toBe(true);
    expect(useCoreStore.getState().publicData.token).toBeUndefined();
    expect(localStorage.getItem('drafts')).toBeNull();
    expect(screen.getByTestId('location').textContent).toContain('/start');
  });
});
