/**
 * Every draft-07 keyword's error reaches a borrower as a sentence in each language, with its limit in it: the errors
 * are made by the engine's own ajv setup on data that breaks each keyword, keyed by the product's `formErrorKey`, and
 * read from locales/<lng>/forms.json as i18next would interpolate them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAjv } from '#engine/validation/create-ajv.ts';
import { formErrorKey, splitKey } from './form-text.ts';
import { vocabulary } from './vocabulary.ts';

const catalogs = Object.fromEntries(
  ['en', 'fil', 'zh-CN'].map((lng) => [
    lng,
    JSON.parse(readFileSync(`locales/${lng}/forms.json`, 'utf8')) as Record<string, unknown>,
  ]),
);
const textOf = (lng: string, key: string): unknown =>
  key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], catalogs[lng]);
const errorKey = formErrorKey({ exists: (key) => typeof textOf('en', key) === 'string' });

/** A schema breaking one keyword on the data beside it: [keyword, schema of `v`, value of `v`]. */
const CASES: [string, Record<string, unknown>, unknown][] = [
  ['minimum', { type: 'number', minimum: 18 }, 17],
  ['maximum', { type: 'number', maximum: 65 }, 66],
  ['exclusiveMinimum', { type: 'number', exclusiveMinimum: 0 }, 0],
  ['exclusiveMaximum', { type: 'number', exclusiveMaximum: 100 }, 100],
  ['multipleOf', { type: 'number', multipleOf: 500 }, 1250],
  ['minLength', { type: 'string', minLength: 3 }, 'ab'],
  ['maxLength', { type: 'string', maxLength: 3 }, 'abcd'],
  ['pattern', { type: 'string', pattern: '^\\d+$' }, 'x'],
  ['format', { type: 'string', format: 'ph-mobile' }, 'x'],
  ['format', { type: 'string', format: 'date' }, '2023-02-29'],
  ['format', { type: 'string', format: 'date-time' }, '2023-02-28'],
  ['format', { type: 'string', format: 'time' }, '25:00'],
  ['format', { type: 'string', format: 'email' }, 'juan@'],
  ['format', { type: 'string', format: 'uri' }, 'example.ph'],
  ['format', { type: 'string', format: 'data-url' }, 'file.pdf'],
  ['minItems', { type: 'array', minItems: 2 }, [1]],
  ['maxItems', { type: 'array', maxItems: 1 }, [1, 2]],
  ['uniqueItems', { type: 'array', uniqueItems: true }, [1, 1]],
  ['contains', { type: 'array', contains: { const: 'id' } }, ['x']],
  ['minProperties', { type: 'object', minProperties: 2 }, { a: 1 }],
  ['maxProperties', { type: 'object', maxProperties: 1 }, { a: 1, b: 2 }],
  ['required', { type: 'object', required: ['a'] }, {}],
  ['dependencies', { type: 'object', dependencies: { card: ['billing'] } }, { card: '4111' }],
  ['propertyNames', { type: 'object', propertyNames: { maxLength: 2 } }, { long: 1 }],
  ['const', { const: true }, false],
  ['enum', { enum: ['a', 'b'] }, 'c'],
  ['type', { type: 'integer' }, 1.5],
  ['oneOf', { oneOf: [{ minimum: 1 }, { maximum: 5 }] }, 3],
  ['anyOf', { anyOf: [{ type: 'string' }, { type: 'boolean' }] }, 3],
  ['not', { not: { const: 'x' } }, 'x'],
  ['if', { if: { const: 1 }, then: { const: 2 } }, 1],
  ['additionalProperties', { type: 'object', properties: {}, additionalProperties: false }, { a: 1 }],
  ['additionalItems', { type: 'array', items: [{}], additionalItems: false }, [1, 2]],
  ['false schema', { type: 'object', properties: { a: false } }, { a: 1 }],
];

const ajv = createAjv(vocabulary);

describe('the texts of validation errors', () => {
  it.each(CASES)('%s: a sentence in en, fil and zh-CN with its limit', (keyword, schema, value) => {
    const validate = ajv.compile({ type: 'object', properties: { v: schema } });
    expect(validate({ v: value })).toBe(false);
    const error = validate.errors?.find((e) => e.keyword === keyword);
    expect(error, JSON.stringify(validate.errors)).toBeDefined();
    const { key, values } = splitKey(errorKey(error!, undefined));
    const format = (error!.params as { format?: string }).format;
    if (format !== undefined && !format.includes('-mobile')) expect(key).toBe(`errors.formats.${format}`);
    for (const lng of Object.keys(catalogs)) {
      const text = textOf(lng, key);
      expect(text, `${lng} ${key}`).toBeTypeOf('string');
      const shown = String(text).replace(/\{\{(\w+)\}\}/gu, (_m, name: string) => values[name] ?? `{{${name}}}`);
      expect(shown, `${lng} ${key}`).not.toContain('{{');
      for (const limit of ['limit', 'multipleOf'])
        if (limit in error!.params) expect(shown, `${lng} ${key}`).toContain(String(values[limit]));
    }
    // Translations, not English copies.
    expect(textOf('fil', key)).not.toBe(textOf('en', key));
    expect(textOf('zh-CN', key)).not.toBe(textOf('en', key));
  });
});
