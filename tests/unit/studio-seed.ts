/**
 * The repository's forms as studio content and the product's check context, for the studio's tests: what the
 * server's seed (version 1) holds, for engine/studio's tests (the engine imports nothing of the product; tests may).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { FormCheckContext } from '#engine/studio/check-form.ts';
import type { FormContentLike } from '#engine/studio/types.ts';
import { formContext } from '#server/forms/form-context.ts';

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

/** The product's context, as the server builds it (server/forms/form-context.ts). */
export const context: FormCheckContext = formContext();
