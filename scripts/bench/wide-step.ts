/**
 * A generated step of 60 fields (`BENCH_STEP=wide60`): a draft as large as a product team may build in the studio,
 * whose preview renders it with SchemaForm like a step. No step of the app is that large; this one shows how the
 * keystroke latency grows with the number of fields a form shows (RJSF re-renders and live-validates all of them).
 *
 * Four kinds of field in turn, each with the product's normalisers and formats as the real steps use them: a person's
 * name, a mobile number, an e-mail address, free text; every other field required. Its validator is compiled as
 * `npm run compile:validators` compiles a step's (scripts/compile-validators.ts), into the bench's cache folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSchema } from '../compile-validators.ts';

/** The name `BENCH_STEP` gives the generated step. */
export const WIDE_STEP = 'wide60';
/** How many fields it has. */
export const WIDE_FIELDS = 60;

const KINDS = [
  {
    name: 'wideName',
    schema: { type: 'string', normalize: ['noChinese', 'personName'], format: 'person-name' },
    value: 'Ana',
    ui: {},
  },
  {
    name: 'widePhone',
    schema: { type: 'string', normalize: 'phMobile', format: 'ph-mobile' },
    value: '0917',
    ui: { 'ui:options': { inputType: 'tel' } },
  },
  {
    name: 'wideEmail',
    schema: { type: 'string', normalize: 'email', maxLength: 254, format: 'email' },
    value: 'a@b.ph',
    ui: { 'ui:options': { inputType: 'email' } },
  },
  { name: 'wideText', schema: { type: 'string', minLength: 2, maxLength: 80 }, value: 'Makati', ui: {} },
] as const;

const kindOf = (index: number) => KINDS[index % KINDS.length] ?? KINDS[0];
const fieldName = (index: number) => `${kindOf(index).name}${String(index + 1).padStart(2, '0')}`;

/** The step's schema and uiSchema. */
export function wideStep(count = WIDE_FIELDS): { schema: Record<string, unknown>; uiSchema: Record<string, unknown> } {
  const indexes = [...Array(count).keys()];
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `${WIDE_STEP}.schema.json`,
    title: `${WIDE_STEP}.title`,
    type: 'object',
    additionalProperties: false,
    required: indexes.filter((i) => i % 2 === 0).map(fieldName),
    properties: Object.fromEntries(
      indexes.map((i) => [fieldName(i), { title: `${WIDE_STEP}.${fieldName(i)}`, ...kindOf(i).schema }]),
    ),
  };
  const uiSchema = Object.fromEntries(
    indexes.filter((i) => Object.keys(kindOf(i).ui).length > 0).map((i) => [fieldName(i), kindOf(i).ui]),
  );
  return { schema, uiSchema };
}

/** What the benchmark types into a field of this step (short: 60 fields of it per round and form), by field name. */
export function wideValue(field: string): string | undefined {
  return KINDS.find((kind) => new RegExp(`^${kind.name}\\d+$`, 'u').test(field))?.value;
}

/** Writes the step's schema, uiSchema and compiled validator into `dir`; returns the three files' paths. */
export function writeWideStep(dir: string): { schema: string; uiSchema: string; validate: string } {
  const { schema, uiSchema } = wideStep();
  mkdirSync(dir, { recursive: true });
  const files = {
    schema: join(dir, `${WIDE_STEP}.schema.json`),
    uiSchema: join(dir, `${WIDE_STEP}.ui.json`),
    validate: join(dir, `${WIDE_STEP}.js`),
  };
  writeFileSync(files.schema, JSON.stringify(schema));
  writeFileSync(files.uiSchema, JSON.stringify(uiSchema));
  writeFileSync(files.validate, compileSchema(WIDE_STEP, schema).js);
  return files;
}
