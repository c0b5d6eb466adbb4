/**
 * The RJSF-style corpus (tests/corpus/rjsf-style/*.json: forms written as RJSF's documentation writes them, each a
 * `schema`, a `uiSchema`, a sample `formData` and, where formData is written to show errors, the `stepData` a
 * borrower saves) and each form as form-studio content, for the suites that render, publish and save them
 * (tests/unit/rjsf-corpus.test.tsx, server/routes/staff/studio-corpus.test.ts, tests/e2e/studio-corpus.e2e.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormContent } from '#domain/form-content.ts';
import { checkForm } from '#engine/studio/check-form.ts';
import { formContext } from '#server/forms/form-context.ts';

type Json = Record<string, unknown>;

/** One form of the corpus. */
export interface CorpusForm {
  readonly schema: Json;
  readonly uiSchema: Json;
  readonly formData: unknown;
  /** What a borrower saves, when formData is not that (a sample written to show errors). */
  readonly stepData?: unknown;
}

const dir = join(process.cwd(), 'tests/corpus/rjsf-style');

/** Every form of the corpus by name (its file's name), in name order. */
export const corpus: readonly (readonly [string, CorpusForm])[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f.slice(0, -'.json'.length), JSON.parse(readFileSync(join(dir, f), 'utf8')) as CorpusForm] as const);

/** The languages of a form's texts. */
export const LANGUAGES = ['en', 'fil', 'zh'] as const;

const SCHEMA_TEXTS = ['title', 'description'] as const;
const UI_TEXTS = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder', 'notice', 'guidance'] as const;
/** Keywords whose value is data, not schema: a `title` inside is a value. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);
/** Keywords whose keys are names (a property called `default` is a schema). */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']);

/** A text in a language, as staff would write it (the English one, marked for the other two). */
const textIn = (lng: string, english: string) => (lng === 'en' ? english : `${english} (${lng})`);

/**
 * The form as studio content: every title and description (schema, `ui:title` ...) replaced by a key of the form's
 * own texts (form `name`), `<form>.corpus.t<n>`, and the texts the studio finds missing written in the three languages (the English
 * text a key replaced; an option label its key), as staff write them in the translations table. Answers the keys
 * made: each must have its text, or the studio's missing-text check misses what the borrower's form shows.
 */
export function asStudioContent(form: CorpusForm, name: string): { content: FormContent; keys: string[] } {
  const english = new Map<string, string>();
  const keyOf = (text: string): string => {
    const key = `${name}.corpus.t${english.size + 1}`;
    english.set(key, text);
    return key;
  };
  /** `node` with its texts made keys; `names`: its keys are property names (of `properties` ...), not keywords. */
  const walk = (node: unknown, textKeys: readonly string[], names = false): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, textKeys));
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        names
          ? walk(value, textKeys)
          : typeof value === 'string' && textKeys.includes(key)
            ? keyOf(value)
            : textKeys === SCHEMA_TEXTS && DATA_KEYWORDS.has(key)
              ? value
              : walk(value, textKeys, textKeys === SCHEMA_TEXTS && NAME_MAPS.has(key)),
      ]),
    );
  };
  const texts: Record<string, Json> = { en: {}, fil: {}, zh: {} };
  const content: FormContent = {
    schema: walk(form.schema, SCHEMA_TEXTS) as Json,
    uiSchema: walk(form.uiSchema, UI_TEXTS) as Json,
    texts: texts as FormContent['texts'],
  };
  for (const found of checkForm(name, content, formContext())) {
    if (found.code !== 'studio.checks.missingText') continue;
    const key = String(found.params['key']);
    const path = found.path
      .split('/')
      .slice(2)
      .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
    const lng = path.shift()!;
    let at = texts[lng]!;
    for (const part of path.slice(0, -1)) at = (at[part] ??= {}) as Json;
    at[path.at(-1)!] = textIn(lng, english.get(key) ?? key);
  }
  return { content, keys: [...english.keys()] };
}
