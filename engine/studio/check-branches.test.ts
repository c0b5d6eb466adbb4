import { describe, expect, it } from 'vitest';
import { checkBranches } from './check-branches.ts';

const codes = (schema: Record<string, unknown>) => checkBranches(schema).map((c) => [c.code, c.path, c.params]);

describe('checkBranches', () => {
  it('refuses a root schema that is not an object', () => {
    expect(codes({ type: 'array', items: { type: 'string' } })).toEqual([
      ['studio.checks.rootNotObject', '/schema/type', { type: '"array"' }],
    ]);
    expect(codes({ properties: {} })).toEqual([['studio.checks.rootNotObject', '/schema/type', { type: '-' }]]);
    expect(codes({ type: 'object', properties: { a: { type: 'string' } } })).toEqual([]);
  });

  it('accepts branches without $id on the keywords the browser decides, multipleOf, uniqueItems and dependencies too', () => {
    expect(
      codes({
        type: 'object',
        properties: { n: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } } },
        if: {
          properties: { n: { multipleOf: 5 }, tags: { uniqueItems: true, maxItems: 3 } },
          dependencies: { n: ['tags'] },
        },
        then: { properties: { note: { type: 'string', matches: 'n' } } },
        oneOf: [{ properties: { n: { minimum: 3, format: 'x' } } }, { not: { required: ['n'] } }],
      }),
    ).toEqual([]);
  });

  it('names each condition keyword the browser cannot decide, through local $refs, once', () => {
    const found = checkBranches({
      type: 'object',
      definitions: { odd: { propertyNames: { maxLength: 3 } } },
      properties: { list: { type: 'array', items: { type: 'string' } } },
      allOf: [
        { if: { properties: { list: { contains: { const: 'x' } } } }, then: { required: ['list'] } },
        { if: { $ref: '#/definitions/odd' }, then: {} },
        { if: { $ref: 'other.json#/a' }, then: {} },
      ],
      anyOf: [{ patternProperties: { '^x': { type: 'string' } } }, { $ref: '#/definitions/odd' }],
    });
    expect(found.map((c) => [c.code, c.path, c.params])).toEqual([
      ['studio.checks.branchKeyword', '/schema/allOf/0/if/properties/list/contains', { keyword: 'contains' }],
      ['studio.checks.branchKeyword', '/schema/definitions/odd/propertyNames', { keyword: 'propertyNames' }],
      ['studio.checks.branchKeyword', '/schema/allOf/2/if/$ref', { keyword: '$ref' }],
      ['studio.checks.branchKeyword', '/schema/anyOf/0/patternProperties', { keyword: 'patternProperties' }],
    ]);
    expect(found.every((c) => c.severity === 'error')).toBe(true);
  });
});
