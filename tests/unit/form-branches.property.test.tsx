// @vitest-environment jsdom
/**
 * As a property: a random form built from the branch keywords the studio accepts (an `if` on const,
 * enum, minimum, multipleOf, uniqueItems or dependencies, a `oneOf` by kind; with or without `$id`) that passes
 * `checkForm` renders in the borrower's form without throwing, shows exactly the fields the server keeps, and a valid
 * answer passes the server's pruning and the validator module (the same compiled branch tests on both sides).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cleanup, render } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { SchemaForm } from '#engine/form/schema-form.tsx';
import { checkForm } from '#engine/studio/check-form.ts';
import { fieldErrors, type CompiledValidator } from '#engine/validation/compiled-validator.ts';
import { createAjv } from '#engine/validation/create-ajv.ts';
import { branchTester, compiledBranchTest, pruneToBranches } from '#engine/validation/prune-branches.ts';
import { standaloneModule } from '#engine/validation/standalone-module.ts';
import { engineFieldMeta, engineWidgetMeta, rjsfWidgetMeta } from '#engine/widgets/widget-meta.ts';
import { vocabulary } from '#forms/vocabulary.ts';

const scratch = join(process.cwd(), 'node_modules/.cache/form-branches-property');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let loaded = 0;
async function load(schema: object): Promise<CompiledValidator> {
  mkdirSync(scratch, { recursive: true });
  const path = join(scratch, `v${process.pid}-${loaded++}.js`);
  writeFileSync(path, standaloneModule(vocabulary, schema));
  return ((await import(/* @vite-ignore */ pathToFileURL(path).href)) as { default: CompiledValidator }).default;
}

const KINDS = ['k0', 'k1', 'k2'];
type Condition = 'const' | 'enum' | 'minimum' | 'multipleOf' | 'uniqueItems' | 'dependencies';
const conditionOf = (c: Condition, v: number): Record<string, unknown> =>
  ({
    const: { properties: { kind: { const: KINDS[v % 3] } }, required: ['kind'] },
    enum: { properties: { kind: { enum: KINDS.slice(0, 1 + (v % 2)) } }, required: ['kind'] },
    minimum: { properties: { n: { type: 'integer', minimum: v } }, required: ['n'] },
    multipleOf: { properties: { n: { type: 'integer', multipleOf: 2 + (v % 3) } }, required: ['n'] },
    uniqueItems: { properties: { tags: { type: 'array', uniqueItems: true } }, required: ['tags'] },
    dependencies: { type: 'object', dependencies: { n: ['tags'] } },
  })[c];

const formArb = fc.record({
  withId: fc.boolean(),
  ifs: fc.array(
    fc.record({
      condition: fc.constantFrom<Condition>('const', 'enum', 'minimum', 'multipleOf', 'uniqueItems', 'dependencies'),
      value: fc.nat(6),
      withElse: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
  oneOf: fc.boolean(),
  answer: fc.record({
    kind: fc.constantFrom(...KINDS),
    n: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
    tags: fc.option(fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }), { nil: undefined }),
  }),
});

type Drawn = typeof formArb extends fc.Arbitrary<infer F> ? F : never;

function formOf({ withId, ifs, oneOf }: Drawn) {
  const field = (name: string) => ({ title: `pf.${name}`, type: 'string', minLength: 1, maxLength: 20 });
  const branchFields: string[] = [];
  const allOf = ifs.map(({ condition, value, withElse }, i) => {
    branchFields.push(`then${i}`, ...(withElse ? [`else${i}`] : []));
    return {
      if: conditionOf(condition, value),
      then: { required: [`then${i}`], properties: { [`then${i}`]: field(`then${i}`) } },
      ...(withElse && { else: { required: [`else${i}`], properties: { [`else${i}`]: field(`else${i}`) } } }),
    };
  });
  if (oneOf) branchFields.push(...KINDS.map((k) => `only${k}`));
  const schema = {
    ...(withId && { $id: 'pf.schema.json' }),
    type: 'object',
    required: ['kind'],
    properties: {
      kind: { title: 'pf.kind', type: 'string', enum: KINDS },
      n: { title: 'pf.n', type: 'integer', minimum: 0, maximum: 99 },
      tags: { title: 'pf.tags', type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, maxItems: 3 },
    },
    ...(allOf.length > 0 && { allOf }),
    ...(oneOf && {
      oneOf: KINDS.map((k) => ({
        required: [`only${k}`],
        properties: { kind: { const: k }, [`only${k}`]: field(`only${k}`) },
      })),
    }),
  };
  const names = ['kind', 'n', 'tags', ...branchFields, ...KINDS];
  const texts = { en: Object.fromEntries(names.map((n) => [n, `Text ${n}`])) };
  const uiSchema = {
    kind: { 'ui:enumNames': KINDS.map((k) => `pf.${k}`) },
    tags: { items: { 'ui:enumNames': ['pf.k0', 'pf.k1', 'pf.k2'] } },
  };
  return { content: { schema, uiSchema, texts }, branchFields };
}

const ctx = {
  languages: ['en'],
  shared: { en: { form: { submit: 'Submit' } } },
  vocabulary,
  widgets: { ...rjsfWidgetMeta, ...engineWidgetMeta },
  fields: engineFieldMeta,
};

describe('random branched forms the studio accepts', () => {
  it('render in the borrower form with the fields the server keeps, and a valid answer saves', async () => {
    await fc.assert(
      fc.asyncProperty(formArb, async (drawn) => {
        const { content, branchFields } = formOf(drawn);
        const errors = checkForm('pf', content, ctx).filter((c) => c.severity === 'error');
        expect(errors).toEqual([]);
        const validate = await load(content.schema);
        // An answer that fills every branch's field: the server drops what does not apply, the rest is valid.
        const { n, tags, kind } = drawn.answer;
        const answer = {
          kind,
          ...(n !== undefined && { n }),
          ...(tags !== undefined && { tags }),
          ...Object.fromEntries(branchFields.map((f) => [f, 'ok'])),
        };
        const kept = pruneToBranches(content.schema, answer, compiledBranchTest(validate.branches ?? {}));
        expect(fieldErrors(validate, structuredClone(kept))).toEqual([]);
        // The live ajv the server fell back on decides the same branches.
        const live = branchTester(createAjv(vocabulary, { fragments: true }), content.schema);
        expect(pruneToBranches(content.schema, answer, live)).toEqual(kept);
        // The browser renders it (no condition throws) with the branch fields the server keeps, and no other.
        const { container } = render(
          <SchemaForm
            schema={content.schema as RJSFSchema}
            uiSchema={content.uiSchema}
            validate={validate}
            errorKey={() => 'error'}
            t={(key: string) => key}
            formData={kept}
          />,
        );
        const shown = branchFields.filter((f) => container.querySelector(`#root_${f}`) !== null);
        expect(shown.sort()).toEqual(branchFields.filter((f) => f in (kept as object)).sort());
        cleanup();
      }),
      { seed: 2222, numRuns: 80 },
    );
  });
});
