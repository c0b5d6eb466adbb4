/**
 * What a new version of a form does to the answers completed profiles already hold: a required field
 * removed, or its answers narrowed (type, format or enum), so that a saved value would no longer pass. Fields are
 * those of the top level and of the `then`/`else`/`allOf`/`anyOf`/`oneOf` branches (where the seed keeps its
 * conditional fields), by name. Adding a required field is not breaking: `addedRequired` lists them, so the server
 * can say how many completed profiles will be asked for it. Pure.
 */
import { asObject, enumOf, fieldsOf, requiredOf, typesOf } from './schema-fields.ts';
import type { Json, SchemaField } from './schema-fields.ts';
import type { Breaking, FormContentLike } from './types.ts';

/** What a field accepts, all its declarations together. */
interface Accepts {
  readonly types: Set<string>;
  readonly formats: Set<string>;
  readonly values: unknown[] | undefined;
}

function acceptsOf(field: SchemaField): Accepts {
  const formats = new Set(field.schemas.map((s) => s['format']).filter((f): f is string => typeof f === 'string'));
  return { types: typesOf(field.schemas), formats, values: enumOf(field.schemas) };
}

/** `type string; format email; enum a, b`: what a field accepts, for staff. */
function describe(accepts: Accepts): string {
  const parts: string[] = [];
  if (accepts.types.size > 0) parts.push(`type ${[...accepts.types].join(' | ')}`);
  if (accepts.formats.size > 0) parts.push(`format ${[...accepts.formats].join(' | ')}`);
  if (accepts.values) parts.push(`enum ${accepts.values.map(String).join(', ')}`);
  return parts.join('; ');
}

/** Whether `after` refuses a value `before` accepted. */
function narrowed(before: Accepts, after: Accepts): boolean {
  // A type: the new types must cover the old ones (`integer` is within `number`).
  const covers = (t: string) => after.types.has(t) || (t === 'integer' && after.types.has('number'));
  if (after.types.size > 0 && (before.types.size === 0 || ![...before.types].every(covers))) return true;
  if ([...after.formats].some((f) => !before.formats.has(f))) return true;
  if (
    after.values &&
    (!before.values || before.values.some((v) => !after.values?.some((w) => JSON.stringify(w) === JSON.stringify(v))))
  )
    return true;
  return false;
}

function fieldsOfForm(content: FormContentLike): Map<string, SchemaField> {
  const schema = asObject(content.schema) ?? {};
  return fieldsOf(schema, schema, '/schema');
}

/** The required fields (top level and branches) of `before` that `after` removes or narrows, by field name. */
export function breakingChanges(before: FormContentLike, after: FormContentLike): Breaking[] {
  const beforeFields = fieldsOfForm(before);
  const afterFields = fieldsOfForm(after);
  const out: Breaking[] = [];
  for (const field of [...requiredOf(asObject(before.schema) ?? {})].sort()) {
    const was = beforeFields.get(field);
    const now = afterFields.get(field);
    if (!now) {
      out.push({ id: `removed:${field}`, kind: 'removed', field });
      continue;
    }
    if (!was) continue;
    const [a, b] = [acceptsOf(was), acceptsOf(now)];
    if (narrowed(a, b))
      out.push({ id: `retyped:${field}`, kind: 'retyped', field, before: describe(a), after: describe(b) });
  }
  return out;
}

/** The fields `after` requires (anywhere) that `before` did not: completed profiles will be asked for them. */
export function addedRequired(before: FormContentLike, after: FormContentLike): string[] {
  const was = requiredOf((asObject(before.schema) ?? {}) as Json);
  return [...requiredOf((asObject(after.schema) ?? {}) as Json)].filter((field) => !was.has(field)).sort();
}
