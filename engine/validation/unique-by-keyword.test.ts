import { describe, expect, it } from 'vitest';
import { createAjv } from './create-ajv.ts';

const ajv = createAjv({ formats: {}, normalizers: { digits: [{ replace: '\\D', with: '' }] } });

const people = ajv.compile({
  type: 'array',
  uniqueBy: '/phone/number',
  items: {
    type: 'object',
    properties: { phone: { type: 'object', properties: { number: { type: 'string', normalize: 'digits' } } } },
  },
});

describe('uniqueBy keyword', () => {
  it('passes when the values at the pointer differ, and skips items without one', () => {
    expect(people([{ phone: { number: '1' } }, { phone: { number: '2' } }, {}, { phone: {} }])).toBe(true);
  });

  it('refuses a repeated value at the repeated item, with params naming both indices', () => {
    expect(people([{ phone: { number: '1' } }, { phone: { number: '2' } }, { phone: { number: '1' } }])).toBe(false);
    expect(people.errors).toEqual([
      {
        instancePath: '/2',
        schemaPath: '#/uniqueBy',
        keyword: 'uniqueBy',
        params: { property: '/phone/number', i: 0, j: 2 },
      },
    ]);
  });

  it('compares values after the items were normalised', () => {
    expect(people([{ phone: { number: '1-2' } }, { phone: { number: '12' } }])).toBe(false);
    expect(people.errors?.[0]?.params).toEqual({ property: '/phone/number', i: 0, j: 1 });
  });

  it('reports every repeat (allErrors) and works on plain values with the empty pointer', () => {
    const v = ajv.compile({ type: 'array', uniqueBy: '' });
    expect(v(['a', 'b', 'a', 'a'])).toBe(false);
    expect(v.errors?.map((e) => [e.instancePath, e.params])).toEqual([
      ['/2', { property: '', i: 0, j: 2 }],
      ['/3', { property: '', i: 0, j: 3 }],
    ]);
    expect(v([1, '1'])).toBe(true);
  });

  it('refuses a pointer that is not a JSON pointer', () => {
    expect(() => ajv.compile({ type: 'array', uniqueBy: 'phone' })).toThrow(
      /"(?:uniqueBy|normalize)" value is invalid/u,
    );
  });
});
