/**
 * The checks of a form's branches: what the borrower's form and the server could not both run. The root
 * is an object schema (a step saves an object). Each branch condition (an `if`, a `oneOf` / `anyOf` option) uses only
 * keywords the browser decides (engine/validation/condition-keywords.ts): the validator module's compiled branch tests
 * decide the form's own branches on both sides, but a schema RJSF makes up from an option is decided structurally in
 * the browser, and must never throw. Branches need no `$id`: they are tested by JSON pointer. Pure.
 */
import { CONDITION_EVALUATED, CONDITION_IGNORED } from '../validation/condition-keywords.ts';
import { branchPointers } from '../validation/prune-branches.ts';
import { asObject, escape } from './schema-fields.ts';
import type { Json } from './schema-fields.ts';
import { check } from './types.ts';
import type { Check } from './types.ts';

/** The node at a JSON pointer of `root`. */
function at(root: Json, pointer: string): unknown {
  let node: unknown = root;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    node = Array.isArray(node) ? node[Number(key)] : asObject(node)?.[key];
  }
  return node;
}

/** The keywords of the condition at `pointer` (and of what it refers to or nests) the browser cannot decide. */
function unknownKeywords(root: Json, pointer: string, out: Map<string, string>, seen: Set<string>): void {
  const node = asObject(at(root, pointer));
  if (!node || seen.has(pointer)) return;
  seen.add(pointer);
  for (const [keyword, value] of Object.entries(node)) {
    const here = `${pointer}/${escape(keyword)}`;
    if (CONDITION_IGNORED.has(keyword)) continue;
    if (!CONDITION_EVALUATED.has(keyword)) {
      out.set(here, keyword);
      continue;
    }
    if (keyword === '$ref') {
      if (
        typeof value === 'string' &&
        value.startsWith('#') &&
        at(root, decodeURIComponent(value.slice(1))) !== undefined
      )
        unknownKeywords(root, decodeURIComponent(value.slice(1)), out, seen);
      else out.set(here, keyword);
    } else if (keyword === 'properties' || keyword === 'dependencies') {
      for (const key of Object.keys(asObject(value) ?? {}))
        if (!Array.isArray(asObject(value)?.[key])) unknownKeywords(root, `${here}/${escape(key)}`, out, seen);
    } else if (keyword === 'allOf' || keyword === 'anyOf' || keyword === 'oneOf') {
      if (Array.isArray(value)) value.forEach((_, i) => unknownKeywords(root, `${here}/${i}`, out, seen));
    } else if (keyword === 'not' || keyword === 'if' || keyword === 'then' || keyword === 'else') {
      unknownKeywords(root, here, out, seen);
    }
  }
}

/** The branch checks of a form's `schema`: `rootNotObject` and `branchKeyword`, errors. */
export function checkBranches(schema: Json): Check[] {
  const out: Check[] = [];
  if (schema['type'] !== 'object') {
    const type = schema['type'];
    out.push(
      check('error', 'rootNotObject', '/schema/type', {
        type: type === undefined ? '-' : Array.isArray(type) ? type.join(', ') : String(JSON.stringify(type)),
      }),
    );
  }
  const found = new Map<string, string>();
  for (const pointer of branchPointers(schema)) unknownKeywords(schema, pointer, found, new Set());
  for (const [pointer, keyword] of found) out.push(check('error', 'branchKeyword', `/schema${pointer}`, { keyword }));
  return out;
}
