import { describe, expect, it } from 'vitest';
import { createAjv } from './create-ajv.ts';
import { declaredFiles, keepDeclared } from './keep-declared.ts';
import { branchTester } from './prune-branches.ts';

/** One ajv per schema: a branch tester keeps one schema per instance. */
const keep = (schema: { $id: string; [k: string]: unknown }, data: unknown) =>
  keepDeclared(schema, data, branchTester(createAjv({ formats: {}, normalizers: {} }, { fragments: true }), schema));

describe('keepDeclared', () => {
  it('drops what a form without additionalProperties: false does not declare, at every depth, and leaves its input', () => {
    const schema = {
      $id: 'keep-nested.json',
      type: 'object',
      properties: {
        name: { type: 'string' },
        address: { type: 'object', properties: { city: { type: 'string' } } },
        contacts: { type: 'array', items: { type: 'object', properties: { phone: { type: 'string' } } } },
        free: { type: 'object' },
      },
    };
    const input = {
      name: 'Ana',
      oldName: 'A.',
      address: { city: 'Manila', street: 'old' },
      contacts: [{ phone: '0917', relation: 'old' }, 'x'],
      free: { anything: 1 },
      ['__proto__']: { polluted: true },
    };
    const copy = structuredClone(input);
    const kept = keep(schema, input);
    expect(kept).toEqual({
      name: 'Ana',
      address: { city: 'Manila' },
      contacts: [{ phone: '0917' }, 'x'],
      free: { anything: 1 },
    });
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(input).toEqual(copy);
  });

  it('keeps the fields of the branch an if or a oneOf chooses, through $ref and allOf, and drops the others', () => {
    const schema = {
      $id: 'keep-branches.json',
      type: 'object',
      definitions: { note: { properties: { note: { type: 'string' } } } },
      properties: { kind: { enum: ['a', 'b'] } },
      allOf: [{ $ref: '#/definitions/note' }],
      if: { properties: { kind: { const: 'a' } }, required: ['kind'] },
      then: { properties: { aOnly: { type: 'string' } } },
      else: { properties: { bOnly: { type: 'string' } } },
      oneOf: [
        { properties: { pay: { const: 'bank' }, account: { type: 'string' } }, required: ['pay'] },
        { properties: { pay: { const: 'wallet' }, wallet: { type: 'string' } }, required: ['pay'] },
      ],
    };
    const data = { kind: 'a', note: 'n', aOnly: 'x', bOnly: 'y', pay: 'wallet', account: '1', wallet: '2', z: 0 };
    expect(keep(schema, data)).toEqual({ kind: 'a', note: 'n', aOnly: 'x', pay: 'wallet', wallet: '2' });
    expect(keep(schema, { ...data, kind: 'b' })).toEqual({
      kind: 'b',
      note: 'n',
      bOnly: 'y',
      pay: 'wallet',
      wallet: '2',
    });
  });

  it('keeps what patternProperties or an additionalProperties schema declare', () => {
    const schema = {
      $id: 'keep-maps.json',
      type: 'object',
      properties: {
        tags: { type: 'object', patternProperties: { '^t-': { type: 'string' } } },
        counts: { type: 'object', additionalProperties: { type: 'object', properties: { n: { type: 'number' } } } },
        closed: { type: 'object', additionalProperties: false, properties: { a: {} } },
      },
    };
    expect(
      keep(schema, {
        tags: { 't-1': 'a', other: 'b' },
        counts: { x: { n: 1, m: 2 } },
        closed: { a: 1, b: 2 },
      }),
    ).toEqual({ tags: { 't-1': 'a' }, counts: { x: { n: 1 } }, closed: { a: 1 } });
  });
});

describe('declaredFiles', () => {
  it('finds the strings the schema asks for as files, in the branches that apply, at any depth', () => {
    const schema = {
      $id: 'declared-files.json',
      type: 'object',
      definitions: { file: { type: 'string', format: 'data-url' } },
      properties: {
        payslip: { $ref: '#/definitions/file' },
        receipts: { type: 'array', items: { type: 'string', format: 'data-url' } },
        note: { type: 'string' },
        kind: { enum: ['employed', 'other'] },
      },
      if: { properties: { kind: { const: 'employed' } } },
      then: { properties: { contract: { type: 'string', format: 'data-url' } } },
      else: { properties: { contract: { type: 'string' } } },
      additionalProperties: { type: 'object', properties: { scan: { type: 'string', format: 'data-url' } } },
    };
    const test = branchTester(createAjv({ formats: {}, normalizers: {} }, { fragments: true }), schema);
    const file = 'data:text/plain;name=a.txt;base64,aGVsbG8=';
    const data = {
      payslip: file,
      receipts: [file, file],
      note: file,
      kind: 'employed',
      contract: file,
      extra: { scan: file },
    };
    expect(declaredFiles(schema, data, test)).toEqual([
      '/payslip',
      '/receipts/0',
      '/receipts/1',
      '/contract',
      '/extra/scan',
    ]);
    // Where the branch that applies asks for text, the same string is not a file.
    expect(declaredFiles(schema, { ...data, kind: 'other' }, test)).not.toContain('/contract');
  });
});
