/**
 * What a published version becomes for browsers, and the repository's seed of every versioned document.
 *
 * A form version is served as two content-hashed, immutable files from our own origin:
 * - `/forms/<hash>.json`: its schema, uiSchema and texts in the three languages, naming its validator;
 * - `/forms/<hash>.js`: its ajv standalone validator (engine/validation's one setup and the product vocabulary),
 *   bundled by esbuild with ajv's small runtime helpers into ONE self-contained ES module. So the browser imports a
 *   plain module: no ajv compiler, no `eval`, no bare import to resolve, and the CSP keeps no `unsafe-eval`.
 * The same module text is what the server validates with (imported from a `data:` URL), so the browser and the server
 * run identical code for a version.
 *
 * The seed is the files as they are in the repository: config/flow.json, forms/<form>.schema.json and .ui.json with
 * the form's subtree of locales/<lng>/forms.json, config/themes/theme-<n>.json. The first start imports them as
 * version 1, so a fresh install behaves exactly as before the studio existed.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnySchemaObject } from 'ajv';
import { build } from 'esbuild';
import {
  FLOW_NAME,
  FORM_LANGUAGES,
  LOCALE_OF,
  type FlowContent,
  type FormContent,
  type FormLanguage,
  type ThemeContent,
} from '#domain/form-content.ts';
import { isThemeEntry } from '#engine/studio/theme-properties.ts';
import { standaloneModule } from '#engine/validation/standalone-module.ts';
import { withoutComments } from '#engine/validation/without-comments.ts';
import { vocabulary } from '#forms/vocabulary.ts';
import { buildAssetsOffThread } from './compiler.ts';
import { promiseMemo } from './promise-memo.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The URL prefix of the published assets. */
export const ASSETS_PATH = '/forms/';

const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 20);

/** The validator module of a schema: standalone code with ajv's runtime helpers bundled in, minified, deterministic. */
export async function validatorModule(schema: Record<string, unknown>): Promise<string> {
  const source = standaloneModule(vocabulary, withoutComments(schema) as AnySchemaObject);
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: 'js', sourcefile: 'validator.js' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error('esbuild wrote no validator module');
  return file.text;
}

/** The two files of a form version, with their content hashes. */
export interface FormAssets {
  readonly formJson: string;
  readonly formHash: string;
  readonly validatorJs: string;
  readonly validatorHash: string;
}

/** What `/forms/<hash>.json` holds. */
export interface PublishedForm {
  readonly name: string;
  readonly version: number;
  readonly schema: Record<string, unknown>;
  readonly uiSchema: Record<string, unknown>;
  readonly texts: FormContent['texts'];
  /** The URL of the validator module. */
  readonly validator: string;
}

/** Files built in this process, by name, version and content: the same seed is built once per process, not per start. */
const built = promiseMemo<FormAssets>(101);

/**
 * Builds the files of one form version (throws when the schema does not compile), on the form compiler's worker
 * thread (server/forms/compiler.ts): the event loop is not held while ajv compiles.
 */
export function buildFormAssets(name: string, version: number, content: FormContent): Promise<FormAssets> {
  return built(`${name}\u0000${version}\u0000${JSON.stringify(content)}`, () =>
    buildAssetsOffThread(name, version, content),
  );
}

/** Builds the files of one form version in this thread (the compiler's worker calls it). */
export async function buildAssetsHere(name: string, version: number, content: FormContent): Promise<FormAssets> {
  const validatorJs = await validatorModule(content.schema);
  const validatorHash = hashOf(validatorJs);
  const published: PublishedForm = {
    name,
    version,
    schema: withoutComments(content.schema) as Record<string, unknown>,
    uiSchema: content.uiSchema,
    texts: content.texts,
    validator: `${ASSETS_PATH}${validatorHash}.js`,
  };
  const formJson = JSON.stringify(published);
  return { formJson, formHash: hashOf(formJson), validatorJs, validatorHash };
}

/** The manifest the borrower app reads: the published flow, each published form's file, the themes. */
export interface FormsManifest {
  readonly flow: { readonly version: number } & FlowContent;
  readonly forms: Readonly<Record<string, { readonly version: number; readonly form: string }>>;
  readonly themes: Readonly<
    Record<string, { readonly version: number; readonly properties: ThemeContent['properties'] }>
  >;
}

