// @vitest-environment jsdom
/**
 * Proof that the engine is configuration-driven: an alternate configuration (tests/fixtures/alternate-config/: another
 * sub-product's product.json and theme, a flow with two steps swapped, the 6-digit postal rule, an identity step with
 * a field added, one removed and Aadhaar and PAN switched on, and the catalog of its new texts) goes through the SAME
 * engine and build functions as the shipped one, loaded the same way, and only the files differ:
 *
 * - the meta-schemas of config/schema/ accept every fixture file;
 * - the vocabulary comes from `vocabularyFor(product)` and the validators from the build's `compileSchema`, loaded as
 *   the browser loads forms/compiled/*.js (a standalone ES module, no ajv compiler);
 * - the steps render in `SchemaForm` with texts and error messages resolved from the catalogs by key;
 * - the order comes from engine/flow over the flow file, the colours from the theme file.
 *
 * The shipped configuration is put through the same code next to it, so every difference seen here comes from files.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FlowConfig } from '#config/types/flow.ts';
import type { ProductConfig } from '#config/types/product.ts';
import type { ThemeConfig } from '#config/types/theme.ts';
import type { ErrorKeyFn } from '#engine/form/error-mapping.ts';
import { SchemaForm } from '#engine/form/schema-form.tsx';
import { nextRoute, progressOf, resumeRoute } from '#engine/flow/flow.ts';
import type { CompiledValidator } from '#engine/validation/compiled-validator.ts';
import { createAjv } from '#engine/validation/create-ajv.ts';
import type { ValidationVocabulary } from '#engine/validation/vocabulary.ts';
import { compileSchema } from '#scripts/compile-validators.ts';
import { JPEG } from '#forms/identity.samples.ts';
import { vocabulary, vocabularyFor } from '#forms/vocabulary.ts';
import { formErrorKey } from '#forms/form-text.ts';
import { applyTheme, applyThemeProperties } from '#src/shell/theme.ts';

const FIXTURE = 'tests/fixtures/alternate-config';

const readJson = <T,>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

// ---------------------------------------------------------------------------------------------------------------------
// A configuration is a set of files. Both are read by the same function; only the folders differ.

type Tree = { readonly [key: string]: string | Tree };

/** Where a configuration's files are: its own folder, and the folders it falls back to for files it does not change. */
interface ConfigurationFiles {
  readonly product: string;
  readonly flow: string;
  readonly themes: string;
  /** Folders searched in order for `<schema>.schema.json` and `<schema>.ui.json`. */
  readonly schemas: readonly string[];
  /** Folders holding `<language>/forms.json`, merged in order (later keys added to earlier ones). */
  readonly locales: readonly string[];
}

interface Configuration {
  readonly product: ProductConfig;
  readonly flow: FlowConfig;
  readonly theme: ThemeConfig;
  readonly themeFile: string;
  readonly vocabulary: ValidationVocabulary;
  readonly files: ConfigurationFiles;
}

function loadConfiguration(files: ConfigurationFiles): Configuration {
  const product = readJson<ProductConfig>(files.product);
  const themeFile = join(files.themes, `theme-${product.subProTheme}.json`);
  return {
    product,
    flow: readJson<FlowConfig>(files.flow),
    theme: readJson<ThemeConfig>(themeFile),
    themeFile,
    vocabulary: vocabularyFor(product),
    files,
  };
}

const shipped = loadConfiguration({
  product: 'config/product.json',
  flow: 'config/flow.json',
  themes: 'config/themes',
  schemas: ['forms'],
  locales: ['locales'],
});
const alternate = loadConfiguration({
  product: `${FIXTURE}/product.json`,
  flow: `${FIXTURE}/flow.json`,
  themes: `${FIXTURE}/themes`,
  schemas: [`${FIXTURE}/forms`, 'forms'],
  locales: ['locales', `${FIXTURE}/locales`],
});

/** The file `<schema><suffix>` from the first of the configuration's schema folders that has it. */
function stepFile(config: Configuration, schema: string, suffix: '.schema.json' | '.ui.json'): string {
  const path = config.files.schemas.map((dir) => join(dir, `${schema}${suffix}`)).find((p) => existsSync(p));
  if (path === undefined) throw new Error(`no ${schema}${suffix} in ${config.files.schemas.join(', ')}`);
  return path;
}

