import { isObject, SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_ONES } from './prune-branches.ts';

/** The annotation `withoutComments` removes unless told otherwise: notes for the schema's readers. */
const COMMENT: ReadonlySet<string> = new Set(['$comment']);

/**
 * A copy of a JSON Schema without its notes (`$comment`, or the keywords `notes` names), at every depth where a schema
 * stands, and nowhere else: a property named `$comment` (`properties`, `required`, `dependencies`), and every value of
 * `const`, `enum`, `default`, `examples` or an unknown keyword, are data, kept as they are. The browser needs the
 * rules, not the notes; the one walk for every place that strips them (the published form and its validator).
 */
export function withoutComments(schema: unknown, notes: ReadonlySet<string> = COMMENT): unknown {
  if (!isObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (notes.has(key)) continue;
    if (SCHEMA_MAPS.includes(key) && isObject(value))
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, withoutComments(child, notes)]),
      );
    else if (SCHEMA_LISTS.includes(key) && Array.isArray(value))
      out[key] = value.map((child: unknown) => withoutComments(child, notes));
    else if (SCHEMA_ONES.includes(key)) out[key] = withoutComments(value, notes);
    else out[key] = value;
  }
  return out;
}
