/** Every screen that needs no server, in each language, as a borrower on an iPhone sees it. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { chromiumSuite, iPhone } from './browser.ts';

const LANGUAGES = ['en', 'fil', 'zh-CN'] as const;
const base = inject('baseUrl');
const suite = chromiumSuite(base);
const open = (path: string, language?: string) => suite.open(iPhone(3), path, { session: true, language });

/** Every dotted key of every catalog: none may reach the screen as raw text. */
const rawKeys = readdirSync('locales/en').flatMap((file) => {
  const walk = (node: unknown, prefix: string): string[] =>
    node && typeof node === 'object' && !Array.isArray(node)
      ? Object.entries(node).flatMap(([k, v]) => walk(v, prefix ? `${prefix}.${k}` : k))
      : prefix.includes('.')
        ? [prefix]
        : [];
  return walk(JSON.parse(readFileSync(`locales/en/${file}`, 'utf8')), '');
});

const SCREENS: [string, string, string][] = [
  ['/privacy', 'privacy', '.legal-document, .page'],
  ['/conditionalTerms', 'conditionalTerms', '.page'],
  ['/aboutUs', 'aboutUs', '.page'],
  ['/setup', 'setup', '.page'],
  ['/setup?view=deleteAccount', 'setup', '.page'],
  ['/addDeskTopBrowser', 'addDeskTopBrowser', '.page'],
  ['/guildDetail?browser=chrome', 'guildDetail', '.page'],
  ['/videoIndex', 'videoIndex', '.page'],
  ['/KSResult?status=success&type=payment', 'KSResult', '.page'],
  ['/test', 'test', '.page'],
];

describe.each(LANGUAGES)('screens in %s', (language) => {
  // One page a language, kept for the file: each screen is a fresh load in a warm browser.
  const phone = iPhone(3);
  it.each(SCREENS)('%s renders translated content', async (path, route) => {
    const page = await suite.shared(phone, { session: true, language });
    await page.goto(base + path);
    await page.locator(`.app[data-route="${route}"] .app-main .page`).first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.page-loading'));
    const text = await page.locator('.app').innerText();
    expect(text.length).toBeGreaterThan(40);
    expect(text).not.toContain('{{');
    expect(rawKeys.filter((key) => text.includes(key))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  });
});

describe('language', () => {
  it('is chosen on /setup, changes the whole UI at once and survives a reload', async () => {
    const page = await open('/setup');
    // The switch waits for the new language's catalogs before it re-renders, so click rather than check().
    await page.getByRole('radio', { name: 'Filipino' }).click();
    await page.locator('.title-bar-title', { hasText: 'Mga setting' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fil');
    await page.reload();
    await page.locator('.title-bar-title', { hasText: 'Mga setting' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Filipino' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'English' }).click();
    await page.locator('.title-bar-title', { hasText: 'Settings' }).waitFor();
  });
});

describe('logout', () => {
  it('asks first; cancel keeps the session, confirm clears it and lands on /start', async () => {
    const page = await open('/setup');
    await page.evaluate(() => localStorage.setItem('userInfo', '{"name":"Juan"}'));
    const logoutButton = page.locator('.setup').getByRole('button', { name: 'Log out' });
    await logoutButton.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Stay logged in' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/setup');

    await logoutButton.click();
    await dialog.locator('.ui-dialog-confirm').click();
    await page.waitForURL('**/start');
    const stored = await page.evaluate(() => ({
      core: JSON.parse(localStorage.getItem('core') ?? '{}') as { state?: { publicData?: object } },
      userInfo: localStorage.getItem('userInfo'),
    }));
    expect(stored.core.state?.publicData).toEqual({});
    expect(stored.userInfo).toBeNull();
    await page.goto(`${base}/setup`);
    await page.waitForURL('**/start');
  });
});

describe('account deletion', () => {
  it('confirms, then explains that customer service deletes the account and offers the channels', async () => {
    const page = await open('/setup');
    await page
      .getByRole('link', { name: /account deletion|delete/i })
      .first()
      .click();
    await page.waitForURL('**/setup?view=deleteAccount');
    await page.getByRole('button', { name: /request account deletion/i }).click();
    await page.getByRole('alertdialog').locator('.ui-dialog-confirm').click();
    await page.locator('a[href^="mailto:support@pesoagad.ph"]').first().waitFor();
    expect(await page.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href^="https://wa.me/"]').count()).toBeGreaterThan(0);
    await page.goBack();
    await page.waitForURL('**/setup');
  });
});
