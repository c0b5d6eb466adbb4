/** Byte budgets on the production build (deterministic, so they are tests): run after `npm run build`. */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FlowConfig } from '../../config/types/flow.ts';
import type { RoutesConfig } from '../../config/types/routes.ts';
import { allRouteAssets, routeAssets } from '../../scripts/bundle-report.ts';

const dist = 'dist';
const KB = 1000;

describe.runIf(existsSync(`${dist}/.vite/modules.json`))('bundle budgets (gzip -9)', () => {
  it('/start needs at most 110 KB of JS and CSS before its first render', () => {
    const start = routeAssets(dist, 'start');
    expect(start.total).toBeLessThanOrEqual(110 * KB);
    expect(start.files.some((f) => f.endsWith('.js'))).toBe(true);
  });

  it('an information step needs at most 170 KB of JS and CSS, shell, engine and its own form and widgets included', () => {
    const flow = JSON.parse(readFileSync('config/flow.json', 'utf8')) as FlowConfig;
    const routes = JSON.parse(readFileSync('config/routes.json', 'utf8')) as RoutesConfig;
    expect(flow.steps.length).toBeGreaterThan(0);
    for (const step of flow.steps) {
      const name = routes.routes.find((r) => r.path === step.route)?.name ?? step.route;
      const assets = routeAssets(dist, name);
      expect(assets.total, name).toBeLessThanOrEqual(170 * KB);
      // Measured with the step's own chunks: its schema, uiSchema and compiled validator.
      expect(assets.modules, name).toEqual(expect.arrayContaining([`schemas/compiled/${step.schema}.js`, `schemas/${step.schema}.schema.json`]));
    }
    const identity = routeAssets(dist, 'identityInfo');
    expect(identity.modules).toContain('engine/widgets/photo-capture.tsx');
    expect(identity.modules).not.toContain('engine/widgets/address-picker.tsx');
  });

  it('forms ship without an ajv compiler, fast-uri, fast-equals, markdown-to-jsx, signature_pad or PSGC data', () => {
    for (const route of allRouteAssets(dist)) {
      // ajv's runtime helpers (ucs2length for minLength) are what standalone validators import; the compiler is not.
      const heavy = route.modules.filter((m) => /node_modules\/(ajv\/(?!dist\/runtime\/)|fast-uri\/|fast-equals\/|markdown-to-jsx\/|signature_pad\/|@aivangogh\/)/.test(m));
      expect(heavy, route.route).toEqual([]);
    }
  });

  it('no route downloads @rjsf before it renders a form', () => {
    const flow = JSON.parse(readFileSync('config/flow.json', 'utf8')) as FlowConfig;
    const routes = JSON.parse(readFileSync('config/routes.json', 'utf8')) as RoutesConfig;
    const formRoutes = new Set(flow.steps.map((step) => routes.routes.find((r) => r.path === step.route)?.name));
    for (const route of allRouteAssets(dist)) {
      if (formRoutes.has(route.route)) continue;
      const heavy = route.modules.filter((m) => /node_modules\/@rjsf/.test(m));
      expect(heavy, route.route).toEqual([]);
    }
  });

  it('keeps other screens out of the first bundle: /start loads its own screen only', () => {
    const start = routeAssets(dist, 'start');
    const screens = start.modules.filter((m) => m.startsWith('src/screens/'));
    expect(screens.length).toBeGreaterThan(0);
    expect(screens.filter((m) => !m.startsWith('src/screens/start/'))).toEqual([]);
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
