/** Byte budgets on the production build (deterministic, so they are tests): run after `npm run build`. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allRouteAssets, routeAssets } from '../../scripts/bundle-report.ts';

const dist = 'dist';
const KB = 1000;

describe.runIf(existsSync(`${dist}/.vite/modules.json`))('bundle budgets (gzip -9)', () => {
  it('/start needs at most 110 KB of JS and CSS before its first render', () => {
    const start = routeAssets(dist, 'start');
    expect(start.total).toBeLessThanOrEqual(110 * KB);
    expect(start.files.some((f) => f.endsWith('.js'))).toBe(true);
  });

  it('no route downloads @rjsf or ajv before it renders a form', () => {
    for (const route of allRouteAssets(dist)) {
      const heavy = route.modules.filter((m) => /node_modules\/(@rjsf|ajv)/.test(m));
      expect(heavy, route.route).toEqual([]);
    }
  });

  it('keeps screens out of the first bundle: /start loads no screen chunk', () => {
    const start = routeAssets(dist, 'start');
    expect(start.modules.filter((m) => m.startsWith('src/screens/'))).toEqual([]);
  });

  it('loads a screen\'s own catalog only in the language shown', () => {
    const privacyEn = routeAssets(dist, 'privacy', 'en');
    const privacyFil = routeAssets(dist, 'privacy', 'fil');
    expect(privacyEn.files).toContain('locales/en/legal.json');
    expect(privacyFil.files).toEqual(expect.arrayContaining(['locales/fil/legal.json', 'locales/fil/common.json']));
    expect(privacyFil.files).not.toContain('locales/en/legal.json');
  });
});

it('has a production build to measure', () => {
  expect(existsSync(`${dist}/.vite/modules.json`), 'run npm run build first').toBe(true);
});
