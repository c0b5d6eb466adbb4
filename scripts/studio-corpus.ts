/**
 * How much of a corpus of ordinary JSON Schemas and RJSF forms the form studio accepts: run with
 * `npx tsx scripts/studio-corpus.ts <corpus dir>`, where the directory holds the JSON Schema Test Suite's draft-07
 * files under `jsts/` and RJSF's playground samples as `rjsf-samples.json`. Reported, never asserted (the corpus is
 * not part of the repository). What is counted:
 * - jsts: each test group's schema as a form's schema, accepted when the studio finds no error in it but missing texts
 *   and a root that is not an object (a step saves an object: most of the suite's schemas describe a number or a
 *   string, which the studio rightly refuses as a form; counted apart), and as the one field of a form (its
 *   `definitions` at the form's root; a `$ref` to the root `#` then means the form, not the field);
 * - rjsf: each sample's schema and uiSchema, accepted when no error remains but missing texts (the samples write
 *   English, not text keys) and the sample's own custom widgets and fields.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkForm } from '#engine/studio/check-form.ts';
import type { Check } from '#engine/studio/types.ts';
import { context } from '#tests/unit/studio-seed.ts';

const dir = process.argv[2] ?? '../shared/corpus';
const TEXTS = new Set([
  'studio.checks.missingText',
  'studio.checks.missingSharedText',
  'studio.checks.missingSharedTextForm',
]);

const tally = (rows: { name: string; errors: Check[] }[], label: string) => {
  const accepted = rows.filter((r) => r.errors.length === 0).length;
  console.info(`${label}: ${accepted} of ${rows.length} accepted`);
  const byCode = new Map<string, number>();
  for (const row of rows)
    for (const code of new Set(row.errors.map((e) => e.code))) byCode.set(code, (byCode.get(code) ?? 0) + 1);
  for (const [code, count] of [...byCode].sort((a, b) => b[1] - a[1])) console.info(`  ${count}\t${code}`);
  for (const row of rows.filter((r) => r.errors.length > 0))
    console.info(
      `  - ${row.name}: ${row.errors
        .slice(0, 3)
        .map((e) => `${e.code.replace('studio.checks.', '')} ${e.path} ${JSON.stringify(e.params)}`)
        .join(' | ')}`,
    );
};

const ROOT = 'studio.checks.rootNotObject';
const jsts: { name: string; errors: Check[] }[] = [];
const asField: { name: string; errors: Check[] }[] = [];
let notObject = 0;
for (const file of readdirSync(join(dir, 'jsts')).sort()) {
  if (!file.endsWith('.json') || file === 'refRemote.json') continue;
  const groups = JSON.parse(readFileSync(join(dir, 'jsts', file), 'utf8')) as {
    description: string;
    schema: unknown;
  }[];
  for (const group of groups) {
    const schema = group.schema as Record<string, unknown>;
    const found = checkForm('corpus', { schema, uiSchema: {}, texts: { en: {}, fil: {}, zh: {} } }, context);
    if (found.some((c) => c.code === ROOT)) notObject += 1;
    const errors = found.filter((c) => c.severity === 'error' && !TEXTS.has(c.code) && c.code !== ROOT);
    jsts.push({ name: `${file} ${group.description}`, errors });
    // The same schema as the one field of a form, its definitions at the form's root (where `#/definitions` points).
    const { definitions, ...field } = (typeof schema === 'object' ? schema : {}) as Record<string, unknown>;
    const form = {
      type: 'object',
      ...(definitions !== undefined && { definitions }),
      properties: { value: typeof schema === 'object' ? field : schema },
    };
    const wrapped = checkForm('corpus', { schema: form, uiSchema: {}, texts: { en: {}, fil: {}, zh: {} } }, context);
    asField.push({
      name: `${file} ${group.description}`,
      errors: wrapped.filter((c) => c.severity === 'error' && !TEXTS.has(c.code)),
    });
  }
}
tally(jsts, 'JSON Schema Test Suite draft-07 (each schema as a form)');
console.info(`  (${notObject} of them with a root that is not an object, refused as a form whatever else)`);
tally(asField, 'JSON Schema Test Suite draft-07 (each schema as the one field of a form)');

const rjsf = JSON.parse(readFileSync(join(dir, 'rjsf-samples.json'), 'utf8')) as {
  samples: Record<string, { schema: Record<string, unknown>; uiSchema?: Record<string, unknown> }>;
};
const CUSTOM = /RatingWidget|toggle|__fn:/u;
const rows: { name: string; errors: Check[] }[] = [];
for (const [name, sample] of Object.entries(rjsf.samples)) {
  const errors = checkForm(
    'corpus',
    { schema: sample.schema, uiSchema: sample.uiSchema ?? {}, texts: { en: {}, fil: {}, zh: {} } },
    context,
  ).filter(
    (c) =>
      c.severity === 'error' &&
      !TEXTS.has(c.code) &&
      !((c.code.endsWith('unknownWidget') || c.code.endsWith('unknownField')) && CUSTOM.test(JSON.stringify(c.params))),
  );
  rows.push({ name, errors });
}
tally(rows, 'RJSF playground samples');
