/** The committed validators in forms/compiled/ against their schemas, and what the browser gets from them. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompiledValidator } from '#engine/validation/compiled-validator.ts';
import { createAjv } from '#engine/validation/create-ajv.ts';
import { moduleImports, RUNTIME_PREFIX } from '#engine/validation/standalone-module.ts';
import { vocabulary } from '#forms/vocabulary.ts';
import { compiledDir, compileSchema, compileValidators, readSchema, schemaNames } from './compile-validators.ts';
import { contactSamples } from '#forms/contact.samples.ts';

const expected = compileValidators();
const STALE = 'is stale: run npm run compile:validators';

describe('compiled validators', () => {
  it('exist for every schema, and nothing else is in forms/compiled/', () => {
    expect(schemaNames().length).toBeGreaterThan(0);
    expect(existsSync(compiledDir), `forms/compiled/ ${STALE}`).toBe(true);
    expect(readdirSync(compiledDir).sort(), `forms/compiled/ ${STALE}`).toEqual([...expected.keys()].sort());
  });

  it.each([...expected.keys()])('%s equals what the compiler produces now', (file) => {
    const onDisk = existsSync(join(compiledDir, file)) ? readFileSync(join(compiledDir, file), 'utf8') : '';
    expect(onDisk === expected.get(file), `forms/compiled/${file} ${STALE}`).toBe(true);
  });

  it('notices a changed rule in a schema that keeps its $id (the precompiled-RJSF trap)', () => {
    const schema = readSchema('contact');
    expect(schema.$id).toBeTypeOf('string');
    const tightened = structuredClone(schema);
    tightened['properties'].email.maxLength = 100;
    expect(compileSchema('contact', tightened).js).not.toBe(readFileSync(join(compiledDir, 'contact.js'), 'utf8'));
  });

  it.each(schemaNames())('%s.js has no eval or new Function and imports only ajv runtime helpers', (name) => {
    const js = expected.get(`${name}.js`) ?? '';
    expect(js).not.toMatch(/\beval\s*\(|new Function|\bFunction\s*\(|\brequire\s*\(|\bimport\s*\(/u);
    const imports = moduleImports(js);
    for (const specifier of imports) expect(specifier).toMatch(new RegExp(`^${RUNTIME_PREFIX}[a-z0-9]+\\.js$`, 'u'));
    // What the browser gets besides the generated code: listed so a new import is a visible change.
    expect(imports).toEqual(name === 'contact' ? [`${RUNTIME_PREFIX}ucs2length.js`] : imports);
  });
});

describe('compiled contact validator', async () => {
  const compiled = ((await import('#forms/compiled/contact.js')) as { default: CompiledValidator }).default;
  const live = createAjv(vocabulary).compile(readSchema('contact'));

  it.each([...contactSamples.valid, ...contactSamples.invalid].map((s) => [s.name, s] as const))(
    'gives the live ajv verdict, errors and normalised data: %s',
    (_name, sample) => {
      const [a, b] = [structuredClone(sample.data), structuredClone(sample.data)];
      const verdict = compiled(a);
      expect(verdict).toBe(live(b));
      expect(verdict).toBe(contactSamples.valid.includes(sample));
      expect(compiled.errors ?? null).toEqual(live.errors ?? null);
      expect(a).toEqual(b);
    },
  );
});
