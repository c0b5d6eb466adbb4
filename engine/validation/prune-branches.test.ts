import { describe, expect, it } from 'vitest';
import { createAjv } from './create-ajv.ts';
import { branchPointers, branchTester, compiledBranchTest, pruneToBranches } from './prune-branches.ts';

const ajv = createAjv({ formats: {}, normalizers: {} }, { fragments: true });
const prune = (schema: { $id: string; [k: string]: unknown }, data: unknown) =>
  pruneToBranches(schema, data, branchTester(ajv, schema));

describe('pruneToBranches', () => {
  const ifThenElse = {
    $id: 'prune-if.json',
    type: 'object',
    properties: { kind: { type: 'string', enum: ['a', 'b', 'c'] }, note: { type: 'string' } },
    if: { properties: { kind: { const: 'a' } }, required: ['kind'] },
    then: { properties: { aOnly: { type: 'string' } } },
    else: {
      if: { properties: { kind: { const: 'b' } }, required: ['kind'] },
      then: { properties: { bOnly: { type: 'string' } } },
    },
  };

  it('keeps the fields of the branch an if chooses and drops those of the others, at any depth of else', () => {
    expect(prune(ifThenElse, { kind: 'a', note: 'n', aOnly: 'x', bOnly: 'y' })).toEqual({
      kind: 'a',
      note: 'n',
      aOnly: 'x',
    });
    expect(prune(ifThenElse, { kind: 'b', aOnly: 'x', bOnly: 'y' })).toEqual({ kind: 'b', bOnly: 'y' });
    expect(prune(ifThenElse, { kind: 'c', aOnly: 'x', bOnly: 'y' })).toEqual({ kind: 'c' });
    expect(prune(ifThenElse, { aOnly: 'x' })).toEqual({});
  });

  it('keeps names no branch declares, for validation to refuse, and leaves its input as it was', () => {
    const input = { kind: 'c', aOnly: 'x', stranger: '<b>' };
    expect(prune(ifThenElse, input)).toEqual({ kind: 'c', stranger: '<b>' });
    expect(input).toEqual({ kind: 'c', aOnly: 'x', stranger: '<b>' });
  });

  it('decides on the value as given, whatever type a foreign field has', () => {
    expect(prune(ifThenElse, { kind: 'c', aOnly: { nested: ['<script>'] }, bOnly: 42 })).toEqual({ kind: 'c' });
  });

  it('keeps the oneOf / anyOf branches the data passes, and every branch when it passes none', () => {
    const oneOf = {
      $id: 'prune-oneof.json',
      type: 'object',
      properties: { method: { type: 'string' } },
      oneOf: [
        { properties: { method: { const: 'bank' }, account: { type: 'string', maxLength: 16 } }, required: ['method'] },
        {
          properties: { method: { const: 'wallet' }, wallet: { type: 'string', maxLength: 11 } },
          required: ['method'],
        },
      ],
    };
    expect(prune(oneOf, { method: 'bank', account: '123', wallet: 'x'.repeat(2000) })).toEqual({
      method: 'bank',
      account: '123',
    });
    expect(prune(oneOf, { method: 'wallet', account: '123', wallet: '0917' })).toEqual({
      method: 'wallet',
      wallet: '0917',
    });
    expect(prune(oneOf, { method: 'cash', account: '1', wallet: '2' })).toEqual({
      method: 'cash',
      account: '1',
      wallet: '2',
    });
    const anyOf = { ...oneOf, $id: 'prune-anyof.json', anyOf: oneOf.oneOf, oneOf: undefined };
    delete anyOf.oneOf;
    expect(prune(anyOf, { method: 'wallet', account: '123', wallet: '0917' })).toEqual({
      method: 'wallet',
      wallet: '0917',
    });
  });

  it('applies a dependencies schema only when its property is present', () => {
    const dependent = {
      $id: 'prune-deps.json',
      type: 'object',
      properties: { hasCar: { type: 'boolean' } },
      dependencies: { hasCar: { properties: { plate: { type: 'string' } } } },
    };
    expect(prune(dependent, { hasCar: true, plate: 'ABC 123' })).toEqual({ hasCar: true, plate: 'ABC 123' });
    expect(prune(dependent, { plate: 'ABC 123' })).toEqual({});
  });

  it('prunes inside nested objects, array items and local $refs', () => {
    const nested = {
      $id: 'prune-nested.json',
      type: 'object',
      properties: {
        people: { type: 'array', items: { $ref: '#/definitions/person' } },
        main: { $ref: '#/definitions/person' },
      },
      definitions: {
        person: {
          type: 'object',
          properties: { role: { type: 'string' } },
          if: { properties: { role: { const: 'student' } }, required: ['role'] },
          then: { properties: { school: { type: 'string' } } },
        },
      },
    };
    expect(
      prune(nested, {
        main: { role: 'worker', school: 'UP' },
        people: [
          { role: 'student', school: 'UP' },
          { role: 'worker', school: 'UP' },
        ],
      }),
    ).toEqual({
      main: { role: 'worker' },
      people: [{ role: 'student', school: 'UP' }, { role: 'worker' }],
    });
  });

  it('prunes a schema without $id, by pointer, and names every branch a module compiles a test of', () => {
    const { $id: _id, ...noId } = ifThenElse;
    const test = branchTester(createAjv({ formats: {}, normalizers: {} }, { fragments: true }), noId);
    expect(pruneToBranches(noId, { kind: 'b', aOnly: 'x', bOnly: 'y' }, test)).toEqual({ kind: 'b', bOnly: 'y' });
    expect(branchPointers(noId)).toEqual(['/if', '/else/if']);
    expect(
      branchPointers({
        definitions: { d: { anyOf: [{}, {}] } },
        properties: { a: { items: { if: {} } }, b: { items: [{ oneOf: [{ if: true }] }] } },
        enum: [{ if: {} }],
      }),
    ).toEqual([
      '/definitions/d/anyOf/0',
      '/definitions/d/anyOf/1',
      '/properties/a/items/if',
      '/properties/b/items/0/oneOf/0',
      '/properties/b/items/0/oneOf/0/if',
    ]);
  });

  it('tests branches under property names a URI would escape', () => {
    const odd = {
      type: 'object',
      properties: {
        'a b%/c': { type: 'object', if: { properties: { x: {} }, required: ['x'] }, then: { properties: { y: {} } } },
      },
    };
    const test = branchTester(createAjv({ formats: {}, normalizers: {} }, { fragments: true }), odd);
    expect(branchPointers(odd)).toEqual(['/properties/a b%~1c/if']);
    expect(pruneToBranches(odd, { 'a b%/c': { y: 1 } }, test)).toEqual({ 'a b%/c': {} });
    expect(pruneToBranches(odd, { 'a b%/c': { x: 1, y: 1 } }, test)).toEqual({ 'a b%/c': { x: 1, y: 1 } });
  });

  it('tests branches with compiled functions, on a copy, and refuses a pointer it has no test of', () => {
    const seen: unknown[] = [];
    const test = compiledBranchTest({
      '/if': (data) => {
        seen.push(data);
        return true;
      },
    });
    const data = { kind: 'a' };
    expect(test('/if', data)).toBe(true);
    expect(seen[0]).toEqual(data);
    expect(seen[0]).not.toBe(data);
    expect(() => test('/oneOf/0', data)).toThrow(/no branch test at \/oneOf\/0/u);
  });
});
