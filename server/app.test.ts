import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { readSettings } from './settings.ts';

const dist = mkdtempSync(join(tmpdir(), 'web-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
writeFileSync(join(dist, 'manifest.webmanifest'), '{}');

const app = await buildApp({ webDist: dist });
// A route with a body schema, to prove how the error plugin answers bad input.
app.post('/api/v1/test-echo', { schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } }, async (request) => request.body);
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
    expect(readSettings({ WEB_DIST: dist }).settings).toMatchObject({ port: 3000, host: '0.0.0.0', logLevel: 'info', webDist: dist });
  });

  it('lists every problem with what to do', () => {
    const { settings, problems } = readSettings({ PORT: 'abc', LOG_LEVEL: 'loud', WEB_DIST: join(dist, 'nope') });
    expect(settings).toBeUndefined();
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PORT must be.*\n.*LOG_LEVEL must be.*\n.*npm run build/);
  });
});