/** One published version as the manifest needs it. */
export type PublishedEntry =
  | { kind: 'flow'; name: string; version: number; content: FlowContent }
  | { kind: 'form'; name: string; version: number; formHash: string; validatorHash: string }
  | { kind: 'theme'; name: string; version: number; content: ThemeContent };

/**
 * What a step's prerendered page was drawn with, as the page records it (`data-published`, scripts/prerender.ts) and
 * the server compares it before sending the page: the form file of the step at `route` and the flow's version;
 * undefined when no step of the flow is there.
 */
export function stepPageKey(manifest: FormsManifest, route: string): string | undefined {
  const step = manifest.flow.steps.find((entry) => entry.route === route);
  const form = step && manifest.forms[step.schema];
  return form && `${form.form} ${manifest.flow.version}`;
}

/** The manifest of the published versions. */
export function manifestOf(published: readonly PublishedEntry[]): FormsManifest {
  let flow: FormsManifest['flow'] | undefined;
  const forms: Record<string, { version: number; form: string; validator: string }> = {};
  const themes: Record<string, { version: number; properties: ThemeContent['properties'] }> = {};
  for (const entry of published) {
    if (entry.kind === 'flow') flow = { version: entry.version, steps: entry.content.steps };
    else if (entry.kind === 'form')
      forms[entry.name] = {
        version: entry.version,
        form: `${ASSETS_PATH}${entry.formHash}.json`,
        validator: `${ASSETS_PATH}${entry.validatorHash}.js`,
      };
    // Only what a theme may set (engine/studio/theme-properties.ts), whatever a stored version holds.
    else
      themes[entry.name] = {
        version: entry.version,
        properties: Object.fromEntries(
          Object.entries(entry.content.properties).filter(([name, value]) => isThemeEntry(name, value)),
        ),
      };
  }
  if (!flow) throw new Error('no published flow');
  return { flow, forms, themes };
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** A form's seed texts: its subtree of locales/<lng>/forms.json in each language. */
function seedTexts(name: string): FormContent['texts'] {
  const texts = {} as Record<FormLanguage, Record<string, unknown>>;
  for (const language of FORM_LANGUAGES) {
    const catalog = readJson(`locales/${LOCALE_OF[language]}/forms.json`) as Record<
      string,
      Record<string, unknown> | undefined
    >;
    texts[language] = catalog[name] ?? {};
  }
  return texts;
}

/** One document of the seed. */
export type SeedDocument =
  | { kind: 'flow'; name: string; content: FlowContent }
  | { kind: 'form'; name: string; content: FormContent }
  | { kind: 'theme'; name: string; content: ThemeContent };

/** The seed form of `name` (forms/<name>.schema.json, .ui.json and its texts). */
export function seedForm(name: string): FormContent {
  const schema = readJson(`forms/${name}.schema.json`) as Record<string, unknown>;
  const uiSchema = readJson(`forms/${name}.ui.json`) as Record<string, unknown>;
  return { schema, uiSchema, texts: seedTexts(name) };
}

/** Every versioned document as the repository's files hold it: the flow, each step's form, each theme. */
export function seedContents(): SeedDocument[] {
  const flowFile = readJson('config/flow.json') as FlowContent;
  const flow: FlowContent = {
    steps: flowFile.steps.map(({ step, schema, route, next }) => ({ step, schema, route, next })),
  };
  const forms = [...new Set(flow.steps.map((s) => s.schema))].map((name) => ({
    kind: 'form' as const,
    name,
    content: seedForm(name),
  }));
  const themes = readdirSync(join(root, 'config/themes'))
    .filter((f) => /^theme-\d+\.json$/u.test(f))
    .sort()
    .map((f) => {
      const { id, properties } = readJson(`config/themes/${f}`) as ThemeContent;
      return { kind: 'theme' as const, name: String(id), content: { id, properties } };
    });
  return [{ kind: 'flow', name: FLOW_NAME, content: flow }, ...forms, ...themes];
}
