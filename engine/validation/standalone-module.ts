import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import type { AnySchemaObject } from 'ajv';
import { createAjv } from './create-ajv.ts';
import type { ValidationVocabulary } from './vocabulary.ts';

type StandaloneCode = (
  ajv: ReturnType<typeof createAjv>,
  validate: ReturnType<ReturnType<typeof createAjv>['compile']>,
) => string;

// ajv/dist/standalone is CommonJS: Node gives module.exports, bundlers may give its `default`.
const standaloneCode: StandaloneCode =
  (standaloneCodeModule as unknown as { default?: StandaloneCode }).default ??
  (standaloneCodeModule as unknown as StandaloneCode);

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
 */
export function standaloneModule(vocabulary: ValidationVocabulary, schema: AnySchemaObject): string {
  const ajv = createAjv(vocabulary, { standalone: true });
  const validate = ajv.compile(schema);
  const imports: string[] = [];
  let code = standaloneCode(ajv, validate).replace(REQUIRE, (_match, name: string, from: string) => {
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
