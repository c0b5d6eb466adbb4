/**
 * `data` holding only what its schema declares for it (issue 22): a property no applicable sub-schema names is dropped,
 * at every depth, so a section never carries the fields of earlier form versions (a form without
 * `additionalProperties: false` lets them pass validation). Branches are chosen as pruneToBranches chooses them
 * (prune-branches.ts, `applicable`, mirrored here: that file is being changed by another piece of work; the two walks
 * should become one there): the schema, its `$ref`, every `allOf`, the `then` or `else` its `if` picks, the `anyOf` /
 * `oneOf` branches `data` passes (all when it passes none), the `dependencies` of the properties present. A property
 * is declared by `properties`, by a matching `patternProperties`, or by an `additionalProperties` that is a schema;
 * an object whose schema declares no property at all (`{ "type": "object" }`) is kept as it is.
 */
import type { BranchTest, JsonSchema } from './prune-branches.ts';

type SchemaObject = { readonly [keyword: string]: unknown };

const isObject = (value: unknown): value is SchemaObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const escape = (key: string) => key.replace(/~/gu, '~0').replace(/\//gu, '~1');
const unescape = (token: string) => token.replace(/~1/gu, '/').replace(/~0/gu, '~');

/** The sub-schema at a JSON pointer of `root`. */
function at(root: JsonSchema, pointer: string): JsonSchema | undefined {
  let node: unknown = root;
  for (const token of pointer.split('/').slice(1)) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node)) node = node[unescape(token)];
    else return undefined;
  }
  return typeof node === 'boolean' || isObject(node) ? node : undefined;
}

/** A local `$ref` (`#/definitions/x`) as a pointer, or undefined for none or a remote one. */
function localRef(schema: SchemaObject): string | undefined {
  const ref = schema['$ref'];
  return typeof ref === 'string' && ref.startsWith('#') ? decodeURIComponent(ref.slice(1)) : undefined;
}

/** The sub-schemas that apply to `data` under the schema at `pointer` (as prune-branches.ts decides them). */
function applicable(root: JsonSchema, pointer: string, data: unknown, test: BranchTest, found: string[]): void {
  const schema = at(root, pointer);
  if (!isObject(schema) || found.includes(pointer)) return;
  found.push(pointer);
  const ref = localRef(schema);
  if (ref !== undefined) applicable(root, ref, data, test, found);
  if (Array.isArray(schema['allOf']))
    schema['allOf'].forEach((_, i) => applicable(root, `${pointer}/allOf/${i}`, data, test, found));
  if (schema['if'] !== undefined) {
    const branch = test(`${pointer}/if`, data) ? 'then' : 'else';
    if (schema[branch] !== undefined) applicable(root, `${pointer}/${branch}`, data, test, found);
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    const branches = list.map((_, i) => `${pointer}/${keyword}/${i}`);
    const passing = branches.filter((branch) => test(branch, data));
    for (const branch of passing.length > 0 ? passing : branches) applicable(root, branch, data, test, found);
  }
  for (const keyword of ['dependencies', 'dependentSchemas'] as const) {
    const map = schema[keyword];
    if (!isObject(map) || !isObject(data)) continue;
    for (const [key, dependency] of Object.entries(map)) {
      if (key in data && !Array.isArray(dependency))
        applicable(root, `${pointer}/${keyword}/${escape(key)}`, data, test, found);
    }
  }
}

/** Whether `key` matches `pattern` (a pattern ajv cannot compile matches nothing: validation refused the schema). */
function matches(pattern: string, key: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(key);
  } catch {
    return false;
  }
}

function keep(root: JsonSchema, pointers: readonly string[], data: unknown, test: BranchTest): unknown {
  if (Array.isArray(data)) {
    return data.map((item, i) => {
      const itemPointers = pointers.flatMap((pointer) => {
        const schema = at(root, pointer);
        if (!isObject(schema)) return [];
        if (isObject(schema['items'])) return [`${pointer}/items`];
        if (Array.isArray(schema['items']) && i < schema['items'].length) return [`${pointer}/items/${i}`];
        return [];
      });
      return keep(root, itemPointers, item, test);
    });
  }
  if (!isObject(data) || pointers.length === 0) return data;
  const found: string[] = [];
  for (const pointer of pointers) applicable(root, pointer, data, test, found);
  // Where each key is declared: `properties`, then `patternProperties`, then an `additionalProperties` schema.
  const named = new Map<string, string[]>();
  const patterns: [string, string][] = [];
  const additional: string[] = [];
  let declares = false;
  for (const pointer of found) {
    const schema = at(root, pointer);
    if (!isObject(schema)) continue;
    if (isObject(schema['properties'])) {
      declares = true;
      for (const key of Object.keys(schema['properties']))
        named.set(key, [...(named.get(key) ?? []), `${pointer}/properties/${escape(key)}`]);
    }
    if (isObject(schema['patternProperties'])) {
      declares = true;
      for (const pattern of Object.keys(schema['patternProperties']))
        patterns.push([pattern, `${pointer}/patternProperties/${escape(pattern)}`]);
    }
    const extra = schema['additionalProperties'];
    if (extra !== undefined) declares = true;
    if (isObject(extra)) additional.push(`${pointer}/additionalProperties`);
  }
  if (!declares) return data;
  const kept: [string, unknown][] = [];
  for (const [key, value] of Object.entries(data)) {
    const where = [
      ...(named.get(key) ?? []),
      ...patterns.filter(([pattern]) => matches(pattern, key)).map(([, pointer]) => pointer),
    ];
    if (where.length === 0 && additional.length > 0) where.push(...additional);
    if (where.length > 0) kept.push([key, keep(root, where, value, test)]);
  }
  // Built from entries, so a key named `__proto__` stays a key.
  return Object.fromEntries(kept);
}

/**
 * `data` with only the properties `schema` declares for it, at every depth, in the branches that apply to it (an
 * `if`'s `then` or `else`, the `oneOf` / `anyOf` branches it passes, a `dependencies` schema): a property of another
 * branch or of no branch is dropped. Which branch applies is decided on `data` as given; `data` is not changed.
 */
export function keepDeclared(schema: JsonSchema, data: unknown, test: BranchTest): unknown {
  return keep(schema, [''], data, test);
}
