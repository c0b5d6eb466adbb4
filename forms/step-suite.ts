/**
 * The shared shape of a step schema's tests (forms/<name>.schema.test.ts): every sample is run through the live ajv
 * (createAjv + the product vocabulary) AND the committed standalone validator (forms/compiled/<name>.js), which
 * must agree on verdict, errors and normalised data; valid samples must come out as `stored`, invalid ones with
 * exactly `errors`. Plus the checks every step shares: `$id`, i18n-key titles, a uiSchema that orders every field.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CompiledValidator } from '#engine/validation/compiled-validator.ts';
import { createAjv } from '#engine/validation/create-ajv.ts';
import { vocabulary } from './vocabulary.ts';

/** One error as a test states it: instancePath, keyword, params. */
export type ExpectedError = readonly [string, string, Record<string, unknown>];

/** A sample a borrower might submit, and what must come of it. */
export type StepSample =
  | { readonly name: string; readonly data: unknown; readonly stored: unknown }
  | { readonly name: string; readonly data: unknown; readonly errors: readonly ExpectedError[] };

/** The schema file of a step, parsed. */
export function readStepSchema(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`forms/${name}.schema.json`, 'utf8')) as Record<string, unknown>;
}

/** The errors of one validator call as [instancePath, keyword, params]. */
export function errorsOf(validate: CompiledValidator, data: unknown): ExpectedError[] {
  return validate(data) ? [] : (validate.errors ?? []).map((e) => [e.instancePath, e.keyword, e.params] as const);
}

/** Every property name of a schema, its if/then/else and allOf branches included. */
function propertyNames(schema: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    const s = node as Record<string, unknown>;
    for (const key of Object.keys((s['properties'] as object | undefined) ?? {})) out.add(key);
    for (const branch of ['then', 'else']) walk(s[branch]);
    for (const sub of (s['allOf'] as unknown[] | undefined) ?? []) walk(sub);
  };
  walk(schema);
  return out;
}

/** Registers the shared tests of step `name`. */
export function stepSuite(name: string, samples: readonly StepSample[]): void {
  const schema = readStepSchema(name);
  const live = createAjv(vocabulary).compile(schema);

  describe(`${name} schema, live and compiled`, async () => {
    const compiled = ((await import(`./compiled/${name}.js`)) as { default: CompiledValidator }).default;

    it.each(samples.map((s) => [s.name, s] as const))('%s', (_name, sample) => {
      const [a, b] = [structuredClone(sample.data), structuredClone(sample.data)];
      const liveErrors = errorsOf(live, a);
      expect(liveErrors).toEqual('stored' in sample ? [] : sample.errors);
      if ('stored' in sample) expect(a).toEqual(sample.stored);
      expect(errorsOf(compiled, b)).toEqual(liveErrors);
      expect(b).toEqual(a);
    });
  });

  describe(`${name} schema, shape`, () => {
    it('has the $id of its file and only i18n keys as titles', () => {
      expect(schema['$id']).toBe(`${name}.schema.json`);
      const titles = JSON.stringify(schema).match(/"title":"[^"]*"/gu) ?? [];
      expect(titles.length).toBeGreaterThan(1);
      for (const title of titles) expect(title).toMatch(new RegExp(`^"title":"${name}\\.[a-zA-Z.]+"$`, 'u'));
    });

    it('has a uiSchema ordering exactly its fields, with registry widgets and no English', () => {
      const ui = JSON.parse(readFileSync(`forms/${name}.ui.json`, 'utf8')) as Record<
        string,
        Record<string, unknown>
      > & {
        'ui:order': string[];
      };
      expect([...ui['ui:order']].sort()).toEqual([...propertyNames(schema)].sort());
      const widgets = JSON.stringify(ui).match(/"ui:widget":"[^"]*"/gu) ?? [];
      for (const w of widgets)
        expect(w).toMatch(/"(?:chips|radios|otp|signature|photo|contactPicker|address|date|textarea|picker)"$/u);
      for (const text of JSON.stringify(ui).match(/"(?:ui:placeholder|guidance)":"[^"]*"/gu) ?? []) {
        expect(text).toMatch(new RegExp(`:"${name}\\.[a-zA-Z.]+"$`, 'u'));
      }
    });
  });
}
