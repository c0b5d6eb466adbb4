import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import type { AnySchemaObject } from 'ajv';
import { createAjv } from './create-ajv.ts';
import { BRANCH_KEY, branchPointers, fragmentRef } from './prune-branches.ts';
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

/** Ajv's small runtime helpers the generated code may import; nothing else of ajv (no compiler) is allowed. */
export const RUNTIME_PREFIX = 'ajv/dist/runtime/';

const REQUIRE = /const (\w+) = require\("([^"]+)"\)\.default;/gu;

// A CommonJS `exports.default` reaches ESM as `ns.default` (bundlers) or `ns.default.default` (Node): accept both.
const INTEROP = 'function runtimeDefault(ns) { const d = ns.default; return typeof d === "function" ? d : d.default; }';

/**
 * ESM source of a standalone validator for `schema` (default export and `validate`), compiled by a FRESH
 * `createAjv(vocabulary)` each call, so no cached schema (ajv caches by `$id`) can leak old rules into new code.
 * Ajv emits `require()` for its runtime helpers even in ESM mode; they become `import`s of `ajv/dist/runtime/*.js`.
 * Throws when the code would need anything else at runtime.
 *
 * A schema with branches (`if`, `anyOf`, `oneOf`) also gets a compiled test of each branch, by JSON pointer, on the
 * default export's `branches` (see `branchPointers`): the browser's form and the server's pruning decide branches
 * with this same code, and neither needs the schema's `$id`.
 */
export function standaloneModule(vocabulary: ValidationVocabulary, schema: AnySchemaObject): string {
  const pointers = branchPointers(schema);
  let generated: string;
  if (pointers.length === 0) {
    const ajv = createAjv(vocabulary, { standalone: true });
    generated = standaloneCode(ajv, ajv.compile(schema));
  } else {
    // Compiled strictly first: the ajv of fragments turns strictTypes off, which an `if` naming properties needs.
    createAjv(vocabulary).compile(schema);
    const ajv = createAjv(vocabulary, { standalone: true, fragments: true });
    ajv.addSchema(schema, BRANCH_KEY);
    const exports: Record<string, string> = { validate: BRANCH_KEY };
    pointers.forEach((pointer, i) => (exports[`branch${i}`] = fragmentRef(BRANCH_KEY, pointer)));
    const branches = pointers.map((pointer, i) => `${JSON.stringify(pointer)}: branch${i}`).join(', ');
    generated = [
      // The tests are reached through `validate.branches` only: no export of their own (fewer bytes to download).
      standaloneMultiCode(ajv, exports).replace(/\bexport const (branch\d+) = /gu, 'const $1 = '),
      `validate.branches = { ${branches} };`,
      'export default validate;',
    ].join('\n');
  }
  const imports: string[] = [];
  let code = generated.replace(REQUIRE, (_match, name: string, from: string) => {
    if (!from.startsWith(RUNTIME_PREFIX)) throw new Error(`standalone validator would require ${from}`);
    imports.push(`import * as ${name}_module from "${from}.js";`);
    return `const ${name} = runtimeDefault(${name}_module);`;
  });
  if (/\brequire\(/u.test(code)) throw new Error('standalone validator still calls require()');
  code = code.replace(/^"use strict";/u, '');
  return ['"use strict";', ...imports, ...(imports.length > 0 ? [INTEROP] : []), code.trim(), ''].join('\n');
}

/** The module specifiers a generated module imports, in order. */
export function moduleImports(source: string): string[] {
  return [...source.matchAll(/^import\b[^"']*["']([^"']+)["'];?$/gmu)].map((m) => m[1] ?? '');
}
