/** Every config file against its meta-schema, the generated types against the schemas, and the cross-references. */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RouteTable } from '../../engine/screens/route-table.ts';
import type { FlowConfig } from '../../config/types/flow.ts';
import type { ProductConfig } from '../../config/types/product.ts';
import type { RoutesConfig } from '../../config/types/routes.ts';
import { generateConfigTypes } from '../../scripts/gen-config-types.ts';

const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats.default(ajv);
const validator = (schema: string) => ajv.getSchema(schema) ?? ajv.compile(read(join('config/schema', schema)) as object);

const themeFiles = readdirSync('config/themes').filter((f) => f.endsWith('.json'));
const product = read('config/product.json') as ProductConfig;
const routes = read('config/routes.json') as RoutesConfig;
const flow = read('config/flow.json') as FlowConfig;

describe('config files match their meta-schemas', () => {
  it.each([
    ['config/product.json', 'product.schema.json'],
    ['config/routes.json', 'routes.schema.json'],
    ['config/flow.json', 'flow.schema.json'],
    ...themeFiles.map((f) => [`config/themes/${f}`, 'theme.schema.json']),
  ])('%s', (file, schema) => {
    const validate = validator(schema);
    const ok = validate(read(file));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('rejects a broken product config with a useful error', () => {
    const validate = validator('product.schema.json');
    const broken = { ...product, hotline: '12345', customerService: { ...product.customerService, opens: '9am' } };
    expect(validate(broken)).toBe(false);
    expect(validate.errors?.map((e) => e.instancePath)).toEqual(expect.arrayContaining(['/hotline', '/customerService/opens']));
  });

  it('rejects a route with both a screen and a redirect', () => {
    const validate = validator('routes.schema.json');
    const broken = { ...routes, routes: [{ name: 'x', path: '/x', screen: 'x', redirect: '/y' }] };
    expect(validate(broken)).toBe(false);
  });
});

describe('generated config types', () => {
  it('are up to date with the meta-schemas (run npm run gen:types)', async () => {
    for (const [file, source] of await generateConfigTypes()) {
      expect(readFileSync(join('config/types', file), 'utf8'), file).toBe(source);
    }
  });
});

describe('cross-references', () => {
  const table = new RouteTable(routes.routes);
  const exists = (path: string) => table.resolve(path.split('?')[0] ?? path) !== undefined;

  it('has every route of the spec', () => {
    const spec = ['/', '/start', '/identityInfo', '/baseInfo', '/baseInfo2', '/addressInfo', '/contact', '/workInfo', '/bankInfo', '/bankName',
      '/homeIndex', '/billIndex', '/subIndex', '/allWithdraw', '/repaidDetail', '/triLink', '/msgCenter', '/msgDetail', '/my', '/changeBank',
      '/coupon', '/couponInvalid', '/bill', '/setup', '/aboutUs', '/privacy', '/conditionalTerms', '/noAndroid', '/KSResult', '/loan',
      '/addDeskTopBrowser', '/guildDetail', '/videoIndex', '/appointLoan', '/bookingAgreement', '/appointLoanList', '/withdrawPage', '/test'];
    expect(routes.routes.map((r) => r.path).sort()).toEqual([...spec].sort());
  });

  it('marks exactly the spec\'s public routes as no-check', () => {
    const open = routes.routes.filter((r) => r.noCheck).map((r) => r.path).sort();
    expect(open).toEqual(['/', '/KSResult', '/addDeskTopBrowser', '/appointLoan', '/appointLoanList', '/bookingAgreement', '/conditionalTerms',
      '/guildDetail', '/loan', '/noAndroid', '/privacy', '/start', '/test', '/videoIndex', '/withdrawPage'].sort());
  });

  it('points every redirect, tab and policy route at a real route', () => {
    for (const route of routes.routes) {
      if (route.redirect) expect(exists(route.redirect), route.name).toBe(true);
      if (route.loggedInRedirect) expect(exists(route.loggedInRedirect), route.name).toBe(true);
    }
    for (const tab of routes.tabs) expect(table.byRouteName(tab.route), tab.id).toBeDefined();
    expect(exists(routes.loginRoute)).toBe(true);
    expect(exists(product.unsupportedRoute)).toBe(true);
    expect(table.resolve(product.unsupportedRoute)?.route.noCheck).toBe(true);
  });

  it('gives every flow step a unique name, an existing schema, a real route and a real next route', () => {
    expect(new Set(flow.steps.map((s) => s.step)).size).toBe(flow.steps.length);
    for (const step of flow.steps) {
      expect(existsSync(`schemas/${step.schema}.schema.json`), step.step).toBe(true);
      expect(table.resolve(step.route), step.step).toBeDefined();
      expect(exists(step.next), step.step).toBe(true);
    }
  });

  it('shows every flow step with the generic step screen, and that screen only at flow steps', () => {
    const stepRoutes = new Set(flow.steps.map((s) => s.route));
    for (const step of flow.steps) expect(routes.routes.find((r) => r.path === step.route)?.screen, step.route).toBe('infoStep');
    for (const route of routes.routes.filter((r) => r.screen === 'infoStep')) expect(stepRoutes.has(route.path), route.path).toBe(true);
  });

  it('allows only adults, within a sane age range', () => {
    expect(product.borrowerAge.min).toBeGreaterThanOrEqual(18);
    expect(product.borrowerAge.max).toBeGreaterThan(product.borrowerAge.min);
  });

  it('has a theme file for the product theme, each named after its id', () => {
    for (const file of themeFiles) expect(file).toBe(`theme-${(read(`config/themes/${file}`) as { id: number }).id}.json`);
    expect(themeFiles).toContain(`theme-${product.subProTheme}.json`);
  });

  it('offers the default language and three languages', () => {
    expect(product.languages).toEqual(['en', 'fil', 'zh-CN']);
    expect(product.languages).toContain(product.defaultLanguage);
  });
});
