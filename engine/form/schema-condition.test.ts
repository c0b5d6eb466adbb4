import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { matchesCondition, UnsupportedConditionError } from './schema-condition.ts';

const root: RJSFSchema = {
  definitions: { student: { properties: { employment: { const: 'student' } }, required: ['employment'] } },
};

describe('matchesCondition (the if/then evaluator of the precompiled validator)', () => {
  it.each([
    ['const on a property', { properties: { employment: { const: 'student' } } }, { employment: 'student' }, true],
    [
      'const on a property, other value',
      { properties: { employment: { const: 'student' } } },
      { employment: 'employed' },
      false,
    ],
    [
      'a missing property passes properties (JSON Schema)',
      { properties: { employment: { const: 'student' } } },
      {},
      true,
    ],
    ['... unless required', { properties: { employment: { const: 'student' } }, required: ['employment'] }, {}, false],
    ['enum', { properties: { idType: { enum: ['umid', 'sss'] } } }, { idType: 'sss' }, true],
    ['enum, not in it', { properties: { idType: { enum: ['umid', 'sss'] } } }, { idType: 'tin' }, false],
    ['required', { required: ['a', 'b'] }, { a: 1, b: 'x' }, true],
    ['required, one missing', { required: ['a', 'b'] }, { a: 1 }, false],
    ['required on a non-object passes', { required: ['a'] }, 'text', true],
    ['local $ref', { $ref: '#/definitions/student' }, { employment: 'student' }, true],
    ['local $ref, other value', { $ref: '#/definitions/student' }, { employment: 'x' }, false],
    ['not', { not: { required: ['a'] } }, {}, true],
    ['anyOf', { anyOf: [{ required: ['a'] }, { required: ['b'] }] }, { b: 1 }, true],
    ['oneOf, two match', { oneOf: [{ required: ['a'] }, { required: ['b'] }] }, { a: 1, b: 1 }, false],
    ['type integer is a number', { type: 'number' }, 3, true],
    ['type', { type: 'string' }, 3, false],
    ['pattern', { pattern: '^09\\d{9}$' }, '09171234567', true],
    ['minLength in code points', { minLength: 2 }, '\u{1F600}', false],
    [
      'nested if/then/else: then',
      { if: { required: ['a'] }, then: { required: ['b'] }, else: { required: ['c'] } },
      { a: 1 },
      false,
    ],
    [
      'nested if/then/else: else',
      { if: { required: ['a'] }, then: { required: ['b'] }, else: { required: ['c'] } },
      { c: 1 },
      true,
    ],
    ['format is ignored (no format table at runtime)', { format: 'email' }, 'not an email', true],
    ['multipleOf: a multiple', { multipleOf: 5 }, 15, true],
    ['multipleOf: not a multiple', { multipleOf: 5 }, 12, false],
    ['uniqueItems: repeated', { uniqueItems: true }, ['a', 'a'], false],
    ['uniqueItems: distinct', { uniqueItems: true }, ['a', 'b'], true],
    ['dependencies: names missing', { dependencies: { a: ['b'] } }, { a: 1 }, false],
    ['dependencies: a schema', { dependencies: { a: { required: ['c'] } } }, { a: 1, c: 2 }, true],
    ['dependencies: absent key', { dependencies: { a: ['b'] } }, { c: 1 }, true],
    ['contentMediaType is an annotation', { contentMediaType: 'image/jpeg' }, 'x', true],
    ['boolean schema', false, {}, false],
  ] as const)('%s', (_name, schema, value, expected) => {
    expect(matchesCondition(schema as RJSFSchema | boolean, value, root)).toBe(expected);
  });

  it('throws a coded error for a keyword it cannot decide, rather than guessing', () => {
    const run = () => matchesCondition({ contains: { const: 1 } }, [1], root);
    expect(run).toThrow(UnsupportedConditionError);
    expect(run).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CONDITION_KEYWORD', keyword: 'contains' }));
    expect(() => matchesCondition({ $ref: 'other.json#/x' }, {}, root)).toThrow(UnsupportedConditionError);
  });
});
