/** Every config file against its meta-schema, the generated types against the schemas, and the cross-references. */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RouteTable } from '#engine/screens/route-table.ts';
import type { FlowConfig } from '#config/types/flow.ts';
import type { ProductConfig } from '#config/types/product.ts';
import type { RoutesConfig } from '#config/types/routes.ts';
import type { PricingConfigFile } from '#config/types/pricing.ts';
import type { UnderwritingConfigFile } from '#config/types/underwriting.ts';
import type { CouponsConfigFile } from '#config/types/coupons.ts';
import type { StaffConfigFile } from '#config/types/staff.ts';
import type { CollectionsConfigFile } from '#config/types/collections.ts';
import { checkBuckets, checkContactHours, WORDING_CATEGORIES, type CollectionRules } from '#domain/collections.ts';
import type { PricingConfig } from '#domain/loan-types.ts';
import { checkPricing, quote } from '#domain/pricing.ts';
import { capsFor, regulationFor } from '#domain/regulation.ts';
import type { UnderwritingConfig } from '#domain/underwriting.ts';
import { generateConfigTypes } from '#scripts/gen-config-types.ts';

const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats.default(ajv);
const validator = (schema: string) =>
  ajv.getSchema(schema) ?? ajv.compile(read(join('config/schema', schema)) as object);

const themeFiles = readdirSync('config/themes').filter((f) => f.endsWith('.json'));
const product = read('config/product.json') as ProductConfig;
const routes = read('config/routes.json') as RoutesConfig;
const flow = read('config/flow.json') as FlowConfig;
const pricingFile = read('config/pricing.json') as PricingConfigFile;
const underwritingFile = read('config/underwriting.json') as UnderwritingConfigFile;
// Type-level checks: the generated config types fit the domain's own declarations (domain/ cannot import config/),
// so a schema change that breaks pricing or underwriting fails typecheck here.
const pricing: PricingConfig = pricingFile;
const underwriting: UnderwritingConfig = underwritingFile;
const collections: CollectionRules = read('config/collections.json') as CollectionsConfigFile;

describe('config files match their meta-schemas', () => {
  it.each([
    ['config/product.json', 'product.schema.json'],
    ['config/routes.json', 'routes.schema.json'],
    ['config/flow.json', 'flow.schema.json'],
    ['config/pricing.json', 'pricing.schema.json'],
    ['config/underwriting.json', 'underwriting.schema.json'],
    ['config/faq.json', 'faq.schema.json'],
    ['config/messages.json', 'messages.schema.json'],
    ['config/coupons.json', 'coupons.schema.json'],
    ['config/easy-reloan.json', 'easy-reloan.schema.json'],
    ['config/staff.json', 'staff.schema.json'],
    ['config/collections.json', 'collections.schema.json'],
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
    expect(validate.errors?.map((e) => e.instancePath)).toEqual(
      expect.arrayContaining(['/hotline', '/customerService/opens']),
    );
  });

  it('rejects a route with both a screen and a redirect', () => {
    const validate = validator('routes.schema.json');
    const broken = { ...routes, routes: [{ name: 'x', path: '/x', screen: 'x', redirect: '/y' }] };
    expect(validate(broken)).toBe(false);
  });
});

describe('staff', () => {
  it('grants only coupons config/coupons.json defines', () => {
    const staff = read('config/staff.json') as StaffConfigFile;
    const ids = (read('config/coupons.json') as CouponsConfigFile).definitions.map((d) => d.id);
    for (const id of staff.couponGrant.definitions) expect(ids).toContain(id);
  });
});

describe('collections', () => {
  it('has buckets without gaps, contact hours within MC 18 and a wording list for every category', () => {
    expect(checkBuckets(collections.buckets)).toEqual([]);
    expect(checkContactHours(collections.contactHours)).toEqual([]);
    expect(collections.forbiddenWording.map((w) => w.category).sort()).toEqual([...WORDING_CATEGORIES].sort());
    const schema = read('config/schema/collections.schema.json') as {
      properties: { forbiddenWording: { items: { properties: { category: { enum: string[] } } } } };
    };
    expect(schema.properties.forbiddenWording.items.properties.category.enum).toEqual([...WORDING_CATEGORIES]);
  });

  it('refuses hours that are not HH:MM and a phrase with a star inside a word', () => {
    const validate = validator('collections.schema.json');
    expect(validate({ ...collections, contactHours: { from: '6:00', to: '22:00' } })).toBe(false);
    const [first, ...rest] = collections.forbiddenWording;
    expect(validate({ ...collections, forbiddenWording: [{ ...first, en: ['ar*rest'] }, ...rest] })).toBe(false);
  });
});