/** The schema name of a flow step. */
function schemaOfStep(config: Configuration, step: string): string {
  const entry = config.flow.steps.find((s) => s.step === step);
  if (entry === undefined) throw new Error(`no step ${step}`);
  return entry.schema;
}

/** `a.b.c -> text` of a catalog tree. */
function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out[path] = value;
    else flatten(value, path, out);
  }
  return out;
}

/** The configuration's forms catalog in one language, flattened. */
function formsCatalog(config: Configuration, language: string): Record<string, string> {
  return Object.assign(
    {},
    ...config.files.locales.map((dir) => flatten(readJson<Tree>(join(dir, language, 'forms.json')))),
  ) as Record<string, string>;
}

// ---------------------------------------------------------------------------------------------------------------------
// The form texts: keys resolved through the catalog, and the catalog's error key scheme (as forms/form-text.ts).

const MISSING = '\u27e6missing\u27e7 ';

/** The product's own numbers (`postalCodeDigits`, ...) that any form text may interpolate, as the app passes its. */
function productNumbers(product: ProductConfig): Record<string, number> {
  return Object.fromEntries(
    Object.entries(product).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );
}

/**
 * Resolves keys as the app's i18next does: `key?name=value` carries values (an error's params), `{{name}}` takes them
 * or the product's numbers. A key the catalog lacks shows marked, so a test notices it.
 */
function translator(catalog: Record<string, string>, product: ProductConfig): (raw: string) => string {
  const numbers = productNumbers(product);
  return (raw) => {
    const [key = raw, query = ''] = raw.split('?');
    const values: Record<string, string | number> = { ...numbers, ...Object.fromEntries(new URLSearchParams(query)) };
    const text = catalog[key];
    if (text === undefined) return `${MISSING}${key}`;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/gu, (match, name: string) => String(values[name] ?? match));
  };
}

/** The app's own key scheme (forms/form-text.ts), over this configuration's catalog. */
function errorKeyFor(catalog: Record<string, string>): ErrorKeyFn {
  return formErrorKey({ exists: (key) => catalog[key] !== undefined });
}

// ---------------------------------------------------------------------------------------------------------------------
// Compiled validators, built by the build's own function and loaded as ES modules.

// Inside node_modules so the generated `import "ajv/dist/runtime/*.js"` resolves, and Node loads it untransformed.
const scratch = join(process.cwd(), 'node_modules/.cache', `alternate-config-test-${process.pid}`);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `compileSchema` output written to disk and imported: the default export, as the app imports forms/compiled/*.js. */
async function loadValidator(name: string, js: string): Promise<CompiledValidator> {
  mkdirSync(scratch, { recursive: true });
  const path = join(scratch, `${name}-${createHash('sha256').update(js).digest('hex').slice(0, 12)}.mjs`);
  writeFileSync(path, js);
  return ((await import(/* @vite-ignore */ pathToFileURL(path).href)) as { default: CompiledValidator }).default;
}

/** Everything `SchemaForm` needs for one step of one configuration. */
interface LoadedStep {
  readonly name: string;
  readonly schema: RJSFSchema;
  readonly uiSchema: UiSchema;
  readonly js: string;
  readonly validate: CompiledValidator;
  readonly errorKey: ErrorKeyFn;
  readonly t: (key: string) => string;
}

async function loadStep(config: Configuration, step: string): Promise<LoadedStep> {
  const name = schemaOfStep(config, step);
  const schema = readJson<RJSFSchema>(stepFile(config, name, '.schema.json'));
  const uiSchema = readJson<UiSchema>(stepFile(config, name, '.ui.json'));
  const { js } = compileSchema(name, schema, config.vocabulary);
  const catalog = formsCatalog(config, config.product.defaultLanguage);
  const t = translator(catalog, config.product);
  return { name, schema, uiSchema, js, validate: await loadValidator(name, js), errorKey: errorKeyFor(catalog), t };
}

// The address picker's loader is a function: the app passes it in `ui:options`, so does the test (no list is opened).
const loadLevel = () => Promise.resolve([]);

