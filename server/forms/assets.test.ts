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

  it("bundles ajv-formats' checks into the validator module, which runs alone (no import) as browsers load it", async () => {
    const content = {
      schema: {
        type: 'object',
        properties: { born: { type: 'string', format: 'date' }, site: { type: 'string', format: 'uri' } },
      },
      uiSchema: {},
      texts: { en: {}, fil: {}, zh: {} },
    } as unknown as FormContent;
    const { validatorJs } = await buildAssetsHere('probe', 2, content);
    expect(validatorJs).not.toMatch(/\bimport\b|\brequire\(/u);
    const module = (await import(
      /* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(validatorJs).toString('base64')}`
    )) as { default: (data: unknown) => boolean };
    expect(module.default({ born: '2000-02-29', site: 'https://a.ph' })).toBe(true);
    expect(module.default({ born: '2001-02-29' })).toBe(false);
    expect(module.default({ site: 'a.ph' })).toBe(false);
  });
});