describe('coupons', () => {
  const couponsFile = read('config/coupons.json') as CouponsConfigFile;
  it('names existing definitions for registration and add to home screen, each id once; the home-screen one is ₱200 off a repayment', () => {
    const ids = couponsFile.definitions.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([couponsFile.registration, couponsFile.addToHomeScreen].filter((x) => x !== null)),
    );
    const a2hs = couponsFile.definitions.find((d) => d.id === couponsFile.addToHomeScreen);
    expect(a2hs).toMatchObject({ type: 'addToHomeScreen', appliesTo: 'repayment', amountCentavos: 20000 });
    // The tutorial's promise (config/product.json) is the coupon the server issues.
    expect(a2hs?.amountCentavos).toBe(product.addToHomeScreen.repaymentCouponCentavos);
  });

  it('names the Easy Re-loan voucher, a repayment coupon worth what config/easy-reloan.json promises', () => {
    const voucher = couponsFile.definitions.find((d) => d.id === couponsFile.easyReloan);
    expect(voucher).toMatchObject({ type: 'repayment', appliesTo: 'repayment' });
    expect(voucher?.amountCentavos).toBe(
      (read('config/easy-reloan.json') as { voucherCentavos: number }).voucherCentavos,
    );
  });

  it('refuses an amount that is not whole centavos of at least 1, an unknown type or operation, and a missing field', () => {
    const validate = validator('coupons.schema.json');
    const def = couponsFile.definitions[0];
    for (const broken of [
      { amountCentavos: 0 },
      { amountCentavos: 12.5 },
      { type: 'gift' },
      { appliesTo: 'extension' },
      { validityDays: 0 },
      { minimumCentavos: -1 },
    ]) {
      expect(validate({ ...couponsFile, definitions: [{ ...def, ...broken }] }), JSON.stringify(broken)).toBe(false);
    }
    const { minimumCentavos: _dropped, ...missing } = def;
    expect(validate({ ...couponsFile, definitions: [missing] })).toBe(false);
    expect(validate.errors?.[0]?.params).toMatchObject({ missingProperty: 'minimumCentavos' });
  });
});

