/**
 * The published forms as the server serves them, for component tests (jsdom): the manifest, each form's JSON and its
 * validator module, built by the server's own code (server/forms/assets.ts) from the repository's seed, so a test
 * runs the borrower app against the real assets, not hand-written copies. The JSON is answered through the test fetch
 * stub (src/testing/api-mock.ts mockApi) and the validator modules are imported from files, as jsdom's module
 * loader cannot fetch a URL.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FlowContent, FormContent } from '#domain/form-content.ts';
import { forgetManifest, type FormsManifest } from '../forms/manifest.ts';
import { forgetStepForms, setModuleImporter } from '../forms/step-modules.ts';

/** A form version to publish: its name, version and content. */
export interface FormVersion {
  readonly name: string;
  readonly version: number;
  readonly content: FormContent;
}

/** A published state: the manifest and the bodies of the /forms/ files it names. */
export interface Published {
  readonly manifest: FormsManifest;
  /** `/forms/<hash>.json` -> its JSON body. */
  readonly documents: Readonly<Record<string, unknown>>;
  /** `/forms/<hash>.js` -> its module text. */
  readonly validators: Readonly<Record<string, string>>;
  /** The seed's forms by name (version 1's content), to change in a test. */
  readonly seedForms: Readonly<Record<string, FormContent>>;
}

// Inside node_modules so Vitest leaves the module alone and Node imports it as it is (as the browser would).
const scratch = join(process.cwd(), 'node_modules/.cache', `published-forms-${process.pid}`);
const builder = join(process.cwd(), 'src/testing/published-forms.build.ts');

/** The seed's forms (version 1 of each) with `changes` in their place, and the seed's (or the given) flow. */
export function publish(
  changes: { forms?: readonly FormVersion[]; flow?: FlowContent; flowVersion?: number } = {},
): Published {
  const out = execFileSync(process.execPath, ['--import', 'tsx', builder], {
    input: JSON.stringify(changes),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out) as Published;
}

/**
 * The fetch stub's routes for `published` (merge them into mockApi's): the manifest (each answer in turn when several
 * states are given: a reload reads the next) and every form file of every state. Installs the validator importer.
 */
/** The validator URLs imported through the importer `publishedRoutes` installs, in order. */
export const importedValidators: string[] = [];

export function publishedRoutes(
  ...states: readonly Published[]
): Record<string, { body: unknown } | { body: unknown }[]> {
  const validators = Object.assign({}, ...states.map((s) => s.validators)) as Record<string, string>;
  setModuleImporter(async (url) => {
    importedValidators.push(url);
    const js = validators[url];
    if (js === undefined) throw new Error(`no validator ${url}`);
    mkdirSync(scratch, { recursive: true });
    const path = join(scratch, `${createHash('sha256').update(js).digest('hex').slice(0, 16)}.mjs`);
    writeFileSync(path, js);
    return (await import(/* @vite-ignore */ pathToFileURL(path).href)) as { default: unknown };
  });
  const routes: Record<string, { body: unknown } | { body: unknown }[]> = {
    'GET /forms/manifest': states.map((s) => ({ body: s.manifest })),
  };
  for (const state of states)
    for (const [url, body] of Object.entries(state.documents)) routes[`GET ${url}`] = { body };
  return routes;
}

/** A page that has loaded no manifest and no form yet (call before each test). */
export function freshPage(): void {
  forgetManifest();
  forgetStepForms();
}

/** Removes the validator files written (call after the suite). */
export function removeScratch(): void {
  rmSync(scratch, { recursive: true, force: true });
}
