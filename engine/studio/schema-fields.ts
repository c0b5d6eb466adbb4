/**
 * The fields of a form's JSON Schema as RJSF shows them: an object's `properties` and those of the `then`/`else`
 * branches and `allOf`/`anyOf`/`oneOf` parts that may apply (RJSF shows a branch's fields when it does; the seed puts
 * conditional fields there), with local `$ref`s (`#/definitions/x`) resolved. Pure.
 */

export type Json = Record<string, unknown>;

/** The object `value` is, or undefined. */
export function asObject(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

/** One field: every schema declaring it (the first is the one RJSF lists it by) and where each sits. */
export interface SchemaField {
  readonly name: string;
  readonly schemas: readonly Json[];
  readonly pointers: readonly string[];
  /** The local `$ref` the first schema was reached by, when it was (the key of its `ui:definitions` entry). */
  readonly ref?: string;
}

/** The schema a local `$ref` points at (`#/definitions/a`), undefined when it points at none. */
function refTarget(root: Json, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = root;
  for (const part of ref.slice(2).split('/')) at = asObject(at)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  return asObject(at);
}

/**
 * The schema a local `$ref` names (`#/definitions/a`) with the keywords written beside the `$ref` over it (a `title`),
 * as RJSF merges them; the node itself when it has no `$ref` or it cannot be resolved.
 */
export function resolveRef(root: Json, node: Json): Json {
  const { $ref: ref, ...beside } = node;
  const target = typeof ref === 'string' ? refTarget(root, ref) : undefined;
  return target ? { ...target, ...beside } : node;
}

/** The local `$ref` of a schema node, if it has one. */
export const refOf = (node: Json): string | undefined =>
  typeof node['$ref'] === 'string' && node['$ref'].startsWith('#/') ? node['$ref'] : undefined;

/** The sub-schemas of `node` whose properties RJSF may show with the node's own. */
function branches(node: Json, at: string): [Json, string][] {
  const out: [Json, string][] = [];
  for (const key of ['then', 'else'] as const) {
    const sub = asObject(node[key]);
    if (sub) out.push([sub, `${at}/${key}`]);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[key];
    if (Array.isArray(list))
      list.forEach((sub, index) => asObject(sub) && out.push([sub as Json, `${at}/${key}/${index}`]));
  }
  return out;
}

/** The fields of object schema `node` (at pointer `at` in the content), in the order RJSF lists them. */
export function fieldsOf(root: Json, node: Json, at: string): Map<string, SchemaField> {
  const fields = new Map<string, { name: string; schemas: Json[]; pointers: string[]; ref?: string }>();
  const visit = (schema: Json, ptr: string) => {
    const properties = asObject(schema['properties']);
    for (const [name, value] of Object.entries(properties ?? {})) {
      const property = asObject(value);
      if (!property) continue;
      const ref = refOf(property);
      const field = fields.get(name) ?? { name, schemas: [], pointers: [], ...(ref !== undefined && { ref }) };
      field.schemas.push(resolveRef(root, property));
      field.pointers.push(`${ptr}/properties/${escape(name)}`);
      fields.set(name, field);
    }
    for (const [sub, subPtr] of branches(schema, ptr)) visit(resolveRef(root, sub), subPtr);
  };
  visit(resolveRef(root, node), at);
  return fields;
}

/** The names `required` lists in `node` and in its branches. */
export function requiredOf(node: Json): Set<string> {
  const out = new Set<string>();
  const visit = (schema: Json) => {
    const required = schema['required'];
    if (Array.isArray(required)) for (const name of required) if (typeof name === 'string') out.add(name);
    for (const [sub] of branches(schema, '')) visit(sub);
  };
  visit(node);
  return out;
}

/** The JSON types declared for a field (`type` of any of its schemas; an `enum`'s values when there is no type). */
export function typesOf(schemas: readonly Json[]): Set<string> {
  const out = new Set<string>();
  for (const schema of schemas) {
    const type = schema['type'];
    if (typeof type === 'string') out.add(type);
    else if (Array.isArray(type)) for (const t of type) if (typeof t === 'string') out.add(t);
  }
  return out;
}

/** The enum values of a field, all its schemas together (undefined when none declares one). */
export function enumOf(schemas: readonly Json[]): unknown[] | undefined {
  const lists = schemas.map((s) => s['enum']).filter((e): e is unknown[] => Array.isArray(e));
  return lists.length === 0 ? undefined : [...new Set(lists.flat())];
}

/** The value one `oneOf` / `anyOf` option stands for: its `const`, or the one value of its `enum`. */
function constantOf(option: unknown): { value: unknown } | undefined {
  const node = asObject(option);
  if (!node) return undefined;
  if ('const' in node) return { value: node['const'] };
  const list = node['enum'];
  return Array.isArray(list) && list.length === 1 ? { value: list[0] } : undefined;
}

/**
 * The choices a field offers, as RJSF lists them for a radio, a select or chips: its `enum` values, or the values of
 * its `oneOf` / `anyOf` options when each is a constant (`{"const": "a", "title": "..."}`); undefined when none.
 */
export function choicesOf(schemas: readonly Json[]): unknown[] | undefined {
  const values = enumOf(schemas);
  if (values) return values;
  for (const schema of schemas) {
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const options = schema[keyword];
      if (!Array.isArray(options) || options.length === 0) continue;
      const constants = options.map(constantOf);
      if (constants.every((c) => c !== undefined)) return constants.map((c) => c.value);
    }
  }
  return undefined;
}

/** RFC 6901 escaping of one pointer segment. */
export function escape(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}
