/**
 * The form of each information step, as product staff published it, loaded when its route first renders:
 * the manifest (src/forms/manifest.ts) names the form's immutable JSON (/forms/<hash>.json: schema, uiSchema, the
 * form's own texts in every language and the URL of its validator), and the validator is a self-contained ES module
 * (/forms/<hash>.js) compiled by the server, imported from the same origin, so the app bundles no step form and the
 * browser never compiles a schema (no ajv compiler, no eval). A form not published as content (feedback) is still a
 * chunk of the build.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import i18next from 'i18next';
import { FORM_LANGUAGES, LOCALE_OF, type FormLanguage } from '#domain/form-content.ts';
import type { CompiledValidator } from '#engine/validation/compiled-validator.ts';
import { preloadWidgets } from '#engine/widgets/registry.ts';
import { fetchEarly } from '../api/early.ts';
import { loadManifest, tracked, type FormsManifest } from './manifest.ts';

/** What SchemaForm needs of a step's form, and the version it is (sent with the step when saved). */
export interface StepForm {
  readonly schema: RJSFSchema;
  readonly uiSchema: UiSchema;
  readonly validate: CompiledValidator;
  /** The published version; 0 for a form bundled with the app. */
  readonly version: number;
}

/** One published form version, as GET /forms/<hash>.json answers it. */
interface FormDocument {
  readonly name: string;
  readonly version: number;
  readonly schema: RJSFSchema;
  readonly uiSchema: UiSchema;
  readonly texts: Readonly<Record<FormLanguage, Record<string, unknown>>>;
  readonly validator: string;
}

/** Imports an ES module by URL. Tests replace it: jsdom's module loader cannot fetch a URL. */
export type ModuleImporter = (url: string) => Promise<{ default: unknown }>;

// The URL is the server's (same origin, under /forms/), so Vite must leave the import alone.
let importModule: ModuleImporter = (url) => import(/* @vite-ignore */ url) as Promise<{ default: unknown }>;

/** Replaces how validators are imported (tests only). */
export function setModuleImporter(importer: ModuleImporter): void {
  importModule = importer;
}

/** Forms that are not published content and ship with the app (a chunk each, fetched when first shown). */
const bundled: Readonly<Record<string, () => Promise<[RJSFSchema, UiSchema, CompiledValidator]>>> = {
  feedback: () =>
    Promise.all([
      import('#forms/feedback.schema.json').then((m) => m.default as RJSFSchema),
      import('#forms/feedback.ui.json').then((m) => m.default as UiSchema),
      import('#forms/compiled/feedback.js').then((m) => m.default as CompiledValidator),
    ]),
};

// ---------------------------------------------------------------------------------------------------------------------
// The form's own texts into i18next's `forms` namespace.

/** The texts of every form loaded, by name (the latest version loaded). */
const formTexts = new Map<string, FormDocument['texts']>();
let applying = false;
let listening = false;

/** Adds the loaded forms' texts to the `forms` catalog of `locale`, over what the bundled catalog says. */
function applyTexts(locale: string, names: Iterable<string>): void {
  const language = FORM_LANGUAGES.find((lng) => LOCALE_OF[lng] === locale);
  if (!language) return;
  applying = true;
  try {
    for (const name of names) {
      const texts = formTexts.get(name)?.[language];
      if (texts) i18next.addResourceBundle(locale, 'forms', { [name]: texts }, true, true);
    }
  } finally {
    applying = false;
  }
}

/**
 * Makes `name`'s published texts the ones i18next shows. A language whose `forms` catalog is not loaded yet gets them
 * when it loads (the catalog arrives as a whole and would replace them): adding a bundle before would also make
 * i18next believe the catalog is loaded and never fetch its shared texts (errors, widgets).
 */
function addFormTexts(name: string, texts: FormDocument['texts']): void {
  formTexts.set(name, texts);
  if (!listening) {
    listening = true;
    i18next.store.on('added', (locale: string, namespace: string) => {
      if (!applying && namespace === 'forms') applyTexts(locale, formTexts.keys());
    });
  }
  for (const language of FORM_LANGUAGES) {
    if (i18next.hasResourceBundle(LOCALE_OF[language], 'forms')) applyTexts(LOCALE_OF[language], [name]);
  }
}

// ---------------------------------------------------------------------------------------------------------------------

/** One promise per form document URL: an immutable URL is one version, fetched once per page life. */
const documents = new Map<string, Promise<StepForm>>();

async function fetchDocument(name: string, url: string, validator: string): Promise<StepForm> {
  // The validator (named by the manifest) travels beside the form's file rather than after it.
  const early = importModule(validator);
  early.catch(() => undefined);
  // Started by the page's boot script when the page was opened on this step (src/api/early.ts).
  const response = await fetchEarly(url);
  if (!response.ok) throw new Error(`form ${name} (${url}): HTTP ${response.status}`);
  const form = (await response.json()) as FormDocument;
  // The uiSchema's lazy widgets, the validator and the current language's shared texts arrive together.
  const [module] = await Promise.all([
    form.validator === validator ? early : importModule(form.validator),
    preloadWidgets(form.uiSchema),
    i18next.loadNamespaces('forms'),
  ]);
  if (typeof module.default !== 'function') throw new Error(`form ${name}: ${form.validator} exports no validator`);
  addFormTexts(name, form.texts);
  return {
    schema: form.schema,
    uiSchema: form.uiSchema,
    validate: module.default as CompiledValidator,
    version: form.version,
  };
}

function loadDocument(name: string, url: string, validator: string): Promise<StepForm> {
  let promise = documents.get(url);
  if (!promise) {
    promise = fetchDocument(name, url, validator);
    promise.catch(() => documents.delete(url));
    documents.set(url, promise);
  }
  return promise;
}

async function loadBundled(load: NonNullable<(typeof bundled)[string]>): Promise<StepForm> {
  const [schema, uiSchema, validate] = await load();
  await preloadWidgets(uiSchema);
  return { schema, uiSchema, validate, version: 0 };
}

/** The promise of each form by name, and the manifest promise it was read from. */
const cache = new Map<string, { manifest: Promise<FormsManifest> | undefined; promise: Promise<StepForm> }>();

/**
 * The form `name`, one promise per name for the page's life (React's `use` needs the same promise on every render)
 * until the manifest is reloaded, when a form whose version changed loads again; a failed load is forgotten so that
 * the next render tries again.
 */
export function loadStepForm(name: string): Promise<StepForm> {
  const own = bundled[name];
  const manifest = own ? undefined : loadManifest();
  let entry = cache.get(name);
  if (!entry || entry.manifest !== manifest) {
    const promise = tracked(
      own
        ? loadBundled(own)
        : manifest!.then((m) => {
            const published = m.forms[name];
            if (!published) throw new Error(`no published form ${name}`);
            return loadDocument(name, published.form, published.validator);
          }),
    );
    entry = { manifest, promise };
    const stored = entry;
    promise.catch(() => {
      if (cache.get(name) === stored) cache.delete(name);
    });
    cache.set(name, entry);
  }
  return entry.promise;
}

/** Forgets every form loaded (tests: each starts from a page that has loaded none). */
export function forgetStepForms(): void {
  cache.clear();
  documents.clear();
  formTexts.clear();
}