function renderStep(step: LoadedStep, formData?: unknown) {
  const onSubmit = vi.fn();
  const uiSchema: UiSchema =
    step.uiSchema['address'] === undefined
      ? step.uiSchema
      : { ...step.uiSchema, address: { ...(step.uiSchema['address'] as UiSchema), 'ui:options': { loadLevel } } };
  render(
    <SchemaForm
      schema={step.schema}
      uiSchema={uiSchema}
      validate={step.validate}
      errorKey={step.errorKey}
      t={step.t}
      formData={formData}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

const submit = () => fireEvent.submit(document.querySelector('form') as HTMLFormElement);
const errorUnder = (id: string): string | null => document.getElementById(`${id}__error`)?.textContent ?? null;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
/** The control labelled with the translated title key (the required marker after it allowed). */
const labelled = (step: LoadedStep, key: string) =>
  screen.getByLabelText(new RegExp(`^${escapeRegExp(step.t(key))}\\*?$`, 'u'));
const optionLabels = (select: HTMLElement) => [...select.querySelectorAll('option')].map((o) => o.textContent);

/** Types `text` into a field (after clearing it) and leaves it, so its error, if any, is shown. */
async function typeAndLeave(input: HTMLElement, text: string): Promise<void> {
  const user = userEvent.setup();
  await user.clear(input);
  await user.type(input, text);
  await user.tab();
}

// ---------------------------------------------------------------------------------------------------------------------

describe('the alternate configuration files', () => {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats.default(ajv);
  const check = (metaSchema: string, path: string) => {
    const validate = ajv.getSchema(metaSchema) ?? ajv.compile(readJson<object>(join('config/schema', metaSchema)));
    validate(readJson<unknown>(path));
    return validate.errors ?? [];
  };

  it.each([
    [`${FIXTURE}/product.json`, 'product.schema.json'],
    [`${FIXTURE}/flow.json`, 'flow.schema.json'],
    [alternate.themeFile, 'theme.schema.json'],
  ])('%s matches config/schema/%s', (path, metaSchema) => {
    expect(check(metaSchema, path)).toEqual([]);
  });

  it('names another sub-product theme, in a file named after its id, and the 6-digit postal rule', () => {
    expect(alternate.product.subProTheme).not.toBe(shipped.product.subProTheme);
    expect(alternate.theme.id).toBe(alternate.product.subProTheme);
    expect(alternate.product.postalCodeDigits).toBe(6);
    expect(shipped.product.postalCodeDigits).toBe(4);
  });

  it('has the same steps and routes as the shipped flow, two of them swapped and chained, each with a schema and a uiSchema', () => {
    const order = (config: Configuration) => config.flow.steps.map((s) => s.step);
    const routes = (config: Configuration) => config.flow.steps.map((s) => s.route).sort();
    expect([...order(alternate)].sort()).toEqual([...order(shipped)].sort());
    expect(routes(alternate)).toEqual(routes(shipped));
    const moved = order(alternate).filter((step, i) => order(shipped)[i] !== step);
    expect(moved).toEqual(['addressInfo', 'identityInfo']);
    // Each step leads to the one after it; the last to where the shipped flow ends.
    const steps = alternate.flow.steps;
    expect(steps.map((s) => s.next)).toEqual([...steps.slice(1).map((s) => s.route), shipped.flow.steps.at(-1)?.next]);
    for (const { schema } of steps) {
      expect(() => stepFile(alternate, schema, '.schema.json')).not.toThrow();
      expect(() => stepFile(alternate, schema, '.ui.json')).not.toThrow();
    }
  });

  it('changes the identity step by one field added (nickname) and one removed (gender), and ID types added', () => {
    type Step = { properties: Record<string, { title: string; enum?: string[] }>; required: string[] };
    const [alt, ship] = [
      readJson<Step>(stepFile(alternate, 'identity', '.schema.json')),
      readJson<Step>(stepFile(shipped, 'identity', '.schema.json')),
    ];
    const keys = (step: Step) => Object.keys(step.properties);
    expect(keys(alt).filter((k) => !keys(ship).includes(k))).toEqual(['nickname']);
    expect(keys(ship).filter((k) => !keys(alt).includes(k))).toEqual(['gender']);
    expect(alt.required).toContain('nickname');
    expect(alt.properties['idType']?.enum).toEqual([...(ship.properties['idType']?.enum ?? []), 'aadhaar', 'pan']);
    // i18n keys only, and a uiSchema ordering exactly its fields.
    for (const [name, prop] of Object.entries(alt.properties)) expect(prop.title).toBe(`identity.${name}`);
    const ui = readJson<{ 'ui:order': string[] }>(stepFile(alternate, 'identity', '.ui.json'));
    expect([...ui['ui:order']].sort()).toEqual(keys(alt).sort());
  });

  it('adds its new texts in a catalog of its own, the same keys in every language, none already in locales/', () => {
    const keysOf = (language: string) =>
      Object.keys(flatten(readJson<Tree>(`${FIXTURE}/locales/${language}/forms.json`))).sort();
    const shippedKeys = formsCatalog(shipped, 'en');
    expect(keysOf('en').length).toBeGreaterThan(0);
    for (const language of alternate.product.languages) expect(keysOf(language), language).toEqual(keysOf('en'));
    expect(keysOf('en').filter((key) => key in shippedKeys)).toEqual([]);
  });
});

describe('validation vocabulary from the product config', () => {
  it('is the shipped vocabulary for config/product.json', () => {
    expect(shipped.vocabulary).toEqual(vocabulary);
  });

  it('differs only in the postal code rule for the alternate product', () => {
    expect(shipped.vocabulary.formats['postal-code']).toBe('^\\d{4}$');
    expect(alternate.vocabulary.formats['postal-code']).toBe('^\\d{6}$');
    expect({ ...alternate.vocabulary.formats, 'postal-code': '' }).toEqual({
      ...shipped.vocabulary.formats,
      'postal-code': '',
    });
    expect(alternate.vocabulary.normalizers).toEqual(shipped.vocabulary.normalizers);
  });
});

describe('the shipped configuration through the same pipeline', () => {
  it.each(['identityInfo', 'addressInfo'])(
    'compiles %s to exactly the committed forms/compiled/ file',
    async (step) => {
      const loaded = await loadStep(shipped, step);
      expect(
        loaded.js === readFileSync(`forms/compiled/${loaded.name}.js`, 'utf8'),
        `forms/compiled/${loaded.name}.js`,
      ).toBe(true);
    },
  );
});

describe('addressInfo: the postal code rule', () => {
  const steps: Partial<Record<'shipped' | 'alternate', LoadedStep>> = {};
  beforeAll(async () => {
    steps.shipped = await loadStep(shipped, 'addressInfo');
    steps.alternate = await loadStep(alternate, 'addressInfo');
  });
  const address = {
    provinceCode: '0702200000',
    provinceName: 'Cebu',
    cityCode: '0702217000',
    cityName: 'Cebu City',
    barangayCode: '0702217001',
    barangayName: 'Adlaon',
  };
  const data = { address, detailedAddress: 'Blk 4 Lot 5, Rizal Street' };
  const POSTAL_ERROR = 'addressInfo.errors.postalCode.format';

  it('uses the same schema file in both configurations: only the product config differs', () => {
    expect(steps.alternate?.schema).toEqual(steps.shipped?.schema);
    expect(steps.alternate?.js).not.toBe(steps.shipped?.js);
  });

  it('alternate: refuses 4 digits with the postal message (naming 6 digits) under the field, accepts and submits 6', async () => {
    const step = steps.alternate as LoadedStep;
    const message = step.t(POSTAL_ERROR);
    expect(message).not.toContain(MISSING);
    expect(message).toMatch(/(?<!\d)6(?!\d)/u);
    const onSubmit = renderStep(step, data);
    const postal = labelled(step, 'addressInfo.postalCode');
    await typeAndLeave(postal, '6000');
    await waitFor(() => expect(errorUnder('root_postalCode')).toBe(message));
    expect(postal.getAttribute('aria-invalid')).toBe('true');
    await typeAndLeave(postal, ' 600001 ');
    await waitFor(() => expect(errorUnder('root_postalCode')).toBeNull());
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ ...data, postalCode: '600001' });
  });

  it('shipped: accepts and submits 4 digits, refuses 6 with the postal message (naming 4 digits)', async () => {
    const step = steps.shipped as LoadedStep;
    const message = step.t(POSTAL_ERROR);
    expect(message).toMatch(/(?<!\d)4(?!\d)/u);
    const onSubmit = renderStep(step, data);
    const postal = labelled(step, 'addressInfo.postalCode');
    await typeAndLeave(postal, '600001');
    await waitFor(() => expect(errorUnder('root_postalCode')).toBe(message));
    await typeAndLeave(postal, '1226');
    await waitFor(() => expect(errorUnder('root_postalCode')).toBeNull());
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ ...data, postalCode: '1226' });
  });
});

