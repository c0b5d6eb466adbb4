// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { product, type Language } from '#src/config.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import NoAndroidScreen from './noAndroid-screen.tsx';

const catalogs = readCatalogs('result');

afterEach(cleanup);

describe.each(product.languages as readonly Language[])('NoAndroidScreen in %s', (language) => {
  it('says Android is not supported, suggests an iPhone and offers customer service', async () => {
    const texts = catalogs[language];
    const { container } = await renderScreen(<NoAndroidScreen />, {
      language,
      namespaces: ['result'],
      path: '/noAndroid',
    });
    const title = (texts['noAndroid.title'] ?? '-').replace('{{name}}', product.displayName);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(texts['noAndroid.message'] ?? '-')).toBeTruthy();
    expect(screen.getByText((texts['noAndroid.iphone'] ?? '-').replace('{{name}}', product.displayName))).toBeTruthy();
    expect(screen.getByTestId('website').textContent).toBe(product.website);
    expect(container.innerHTML).not.toContain('{{');

    const href = (type: string) => container.querySelector(`a[data-channel="${type}"]`)?.getAttribute('href');
    expect(href('email')).toBe('mailto:support@pesoagad.ph');
    expect(href('whatsapp')).toBe('https://wa.me/639178887326');
    expect(href('phone')).toBe('tel:+63288887326');
  });
});

describe('NoAndroidScreen copy', () => {
  it('copies the website address', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderScreen(<NoAndroidScreen />, { language: 'fil', namespaces: ['result'], path: '/noAndroid' });
    fireEvent.click(await screen.findByRole('button', { name: catalogs.fil['noAndroid.copyLink'] }));
    expect(writeText).toHaveBeenCalledWith(product.website);
    expect(await screen.findByText('Nakopya na')).toBeTruthy();
  });
});
