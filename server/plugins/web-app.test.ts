/**
 * A step's page drawn with its form (scripts/prerender.ts) goes out only while that form and flow are the published
 * ones; otherwise, and without the API to ask, its frame does, which the app fills in with what is published.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildFormAssets, seedForm } from '../forms/assets.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';

const dist = mkdtempSync(join(tmpdir(), 'step-pages-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>shell</title></head><body></body></html>');
/** The page of /identityInfo in `language`, drawn with `published` (the form's file and the flow's version). */
function stepPages(language: string, published: string): void {
  mkdirSync(join(dist, 'pages', language), { recursive: true });
  writeFileSync(
    join(dist, 'pages', language, 'identityInfo.html'),
    `<html><body><div id="root" inert data-prerender="${language} /identityInfo in" data-published="${published}">form ${language}</div></body></html>`,
  );
  writeFileSync(
    join(dist, 'pages', language, 'identityInfo.frame.html'),
    `<html><body><div id="root" inert data-prerender="${language} /identityInfo in">frame ${language}</div></body></html>`,
  );
}

let api: TestApi;
beforeAll(async () => {
  // The seed's identity form, version 1 of the flow: what the server publishes first.
  const seed = await buildFormAssets('identity', 1, seedForm('identity'));
  stepPages('en', `/forms/${seed.formHash}.json 1`);
  // Drawn with a form that is not (or no longer) the published one.
  stepPages('fil', '/forms/0123456789abcdef0123.json 1');
  // Drawn with the published form but an older flow.
  stepPages('zh-CN', `/forms/${seed.formHash}.json 0`);
  api = await testApi('pglite', { webDist: dist });
});
afterAll(async () => {
  await api.close();
});

const page = async (app: { inject: TestApi['app']['inject'] }, lng: string) => {
  const res = await app.inject({
    url: '/identityInfo',
    headers: { 'accept-encoding': 'identity', cookie: `lng=${lng}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe("a step's prerendered page", () => {
  it('is sent while its form and flow are the published ones, and its frame otherwise', async () => {
    expect(await page(api.app, 'en')).toContain('form en');
    expect(await page(api.app, 'fil')).toContain('frame fil');
    expect(await page(api.app, 'zh-CN')).toContain('frame zh-CN');
  });

  it('gives way to its frame on a server without the API to say what is published', async () => {
    const bare = await buildApp({ webDist: dist });
    try {
      expect(await page(bare, 'en')).toContain('frame en');
    } finally {
      await bare.close();
    }
  });
});