describe('identity: a field added, one removed, Aadhaar and PAN on', () => {
  const steps: Partial<Record<'shipped' | 'alternate', LoadedStep>> = {};
  beforeAll(async () => {
    steps.shipped = await loadStep(shipped, 'identityInfo');
    steps.alternate = await loadStep(alternate, 'identityInfo');
  });
  const base = { name: 'Ravi Kumar', birthDate: '1990-01-01', idPhotoFront: JPEG, idPhotoBack: JPEG, facePhoto: JPEG };
  const idTypeLabel = (step: LoadedStep, id: string) => step.t(`identity.options.idType.${id}`);

  it('alternate: renders the added field with its label from the fixture catalog, and no gender', () => {
    const step = steps.alternate as LoadedStep;
    renderStep(step);
    expect(step.t('identity.nickname')).toBe('What should we call you?');
    expect(labelled(step, 'identity.nickname').id).toBe('root_nickname');
    expect(document.getElementById('root_gender')).toBeNull();
    expect(screen.queryByText(step.t('identity.gender'))).toBeNull();
    expect(document.body.textContent).not.toContain(MISSING);
  });

  it('alternate: validates the added field (required on submit, minLength once left) with its own messages', async () => {
    const step = steps.alternate as LoadedStep;
    const onSubmit = renderStep(step);
    submit();
    await waitFor(() => expect(errorUnder('root_nickname')).toBe('Tell us what to call you'));
    expect(errorUnder('root_name')).toBe(step.t('errors.required'));
    const nickname = labelled(step, 'identity.nickname');
    await typeAndLeave(nickname, 'J');
    await waitFor(() => expect(errorUnder('root_nickname')).toBe('Enter at least 2 letters'));
    await typeAndLeave(nickname, 'Jun');
    await waitFor(() => expect(errorUnder('root_nickname')).toBeNull());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toContain(MISSING);
  });

  // Aadhaar: 12 digits not starting with 0 or 1. domain/ph-ids.ts does not check its Verhoeff digit, so neither does this.
  it('alternate: offers Aadhaar and PAN, and checks their numbers under the ID number field', async () => {
    const step = steps.alternate as LoadedStep;
    const aadhaarError = step.t('identity.errors.idNumber.aadhaar');
    const panError = step.t('identity.errors.idNumber.pan');
    renderStep(step);
    const user = userEvent.setup();
    const idType = labelled(step, 'identity.idType');
    expect(optionLabels(idType)).toEqual(
      expect.arrayContaining(['philSys', 'aadhaar', 'pan'].map((id) => idTypeLabel(step, id))),
    );

    await user.selectOptions(idType, idTypeLabel(step, 'aadhaar'));
    const idNumber = labelled(step, 'identity.idNumber');
    await typeAndLeave(idNumber, '1234 5678 9012');
    await waitFor(() => expect(errorUnder('root_idNumber')).toBe(aadhaarError));
    await typeAndLeave(idNumber, '2345 6789 012');
    await waitFor(() => expect(errorUnder('root_idNumber')).toBe(aadhaarError));
    await typeAndLeave(idNumber, '2345 6789 0123');
    await waitFor(() => expect(errorUnder('root_idNumber')).toBeNull());

    await user.selectOptions(idType, idTypeLabel(step, 'pan'));
    await typeAndLeave(idNumber, '1234567890');
    await waitFor(() => expect(errorUnder('root_idNumber')).toBe(panError));
    await typeAndLeave(idNumber, 'abcpe1234f');
    await waitFor(() => expect(errorUnder('root_idNumber')).toBeNull());
    expect(document.body.textContent).not.toContain(MISSING);
  });

  it('alternate: submits an Aadhaar applicant normalised, with the nickname and without gender', async () => {
    const onSubmit = renderStep(steps.alternate as LoadedStep, {
      ...base,
      nickname: '  Ravi ',
      idType: 'aadhaar',
      idNumber: '2345-6789-0123',
    });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      ...base,
      nickname: 'Ravi',
      idType: 'aadhaar',
      idNumber: '234567890123',
    });
  });

  it('alternate: the compiled validator refuses gender (removed) and agrees with the live ajv', () => {
    const step = steps.alternate as LoadedStep;
    const live = createAjv(alternate.vocabulary).compile(step.schema);
    const samples = [
      { ...base, nickname: 'Ravi', idType: 'pan', idNumber: 'ABCPE1234F' },
      { ...base, nickname: 'Ravi', idType: 'pan', idNumber: 'ABCPE12345' },
      { ...base, nickname: 'Ravi', gender: 'male', idType: 'aadhaar', idNumber: '234567890123' },
      { ...base, idType: 'aadhaar', idNumber: '134567890123' },
    ];
    const verdicts = samples.map((sample) => {
      const [a, b] = [structuredClone(sample), structuredClone(sample)];
      const verdict = step.validate(a);
      expect(live(b)).toBe(verdict);
      expect(step.validate.errors ?? null).toEqual(live.errors ?? null);
      expect(a).toEqual(b);
      return verdict;
    });
    expect(verdicts).toEqual([true, false, false, false]);
    step.validate({ ...base, nickname: 'Ravi', gender: 'male', idType: 'aadhaar', idNumber: '234567890123' });
    expect(step.validate.errors?.map((e) => [e.keyword, e.params])).toEqual([
      ['additionalProperties', { additionalProperty: 'gender' }],
    ]);
  });

  it('shipped: gender and no nickname, no Aadhaar or PAN, and an Aadhaar number refused as an unknown ID type', () => {
    const step = steps.shipped as LoadedStep;
    renderStep(step);
    expect(document.getElementById('root_gender')).not.toBeNull();
    expect(document.getElementById('root_nickname')).toBeNull();
    expect(screen.queryByText(/What should we call you/u)).toBeNull();
    const labels = optionLabels(labelled(step, 'identity.idType'));
    expect(labels).toContain(idTypeLabel(step, 'philSys'));
    expect(labels).not.toContain(idTypeLabel(step, 'aadhaar'));
    expect(labels).not.toContain(idTypeLabel(step, 'pan'));
    expect(step.validate({ ...base, gender: 'male', idType: 'aadhaar', idNumber: '234567890123' })).toBe(false);
    expect(step.validate.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([['/idType', 'enum']]);
  });
});

