/**
 * `data` holding only what its schema declares for it: a property no applicable sub-schema names is dropped,
 * at every depth, so a section never carries the fields of earlier form versions (a form without
 * `additionalProperties: false` lets them pass validation). Branches are chosen as pruneToBranches chooses them
 * (prune-branches.ts `applicable`): the schema, its `$ref`, every `allOf`, the `then` or `else` its `if` picks, the `anyOf` /
 * `oneOf` branches `data` passes (all when it passes none), the `dependencies` of the properties present. A property
 * is declared by `properties`, by a matching `patternProperties`, or by an `additionalProperties` that is a schema;
 * an object whose schema declares no property at all (`{ "type": "object" }`) is kept as it is.
 */
import { applicable, at, escape, isObject, itemPointers, type BranchTest, type JsonSchema } from './prune-branches.ts';

/** Whether `key` matches `pattern` (a pattern ajv cannot compile matches nothing: validation refused the schema). */
function matches(pattern: string, key: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(key);
  } catch {
    return false;
  }
}

/**
 * Where each property of an object is declared by the schemas at `found` (pointers of the sub-schemas that apply to
 * it): `properties`, then a matching `patternProperties`, then an `additionalProperties` schema; `declares` is false
 * when none of them declares any property (`{ "type": "object" }`).
 */
function declarations(root: JsonSchema, found: readonly string[]) {
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
  return {
    declares,
    /** The pointers of the sub-schemas declaring `key` (none: not declared). */
    of(key: string): string[] {
      const where = [
        ...(named.get(key) ?? []),
        ...patterns.filter(([pattern]) => matches(pattern, key)).map(([, pointer]) => pointer),
      ];
      return where.length === 0 ? [...additional] : where;
    },
  };
}

function keep(root: JsonSchema, pointers: readonly string[], data: unknown, test: BranchTest): unknown {
  if (Array.isArray(data)) {
    return data.map((item, i) => keep(root, itemPointers(root, pointers, i), item, test));
  }
  if (!isObject(data) || pointers.length === 0) return data;
  const found: string[] = [];
  for (const pointer of pointers) applicable(root, pointer, data, test, found);
  const declared = declarations(root, found);
  if (!declared.declares) return data;
  const kept: [string, unknown][] = [];
  for (const [key, value] of Object.entries(data)) {
    const where = declared.of(key);
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

/**
 * The JSON pointers of the strings in `data` that its schema asks for as files (`format: data-url`, RJSF's file
 * widget's value), in the branches that apply to it: the one place a step's data holds a file inline.
 */
export function declaredFiles(schema: JsonSchema, data: unknown, test: BranchTest): string[] {
  const files: string[] = [];
  const walk = (pointers: readonly string[], value: unknown, path: string): void => {
    if (pointers.length === 0) return;
    const found: string[] = [];
    for (const pointer of pointers) applicable(schema, pointer, value, test, found);
    if (typeof value === 'string') {
      const file = found.some((pointer) => {
        const node = at(schema, pointer);
        return isObject(node) && node['format'] === 'data-url';
      });
      if (file) files.push(path);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => walk(itemPointers(schema, found, i), item, `${path}/${i}`));
    } else if (isObject(value)) {
      const declared = declarations(schema, found);
      for (const [key, item] of Object.entries(value)) walk(declared.of(key), item, `${path}/${escape(key)}`);
    }
  };
  walk([''], data, '');
  return files;
}
