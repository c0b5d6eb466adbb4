import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import type { AnySchemaObject } from 'ajv';
import { createAjv } from './create-ajv.ts';
import type { RJSFSchema } from '@rjsf/utils';
import { at, BRANCH_KEY, branchPointers, fragmentRef, isObject } from './prune-branches.ts';
import { rjsfSchemaKey, rjsfSchemas } from './rjsf-schemas.ts';
import type { ValidationVocabulary } from './vocabulary.ts';

type StandaloneCode = (
  ajv: ReturnType<typeof createAjv>,
  validate: ReturnType<ReturnType<typeof createAjv>['compile']>,
) => string;
/** The same function with a map of export names to schema references: one module exporting each. */
type StandaloneMultiCode = (ajv: ReturnType<typeof createAjv>, refs: Readonly<Record<string, string>>) => string;

// ajv/dist/standalone is CommonJS: Node gives module.exports, bundlers may give its `default`.
const standaloneCode: StandaloneCode =
  (standaloneCodeModule as unknown as { default?: StandaloneCode }).default ??
  (standaloneCodeModule as unknown as StandaloneCode);
const standaloneMultiCode = standaloneCode as unknown as StandaloneMultiCode;

/** The keys the schemas RJSF asks about are compiled under (`asked-0.json`, ...). */
const ASKED_PREFIX = 'asked-';

/** A copy of `schema` whose local references (`#/definitions/x`) point into the form's schema, added as BRANCH_KEY. */
function rootRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rootRefs);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `${BRANCH_KEY}${value}` : rootRefs(value),
    ]),
  );
}

/** Ajv's small runtime helpers the generated code may import; nothing else of ajv (no compiler) is allowed. */
export const RUNTIME_PREFIX = 'ajv/dist/runtime/';
/** ajv-formats' checks (createAjv's `code.formats`): plain functions and regexps, no import of their own. */
export const FORMATS_MODULE = 'ajv-formats/dist/formats';

const REQUIRE = /const (\w+) = require\("([^"]+)"\)\.default;/gu;
const REQUIRE_FORMAT = /const (\w+) = require\("([^"]+)"\)\.fullFormats((?:\.[\w$]+|\["[^"]+"\])+);/gu;

// A CommonJS `exports.default` reaches ESM as `ns.default` (bundlers) or `ns.default.default` (Node): accept both.
const INTEROP = 'function runtimeDefault(ns) { const d = ns.default; return typeof d === "function" ? d : d.default; }';

/**
 * ESM source of a standalone validator for `schema` (default export and `validate`), compiled by a FRESH
 * `createAjv(vocabulary)` each call, so no cached schema (ajv caches by `$id`) can leak old rules into new code.
 * Ajv emits `require()` for its runtime helpers even in ESM mode; they become `import`s of `ajv/dist/runtime/*.js`,
 * and the checks of standard formats that are functions (a date's calendar) an `import` of ajv-formats' formats.
 * Throws when the code would need anything else at runtime.
 *
 * A schema with branches (`if`, `anyOf`, `oneOf`) also gets a compiled test of each branch, by JSON pointer, on the
 * default export's `branches` (see `branchPointers`): the browser's form and the server's pruning decide branches
 * with this same code, and neither needs the schema's `$id`.
 */
