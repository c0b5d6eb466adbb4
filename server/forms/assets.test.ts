import { describe, expect, it } from 'vitest';
import type { FormContent } from '#domain/form-content.ts';
import { buildAssetsHere, type PublishedForm } from './assets.ts';

describe('a published form', () => {
  it('leaves out $comment notes, never data or a property named $comment, in its schema and its validator', async () => {
    const content = {
      schema: {
        $comment: 'for staff only',
        type: 'object',
        properties: {
          $comment: { type: 'string', $comment: 'a field named $comment' },
          pick: { enum: [{ $comment: 'a' }, { $comment: 'b' }], default: { $comment: 'a' } },
        },
        required: ['$comment'],
      },
      uiSchema: {},
      texts: { en: {}, fil: {}, zh: {} },
    } as unknown as FormContent;
    const assets = await buildAssetsHere('probe', 1, content);
    const published = JSON.parse(assets.formJson) as PublishedForm;
    expect(published.schema).toEqual({
      type: 'object',
      properties: {
        $comment: { type: 'string' },
        pick: { enum: [{ $comment: 'a' }, { $comment: 'b' }], default: { $comment: 'a' } },
      },
      required: ['$comment'],
    });
    expect(assets.validatorJs).not.toContain('for staff only');
    const module = (await import(
      /* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(assets.validatorJs).toString('base64')}`
    )) as { default: (data: unknown) => boolean };
    expect(module.default({ $comment: 'x', pick: { $comment: 'b' } })).toBe(true);
    expect(module.default({ $comment: 'x', pick: { other: 'b' } })).toBe(false);
    expect(module.default({ pick: { $comment: 'a' } })).toBe(false);
  });
});
