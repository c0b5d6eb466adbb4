// @vitest-environment jsdom
/**
 * A corpus of forms written as RJSF's own documentation and playground write them
 * (tests/corpus/rjsf-style/*.json: schema, uiSchema, formData), each rendered by stock RJSF (@rjsf/core with
 * @rjsf/validator-ajv8) and by the engine's SchemaForm (its validator module built by the server's own code, the
 * product's ajv setup and vocabulary), comparing the fields each renders (the ids of its inputs, selects and text
 * areas) and what submitting the corpus' formData answers (the errors' field and keyword, none when valid).
 *
 * Today's outcome of every form is written down below (EXPECTED), with why it differs where it does, so this test fails
 * whenever an outcome changes: an engine or studio change that makes a form match (or breaks one) updates the table
 * in the same commit.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { act, cleanup, render } from '@testing-library/react';
import Form from '@rjsf/core';
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import stockValidator from '@rjsf/validator-ajv8';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { precompiledValidator } from '#engine/form/precompiled-validator.ts';
import { inlineLocalRefs } from '#engine/form/inline-refs.ts';
import { SchemaForm } from '#engine/form/schema-form.tsx';
import type { CompiledValidator, ValidationError } from '#engine/validation/compiled-validator.ts';
import { standaloneModule } from '#engine/validation/standalone-module.ts';
import { engineWidgets, preloadWidgets } from '#engine/widgets/registry.ts';
import { vocabulary } from '#forms/vocabulary.ts';

const dir = join(process.cwd(), 'tests/corpus/rjsf-style');
interface CorpusForm {
  readonly schema: RJSFSchema;
  readonly uiSchema: UiSchema;
  readonly formData: unknown;
}
const corpus = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f.slice(0, -'.json'.length), JSON.parse(readFileSync(join(dir, f), 'utf8')) as CorpusForm] as const);

const scratch = join(process.cwd(), 'node_modules/.cache/rjsf-corpus');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
async function load(name: string, schema: RJSFSchema): Promise<CompiledValidator> {
  mkdirSync(scratch, { recursive: true });
  const path = join(scratch, `${name}-${process.pid}.js`);
  writeFileSync(path, standaloneModule(vocabulary, schema));
  return ((await import(/* @vite-ignore */ pathToFileURL(path).href)) as { default: CompiledValidator }).default;
}

/** The ids of the inputs, selects and text areas rendered, sorted. */
function fieldIds(): string[] {
  return [...document.querySelectorAll('input, select, textarea')]
    .map((el) => el.id)
    .filter((id) => id !== '')
    .sort();
}

/** The errors of a submit, as field and keyword, sorted. */
const errorList = (errors: readonly RJSFValidationError[]) =>
  [...new Set(errors.map((e) => `${e.property ?? ''} ${e.name ?? ''}`))].sort();

const errorKey = (error: ValidationError) => `errors.${error.keyword}`;