describe('pricing and underwriting', () => {
  it('keeps every sub-product within the SEC MC 14 s.2025 caps (checkPricing finds nothing)', () => {
    expect(checkPricing(pricing)).toEqual([]);
  });

  it('reports a broken pricing copy, naming the sub-product and the cap', () => {
    const [cash] = pricing.products;
    const breakSub = (patch: object): PricingConfig => ({
      ...pricing,
      products: [
        { ...cash!, subProducts: cash!.subProducts.map((s) => (s.id === 'standard' ? { ...s, ...patch } : s)) },
      ],
    });
    const interest = checkPricing(breakSub({ dailyInterestPpm: 3_000 })).map((p) => `${p.path}: ${p.problem}`);
    expect(interest).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^cash\.standard\.dailyInterestPpm: .*caps\.nominalMonthlyMaxPpm/u),
      ]),
    );
    const fee = checkPricing(breakSub({ serviceFeePpm: 100_000 })).map((p) => `${p.path}: ${p.problem}`);
    expect(fee).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^cash\.standard\.termsDays: cash\.standard: 30 days.*caps\.effectiveMonthlyMaxPpm/u),
      ]),
    );
  });

  it('leaves the caps to the law (domain/regulation.ts): SEC MC 14 s.2025 for loans from 2026-04-01', () => {
    expect(pricing.caps ?? {}).toEqual({});
    expect(regulationFor('2026-04-01')?.id).toBe('SEC MC 14 s.2025');
    expect(capsFor(pricing, '2026-04-01')).toEqual(regulationFor('2026-04-01')?.caps);
  });

  it('refuses a copy whose limits are above the law', () => {
    const loose: PricingConfig = { ...pricing, caps: { effectiveMonthlyMaxPpm: 200_000 } };
    expect(checkPricing(loose).map((p) => `${p.path}: ${p.problem}`)).toEqual([
      expect.stringMatching(/^caps\.effectiveMonthlyMaxPpm: 20\.00 % is above the law: SEC MC 14 s\.2025/u),
    ]);
  });

  it("adds no tax line to the borrower's bill by default; the spec's GST 18 % switched on passes the caps too", () => {
    expect(pricing.tax ?? null).toBeNull();
    const standard = pricing.products[0]!.subProducts[0]!;
    const none = quote(pricing, standard, { principalCentavos: 100_000, termDays: 30, loanDate: '2026-04-01' });
    expect(none.taxCentavos).toBe(0);
    const withGst: PricingConfig = {
      ...pricing,
      tax: { labelKey: 'loan.tax.gst', ratePpm: 180_000, on: 'serviceFee' },
    };
    expect(validator('pricing.schema.json')(withGst)).toBe(true);
    expect(checkPricing(withGst)).toEqual([]);
    expect(
      quote(withGst, standard, { principalCentavos: 100_000, termDays: 30, loanDate: '2026-04-01' }).taxCentavos,
    ).toBe(900);
    const catalog = read('locales/en/loan.json') as { tax: Record<string, string> };
    expect(catalog.tax['gst']).toBe('GST');
  });

  it('has a theme file for every sub-product', () => {
    for (const sub of pricing.products.flatMap((p) => p.subProducts))
      expect(themeFiles, sub.id).toContain(`theme-${sub.theme}.json`);
  });

  it('gives a rule to exactly the workInfo income bands and knows only workInfo employment types', () => {
    const bands = (read('forms/workInfo.income-bands.json') as { bands: { id: string }[] }).bands.map((b) => b.id);
    expect(Object.keys(underwriting.incomeBands).sort()).toEqual([...bands].sort());
    const workInfo = read('forms/workInfo.schema.json') as { properties: { employmentType: { enum: string[] } } };
    const schema = read('config/schema/underwriting.schema.json') as {
      properties: { rejectEmploymentTypes: { items: { enum: string[] } } };
    };
    expect(schema.properties.rejectEmploymentTypes.items.enum).toEqual(workInfo.properties.employmentType.enum);
    expect(underwriting.age.max).toBeGreaterThan(underwriting.age.min);
    expect(underwriting.maxLimitCentavos).toBeLessThanOrEqual(capsFor(pricing, '2026-04-01').principalMaxCentavos);
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
    const spec = [
      '/',
      '/start',
      '/identityInfo',
      '/baseInfo',
      '/baseInfo2',
      '/addressInfo',
      '/contact',
      '/workInfo',
      '/bankInfo',
      '/bankName',
      '/homeIndex',
      '/billIndex',
      '/subIndex',
      '/allWithdraw',
      '/repaidDetail',
      '/triLink',
      '/msgCenter',
      '/msgDetail',
      '/my',
      '/changeBank',
      '/coupon',
      '/couponInvalid',
      '/bill',
      '/setup',
      '/aboutUs',
      '/privacy',
      '/conditionalTerms',
      '/noAndroid',
      '/KSResult',
      '/loan',
      '/addDeskTopBrowser',
      '/guildDetail',
      '/videoIndex',
      '/appointLoan',
      '/bookingAgreement',
      '/appointLoanList',
      '/withdrawPage',
      '/test',
    ];
    // Ours beside the spec's: help (the FAQ) and feedback, the credit limit and Facebook binding, and the collection
    // contacts made to the borrower (docs/collections.md).
    const ours = ['/help', '/feedback', '/creditLimit', '/collectionContacts'];
    expect(routes.routes.map((r) => r.path).sort()).toEqual([...spec, ...ours].sort());
  });

  it("marks exactly the spec's public routes as no-check", () => {
    const open = routes.routes
      .filter((r) => r.noCheck)
      .map((r) => r.path)
      .sort();
    expect(open).toEqual(
      [
        '/',
        '/KSResult',
        '/addDeskTopBrowser',
        '/appointLoan',
        '/appointLoanList',
        '/bookingAgreement',
        '/conditionalTerms',
        '/guildDetail',
        '/loan',
        '/noAndroid',
        '/privacy',
        '/start',
        '/test',
        '/videoIndex',
        '/withdrawPage',
      ].sort(),
    );
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
      expect(existsSync(`forms/${step.schema}.schema.json`), step.step).toBe(true);
      expect(table.resolve(step.route), step.step).toBeDefined();
      expect(exists(step.next), step.step).toBe(true);
    }
  });

  it('shows every flow step with the generic step screen, and that screen only at flow steps', () => {
    const stepRoutes = new Set(flow.steps.map((s) => s.route));
    for (const step of flow.steps)
      expect(routes.routes.find((r) => r.path === step.route)?.screen, step.route).toBe('infoStep');
    for (const route of routes.routes.filter((r) => r.screen === 'infoStep'))
      expect(stepRoutes.has(route.path), route.path).toBe(true);
  });

  it('allows only adults, within a sane age range', () => {
    expect(product.borrowerAge.min).toBeGreaterThanOrEqual(18);
    expect(product.borrowerAge.max).toBeGreaterThan(product.borrowerAge.min);
  });

  it('has a theme file for the product theme, each named after its id', () => {
    for (const file of themeFiles)
      expect(file).toBe(`theme-${(read(`config/themes/${file}`) as { id: number }).id}.json`);
    expect(themeFiles).toContain(`theme-${product.subProTheme}.json`);
  });

  it('offers the default language and three languages', () => {
    expect(product.languages).toEqual(['en', 'fil', 'zh-CN']);
    expect(product.languages).toContain(product.defaultLanguage);
  });
});
