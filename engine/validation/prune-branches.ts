import type { Ajv } from 'ajv';

/** A JSON Schema as the engine reads it: an object of keywords, or a boolean schema. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/**
 * Whether `data` passes the sub-schema at `pointer` (a JSON pointer into the root schema, such as `/allOf/0/if`).
 * `branchTester` gives one over an ajv instance; tests may pass their own.
 */
export type BranchTest = (pointer: string, data: unknown) => boolean;

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

/** Every property name any branch of the schema at `pointer` declares for the object it describes. */
function declaredNames(root: JsonSchema, pointer: string, names: Set<string>, seen: Set<string>): void {
  const schema = at(root, pointer);
  if (!isObject(schema) || seen.has(pointer)) return;
  seen.add(pointer);
  if (isObject(schema['properties'])) for (const key of Object.keys(schema['properties'])) names.add(key);
  const ref = localRef(schema);
  if (ref !== undefined) declaredNames(root, ref, names, seen);
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((_, i) => declaredNames(root, `${pointer}/${keyword}/${i}`, names, seen));
  }
  for (const keyword of ['then', 'else'] as const) declaredNames(root, `${pointer}/${keyword}`, names, seen);
  for (const keyword of ['dependencies', 'dependentSchemas'] as const) {
    const map = schema[keyword];
    if (isObject(map))
      for (const key of Object.keys(map)) declaredNames(root, `${pointer}/${keyword}/${escape(key)}`, names, seen);
  }
}

/**
 * The sub-schemas that apply to `data` under the schema at `pointer`: the schema itself, its `$ref`, every `allOf`,
 * the `then` or the `else` its `if` chooses, the `anyOf` / `oneOf` branches `data` passes (all of them when it passes
 * none: validation then refuses it and should name every field), and the `dependencies` of the properties present.
 */
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

function prune(root: JsonSchema, pointers: readonly string[], data: unknown, test: BranchTest): unknown {
  if (Array.isArray(data)) {
    return data.map((item, i) => {
      const itemPointers = pointers.flatMap((pointer) => {
        const schema = at(root, pointer);
        if (!isObject(schema)) return [];
        if (isObject(schema['items'])) return [`${pointer}/items`];
        if (Array.isArray(schema['items']) && i < schema['items'].length) return [`${pointer}/items/${i}`];
        return [];
      });
      return prune(root, itemPointers, item, test);
    });
  }
  if (!isObject(data) || pointers.length === 0) return data;
  const found: string[] = [];
  for (const pointer of pointers) applicable(root, pointer, data, test, found);
  const declared = new Set<string>();
  for (const pointer of pointers) declaredNames(root, pointer, declared, new Set());
  const asked = new Map<string, string[]>();
  for (const pointer of found) {
    const properties = at(root, `${pointer}/properties`);
    if (!isObject(properties)) continue;
    for (const key of Object.keys(properties))
      asked.set(key, [...(asked.get(key) ?? []), `${pointer}/properties/${escape(key)}`]);
  }
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    // A name no branch declares is left for validation to refuse (additionalProperties, propertyNames).
    if (!declared.has(key)) kept[key] = value;
    else if (asked.has(key)) kept[key] = prune(root, asked.get(key) ?? [], value, test);
  }
  return kept;
}

/**
 * `data` without the fields of branches that do not apply to it: a field only some branch of `schema` asks for
 * (an `if`'s `then` or `else`, a `oneOf` / `anyOf` branch, a `dependencies` schema) is dropped when that branch does
 * not apply, at every depth, so what a form does not ask for is neither checked nor stored. Which branch applies is
 * decided on `data` as given (as ajv decides it). Fields no branch declares are kept, for validation to refuse; `data`
 * is not changed.
 */
export function pruneToBranches(schema: JsonSchema, data: unknown, test: BranchTest): unknown {
  return prune(schema, [''], data, test);
}

/**
 * A BranchTest over `ajv` (an instance of `createAjv` with `fragments: true`) for `schema`, which it adds by its
 * `$id` when not there yet. Each sub-schema is compiled once; it runs on a copy, since `normalize` rewrites what it
 * checks.
 */
export function branchTester(ajv: Ajv, schema: SchemaObject & { readonly $id: string }): BranchTest {
  if (!ajv.getSchema(schema.$id)) ajv.addSchema(schema);
  return (pointer, data) => {
    const validate = ajv.getSchema(`${schema.$id}#${pointer}`);
    if (!validate) throw new Error(`${schema.$id} has no sub-schema at ${pointer}`);
    return validate(structuredClone(data)) === true;
  };
}
