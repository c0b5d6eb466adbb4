import { describe, expect, it } from 'vitest';
import { RJSF_REF_KEY } from '@rjsf/utils';
import type { RJSFSchema } from '@rjsf/utils';
import contactSchema from '#forms/contact.schema.json' with { type: 'json' };
import validateContact from '#forms/compiled/contact.js';
import { inlineLocalRefs } from './inline-refs.ts';

describe('inlineLocalRefs', () => {
  it('replaces local references by their targets, keeping siblings and definitions', () => {
    const schema: RJSFSchema = {
      definitions: { item: { type: 'object', title: 'item', properties: { a: { type: 'string' } } } },
      type: 'object',
      properties: { list: { type: 'array', items: { $ref: '#/definitions/item', title: 'own' } } },
    };
    const inlined = inlineLocalRefs(schema);
    expect(inlined.properties?.['list']).toEqual({
      type: 'array',
      items: {
        type: 'object',
        title: 'own',
        properties: { a: { type: 'string' } },
        [RJSF_REF_KEY]: '#/definitions/item',
      },
    });
    expect(inlined.definitions).toBe(schema.definitions);
    expect(JSON.stringify(schema)).toContain('$ref'); // the original is untouched
  });

  it('leaves a recursive reference in place after one level, and foreign references alone', () => {
    const schema: RJSFSchema = {
      definitions: { node: { type: 'object', properties: { child: { $ref: '#/definitions/node' } } } },
      type: 'object',
      properties: { root: { $ref: '#/definitions/node' }, other: { $ref: 'other.json#/x' } },
    };
    const inlined = inlineLocalRefs(schema);
    expect(inlined.properties?.['root']).toEqual({
      type: 'object',
      properties: { child: { $ref: '#/definitions/node' } },
      [RJSF_REF_KEY]: '#/definitions/node',
    });
    expect(inlined.properties?.['other']).toEqual({ $ref: 'other.json#/x' });
  });

  it("marks each inlined copy with its reference as RJSF's own resolution does, for `ui:definitions`", () => {
    const schema: RJSFSchema = {
      definitions: { phone: { type: 'string' } },
      type: 'object',
      properties: { a: { $ref: '#/definitions/phone' }, b: { type: 'string' } },
    };
    const inlined = inlineLocalRefs(schema);
    expect((inlined.properties?.['a'] as Record<symbol, unknown>)[RJSF_REF_KEY]).toBe('#/definitions/phone');
    expect(RJSF_REF_KEY in (inlined.properties?.['b'] as object)).toBe(false);
    expect(JSON.stringify(inlined.properties?.['a'])).toBe('{"type":"string"}');
  });

  it('keeps the meaning of a real step schema: the contact items carry their fields, and the data validates the same', () => {
    const inlined = inlineLocalRefs(contactSchema as RJSFSchema);
    expect(JSON.stringify(inlined.properties)).not.toContain('$ref');
    const items = (inlined.properties?.['emergencyContacts'] as RJSFSchema).items as RJSFSchema;
    expect(Object.keys(items.properties ?? {})).toEqual(['name', 'phone', 'relation']);
    expect(validateContact({ email: 'a@b.ph', whatsApp: '09171234567', emergencyContacts: [] })).toBe(false);
  });
});
