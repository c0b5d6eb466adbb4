/**
 * The first screen paints from the HTML: with every script held back, /start shows its title, the phone
 * field and the button in the borrower's language and the product's colours, and a signed-in route its title bar,
 * loading state and navigation. Once the scripts arrive the app hydrates that markup (the same elements, not a second
 * copy) and works: wrong input first. The pages come from scripts/prerender.ts; the server picks the language from the
 * app's cookie or the browser's (server/plugins/web-app.ts).
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { borrowerWithProfile, login, type Borrower } from '#server/testing/borrower.ts';
import theme from '#config/themes/theme-1.json' with { type: 'json' };
import { catalogText as tr } from './steps.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabase, startServer, type E2eServer } from './server.ts';

const base = inject('baseUrl');
const suite = chromiumSuite(base);
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

/** Holds every script until `release` is called: the page has only its HTML and stylesheets. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?|$)/u, async (route: Route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return release;
}

describe('the first screen from the HTML', () => {
  it.each(['en', 'fil', 'zh-CN'] as const)(
    '/start paints before any script in %s, then hydrates and answers wrong input',
    async (lng) => {
      const page = await suite.open(iPhone(3), undefined, { language: lng });
      // The language the app remembers travels as its cookie too (src/i18n.ts).
      await suite.context.addCookies([{ name: 'lng', value: lng, url: base }]);
      const release = await holdScripts(page);
      await page.goto(`${base}/start`, { waitUntil: 'commit' });
      const title = page.locator('.start-title');
      await title.waitFor();
      // The browser paints once the stylesheets in the head have loaded; the title can be in the DOM before that.
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
      );
      expect(await title.textContent()).toBe(tr(lng, 'login', 'title'));
      const button = page.locator('.start-form button[type="submit"]');
      expect(await button.textContent()).toBe(tr(lng, 'login', 'sendCode'));
      expect(await page.locator('#start-phone').isVisible()).toBe(true);
      expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        rgb(theme.properties['--color-primary']),
      );
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
      await page.screenshot({ path: `/tmp/first-paint-start-${lng}.png` });
      // Mark the elements the HTML drew; hydration keeps them.
      await page.evaluate(() => {
        (window as unknown as { drawn: Element | null }).drawn = document.querySelector('#start-phone');
      });

      release();
      // Hydrated: React has taken the elements the HTML drew.
      await page.waitForFunction(() =>
        Object.keys(document.querySelector('#start-phone') ?? {}).some((key) => key.startsWith('__reactFiber')),
      );
      const phone = page.locator('#start-phone');
      await phone.fill('12345');
      await button.click();
      await expect.poll(() => page.locator('#start-error').textContent()).toBe(tr(lng, 'login', 'phoneInvalid'));
      expect(await phone.inputValue()).toBe('12345');
      expect(
        await page.evaluate(
          () => (window as unknown as { drawn: Element | null }).drawn === document.querySelector('#start-phone'),
        ),
      ).toBe(true);
    },
  );

  it('a page drawn in another language than the one stored is drawn again, and what is typed as soon as it can be is kept', async () => {
    // Filipino stored, no `lng` cookie: the server draws /start in the browser's language (English) and the app draws
    // it again in Filipino instead of hydrating it. The page's markup takes no typing until the app's own is there.
    const page = await suite.open(iPhone(3), undefined, { language: 'fil' });
    await page.addInitScript(() => {
      const typeOnce = () => {
        const input = document.querySelector<HTMLInputElement>('#start-phone')!;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '12345');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      };
      // Types the moment the page takes typing (a borrower's first tap), into whatever phone field is there then.
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root')!;
        new MutationObserver((_, observer) => {
          if (root.inert) return;
          observer.disconnect();
          typeOnce();
        }).observe(root, { attributes: true, attributeFilter: ['inert'] });
      });
    });
    await page.goto(`${base}/start`);
    await expect.poll(() => page.locator('.start-title').textContent()).toBe(tr('fil', 'login', 'title'));
    await expect.poll(() => page.locator('#start-phone').inputValue()).toBe('12345');
    await page.locator('.start-form button[type="submit"]').click();
    await expect.poll(() => page.locator('#start-error').textContent()).toBe(tr('fil', 'login', 'phoneInvalid'));
    expect(await page.locator('#start-phone').inputValue()).toBe('12345');
  });

  it('another signed-in route paints its frame before any script: the title, the loading state and the navigation', async () => {
    const page = await suite.open(iPhone(2), undefined, { session: true, language: 'en' });
    const release = await holdScripts(page);
    await page.goto(`${base}/billIndex`, { waitUntil: 'commit' });
    await page.locator('.page-loading').waitFor();
    expect(await page.locator('.title-bar-title').textContent()).toBe(tr('en', 'common', 'routes.billIndex'));
    expect(await page.locator('.ui-bottom-nav').textContent()).toContain(tr('en', 'common', 'nav.home'));
    release();
    // The app takes the frame over and draws the screen in it.
    await page.locator('.page-loading').waitFor({ state: 'detached' });
  });
});

describe('a signed-in page from the HTML', () => {
  let server: E2eServer;
  let borrower: Borrower;
  beforeAll(async () => {
    server = await startServer(browserDatabase());
    borrower = await borrowerWithProfile(server);
  });
  afterAll(async () => {
    await server.close();
  });

  /** The borrower's session where the app keeps it (src/store/core-store.ts, src/api/session.ts), and a language. */
  const signedIn = async (page: Page, lng: string, who: Borrower = borrower) => {
    await suite.context.addCookies([{ name: 'lng', value: lng, url: server.url }]);
    await page.goto(`${server.url}/robots.txt`);
    await page.evaluate(
      ({ token, customerId, device }) => {
        const state = { publicData: { token, customerId } };
        localStorage.setItem('core', JSON.stringify({ state, version: 1 }));
        localStorage.setItem('deviceId', device);
      },
      {
        token: who.headers['authorization']!.slice('Bearer '.length),
        customerId: who.customerId,
        device: who.headers['x-device-id']!,
      },
    );
  };

  it('/my paints before any script its card and the way to raise the limit, then its figures', async () => {
    const page = await suite.open(iPhone(2), undefined, { language: 'fil' });
    await signedIn(page, 'fil');
    const release = await holdScripts(page);
    await page.goto(`${server.url}/my`, { waitUntil: 'commit' });
    await page.locator('.my-head[aria-busy="true"]').waitFor();
    expect(await page.locator('.title-bar-title').textContent()).toBe(tr('fil', 'common', 'routes.my'));
    expect(await page.locator('.my-raise').textContent()).toBe(tr('fil', 'profile', 'limit.raise'));
    expect(await page.locator('.ui-bottom-nav').textContent()).toContain(tr('fil', 'common', 'nav.home'));
    // Where the link is, in widths of the layout viewport (the app's layout sets the viewport's scale and the root font
    // by the screen's pixel ratio once it runs: src/engine/layout).
    const place = () =>
      page.evaluate(() => document.querySelector('.my-raise')!.getBoundingClientRect().top / window.innerWidth);
    const before = await place();
    await page.evaluate(() => {
      (window as unknown as { drawn: Element | null }).drawn = document.querySelector('.my-raise');
    });
    await page.screenshot({ path: '/tmp/first-paint-my-fil.png' });
    release();
    // The app hydrates the card and fills in its figures: the link the HTML drew stays, where it was.
    await page.getByTestId('my-phone').waitFor();
    expect(await page.getByTestId('my-phone').textContent()).toMatch(/^\+63 \d{3}\*{3}\d{4}$/u);
    expect(
      await page.evaluate(
        () => (window as unknown as { drawn: Element | null }).drawn === document.querySelector('.my-raise'),
      ),
    ).toBe(true);
    expect(await place()).toBeCloseTo(before, 2);
  });

  it("a step paints its published form before any script, then the app takes the form's elements and works", async () => {
    const page = await suite.open(iPhone(2), undefined, { language: 'en' });
    await signedIn(page, 'en', await login(server));
    const release = await holdScripts(page);
    await page.goto(`${server.url}/identityInfo`, { waitUntil: 'commit' });
    await page.locator('#root_idPhotoFront__notice').waitFor();
    expect(await page.locator('.ui-form-progress-text').textContent()).toBe(
      tr('en', 'forms', 'flow.stepOf').replace('{{index}}', '1').replace('{{total}}', '7'),
    );
    await page.evaluate(() => {
      (window as unknown as { drawn: Element | null }).drawn = document.querySelector('#root_name');
    });
    await page.screenshot({ path: '/tmp/first-paint-identityInfo-en.png' });
    release();
    // Hydrated: React holds the input the HTML drew, and what is typed stays.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('#root_name') ?? {}).some((key) => key.startsWith('__reactFiber')),
    );
    await page.locator('#root_name').fill('Maria Santos');
    expect(await page.locator('#root_name').inputValue()).toBe('Maria Santos');
    expect(
      await page.evaluate(
        () => (window as unknown as { drawn: Element | null }).drawn === document.querySelector('#root_name'),
      ),
    ).toBe(true);
  });

  it("a returning borrower's step is drawn again with what they saved, not hydrated on the page's empty inputs", async () => {
    // The page is drawn for a borrower who saved nothing of this step; React 19 would take its empty inputs for typing
    // and write them over the saved name (src/store/hydrated.ts).
    const page = await suite.open(iPhone(2), undefined, { language: 'en' });
    await signedIn(page, 'en');
    const release = await holdScripts(page);
    await page.goto(`${server.url}/identityInfo`, { waitUntil: 'commit' });
    await page.locator('#root_idPhotoFront__notice').waitFor();
    expect(await page.locator('#root_name').inputValue()).toBe('');
    release();
    await expect.poll(() => page.locator('#root_name').inputValue()).toBe('Juan dela Cruz');
    // Kept where the app keeps drafts, and in the field after the borrower types in another.
    await expect
      .poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('drafts'))) ?? '{}'))
      .toMatchObject({ state: { sections: { identityInfo: { name: 'Juan dela Cruz' } } } });
    await page.locator('#root_idNumber').fill('A01-23-456789');
    expect(await page.locator('#root_name').inputValue()).toBe('Juan dela Cruz');
  });

  it('a step keeps what a new borrower typed and did not save, though the page drew it empty', async () => {
    const page = await suite.open(iPhone(2), undefined, { language: 'en' });
    await signedIn(page, 'en', await login(server));
    await page.evaluate(() =>
      localStorage.setItem(
        'drafts',
        JSON.stringify({ state: { sections: { identityInfo: { name: 'Maria Santos' } }, completed: [] }, version: 1 }),
      ),
    );
    const release = await holdScripts(page);
    await page.goto(`${server.url}/identityInfo`, { waitUntil: 'commit' });
    await page.locator('#root_idPhotoFront__notice').waitFor();
    release();
    await expect.poll(() => page.locator('#root_name').inputValue()).toBe('Maria Santos');
    await page.locator('#root_idNumber').fill('A01-23-456789');
    expect(await page.locator('#root_name').inputValue()).toBe('Maria Santos');
  });

  it('opened directly, asks the API once for what the screen needs: the boot script asked, the app took the answers', async () => {
    const page = await suite.open(iPhone(2), undefined, { language: 'en' });
    await signedIn(page, 'en');
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/locales/')) asked.push(url.pathname);
    });
    await page.goto(`${server.url}/my`);
    await page.getByTestId('my-phone').waitFor();
    await page.waitForLoadState('networkidle');
    for (const path of ['/api/v1/me', '/api/v1/forms/manifest', '/locales/en/common.json', '/locales/en/profile.json'])
      expect(
        asked.filter((p) => p === path),
        path,
      ).toHaveLength(1);

    // A step: its published form and validator, named by the manifest the boot script asked for, once each.
    asked.length = 0;
    const forms: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/forms/')) forms.push(url.pathname);
    });
    await page.goto(`${server.url}/identityInfo`);
    // The form draws once its file and validator are in: a second request of either would have been made by then.
    await page.locator('fieldset#root').waitFor();
    expect(asked.filter((p) => p === '/api/v1/profile')).toHaveLength(1);
    expect(forms.filter((p) => p.endsWith('.json'))).toHaveLength(1);
    expect(forms.filter((p) => p.endsWith('.js'))).toHaveLength(1);
  });
});
