import { describe, expect, it } from 'vitest';
import { jsonNotesOut, withoutNotes } from './json-notes.ts';

describe('json notes out of the web bundles', () => {
  it('drops $comment and $schema at any depth and keeps everything else, $id and $ref included', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'x.schema.json',
      $comment: 'why',
      properties: { a: { $comment: 'a note', $ref: '#/definitions/b', enum: ['$comment'] } },
      allOf: [{ $comment: 'c', required: ['a'] }],
    };
    expect(withoutNotes(schema)).toEqual({
      $id: 'x.schema.json',
      properties: { a: { $ref: '#/definitions/b', enum: ['$comment'] } },
      allOf: [{ required: ['a'] }],
    });
  });

  it('rewrites only our config and schema files', () => {
    const plugin = jsonNotesOut();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    expect(transform('{"$schema":"./schema/p.json","a":1}', '/repo/config/product.json')?.code).toBe('{"a":1}');
    expect(transform('{"$comment":"n","type":"object"}', '/repo/schemas/identity.schema.json')?.code).toBe(
      '{"type":"object"}',
    );
    // A form schema as a schema: a property named `$comment` and a `$comment` value are data.
    expect(
      transform(
        '{"$comment":"n","properties":{"$comment":{"$comment":"x","const":{"$comment":"kept"}}}}',
        '/repo/schemas/identity.schema.json',
      )?.code,
    ).toBe('{"properties":{"$comment":{"const":{"$comment":"kept"}}}}');
    expect(transform('{"$comment":"n"}', '/repo/locales/en/forms.json')).toBeNull();
    expect(transform('{"$comment":"n"}', '/repo/node_modules/pkg/config/x.json')).toBeNull();
  });
});
