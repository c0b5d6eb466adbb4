/** Installability, offline shell, security policy, and the bytes Chromium really downloads. */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { routeAssets } from '#scripts/bundle-report.ts';
import type { ChunkModules } from '#scripts/vite/bundle-report.ts';
import { chromiumSuite, iPhone } from './browser.ts';

const base = inject('baseUrl');
const suite = chromiumSuite(base);

/** A phone page with service workers allowed, not yet navigated anywhere. */
function newPage(): Promise<Page> {
  return suite.open({ ...iPhone(3), serviceWorkers: 'allow' });
}

describe('installable', () => {
  it('serves a manifest with the product name and icons that exist', async () => {
    const page = await newPage();
    await page.goto(`${base}/start`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(base + href)).json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ name: 'PesoAgad', display: 'standalone', start_url: '/start?standalone=1' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect((await page.request.get(base + icon.src)).status(), icon.src).toBe(200);
    expect((await page.request.get(`${base}/icons/apple-touch-icon.png`)).status()).toBe(200);
  });

  it('opens the shell offline and says the network is abnormal', async () => {
    const page = await newPage();
    await page.goto(`${base}/start`);
    await page.locator('.title-bar-title').waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      }
    });
    expect(await page.locator('.network-banner').count()).toBe(0);
    await suite.context.setOffline(true);
    await page.reload();
    await page.locator('.title-bar-title', { hasText: 'PesoAgad' }).waitFor();
    const banner = page.locator('.network-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Network abnormal, check mobile data or wifi');
    await suite.context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
  });

  it('says the network is abnormal when the API cannot be reached, and Try again checks again', async () => {
    const page = await newPage();
    await page.route('**/api/v1/health', (route) => route.abort('connectionrefused'));
    await page.goto(`${base}/start`);
    const banner = page.locator('.network-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Network abnormal, check mobile data or wifi');
    await page.unroute('**/api/v1/health');
    await page.getByRole('button', { name: 'Try again' }).click();
    await banner.waitFor({ state: 'detached' });
  });
});

describe('address data', () => {
  it('serves the PSGC levels as static JSON, compressed, with no PSGC data in any script', async () => {
    const page = await newPage();
    const provinces = await page.request.get(`${base}/psgc/provinces.json`, { headers: { 'accept-encoding': 'br' } });
    expect(provinces.status()).toBe(200);
    expect(provinces.headers()['content-encoding']).toBe('br');
    const list = (await provinces.json()) as { code: string; name: string }[];
    const metro = list.find((p) => p.name === 'Metro Manila');
    expect(metro).toBeDefined();
    const cities = (await (await page.request.get(`${base}/psgc/cities/${metro!.code}.json`)).json()) as {
      name: string;
    }[];
    expect(cities.map((c) => c.name)).toEqual(expect.arrayContaining(['Quezon City']));
    const chunks = JSON.parse(readFileSync('dist/.vite/modules.json', 'utf8')) as ChunkModules;
    expect(
      Object.values(chunks)
        .flatMap((c) => c.modules)
        .filter((m) => m.includes('ph-address')),
    ).toEqual([]);
  });
});

describe('security policy', () => {
  it('sends a CSP without unsafe-eval or unsafe-inline, and the app runs under it without violations', async () => {
    const page = await newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto(`${base}/privacy`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    await page.locator('.title-bar-title', { hasText: 'Privacy Policy' }).waitFor();
    await page.goto(`${base}/test`);
    await page.locator('textarea[name="note"]').waitFor();
    expect(violations).toEqual([]);
  });
});

describe('bytes per route', () => {
  it('downloads for /start exactly what the bundle report counts, plus only lazy chunks', async () => {
    const page = await newPage();
    const requested = new Set<string>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname.slice(1);
      if (/\.(js|css)$/.test(path)) requested.add(path);
    });
    await page.goto(`${base}/start`);
    await page.locator('.title-bar-title').waitFor();
    await page.waitForLoadState('networkidle');
    const counted = routeAssets('dist', 'start').files.filter((f) => /\.(js|css)$/.test(f));
    expect([...requested].filter((f) => counted.includes(f)).sort()).toEqual([...counted].sort());
    const chunks = JSON.parse(readFileSync('dist/.vite/modules.json', 'utf8')) as ChunkModules;
    const entry = Object.entries(chunks).find(([, c]) => c.isEntry)![1];
    const lazy = new Set(
      entry.dynamicImports.flatMap((file) => [file, ...(chunks[file]?.imports ?? []), ...(chunks[file]?.css ?? [])]),
    );
    for (const file of requested)
      if (!counted.includes(file)) expect(lazy.has(file), `${file} is neither counted nor lazy`).toBe(true);
  });
});
