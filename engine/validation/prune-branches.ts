import type { Ajv } from 'ajv';

/** A JSON Schema as the engine reads it: an object of keywords, or a boolean schema. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/**
 * Whether `data` passes the sub-schema at `pointer` (a JSON pointer into the root schema, such as `/allOf/0/if`).
 * `branchTester` gives one over an ajv instance; tests may pass their own.
 */
export type BranchTest = (pointer: string, data: unknown) => boolean;

export type SchemaObject = { readonly [keyword: string]: unknown };

export const isObject = (value: unknown): value is SchemaObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
export const escape = (key: string) => key.replace(/~/gu, '~0').replace(/\//gu, '~1');
const unescape = (token: string) => token.replace(/~1/gu, '/').replace(/~0/gu, '~');

/** The sub-schema at a JSON pointer of `root`. */
export function at(root: JsonSchema, pointer: string): JsonSchema | undefined {
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
export function applicable(root: JsonSchema, pointer: string, data: unknown, test: BranchTest, found: string[]): void {
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

/** The sub-schemas of item `i` of an array under the schemas at `pointers` (`items`, or its `i`th entry). */
export function itemPointers(root: JsonSchema, pointers: readonly string[], i: number): string[] {
  return pointers.flatMap((pointer) => {
    const schema = at(root, pointer);
    if (!isObject(schema)) return [];
    if (isObject(schema['items'])) return [`${pointer}/items`];
    if (Array.isArray(schema['items']) && i < schema['items'].length) return [`${pointer}/items/${i}`];
    return [];
  });
}

function prune(root: JsonSchema, pointers: readonly string[], data: unknown, test: BranchTest): unknown {
  if (Array.isArray(data)) {
    return data.map((item, i) => prune(root, itemPointers(root, pointers, i), item, test));
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

/** The reference ajv resolves to the sub-schema at `pointer` of the schema added under `key` (a URI fragment). */
export const fragmentRef = (key: string, pointer: string): string =>
  `${key}#${pointer.split('/').map(encodeURIComponent).join('/')}`;

/** The key a schema is added under to test its branches by pointer, whether or not it has an `$id`. */
export const BRANCH_KEY = 'form-branches.json';

/**
 * A BranchTest over `ajv` (an instance of `createAjv` with `fragments: true`) for `schema`, which it adds by its `$id`
 * when not there yet, or under BRANCH_KEY when it has none (one such schema per ajv): a schema needs no `$id` to be
 * pruned. Each sub-schema is compiled once; it runs on a copy, since `normalize` rewrites what it checks.
 */
export function branchTester(ajv: Ajv, schema: SchemaObject): BranchTest {
  const key = typeof schema['$id'] === 'string' ? schema['$id'] : BRANCH_KEY;
  if (!ajv.getSchema(key)) ajv.addSchema(schema, key);
  return (pointer, data) => {
    const validate = ajv.getSchema(fragmentRef(key, pointer));
    if (!validate) throw new Error(`${key} has no sub-schema at ${pointer}`);
    return validate(structuredClone(data)) === true;
  };
}

/**
 * The schema-valued keywords of draft-07 (and `$defs`, `dependentSchemas`, `prefixItems`), as a map or a list of
 * schemas or one.
 */
export const SCHEMA_MAPS = [
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
  'dependencies',
];
export const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'items', 'prefixItems'];
export const SCHEMA_ONES = [
  'additionalProperties',
  'items',
  'additionalItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
];

/**
 * Calls `visit` for `schema` and every sub-schema at any depth, in document order (a node before what it holds), with
 * its JSON pointer and the keyword that holds it (undefined for the root). A sub-schema may be a boolean, or for a
 * list a value of any kind: `visit` sees it as it is.
 */
export function eachSubschema(
  schema: unknown,
  visit: (node: unknown, pointer: string, keyword: string | undefined) => void,
): void {
  const walk = (node: unknown, pointer: string, keyword: string | undefined): void => {
    visit(node, pointer, keyword);
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escape(key)}`;
      if (SCHEMA_MAPS.includes(key) && isObject(value)) {
        for (const [name, child] of Object.entries(value)) walk(child, `${at}/${escape(name)}`, key);
      } else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) {
        value.forEach((child, i) => walk(child, `${at}/${i}`, key));
      } else if (SCHEMA_ONES.includes(key)) {
        walk(value, at, key);
      }
    }
  };
  walk(schema, '', undefined);
}

/**
 * Every pointer a branch decision tests in `schema` (what `pruneToBranches` and the form's conditions ask): each
 * `if`, each `anyOf` / `oneOf` branch, at any depth, in document order. The validator module compiles a test for
 * each (standaloneModule), so the browser and the server decide branches with the same code.
 */
export function branchPointers(schema: JsonSchema): string[] {
  const found: string[] = [];
  eachSubschema(schema, (node, pointer, keyword) => {
    if (keyword === 'anyOf' || keyword === 'oneOf') found.push(pointer);
    else if (keyword === 'if' && (isObject(node) || typeof node === 'boolean')) found.push(pointer);
  });
  return found;
}

/** The compiled branch tests a validator module carries beside its validator (`validate.branches`), by pointer. */
export type CompiledBranches = Readonly<Record<string, (data: unknown) => boolean>>;

/**
 * A BranchTest over a validator module's compiled branch tests: the same code the browser's form decides with. Runs
 * on a copy; a pointer without a test throws (the module was built from another schema).
 */
export function compiledBranchTest(branches: CompiledBranches): BranchTest {
  return (pointer, data) => {
    const test = branches[pointer];
    if (!test) throw new Error(`the validator module has no branch test at ${pointer}`);
    return test(structuredClone(data)) === true;
  };
}
