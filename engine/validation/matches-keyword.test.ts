import { describe, expect, it } from 'vitest';
import { createAjv } from './create-ajv.ts';
import { standaloneModule } from './standalone-module.ts';

const ajv = createAjv({ formats: {}, normalizers: { digits: [{ replace: '\\D', with: '' }] } });

const account = {
  type: 'object',
  properties: {
    number: { type: 'string', normalize: 'digits' },
    confirm: { type: 'string', normalize: 'digits', matches: 'number' },
  },
};
const validate = ajv.compile(account);

describe('matches keyword', () => {
  it('passes when the field equals its sibling, compared after both were normalised', () => {
    const data = { number: '1234 5678 90', confirm: '1234-5678-90' };
    expect(validate(data)).toBe(true);
    expect(data).toEqual({ number: '1234567890', confirm: '1234567890' });
  });

  it('refuses a different value on the matching field, with the sibling name as params', () => {
    expect(validate({ number: '1234567890', confirm: '1234567891' })).toBe(false);
    expect(validate.errors).toEqual([
      {
        instancePath: '/confirm',
        schemaPath: '#/properties/confirm/matches',
        keyword: 'matches',
        params: { property: 'number' },
      },
    ]);
  });

  it('skips a missing sibling (that is for required) and does not run on a missing field', () => {
    expect(validate({ confirm: '1' })).toBe(true);
    expect(validate({ number: '1' })).toBe(true);
  });

  it('compares strings only: a non-string field fails on type, not on matches', () => {
    expect(validate({ number: '1', confirm: 1 })).toBe(false);
    expect(validate.errors?.map((e) => e.keyword)).toEqual(['type']);
  });

  it('works inside if/then branches, where conditional fields live', () => {
    const v = ajv.compile({
      type: 'object',
      properties: { kind: { type: 'string' } },
      if: { properties: { kind: { const: 'bank' } }, required: ['kind'] },
      then: { properties: account.properties },
    });
    expect(v({ kind: 'bank', number: '12', confirm: '13' })).toBe(false);
    expect(v.errors?.[0]).toMatchObject({
      instancePath: '/confirm',
      keyword: 'matches',
      params: { property: 'number' },
    });
    expect(v({ kind: 'other', number: '12', confirm: '13' })).toBe(true);
  });

  it('refuses a bad keyword value and use at the root', () => {
    expect(() => ajv.compile({ type: 'string', matches: '' })).toThrow(/"matches" value is invalid/u);
    expect(() => ajv.compile({ type: 'string', matches: 'x' })).toThrow(/cannot be used at the root/u);
  });

  it('compiles to standalone code with no eval', () => {
    const source = standaloneModule({ formats: {}, normalizers: { digits: [{ replace: '\\D', with: '' }] } }, account);
    expect(source).toMatch(/"number"/u);
    expect(source).not.toMatch(/\beval\s*\(|new Function/u);
  });
});
