// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { useNavigate } from '#src/router.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { product } from '#src/config.ts';
import { useCoreStore } from '#src/store/core-store.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import { catalogProblems, readCatalogs } from '#src/testing/catalog-check.ts';
import SetupScreen from './setup-screen.tsx';

const en = readCatalogs('setup').en;
const text = (key: string) => {
  const value = en[key];
  if (value === undefined) throw new Error(`no key ${key}`);
  return value;
};

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      test-back
    </button>
  );
}

function renderSetup(path = '/setup', language: 'en' | 'fil' | 'zh-CN' = 'en') {
  return renderScreen(
    <>
      <SetupScreen />
      <BackButton />
    </>,
    { language, namespaces: ['setup'], path },
  );
}

const location = () => screen.getByTestId('location').textContent;
const dialog = () => within(screen.getByRole('alertdialog'));
/** Lets the screen's awaited confirmDialog continuation run before asserting. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  localStorage.clear();
  useCoreStore.setState({ publicData: {} });
  useCoreStore.getState().setSession({ customerId: 'c-1', token: 't-1', phone_number: '+639171234567' });
  localStorage.setItem('userInfo', '{"name":"Juan"}');
});

afterEach(async () => {
  cleanup();
  if (i18next.isInitialized) await i18next.changeLanguage('en');
});

describe('setup catalogs', () => {
  it('have the same keys and placeholders in every language and no product facts typed in', () => {
    expect(catalogProblems('setup')).toEqual([]);
  });
});

describe('SetupScreen settings list', () => {
  it('switches the whole UI language at once and remembers the choice', async () => {
    await renderSetup();
    expect(await screen.findByText(text('language.title'))).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('radio')).toHaveLength(product.languages.length);

    fireEvent.click(screen.getByRole('radio', { name: 'Filipino' }));
    const fil = readCatalogs('setup').fil;
    expect(await screen.findByText(fil['language.title'] ?? '-')).toBeTruthy();
    expect(screen.getByText(fil['logout.button'] ?? '-')).toBeTruthy();
    expect(screen.queryByText(text('language.title'))).toBeNull();
    expect((screen.getByRole('radio', { name: 'Filipino' }) as HTMLInputElement).checked).toBe(true);
    expect(localStorage.getItem('language')).toBe('fil');
    expect(i18next.language).toBe('fil');

    fireEvent.click(screen.getByRole('radio', { name: '简体中文' }));
    expect(await screen.findByText(readCatalogs('setup')['zh-CN']['language.title'] ?? '-')).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('zh-CN');
  });

  it('links to the information pages', async () => {
    await renderSetup();
    const href = (key: string) => screen.getByRole('link', { name: text(key) }).getAttribute('href');
    expect(href('links.aboutUs')).toBe('/aboutUs');
    expect(href('links.privacy')).toBe('/privacy');
    expect(href('links.terms')).toBe('/conditionalTerms');
    expect(href('links.addToHome')).toBe('/addDeskTopBrowser');
    fireEvent.click(screen.getByRole('link', { name: text('links.aboutUs') }));
    expect(location()).toBe('/aboutUs');
  });

  it('asks before logging out; cancel keeps the session', async () => {
    await renderSetup();
    fireEvent.click(await screen.findByRole('button', { name: text('logout.button') }));
    expect(await screen.findByText(text('logout.confirmTitle'))).toBeTruthy();
    expect(useCoreStore.getState().publicData.token).toBe('t-1');

    fireEvent.click(dialog().getByRole('button', { name: text('logout.cancel') }));
    await settle();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(useCoreStore.getState().publicData).toMatchObject({
      token: 't-1',
      customerId: 'c-1',
      phone_number: '+639171234567',
    });
    expect(localStorage.getItem('userInfo')).not.toBeNull();
    expect(location()).toBe('/setup');
  });

  it('logs out on confirm: clears the session, removes userInfo and lands on /start', async () => {
    await renderSetup();
    fireEvent.click(await screen.findByRole('button', { name: text('logout.button') }));
    fireEvent.click(dialog().getByRole('button', { name: text('logout.confirm') }));
    await screen.findByText('/start');
    const data = useCoreStore.getState().publicData;
    expect(data.token).toBeUndefined();
    expect(data.customerId).toBeUndefined();
    expect(data.phone_number).toBeUndefined();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(location()).toBe('/start');
  });
});

describe('SetupScreen account deletion', () => {
  it('opens as a sub-view of /setup that Back leaves again', async () => {
    await renderSetup();
    fireEvent.click(await screen.findByRole('link', { name: text('account.delete') }));
    expect(location()).toBe('/setup?view=deleteAccount');
    expect(await screen.findByText(text('delete.loansFirst'))).toBeTruthy();
    expect(screen.getByText(text('delete.retained'))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'test-back' }));
    expect(location()).toBe('/setup');
    expect(await screen.findByText(text('language.title'))).toBeTruthy();
  });

  it('asks first: cancel shows no channels', async () => {
    await renderSetup('/setup?view=deleteAccount');
    fireEvent.click(await screen.findByRole('button', { name: text('delete.request') }));
    expect(dialog().getByRole('button', { name: text('delete.confirm') }).className).toContain('ui-dialog-danger');
    fireEvent.click(dialog().getByRole('button', { name: text('delete.cancel') }));
    await settle();
    expect(screen.queryByTestId('delete-next')).toBeNull();
    expect(document.querySelector('a[data-channel]')).toBeNull();
  });

  it('after confirming explains that customer service deletes the account and shows the channels', async () => {
    await renderSetup('/setup?view=deleteAccount');
    fireEvent.click(await screen.findByRole('button', { name: text('delete.request') }));
    fireEvent.click(dialog().getByRole('button', { name: text('delete.confirm') }));
    const next = within(await screen.findByTestId('delete-next'));
    expect(next.getByText(text('delete.nextBody'))).toBeTruthy();
    const { opens, closes } = product.customerService;
    expect(
      next.getByText(text('service.hours').replace('{{opens}}', opens).replace('{{closes}}', closes)),
    ).toBeTruthy();

    const href = (type: string) => document.querySelector(`a[data-channel="${type}"]`)?.getAttribute('href') ?? '';
    const subject = encodeURIComponent(text('delete.mailSubject').replace('{{name}}', product.displayName));
    const body = encodeURIComponent(
      text('delete.mailBodyWithPhone').replace('{{name}}', product.displayName).replace('{{phone}}', '+639171234567'),
    );
    expect(href('email')).toBe(`mailto:support@pesoagad.ph?subject=${subject}&body=${body}`);
    expect(href('whatsapp')).toBe('https://wa.me/639178887326');
    expect(href('phone')).toBe('tel:+63288887326');
    expect(document.body.innerHTML).not.toContain('{{');
    expect(decodeURIComponent(href('email'))).not.toContain('{{');
  });

  it('writes the e-mail in the chosen language and leaves the phone out when none is registered', async () => {
    useCoreStore.setState({ publicData: { customerId: 'c-1', token: 't-1' } });
    await renderSetup('/setup?view=deleteAccount', 'zh-CN');
    const zh = readCatalogs('setup')['zh-CN'];
    fireEvent.click(await screen.findByRole('button', { name: zh['delete.request'] ?? '-' }));
    fireEvent.click(dialog().getByRole('button', { name: zh['delete.confirm'] ?? '-' }));
    await screen.findByTestId('delete-next');
    const mail = new URL(document.querySelector('a[data-channel="email"]')?.getAttribute('href') ?? 'mailto:x');
    expect(mail.searchParams.get('subject')).toBe(
      (zh['delete.mailSubject'] ?? '').replace('{{name}}', product.displayName),
    );
    expect(mail.searchParams.get('body')).toBe((zh['delete.mailBody'] ?? '').replace('{{name}}', product.displayName));
  });
});

describe('SetupScreen attribution consent', () => {
  afterEach(() => document.head.querySelectorAll('meta[name="attribution-app-token"]').forEach((m) => m.remove()));

  it('is not offered while attribution is off', async () => {
    await renderSetup();
    expect(await screen.findByText(text('language.title'))).toBeTruthy();
    expect(screen.queryByText(text('attribution.title'))).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('shows the answer given and changes it', async () => {
    const meta = document.createElement('meta');
    meta.name = 'attribution-app-token';
    meta.content = 'abc123def456';
    document.head.append(meta);
    localStorage.setItem('attributionConsent', 'granted');
    await renderSetup();
    const box = (await screen.findByRole('checkbox', { name: text('attribution.label') })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(localStorage.getItem('attributionConsent')).toBe('denied');
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(localStorage.getItem('attributionConsent')).toBe('granted');
  });
});
