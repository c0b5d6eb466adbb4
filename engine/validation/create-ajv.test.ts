import { describe, expect, it } from 'vitest';
import { createAjv } from './create-ajv.ts';
import type { ValidationVocabulary } from './vocabulary.ts';

// A product-agnostic vocabulary: the engine knows nothing of the Philippines.
const vocabulary: ValidationVocabulary = {
  formats: { 'two-digits': '^\\d{2}$', word: '^\\p{L}+$' },
  normalizers: {
    noDigits: [{ replace: '\\d', with: '' }],
    trim: [{ replace: '^\\s+|\\s+$', with: '' }],
    upper: [{ case: 'upper' }],
    nfc: [{ unicode: 'NFC' }],
    dashes: [{ replace: '-', with: '' }],
  },
};

const ajv = createAjv(vocabulary);

describe('createAjv formats', () => {
  const validate = ajv.compile({
    type: 'object',
    properties: { n: { type: 'string', format: 'two-digits' }, w: { type: 'string', format: 'word' } },
  });

  it('accepts values matching the regex source and refuses others with keyword and params, no English message', () => {
    expect(validate({ n: '42', w: 'ñandú' })).toBe(true);
    expect(validate({ n: '420', w: 'a1' })).toBe(false);
    expect(validate.errors).toEqual([
      { instancePath: '/n', schemaPath: '#/properties/n/format', keyword: 'format', params: { format: 'two-digits' } },
      { instancePath: '/w', schemaPath: '#/properties/w/format', keyword: 'format', params: { format: 'word' } },
    ]);
  });

  it('compiles format sources with the u flag (\\p{L} works)', () => {
    expect(validate({ w: 'Ελλάδα' })).toBe(true);
  });

  it('is strict: unknown formats and keywords are compile errors, not silent passes', () => {
    expect(() => ajv.compile({ type: 'string', format: 'ph-mobile' })).toThrow(/unknown format "ph-mobile"/u);
    expect(() => ajv.compile({ type: 'string', noChinese: true })).toThrow(/unknown keyword/u);
    expect(() => ajv.compile({ type: 'string', normalize: 'nope' })).toThrow(
      /"(?:uniqueBy|normalize)" value is invalid/u,
    );
  });

  it('reports every error (allErrors)', () => {
    const v = ajv.compile({
      type: 'object',
      required: ['a', 'b'],
      properties: { a: { type: 'string' }, b: { type: 'string' } },
    });
    expect(v({})).toBe(false);
    expect(v.errors?.map((e) => e.params)).toEqual([{ missingProperty: 'a' }, { missingProperty: 'b' }]);
  });

  it('has $data off', () => {
    expect(() => ajv.compile({ type: 'object', properties: { a: { const: { $data: '1/b' } } } })).not.toThrow();
    const v = ajv.compile({ type: 'object', properties: { a: { const: { $data: '1/b' } } } });
    // Without $data the object is a literal constant, not a reference.
    expect(v({ a: 'x', b: 'x' })).toBe(false);
  });

  it('leaves English messages out unless asked for', () => {
    const withMessages = createAjv(vocabulary, { messages: true }).compile({ type: 'string', format: 'two-digits' });
    expect(withMessages('x')).toBe(false);
    expect(withMessages.errors?.[0]?.message).toBeTypeOf('string');
  });
});

describe('normalize keyword', () => {
  it('rewrites the value before pattern, length and format check it, and writes it back into the data', () => {
    const validate = ajv.compile({
      type: 'object',
      properties: {
        code: { type: 'string', normalize: ['trim', 'dashes'], minLength: 2, maxLength: 2, format: 'two-digits' },
      },
    });
    const data = { code: '  4-2 ' };
    expect(validate(data)).toBe(true);
    expect(data.code).toBe('42');
  });

  it('applies named normalisers in the order given', () => {
    const validate = ajv.compile({
      type: 'object',
      properties: { s: { type: 'string', normalize: ['noDigits', 'upper'] } },
    });
    const data = { s: 'a1b2' };
    validate(data);
    expect(data.s).toBe('AB');
  });

  it('strips characters matching a pattern (no-chinese style) in array items too', () => {
    const validate = ajv.compile({ type: 'array', items: { type: 'string', normalize: 'noDigits', minLength: 1 } });
    const data = ['x9', 'y', '123'];
    expect(validate(data)).toBe(false);
    expect(data).toEqual(['x', 'y', '']);
    expect(validate.errors).toEqual([
      { instancePath: '/2', schemaPath: '#/items/minLength', keyword: 'minLength', params: { limit: 1 } },
    ]);
  });

  it('composes accents (unicode step)', () => {
    const validate = ajv.compile({
      type: 'object',
      properties: { s: { type: 'string', normalize: 'nfc', maxLength: 4 } },
    });
    const data = { s: 'Pen\u0303a' };
    expect(validate(data)).toBe(true);
    expect(data.s).toBe('Peña');
  });

  it('ignores non-strings (type reports them)', () => {
    const validate = ajv.compile({ type: 'object', properties: { s: { type: 'string', normalize: 'trim' } } });
    expect(validate({ s: 5 })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/s', keyword: 'type' });
  });

  it('is not defined for a vocabulary without normalisers', () => {
    const bare = createAjv({ formats: {}, normalizers: {} });
    expect(() => bare.compile({ type: 'string', normalize: 'trim' })).toThrow(/unknown keyword/u);
  });
});
