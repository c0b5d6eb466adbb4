/**
 * Attribution behind config and consent, in Chromium against the real server. Without
 * ATTRIBUTION_APP_TOKEN the page carries no token and nothing of attribution loads: no prompt, no SDK chunk, no call to
 * the SDK's servers. With it, the borrower is asked after the first render; the SDK chunk is requested only after
 * "Allow", never before the first paint, again at the next start without asking, and never after "Do not allow" (until
 * allowed on /setup). The SDK's own servers are stood in for by the browser's request routing (no internet in tests).
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { login } from '#server/testing/borrower.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabase, type E2eServer, startServer } from './server.ts';
import { staffText } from './staff.ts';

const suite = chromiumSuite(inject('baseUrl'));
const prompt = staffText('en', 'attribution');
const setupText = staffText('en', 'setup');
const TOKEN = 'e2eAppToken12';

const isSdkChunk = (url: string) => /\/assets\/attribution-sdk-[\w-]+\.js$/u.test(new URL(url).pathname);
const isPromptChunk = (url: string) => /\/assets\/consent-prompt-[\w-]+\.js$/u.test(new URL(url).pathname);
const isAdjust = (url: string) => /(^|\.)adjust\.(com|world|net\.in)$/u.test(new URL(url).hostname);

/** Every request of the page, and the SDK's servers answered by the test. */
async function watch(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page
    .context()
    .route(/adjust\.(com|world|net\.in)/u, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
    );
  return requests;
}

/** The first paint's time and the SDK chunk's request time on the page's clock (Resource Timing). */
function timings(page: Page) {
  return page.evaluate(() => ({
    paint: performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? null,
    sdk:
      performance
        .getEntriesByType('resource')
        .find((e) => /\/assets\/attribution-sdk-[\w-]+\.js$/u.test(new URL(e.name).pathname))?.startTime ?? null,
  }));
}

/** The app has rendered and loaded its after-first-render extras (where attribution starts), and the network is quiet. */
async function settled(page: Page, requests: Request[]) {
  await page.locator('.app[data-route]').waitFor();
  await expect
    .poll(() => requests.some((r) => /\/assets\/shell-extras-[\w-]+\.js$/u.test(new URL(r.url()).pathname)))
    .toBe(true);
  await page.waitForLoadState('networkidle');
}

/** A server of the describe block, with or without the app token. */
function serverFor(options: { attributionAppToken?: string }): () => E2eServer {
  let server: E2eServer | undefined;
  beforeAll(async () => {
    server = await startServer(browserDatabase(), options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => server!;
}

describe('attribution off (ATTRIBUTION_APP_TOKEN unset)', () => {
  const serverOf = serverFor({});

  it('loads nothing of attribution and asks nothing', { timeout: 120_000 }, async () => {
    const page = await suite.open(iPhone());
    const requests = await watch(page);
    await page.goto(`${serverOf().url}/start`);
    await settled(page, requests);
    expect(await page.locator('meta[name="attribution-app-token"]').count()).toBe(0);
    expect(await page.locator('.attribution-consent').count()).toBe(0);
    expect(
      requests.filter((r) => isSdkChunk(r.url()) || isPromptChunk(r.url()) || isAdjust(r.url())).map((r) => r.url()),
    ).toEqual([]);
  });
});

describe('attribution on (ATTRIBUTION_APP_TOKEN set)', () => {
  const serverOf = serverFor({ attributionAppToken: TOKEN });

  it(
    'asks after the first render and loads the SDK only after "Allow", then at every start without asking',
    { timeout: 120_000 },
    async () => {
      const page = await suite.open(iPhone());
      const requests = await watch(page);
      await page.goto(`${serverOf().url}/start`);
      const dialog = page.getByRole('dialog', { name: prompt('title') });
      await dialog.waitFor();
      await settled(page, requests);
      await page.screenshot({ path: '/tmp/polish-attribution-prompt.png' });
      // Asked, not assumed: nothing of the SDK yet, and the prompt came after the first paint.
      expect(requests.filter((r) => isSdkChunk(r.url()) || isAdjust(r.url()))).toEqual([]);
      const promptAt = await page.evaluate(
        () =>
          performance.getEntriesByType('resource').find((e) => /consent-prompt-[\w-]+\.js$/u.test(e.name))?.startTime ??
          null,
      );
      const { paint } = await timings(page);
      expect(paint).not.toBeNull();
      expect(promptAt).toBeGreaterThan(paint!);

      // Allowed: the SDK chunk comes, and the SDK starts with the server's app token.
      const sdkChunk = page.waitForRequest((r) => isSdkChunk(r.url()));
      const sdkCall = page.waitForRequest(
        (r) => isAdjust(r.url()) && `${r.url()} ${r.postData() ?? ''}`.includes(TOKEN),
      );
      await dialog.getByRole('button', { name: prompt('allow'), exact: true }).click();
      await sdkChunk;
      await sdkCall;
      expect(await dialog.count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('attributionConsent'))).toBe('granted');

      // The next start: no question; the SDK chunk only after the first paint.
      requests.length = 0;
      // Waited for from before the reload: the chunk may be asked for before the reload's load event.
      const nextChunk = page.waitForRequest((r) => isSdkChunk(r.url()));
      await page.reload();
      await nextChunk;
      // Its Resource Timing entry is written when the chunk has arrived, a moment after it was asked for.
      await expect.poll(async () => (await timings(page)).sdk).not.toBeNull();
      const again = await timings(page);
      expect(again.paint).not.toBeNull();
      expect(again.sdk).toBeGreaterThan(again.paint!);
      expect(await page.getByRole('dialog', { name: prompt('title') }).count()).toBe(0);
    },
  );

  it(
    'after "Do not allow" never loads the SDK, until the borrower allows it on /setup',
    { timeout: 120_000 },
    async () => {
      // A borrower signed in on this server (the settings screen is behind the login).
      const b = await login(serverOf());
      const token = b.headers['authorization']!.replace(/^Bearer /u, '');
      const page = await suite.open(iPhone());
      await page.context().addInitScript(
        (core) => {
          if (!localStorage.getItem('core')) localStorage.setItem('core', core);
        },
        JSON.stringify({
          state: { publicData: { token, customerId: b.customerId, phone_number: b.phone } },
          version: 1,
        }),
      );
      const requests = await watch(page);
      await page.goto(`${serverOf().url}/start`);
      const dialog = page.getByRole('dialog', { name: prompt('title') });
      await dialog.getByRole('button', { name: prompt('deny'), exact: true }).click();
      expect(await page.evaluate(() => localStorage.getItem('attributionConsent'))).toBe('denied');
      await page.goto(`${serverOf().url}/setup`);
      const box = page.getByRole('checkbox', { name: setupText('attribution.label') });
      await box.waitFor();
      await settled(page, requests);
      expect(await dialog.count()).toBe(0);
      expect(await box.isChecked()).toBe(false);
      expect(requests.filter((r) => isSdkChunk(r.url()) || isAdjust(r.url()))).toEqual([]);
      await page.screenshot({ path: '/tmp/polish-attribution-setup.png' });

      const sdkChunk = page.waitForRequest((r) => isSdkChunk(r.url()));
      await box.check();
      await sdkChunk;
      expect(await page.evaluate(() => localStorage.getItem('attributionConsent'))).toBe('granted');
    },
  );
});
