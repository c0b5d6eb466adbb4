/**
 * A form whose branches (`if`, `oneOf`) sit in a schema without `$id` is published through the studio
 * API and a borrower's save of its step is decided by branch (200 for a valid answer, 422 for an invalid one), never
 * a 500; a root schema that is not an object is refused before it can be submitted.
 */
import { describe, expect, it } from 'vitest';
import type { FormContent } from '#domain/form-content.ts';
import { databaseTargets } from '#server/db/test-database.ts';
import { login } from '#server/testing/borrower.ts';
import { studioSuite, type StudioDetail } from '#server/testing/studio.ts';

/** workInfo as a form with no `$id`: an `if` asks for a note on kind a, a `oneOf` for a reason on kind b. */
function branchedWorkInfo(): FormContent {
  const text = (en: string, fil: string, zh: string) => ({ en, fil, zh });
  const texts = {
    kind: text('Kind', 'Uri', '类型'),
    kindA: text('First', 'Una', '第一'),
    kindB: text('Second', 'Ikalawa', '第二'),
    aNote: text('Note', 'Tala', '备注'),
    bReason: text('Reason', 'Dahilan', '原因'),
  };
  return {
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      required: ['kind'],
      properties: { kind: { title: 'workInfo.kind', type: 'string', enum: ['a', 'b'] } },
      if: { properties: { kind: { const: 'a' } }, required: ['kind'] },
      then: {
        required: ['aNote'],
        properties: { aNote: { title: 'workInfo.aNote', type: 'string', minLength: 2, maxLength: 20 } },
      },
      oneOf: [
        { properties: { kind: { const: 'a' } } },
        {
          required: ['bReason'],
          properties: {
            kind: { const: 'b' },
            bReason: { title: 'workInfo.bReason', type: 'string', minLength: 3, maxLength: 40 },
          },
        },
      ],
    },
    uiSchema: { kind: { 'ui:enumNames': ['workInfo.kindA', 'workInfo.kindB'] } },
    texts: Object.fromEntries(
      (['en', 'fil', 'zh'] as const).map((language) => [
        language,
        Object.fromEntries(Object.entries(texts).map(([key, t]) => [key, t[language]])),
      ]),
    ) as FormContent['texts'],
  };
}

describe.each(databaseTargets())('form branches without $id on %s', (kind) => {
  const { suite, call, studio } = studioSuite(kind);
  const draft = (name: string) => studio.draft('form', name);
  const { save } = studio;
  /** Submits and publishes `d`, its breaking changes acknowledged. */
  const publish = (d: StudioDetail) =>
    studio.publish(
      d,
      d.breaking.map((b) => b.id),
    );

  it('publishes a form with if and oneOf and no $id; a save answers by branch, never 500', async () => {
    const d = await save(await draft('workInfo'), branchedWorkInfo());
    expect(d.checks.filter((c) => c.severity === 'error')).toEqual([]);
    await publish(d);

    const borrower = await login(suite.api);
    const put = (payload: object) => call(borrower, 'PUT', '/profile/workInfo', payload);
    // Kind a: the if's note, the oneOf's first option; a reason of the other option is dropped, not refused.
    const a = await put({ kind: 'a', aNote: 'ok', bReason: 'not asked' });
    expect(a.statusCode, a.body).toBe(200);
    // Kind b: the second option's reason; the note of a branch that does not apply is dropped.
    const b = await put({ kind: 'b', bReason: 'because', aNote: 'x' });
    expect(b.statusCode, b.body).toBe(200);
    for (const invalid of [{ kind: 'a' }, { kind: 'a', aNote: 'x' }, { kind: 'b' }, { kind: 'b', bReason: 'no' }]) {
      const res = await put(invalid);
      expect(res.statusCode, `${JSON.stringify(invalid)}: ${res.body}`).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('refuses a root schema that is not an object, naming the rule', async () => {
    const content = branchedWorkInfo();
    const d = await save(await draft('bankInfo'), { ...content, schema: { ...content.schema, type: 'array' } });
    expect(d.checks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ severity: 'error', code: 'studio.checks.rootNotObject', path: '/schema/type' }),
      ]),
    );
    const submitted = await call(suite.author, 'POST', `/staff/form-versions/${d.version.id}/submit`, {
      acknowledge: d.breaking.map((b) => b.id),
    });
    expect(submitted.json()).toMatchObject({ code: 'FORM_CHECKS_FAILED' });
  });
});