/** Today's outcome per form: `match`, or what differs. Update it when an outcome changes (and say why). */
const EXPECTED: Record<string, { readonly outcome: string; readonly why?: string }> = {
  '01-simple': {
    outcome: 'errors stock [firstName required] engine [.firstName required]',
    why: "RJSF 6's ajv8 validator names a missing required property without the leading dot ('firstName'); the engine's error mapping (engine/form/error-mapping.ts) writes '.firstName'. Same field, same keyword.",
  },
  '02-nested-objects': { outcome: 'match' },
  '03-array-strings': { outcome: 'match' },
  '04-array-objects': { outcome: 'match' },
  '05-fixed-items': { outcome: 'match' },
  '06-additional-items': { outcome: 'match' },
  '07-enum-multiselect': { outcome: 'match' },
  '08-checkboxes': { outcome: 'match' },
  '09-nested-arrays': { outcome: 'match' },
  '10-definitions-ref': { outcome: 'match' },
  '11-ref-array-items': { outcome: 'match' },
  '12-oneof-objects': { outcome: 'match' },
  '13-anyof-objects': { outcome: 'match' },
  '14-oneof-primitive': { outcome: 'match' },
  '15-dependencies-property': { outcome: 'match' },
  '16-dependencies-schema': { outcome: 'match' },
  '17-dependencies-oneof': { outcome: 'match' },
  '18-if-then-else': { outcome: 'match' },
  '19-if-without-then': { outcome: 'match' },
  '20-nullable': { outcome: 'match' },
  '21-defaults': { outcome: 'match' },
  '22-enum-objects-oneof-const': { outcome: 'match' },
  '23-enum-radio': { outcome: 'match' },
  '24-numbers': { outcome: 'match' },
  '25-range': { outcome: 'match' },
  '26-dates': {
    outcome: 'errors stock [] engine [.time format]',
    why: "a `time` without its UTC offset: ajv-formats 3 (the product's) holds `time` to RFC 3339's full-time, offset included, as JSON Schema says; stock RJSF's validator passes it. The engine's time widget writes the offset (14:30:00+08:00).",
  },
  '27-alt-dates': { outcome: 'match' },
  '28-email-uri': { outcome: 'match' },
  '29-files': { outcome: 'match' },
  '30-additional-properties': { outcome: 'match' },
  '31-string-constraints': { outcome: 'match' },
  '32-required-missing': {
    outcome:
      'errors stock [.age minimum, .agree const, name required] engine [.age minimum, .agree const, .name required]',
    why: 'as 01-simple: the path of a missing required property is written without the leading dot by stock RJSF, with it by the engine.',
  },
  '33-boolean-widgets': { outcome: 'match' },
  '34-array-enum-objects': { outcome: 'match' },
  '35-array-oneof-items': { outcome: 'match' },
};

async function outcomeOf(name: string, form: CorpusForm): Promise<string> {
  render(<Form schema={form.schema} uiSchema={form.uiSchema} formData={form.formData} validator={stockValidator} />);
  const stockFields = fieldIds();
  cleanup();
  const stockErrors = errorList(stockValidator.validateFormData(form.formData, form.schema).errors);

  let validate: CompiledValidator;
  try {
    validate = await load(name, form.schema);
  } catch (error) {
    return `refused: ${(error as Error).message.split('\n')[0]!.slice(0, 120)}`;
  }
  try {
    render(
      <SchemaForm
        schema={form.schema}
        uiSchema={form.uiSchema}
        formData={form.formData}
        validate={validate}
        errorKey={errorKey}
        t={(key) => key}
      />,
    );
  } catch (error) {
    cleanup();
    return `render throws: ${(error as Error).message.split('\n')[0]!.slice(0, 120)}`;
  }
  const engineFields = fieldIds();
  cleanup();
  const shown = inlineLocalRefs(form.schema);
  const engineErrors = errorList(
    precompiledValidator({ rootSchema: shown, validate, errorKey }).validateFormData(form.formData, shown).errors,
  );
  const differences: string[] = [];
  const only = (a: string[], b: string[]) => a.filter((x) => !b.includes(x));
  if (only(stockFields, engineFields).length > 0 || only(engineFields, stockFields).length > 0)
    differences.push(
      `fields stock-only [${only(stockFields, engineFields).join(' ')}] engine-only [${only(engineFields, stockFields).join(' ')}]`,
    );
  if (stockErrors.join('|') !== engineErrors.join('|'))
    differences.push(`errors stock [${stockErrors.join(', ')}] engine [${engineErrors.join(', ')}]`);
  return differences.length === 0 ? 'match' : differences.join('; ');
}

describe('RJSF-style corpus: the engine against stock RJSF', () => {
  beforeAll(async () => {
    // Every engine widget's code is here before the forms render: what the borrower's step preloads.
    await preloadWidgets(Object.fromEntries(Object.keys(engineWidgets).map((name) => [name, { 'ui:widget': name }])));
  });

  it('has at least 30 forms, each in the expected-results table', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    expect(corpus.map(([name]) => name).filter((name) => !(name in EXPECTED))).toEqual([]);
  });

  it.each(corpus)('%s renders and submits as recorded', async (name, form) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let outcome = '';
    await act(async () => {
      outcome = await outcomeOf(name, form);
    });
    expect(outcome).toBe(EXPECTED[name]?.outcome);
  });
});
