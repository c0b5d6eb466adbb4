import { describe, expect, it } from 'vitest';
import { withoutComments } from './without-comments.ts';

describe('withoutComments', () => {
  it('removes the $comment keyword wherever a schema stands, and no data named $comment', () => {
    const schema = {
      $comment: 'root note',
      type: 'object',
      required: ['$comment'],
      properties: {
        $comment: { type: 'string', $comment: 'a property named $comment keeps its name, loses its note' },
        kind: {
          const: { $comment: 'data' },
          enum: [{ $comment: 'a' }, 'b'],
          default: { $comment: 'kept' },
          examples: [{ $comment: 'kept too' }],
        },
        list: { type: 'array', items: [{ $comment: 'x', type: 'string' }], additionalItems: { $comment: 'y' } },
      },
      definitions: { d: { $comment: 'z', type: 'number' } },
      dependencies: { kind: ['$comment'], list: { $comment: 'w', required: ['kind'] } },
      allOf: [{ if: { $comment: 'v', properties: { kind: { const: 1 } } }, then: { $comment: 'u' } }],
    };
    expect(withoutComments(schema)).toEqual({
      type: 'object',
      required: ['$comment'],
      properties: {
        $comment: { type: 'string' },
        kind: {
          const: { $comment: 'data' },
          enum: [{ $comment: 'a' }, 'b'],
          default: { $comment: 'kept' },
          examples: [{ $comment: 'kept too' }],
        },
        list: { type: 'array', items: [{ type: 'string' }], additionalItems: {} },
      },
      definitions: { d: { type: 'number' } },
      dependencies: { kind: ['$comment'], list: { required: ['kind'] } },
      allOf: [{ if: { properties: { kind: { const: 1 } } }, then: {} }],
    });
    // Its input is left as it was.
    expect(schema.$comment).toBe('root note');
  });

  it('removes the notes it is told of ($schema too, as the web build does) and keeps boolean schemas', () => {
    expect(
      withoutComments({ $schema: 'x', properties: { a: true, b: false } }, new Set(['$comment', '$schema'])),
    ).toEqual({ properties: { a: true, b: false } });
  });
});
