import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { CompiledValidator } from './compiled-validator.ts';
import { createAjv } from './create-ajv.ts';
import { FORMATS_MODULE, moduleImports, RUNTIME_PREFIX, standaloneModule } from './standalone-module.ts';
import type { ValidationVocabulary } from './vocabulary.ts';

const vocabulary: ValidationVocabulary = {
  formats: { 'two-digits': '^\\d{2}$' },
  normalizers: { trim: [{ replace: '^\\s+|\\s+$', with: '' }] },
};

// Needs ucs2length (maxLength) and equal (enum of objects): both ajv runtime helpers.
const schema = {
  $id: 'probe.schema.json',
  type: 'object',
  properties: {
    code: { type: 'string', normalize: 'trim', maxLength: 2, format: 'two-digits' },
    pick: { enum: [{ a: 1 }, 'b'] },
    list: { type: 'array', uniqueBy: '' },
  },
};

// Inside node_modules so Node resolves `ajv/dist/runtime/*` from there, and loads it as Node would, untransformed.
const scratch = join(process.cwd(), 'node_modules/.cache/standalone-module-test');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function load(source: string, file: string): Promise<CompiledValidator> {
  mkdirSync(scratch, { recursive: true });
  const path = join(scratch, file);
  writeFileSync(path, source);
  return ((await import(/* @vite-ignore */ pathToFileURL(path).href)) as { default: CompiledValidator }).default;
}

describe('standaloneModule', () => {
  const source = standaloneModule(vocabulary, schema);

  it('is ESM with no eval, no new Function and no require', () => {
    expect(source).not.toMatch(/\beval\s*\(|new Function|\bFunction\s*\(|\brequire\s*\(/u);
    expect(source).toMatch(/^export default /mu);
  });

  it('imports only ajv runtime helpers, as .js files', () => {
    expect(moduleImports(source)).toEqual([`${RUNTIME_PREFIX}ucs2length.js`, `${RUNTIME_PREFIX}equal.js`]);
  });

  it('is deterministic', () => {
    expect(standaloneModule(vocabulary, schema)).toBe(source);
  });

  it('runs in plain Node with the same verdicts and errors as the live ajv', async () => {
    const compiled = await load(source, 'probe.mjs');
    const live = createAjv(vocabulary).compile(schema);
    const samples = [
      { code: ' 42 ' },
      { code: '4' },
      { pick: { a: 1 } },
      { pick: { a: 2 } },
      { list: [1, 2, 1] },
      { code: 42 },
      [],
    ];
    for (const sample of samples) {
      const [a, b] = [structuredClone(sample), structuredClone(sample)];
      expect(compiled(a), JSON.stringify(sample)).toBe(live(b));
      expect(compiled.errors ?? null).toEqual(live.errors ?? null);
      expect(a).toEqual(b);
    }
  });

  it('holds the values it reads of a schema (enums, for their errors), not the schema', async () => {
    expect(source).toContain('[{"a":1},"b"]');
    expect(source).not.toContain('"properties":');
    // A property whose name is no identifier is read as ["a-b"].
    const named = {
      type: 'object',
      title: 'probe.title',
      properties: { 'a-b': { enum: ['x', 'y'] }, c: { type: 'array', items: { enum: [1, 2] } } },
    };
    const module = standaloneModule(vocabulary, named);
    expect(module).not.toContain('probe.title');
    const compiled = await load(module, 'probe-reads.mjs');
    const live = createAjv(vocabulary).compile(named);
    for (const sample of [{ 'a-b': 'z' }, { c: [1, 3] }, { 'a-b': 'x', c: [2] }]) {
      expect(compiled(sample), JSON.stringify(sample)).toBe(live(sample));
      expect(compiled.errors ?? null).toEqual(live.errors ?? null);
    }
  });

  it('compiles the current rules even when a schema keeps its $id (no cache between calls)', async () => {
    const changed = {
      ...schema,
      properties: { ...schema.properties, code: { ...schema.properties.code, maxLength: 1 } },
    };
    const next = standaloneModule(vocabulary, changed);
    expect(next).not.toBe(source);
    expect((await load(next, 'probe-changed.mjs'))({ code: '42' })).toBe(false);
  });

  it('compiles a test of each branch of a schema without $id, on the default export, by JSON pointer', async () => {
    const branched = {
      type: 'object',
      properties: { kind: { type: 'string' }, n: { type: 'integer' } },
      if: { properties: { n: { type: 'integer', multipleOf: 3 } }, required: ['n'] },
      then: { required: ['kind'] },
      oneOf: [{ properties: { kind: { const: 'a' } } }, { properties: { kind: { const: 'b' } } }],
    };
    const compiled = await load(standaloneModule(vocabulary, branched), 'probe-branches.mjs');
    expect(Object.keys(compiled.branches ?? {})).toEqual(['/if', '/oneOf/0', '/oneOf/1']);
    expect(compiled.branches?.['/if']?.({ n: 6 })).toBe(true);
    expect(compiled.branches?.['/if']?.({ n: 7 })).toBe(false);
    expect(compiled.branches?.['/oneOf/1']?.({ kind: 'b' })).toBe(true);
    expect(compiled({ n: 6, kind: 'a' })).toBe(true);
    expect(compiled({ n: 6 })).toBe(false);
  });
});

describe('standaloneModule with the standard formats', () => {
  const formats = {
    type: 'object',
    properties: {
      born: { type: 'string', format: 'date' },
      at: { type: ['string', 'null'], format: 'date-time' },
      opens: { format: 'time' },
      site: { type: 'string', format: 'uri' },
      mail: { type: 'string', format: 'email' },
      scan: { type: 'string', format: 'data-url' },
    },
  };

  it("imports ajv-formats' checks, the only other module it may need, and decides as the live ajv", async () => {
    const source = standaloneModule(vocabulary, formats);
    expect(source).not.toMatch(/\brequire\s*\(/u);
    expect(moduleImports(source)).toEqual([`${FORMATS_MODULE}.js`]);
    const compiled = await load(source, 'formats.mjs');
    const live = createAjv(vocabulary).compile(formats);
    const samples = [
      {
        born: '2000-02-29',
        at: '2024-01-31T08:00:00+08:00',
        opens: '09:30:00Z',
        site: 'https://a.ph/x',
        mail: 'a@b.ph',
      },
      { born: '2001-02-29', at: null, opens: '9:30', site: 'no scheme', mail: 'a@', scan: 'data:,x' },
      { scan: 'data:image/png;name=id%20card.png;base64,iVBORw0KGgo=' },
      { at: '2024-13-01T00:00:00Z', opens: 930 },
    ];
    for (const sample of samples) {
      expect(compiled(structuredClone(sample)), JSON.stringify(sample)).toBe(live(structuredClone(sample)));
      expect(compiled.errors ?? null).toEqual(live.errors ?? null);
    }
    expect(compiled(samples[1])).toBe(false);
    expect(compiled.errors?.map((e) => e.instancePath)).toEqual(['/born', '/opens', '/site', '/mail', '/scan']);
  });
});
