/**
 * locales/<lng>/forms.json against the schemas: every title, placeholder and guidance key of a schema or uiSchema,
 * every enum option (`<step>.options.<field>.<id>`), a general message for every keyword a schema can fail on
 * (`errors.<keyword>`), and the number rule of every ID document (`identity.errors.idNumber.<id>`). That all three
 * languages have the same keys is tests/unit/locales.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ID_DOCUMENTS } from '#domain/ph-ids.ts';
import { schemaNames } from '#scripts/compile-validators.ts';
import { readStepSchema } from './step-suite.ts';

const en = JSON.parse(readFileSync('locales/en/forms.json', 'utf8')) as Record<string, unknown>;
const text = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], en);

/** [field, enum] of every property with an enum, in branches and definitions too. */
function enums(node: unknown, out: [string, string[]][] = []): [string, string[]][] {
  if (node === null || typeof node !== 'object') return out;
  const s = node as Record<string, unknown>;
  for (const [field, prop] of Object.entries(
    (s['properties'] as Record<string, Record<string, unknown>> | undefined) ?? {},
  )) {
    if (Array.isArray(prop['enum']) && typeof prop['title'] === 'string') out.push([field, prop['enum'] as string[]]);
    enums(prop, out);
  }
  for (const key of ['then', 'else', 'items']) enums(s[key], out);
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    for (const sub of (s[key] as unknown[] | undefined) ?? []) enums(sub, out);
  for (const sub of Object.values((s['definitions'] as Record<string, unknown> | undefined) ?? {})) enums(sub, out);
  return out;
}

describe.each(schemaNames())('forms catalog for %s', (name) => {
  const schema = readStepSchema(name);
  // contact has no uiSchema yet.
  const ui = existsSync(`forms/${name}.ui.json`) ? readFileSync(`forms/${name}.ui.json`, 'utf8') : '';

  it('has an English text for every title and every ui key', () => {
    const keys = [
      ...JSON.stringify(schema).matchAll(/"title":"([^"]+)"/gu),
      ...ui.matchAll(/"(?:ui:placeholder|guidance)":\s*"([^"]+)"/gu),
    ].map((m) => m[1] ?? '');
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => typeof text(k) !== 'string')).toEqual([]);
  });

  it('has a label for every enum option', () => {
    const missing = enums(schema)
      .flatMap(([field, ids]) => ids.map((id) => `${name}.options.${field}.${id}`))
      .filter((k) => typeof text(k) !== 'string');
    expect(missing).toEqual([]);
  });

  it('has a general message for every keyword the schema can fail on', () => {
    const keywords = new Set([
      'required',
      'type',
      'enum',
      'format',
      'pattern',
      'minLength',
      'maxLength',
      'additionalProperties',
      'propertyNames',
      'uniqueBy',
      'matches',
      'minItems',
      'maxItems',
    ]);
    const used = [...JSON.stringify(schema).matchAll(/"([a-zA-Z]+)":/gu)]
      .map((m) => m[1] ?? '')
      .filter((k) => keywords.has(k));
    expect(used.filter((k) => typeof text(`errors.${k}`) !== 'string')).toEqual([]);
  });
});

describe('forms catalog, specific messages', () => {
  it('describes the number format of every ID document, and labels every document (Aadhaar and PAN included)', () => {
    for (const d of ID_DOCUMENTS) {
      expect(text(`identity.errors.idNumber.${d.id}`), d.id).toBeTypeOf('string');
      expect(text(`identity.options.idType.${d.id}`), d.id).toBeTypeOf('string');
    }
    expect(text('identity.errors.idNumber.sss')).toBe('SSS number: 10 digits');
  });

  it("says the spec's words for a mismatched account and repeated numbers", () => {
    expect(text('bankInfo.errors.accountNumberConfirm.matches')).toBe('The bank info does not match');
    expect(text('errors.matches')).toBe('The bank info does not match');
    expect(text('errors.uniqueBy')).toBe('The numbers must be different');
  });

  it('labels income bands with {{min}}/{{max}} from forms/workInfo.income-bands.json, never with amounts', () => {
    const bands = text('workInfo.options.monthlyIncome') as Record<string, string>;
    for (const label of Object.values(bands)) {
      expect(label).toMatch(/\{\{(?:min|max)\}\}/u);
      expect(label).not.toMatch(/\d/u);
    }
  });
});
