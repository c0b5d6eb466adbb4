import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { vocabulary } from '#forms/vocabulary.ts';
import { checkSchema, whereOf } from './check-schema.ts';
import type { Check } from './types.ts';

const brief = (checks: Check[]) => checks.map((c) => [c.code.replace('studio.checks.', ''), c.path, c.params]);
const form = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

describe('checkSchema', () => {
  it('accepts what ajv strict mode refused: untyped keywords, union types, tuples, if alone, then alone', () => {
    const schemas = [
      form({ a: { minimum: 1 }, b: { maxLength: 2 }, c: { required: ['x'] }, d: { items: { type: 'string' } } }),
      form({ a: { type: ['string', 'null'] }, b: { not: { type: ['integer', 'boolean'] } } }),
      form({ t: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }], additionalItems: false } }),
      form({ a: { type: 'integer' } }, { if: { properties: { a: { exclusiveMaximum: 0 } } } }),
      form({ a: { type: 'integer' } }, { then: { required: ['a'] } }),
      form({}, { oneOf: [{ required: ['foo'] }, { required: ['bar'] }] }),
      form({ a: { type: 'string', format: 'date' }, b: { format: 'data-url' } }),
    ];
    for (const schema of schemas) expect(checkSchema(schema, vocabulary), JSON.stringify(schema)).toEqual([]);
  });

  it('names the field (its path and pointer) and the keyword whose value is wrong, and says what it must be', () => {
    const schema = form({
      contacts: {
        type: 'array',
        items: { type: 'object', properties: { phone: { type: 'string', maxLength: -1 } } },
      },
      age: { type: 'integer', minimum: '18' },
      pick: { type: 'string', enum: 'a' },
      any: { anyOf: [] },
      flag: { type: 'array', uniqueItems: 'yes' },
      weird: 3,
    });
    expect(brief(checkSchema(schema, vocabulary))).toEqual([
      [
        'schemaValueCount',
        '/schema/properties/contacts/items/properties/phone/maxLength',
        { where: '“contacts[].phone” (#/properties/contacts/items/properties/phone)', keyword: 'maxLength' },
      ],
      [
        'schemaValueNumber',
        '/schema/properties/age/minimum',
        { where: '“age” (#/properties/age)', keyword: 'minimum' },
      ],
      ['schemaValueList', '/schema/properties/pick/enum', { where: '“pick” (#/properties/pick)', keyword: 'enum' }],
      ['schemaValueSchemas', '/schema/properties/any/anyOf', { where: '“any” (#/properties/any)', keyword: 'anyOf' }],
      [
        'schemaValueBoolean',
        '/schema/properties/flag/uniqueItems',
        { where: '“flag” (#/properties/flag)', keyword: 'uniqueItems' },
      ],
      ['schemaNotSchema', '/schema/properties/weird', { where: '“weird” (#/properties/weird)' }],
    ]);
    expect(checkSchema(schema, vocabulary).map((c) => c.field)).toEqual([
      'phone',
      'age',
      'pick',
      'any',
      'flag',
      'weird',
    ]);
  });

  it('refuses an unknown keyword, suggesting the known one it is a misspelling of', () => {
    const checks = checkSchema(form({ a: { type: 'string', maxLenght: 3, colour: 'red' } }), vocabulary);
    expect(brief(checks)).toEqual([
      [
        'unknownKeywordSuggest',
        '/schema/properties/a/maxLenght',
        { where: '“a” (#/properties/a)', keyword: 'maxLenght', suggestion: 'maxLength' },
      ],
      ['unknownKeyword', '/schema/properties/a/colour', { where: '“a” (#/properties/a)', keyword: 'colour' }],
    ]);
  });

  it('refuses an unknown format or normaliser with the ones there are, and a $ref to nothing', () => {
    const checks = checkSchema(
      form(
        {
          a: { type: 'string', format: 'ipv4' },
          b: { type: 'string', normalize: 'squash' },
          c: { $ref: '#/definitions/x' },
        },
        { definitions: { y: { type: 'string' } } },
      ),
      vocabulary,
    );
    expect(checks.map((c) => [c.code, c.path])).toEqual([
      ['studio.checks.unknownFormat', '/schema/properties/a/format'],
      ['studio.checks.unknownNormalizer', '/schema/properties/b/normalize'],
      ['studio.checks.refMissing', '/schema/properties/c/$ref'],
    ]);
    expect(String(checks[0]?.params['formats']).split(', ')).toEqual(
      expect.arrayContaining(['date', 'date-time', 'time', 'email', 'uri', 'data-url', 'ph-mobile']),
    );
    expect(String(checks[1]?.params['normalizers']).split(', ')).toContain('trim');
    expect(checks[2]?.params).toEqual({ where: '“c” (#/properties/c)', ref: '#/definitions/x' });
  });

  it('refuses a type no answer could pass, saying the two types', () => {
    const checks = checkSchema(form({ a: { type: 'string', allOf: [{ type: 'integer' }] } }), vocabulary);
    expect(brief(checks)).toEqual([
      [
        'typeContradiction',
        '/schema/properties/a/allOf/0/type',
        { where: '“a” (#/properties/a/allOf/0)', type: 'integer', context: 'string' },
      ],
    ]);
  });

  it("shows staff no word of ajv: every finding's code has a text in each language using only its params", () => {
    const findings = [
      ...checkSchema(form({ a: { type: 'strin' } }), vocabulary),
      ...checkSchema(
        form({ a: { type: 'string', maxLenght: 3, colur: 1, format: 'nope', normalize: 'x' } }),
        vocabulary,
      ),
      ...checkSchema(form({ a: { $ref: '#/definitions/none' } }), vocabulary),
      ...checkSchema(form({ a: { type: 'string', allOf: [{ type: 'integer' }] } }), vocabulary),
      ...checkSchema(
        form({ a: { type: 'string', minLength: 'x', minimum: 'x', multipleOf: 0, required: [1] } }),
        vocabulary,
      ),
      ...checkSchema(form({ a: { type: 'string', if: 3, title: 4, maxItems: 1.5 } }), vocabulary),
    ];
    expect(new Set(findings.map((c) => c.code)).size).toBeGreaterThanOrEqual(10);
    for (const lng of ['en', 'fil', 'zh-CN']) {
      const catalog = JSON.parse(readFileSync(`locales/${lng}/staff.json`, 'utf8')) as {
        studio: { checks: Record<string, string> };
      };
      for (const finding of findings) {
        const text = catalog.studio.checks[finding.code.replace('studio.checks.', '')];
        expect(text, `${lng} ${finding.code}`).toBeTypeOf('string');
        for (const [, name] of (text ?? '').matchAll(/\{\{(\w+)\}\}/gu))
          expect(finding.params, `${lng} ${finding.code} {{${name}}}`).toHaveProperty(name!);
        expect(JSON.stringify(finding.params)).not.toMatch(/strict mode|must be|should be|ajv/iu);
      }
    }
  });

  it('says where a rule is as a property path and a pointer', () => {
    expect(whereOf('')).toEqual({ where: '#' });
    expect(whereOf('/properties/a/items/properties/b')).toEqual({
      where: '“a[].b” (#/properties/a/items/properties/b)',
      field: 'b',
    });
    expect(whereOf('/definitions/properties/properties/x')).toEqual({
      where: '“x” (#/definitions/properties/properties/x)',
      field: 'x',
    });
    expect(whereOf('/properties/t/items/1')).toEqual({ where: '“t[]” (#/properties/t/items/1)', field: 't' });
  });
});