export function standaloneModule(vocabulary: ValidationVocabulary, schema: AnySchemaObject): string {
  const pointers = branchPointers(schema);
  const asked = [...rjsfSchemas(schema as RJSFSchema)];
  let generated: string;
  if (pointers.length === 0 && asked.length === 0) {
    const ajv = createAjv(vocabulary, { standalone: true });
    generated = standaloneCode(ajv, ajv.compile(schema));
  } else {
    // Compiled strictly first: the ajv of fragments turns strictTypes off, which an `if` naming properties needs.
    createAjv(vocabulary).compile(schema);
    const ajv = createAjv(vocabulary, { standalone: true, fragments: true });
    // RJSF's ranking variant of an option requires one of its properties in an `anyOf` of `required`s, which
    // strictRequired refuses (the property is declared beside the `anyOf`, not in it): the schema itself passed above.
    ajv.opts.strictRequired = false;
    ajv.addSchema(schema, BRANCH_KEY);
    const exports: Record<string, string> = { validate: BRANCH_KEY };
    // A schema RJSF makes that is no schema (the ranking variant of an option with no properties has an empty
    // `anyOf`) matches nothing, as @rjsf/validator-ajv8 answers false for a schema ajv cannot compile: all such
    // share one compiled `false` (ajv's standalone code would declare a second one under the same name).
    const tests = asked.map(([, sub], i) => {
      const compiled = rootRefs(sub) as AnySchemaObject;
      if (ajv.validateSchema(compiled) !== true) return 'askedNone';
      ajv.addSchema(compiled, `${ASKED_PREFIX}${i}`);
      exports[`asked${i}`] = `${ASKED_PREFIX}${i}`;
      return `asked${i}`;
    });
    if (tests.includes('askedNone')) {
      ajv.addSchema(false, `${ASKED_PREFIX}none`);
      exports['askedNone'] = `${ASKED_PREFIX}none`;
    }
    const byKey = new Map(asked.map(([key], i) => [key, tests[i]]));
    // A branch RJSF asks about as it is (an `if` with no `$ref` in it) is decided by that one compiled function on
    // both sides; any other gets its own test, compiled as a fragment of the form's schema.
    const branchTests = pointers.map((pointer, i) => {
      const sub = at(schema, pointer);
      const shared =
        isObject(sub) && !JSON.stringify(sub).includes('"$ref"') && sub['$id'] === undefined
          ? byKey.get(rjsfSchemaKey(sub as RJSFSchema))
          : undefined;
      if (shared !== undefined && shared !== 'askedNone') return shared;
      exports[`branch${i}`] = fragmentRef(BRANCH_KEY, pointer);
      return `branch${i}`;
    });
    const branches = pointers.map((pointer, i) => `${JSON.stringify(pointer)}: ${branchTests[i]}`).join(', ');
    const keyed = asked.map(([key], i) => `${JSON.stringify(key)}: ${tests[i]}`).join(', ');
    generated = [
      // The tests are reached through `validate.branches` and `validate.asked` only: no export of their own (fewer
      // bytes to download).
      standaloneMultiCode(ajv, exports).replace(/\bexport const ((?:branch|asked)(?:\d+|None)) = /gu, 'const $1 = '),
      `validate.branches = { ${branches} };`,
      `validate.asked = { ${keyed} };`,
      'export default validate;',
    ].join('\n');
  }
  const imports: string[] = [];
  let code = generated.replace(REQUIRE, (_match, name: string, from: string) => {
    if (!from.startsWith(RUNTIME_PREFIX)) throw new Error(`standalone validator would require ${from}`);
    imports.push(`import * as ${name}_module from "${from}.js";`);
    return `const ${name} = runtimeDefault(${name}_module);`;
  });
  let formats = false;
  code = code.replace(REQUIRE_FORMAT, (_match, name: string, from: string, path: string) => {
    if (from !== FORMATS_MODULE) throw new Error(`standalone validator would require ${from}`);
    formats = true;
    return `const ${name} = (ajvFormats.fullFormats ?? ajvFormats.default.fullFormats)${path};`;
  });
  if (formats) imports.push(`import * as ajvFormats from "${FORMATS_MODULE}.js";`);
  if (/\brequire\(/u.test(code)) throw new Error('standalone validator still calls require()');
  code = hoistSchemaReads(code.replace(/^"use strict";/u, ''));
  return ['"use strict";', ...imports, ...(imports.length > 0 ? [INTEROP] : []), code.trim(), ''].join('\n');
}

/** A schema literal of ajv's standalone code: one line, `const schemaN = <JSON>;`. */
const SCHEMA_LITERAL = /^const (schema\d+) = (.+);$/gmu;
/** One property read: `.name`, `[0]` or `["a-name"]`, as ajv's code generator writes them. */
const READ = /\.([A-Za-z_$][\w$]*)|\[(\d+|"(?:[^"\\]|\\.)*")\]/gu;

/** JSON for a value of a module's source, written as ajv writes its literals (U+2028 and U+2029 escaped). */
const literal = (value: unknown) =>
  JSON.stringify(value)
    .replace(/\u2028/gu, '\\u2028')
    .replace(/\u2029/gu, '\\u2029');

/**
 * Ajv's standalone code declares each schema it compiled as ONE literal (`const schema14 = {...}`, titles, patterns
 * and all) and reads the few values it needs at run time from it (an enum's values for its error's `allowedValues`):
 * so a form's validator carried its whole root schema, about 0.5 KB gzip on the identity form, for two arrays. Each
 * value read is declared on its own instead (`const schema14_0 = ["male","female"];`, the same value, one object
 * shared by every read as before) and the literal goes. A literal read as a whole, or along two paths of which one
 * holds the other (two objects where there was one), is left as ajv wrote it.
 */
function hoistSchemaReads(code: string): string {
  let out = code;
  for (const [declaration, name, json] of code.matchAll(SCHEMA_LITERAL)) {
    const reads = new RegExp(`\\b${name}\\b((?:${READ.source})*)`, 'gu');
    const at = out.indexOf(declaration);
    const [before, after] = [out.slice(0, at), out.slice(at + declaration.length)];
    const rest = `${before}\n${after}`;
    // Read in code only: a string of the code (a message, another literal) that names it is left alone, and so is it.
    const named = (text: string) => text.match(new RegExp(`\\b${name}\\b`, 'gu'))?.length ?? 0;
    if (named(rest) !== named(rest.replace(/"(?:[^"\\]|\\.)*"/gu, '""'))) continue;
    const paths = [...new Set([...rest.matchAll(reads)].map((m) => m[1] ?? ''))];
    const keys = paths.map(propertyPath);
    const nested = (a: readonly PropertyKey[], b: readonly PropertyKey[]) =>
      a !== b && a.length <= b.length && a.every((key, i) => key === b[i]);
    if (paths.length === 0 || keys.some((a) => a.length === 0 || keys.some((b) => nested(a, b)))) continue;
    const schema = parsed(json!);
    const values = keys.map((path) =>
      path.reduce<unknown>(
        (value, key) =>
          value !== null && typeof value === 'object' && Object.hasOwn(value, key)
            ? (value as Record<PropertyKey, unknown>)[key]
            : undefined,
        schema,
      ),
    );
    if (values.some((value) => value === undefined)) continue;
    const hoisted = values.map((value, i) => `const ${name}_${i} = ${literal(value)};`).join('\n');
    const rename = (text: string) => text.replace(reads, (_read, path: string) => `${name}_${paths.indexOf(path)}`);
    out = `${rename(before)}${hoisted}${rename(after)}`;
  }
  return out;
}

/** A literal's value, or undefined when it is not JSON. */
function parsed(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** The keys of a chain of property reads (`.a[0]["b-c"]` is a, 0, b-c). */
function propertyPath(reads: string): PropertyKey[] {
  return [...reads.matchAll(READ)].map(([, name, index]) => name ?? (JSON.parse(index!) as string | number));
}

/** The module specifiers a generated module imports, in order. */
export function moduleImports(source: string): string[] {
  return [...source.matchAll(/^import\b[^"']*["']([^"']+)["'];?$/gmu)].map((m) => m[1] ?? '');
}
