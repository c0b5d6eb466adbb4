import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { readSettings } from './settings.ts';

const dist = mkdtempSync(join(tmpdir(), 'web-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>shell</title></head><body></body></html>');
mkdirSync(join(dist, 'staff'));
writeFileSync(
  join(dist, 'staff', 'index.html'),
  '<!doctype html><html><head><title>staff</title></head><body></body></html>',
);
writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
writeFileSync(join(dist, 'manifest.webmanifest'), '{}');

const app = await buildApp({ webDist: dist });
// A route with a body schema, to prove how the error plugin answers bad input.
app.post(
  '/api/v1/test-echo',
  { schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } },
  async (request) => request.body,
);
beforeAll(() => app.ready());
afterAll(() => app.close());

describe('server', () => {
  it('answers the health check, never cached', async () => {
    const res = await app.inject('/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the app shell for any page path, and security headers with a CSP without eval', async () => {
    for (const path of ['/', '/start', '/privacy?campaign=x', '/noSuchPage']) {
      const res = await app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const csp = String((await app.inject('/start')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-(eval|inline)/);
    // Attribution off (no ATTRIBUTION_APP_TOKEN): no token on the page, the CSP reaches no attribution server.
    expect((await app.inject('/start')).body).not.toContain('attribution-app-token');
    expect(csp).toContain("connect-src 'self';");
  });

  it('with ATTRIBUTION_APP_TOKEN the borrower page carries the token, compressed as asked, and the CSP lets the SDK connect', async () => {
    const on = await buildApp({ webDist: dist, attributionAppToken: 'abc123def456' });
    try {
      for (const path of ['/', '/start', '/index.html']) {
        const res = await on.inject({ url: path, headers: { 'accept-encoding': 'identity' } });
        expect(res.statusCode, path).toBe(200);
        expect(res.body, path).toContain('<meta name="attribution-app-token" content="abc123def456" />\n  </head>');
        expect(res.headers['cache-control'], path).toBe('no-cache');
        expect(res.headers['content-type'], path).toBe('text/html; charset=utf-8');
      }
      const br = await on.inject({ url: '/start', headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain('content="abc123def456"');
      const gz = await on.inject({ url: '/start', headers: { 'accept-encoding': 'gzip' } });
      expect(gunzipSync(gz.rawPayload).toString()).toContain('content="abc123def456"');
      // The staff console's page never carries it.
      expect((await on.inject('/staff/reviews')).body).toContain('<title>staff</title>');
      expect((await on.inject('/staff/reviews')).body).not.toContain('attribution-app-token');
      expect(String((await on.inject('/start')).headers['content-security-policy'])).toContain(
        "connect-src 'self' https://*.adjust.com https://*.adjust.world https://*.adjust.net.in",
      );
    } finally {
      await on.close();
    }
  });

  it("answers a route's path with its prerendered page in the borrower's language: cookie, then Accept-Language", async () => {
    const built = mkdtempSync(join(tmpdir(), 'web-pages-'));
    writeFileSync(
      join(built, 'index.html'),
      '<!doctype html><html><head><title>shell</title></head><body></body></html>',
    );
    for (const language of ['en', 'fil', 'zh-CN']) {
      mkdirSync(join(built, 'pages', language), { recursive: true });
      writeFileSync(
        join(built, 'pages', language, 'start.html'),
        `<html><head></head><body>start ${language}</body></html>`,
      );
    }
    const pages = await buildApp({ webDist: built, attributionAppToken: 'tok123' });
    try {
      const page = async (path: string, headers: Record<string, string> = {}) => {
        const res = await pages.inject({ url: path, headers: { 'accept-encoding': 'identity', ...headers } });
        expect(res.statusCode, path).toBe(200);
        return res;
      };
      expect((await page('/start')).body).toContain('start en');
      expect((await page('/start?standalone=1', { 'accept-language': 'fil-PH,en;q=0.8' })).body).toContain('start fil');
      expect((await page('/start', { 'accept-language': 'ko, zh-TW;q=0.9' })).body).toContain('start zh-CN');
      // A language refused with q=0 is not the borrower's.
      expect((await page('/start', { 'accept-language': 'fil;q=0, en;q=0.5' })).body).toContain('start en');
      // The app's cookie (src/i18n.ts) wins over the browser's languages; a language not offered is ignored.
      const chosen = await page('/start', { 'accept-language': 'en', cookie: 'a=1; lng=fil' });
      expect(chosen.body).toContain('start fil');
      expect(chosen.body).toContain('content="tok123"');
      expect(chosen.headers['vary']).toBe('accept-encoding, accept-language, cookie');
      expect((await page('/start', { cookie: 'lng=de', 'accept-language': 'zh' })).body).toContain('start zh-CN');
      // Paths without a page of their own (an alias, the root, an unknown path, a route not prerendered) get the shell.
      for (const path of ['/login', '/', '/nowhere', '/homeIndex', '/index.html'])
        expect((await page(path, { cookie: 'lng=fil' })).body, path).toContain('<title>shell</title>');
    } finally {
      await pages.close();
    }
  });

  it('caches hashed assets for a year and types the manifest', async () => {
    const asset = await app.inject('/assets/index-abc.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/manifest.webmanifest')).headers['content-type']).toContain('application/manifest+json');
  });

  it('answers unknown API paths and missing files with a 404 code, not the shell', async () => {
    const api = await app.inject('/api/v1/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
  });

  it('answers malformed JSON, wrong types, other media and oversized bodies with a 4xx code, never a 5xx', async () => {
    const post = (payload: string, type = 'application/json') =>
      app.inject({ method: 'POST', url: '/api/v1/test-echo', headers: { 'content-type': type }, payload });
    expect((await post('{"n": 1}')).json()).toEqual({ n: 1 });
    const cases: [string, string, number, string][] = [
      ['{"n":', 'application/json', 400, 'BAD_REQUEST'],
      ['{"n": "one"}', 'application/json', 400, 'INVALID_INPUT'],
      ['n=1', 'application/x-www-form-urlencoded', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [`{"n": 1, "pad": "${'x'.repeat(2 * 1024 * 1024)}"}`, 'application/json', 413, 'BODY_TOO_LARGE'],
    ];
    for (const [payload, type, status, code] of cases) {
      const res = await post(payload, type);
      expect([res.statusCode, res.json().code], code).toEqual([status, code]);
      expect(res.body).not.toMatch(/\n\s+at |\.[jt]s:\d+/u); // no stack trace
    }
  });
});

describe('settings', () => {
  it('accepts the defaults when a build exists', () => {
    expect(readSettings({ WEB_DIST: dist }).settings).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      logLevel: 'info',
      webDist: dist,
    });
  });

  it('lists every problem with what to do', () => {
    const { settings, problems } = readSettings({ PORT: 'abc', LOG_LEVEL: 'loud', WEB_DIST: join(dist, 'nope') });
    expect(settings).toBeUndefined();
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PORT must be.*\n.*LOG_LEVEL must be.*\n.*npm run build/);
  });

  it('reads ATTRIBUTION_APP_TOKEN (off when unset or blank) and refuses a token that is not letters and digits', () => {
    expect(readSettings({ WEB_DIST: dist }).settings?.attributionAppToken).toBeUndefined();
    expect(readSettings({ WEB_DIST: dist, ATTRIBUTION_APP_TOKEN: ' ' }).settings?.attributionAppToken).toBeUndefined();
    expect(readSettings({ WEB_DIST: dist, ATTRIBUTION_APP_TOKEN: 'abc123def456' }).settings?.attributionAppToken).toBe(
      'abc123def456',
    );
    const { problems } = readSettings({ WEB_DIST: dist, ATTRIBUTION_APP_TOKEN: '"><script>' });
    expect(problems).toEqual([expect.stringMatching(/^ATTRIBUTION_APP_TOKEN must be/u)]);
  });
});
