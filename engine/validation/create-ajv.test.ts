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

  it('compiles draft-07 as it is written: keywords without a type beside them, union types, tuples, if alone', () => {
    const ordinary = [
      { type: 'object', properties: { age: { minimum: 18 }, nick: { maxLength: 3 } } },
      { type: 'object', properties: { note: { type: ['string', 'null'] }, id: { type: ['string', 'integer'] } } },
      { type: 'object', properties: { pair: { type: 'array', items: [{ type: 'string' }], additionalItems: false } } },
      { type: 'object', if: { properties: { a: { const: 1 } } } },
      { type: 'object', else: { required: ['b'] } },
      { type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }] },
      { type: 'object', additionalItems: { type: 'string' } },
      { type: 'object', properties: { a1: { type: 'string' } }, patternProperties: { '^a\\d$': { type: 'string' } } },
    ];
    for (const schema of ordinary) expect(() => ajv.compile(schema), JSON.stringify(schema)).not.toThrow();
    const v = ajv.compile(ordinary[0]!);
    expect(v({ age: 17, nick: 'long' })).toBe(false);
    expect(v.errors?.map((e) => e.keyword)).toEqual(['minimum', 'maxLength']);
  });

  it('still refuses what would drop a rule or make a field impossible: unknown keywords, contradictory types', () => {
    expect(() => ajv.compile({ type: 'object', properties: { a: { maxLenght: 3 } } })).toThrow(/unknown keyword/u);
    expect(() => ajv.compile({ type: 'string', allOf: [{ type: 'integer' }] })).toThrow(/not allowed by context/u);
    expect(() => ajv.compile({ type: 'string', format: 'two-digit' })).toThrow(/unknown format/u);
  });

  it('checks the standard formats date, date-time, time, email, uri and data-url', () => {
    const v = ajv.compile({
      type: 'object',
      properties: Object.fromEntries(
        ['date', 'date-time', 'time', 'email', 'uri', 'data-url'].map((format) => [format, { type: 'string', format }]),
      ),
    });
    const good = {
      date: '2024-02-29',
      'date-time': '2024-02-29T23:59:59.5+08:00',
      time: '23:59:59Z',
      email: 'juan@example.ph',
      uri: 'https://example.ph/a?b=c',
      'data-url': 'data:application/pdf;name=payslip.pdf;base64,JVBERi0=',
    };
    expect(v(good), JSON.stringify(v.errors)).toBe(true);
    const bad = {
      date: '2023-02-29',
      'date-time': '2024-02-29 23:59',
      time: '25:00:00Z',
      email: 'juan@',
      uri: '/relative/only',
      'data-url': 'data:text/plain,not base64',
    };
    expect(v(bad)).toBe(false);
    expect(v.errors?.map((e) => e.params['format'])).toEqual(Object.keys(bad));
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
