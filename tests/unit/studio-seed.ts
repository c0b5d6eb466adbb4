/**
 * The repository's forms as studio content and the product's check context, for the studio's tests: what the
 * server's seed (version 1) holds, for engine/studio's tests (the engine imports nothing of the product; tests may).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { STEP_FILE_BYTES } from '#domain/form-content.ts';
import type { FormCheckContext } from '#engine/studio/check-form.ts';
import type { FormContentLike } from '#engine/studio/types.ts';
import { engineFieldMeta, engineWidgetMeta, rjsfWidgetMeta } from '#engine/widgets/widget-meta.ts';
import { vocabulary } from '#forms/vocabulary.ts';

/** domain FORM_LANGUAGES and their locales/ folders. */
export const LANGUAGES = { en: 'en', fil: 'fil', zh: 'zh-CN' } as const;

const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** Every form of forms/ (`<name>.schema.json`). */
export const FORM_NAMES = readdirSync('forms').flatMap((file) =>
  file.endsWith('.schema.json') ? [file.slice(0, -'.schema.json'.length)] : [],
);

/** The 7 steps of config/flow.json. */
export const FLOW = json('config/flow.json') as unknown as {
  steps: { step: string; schema: string; route: string; next: string }[];
};

const catalogs = Object.fromEntries(
  Object.entries(LANGUAGES).map(([lng, dir]) => [lng, json(`locales/${dir}/forms.json`)]),
);

/** Seed JSON to break in a test: any depth, any value, as a draft is whatever staff typed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests reach into seed JSON to break it
export type Loose = Record<string, any>;

/** A draft to break: a deep copy of seed form `name`. */
export function draft(name: string): { schema: Loose; uiSchema: Loose; texts: Record<string, Loose> } {
  return structuredClone(seedForm(name));
}

/** Form `name` as the seed imports it. */
export function seedForm(name: string): FormContentLike {
  return {
    schema: json(`forms/${name}.schema.json`),
    uiSchema: json(`forms/${name}.ui.json`),
    texts: Object.fromEntries(
      Object.entries(catalogs).map(([lng, catalog]) => [lng, (catalog[name] ?? {}) as Record<string, unknown>]),
    ),
  };
}

/** The product's context: the shared catalogs (forms' subtrees removed), the vocabulary, every widget and field. */
export const context: FormCheckContext = {
  languages: Object.keys(LANGUAGES),
  shared: Object.fromEntries(
    Object.entries(catalogs).map(([lng, catalog]) => [
      lng,
      Object.fromEntries(Object.entries(catalog).filter(([key]) => !FORM_NAMES.includes(key))),
    ]),
  ),
  vocabulary,
  widgets: { ...rjsfWidgetMeta, ...engineWidgetMeta },
  fields: engineFieldMeta,
  fileBytes: STEP_FILE_BYTES,
};