describe('flow order from the flow file', () => {
  const steps = { shipped: shipped.flow.steps, alternate: alternate.flow.steps };

  it('resumes at the first step of each order', () => {
    expect(resumeRoute(steps.shipped, [])).toBe('/identityInfo');
    expect(resumeRoute(steps.alternate, [])).toBe('/addressInfo');
    expect(resumeRoute(steps.shipped, ['identityInfo'])).toBe('/baseInfo');
    expect(resumeRoute(steps.alternate, ['identityInfo'])).toBe('/addressInfo');
  });

  it('leads a valid submit to the next step of each order', () => {
    expect(nextRoute(steps.shipped, [], 'baseInfo2')).toBe('/addressInfo');
    expect(nextRoute(steps.alternate, [], 'baseInfo2')).toBe('/identityInfo');
    expect(nextRoute(steps.shipped, ['identityInfo', 'baseInfo'], 'baseInfo2')).toBe('/addressInfo');
    expect(nextRoute(steps.alternate, ['addressInfo', 'baseInfo'], 'baseInfo2')).toBe('/identityInfo');
    expect(nextRoute(steps.alternate, ['addressInfo', 'baseInfo', 'baseInfo2'], 'identityInfo')).toBe('/contact');
  });

  it('counts progress in each order', () => {
    expect(progressOf(steps.shipped, 'identityInfo')).toEqual({ index: 1, total: 7 });
    expect(progressOf(steps.alternate, 'identityInfo')).toEqual({ index: 4, total: 7 });
    expect(progressOf(steps.shipped, 'addressInfo')).toEqual({ index: 4, total: 7 });
    expect(progressOf(steps.alternate, 'addressInfo')).toEqual({ index: 1, total: 7 });
    expect(progressOf(steps.alternate, 'baseInfo')).toEqual(progressOf(steps.shipped, 'baseInfo'));
  });
});

describe('sub-product theme from the theme file', () => {
  it("applies the alternate theme's custom properties and id to the root", () => {
    const root = document.createElement('div');
    applyThemeProperties(alternate.theme, root);
    for (const [name, value] of Object.entries(alternate.theme.properties))
      expect(root.style.getPropertyValue(name), name).toBe(value);
    expect(root.dataset['theme']).toBe(String(alternate.product.subProTheme));
  });

  it('still applies the shipped theme by number, and the two differ', () => {
    const root = document.createElement('div');
    applyTheme(shipped.product.subProTheme, root);
    for (const [name, value] of Object.entries(shipped.theme.properties))
      expect(root.style.getPropertyValue(name), name).toBe(value);
    expect(root.dataset['theme']).toBe(String(shipped.product.subProTheme));
    expect(alternate.theme.properties['--color-primary']).not.toBe(shipped.theme.properties['--color-primary']);
  });
});
