import type { RJSFSchema } from '@rjsf/utils';

/**
 * A copy of `schema` with its local references (`{"$ref": "#/definitions/x"}`, `#/$defs/x`) replaced by what they
 * point at, so RJSF does not resolve them again on every change (the three emergency contacts are one `$ref`: about a
 * millisecond per keystroke on a slow phone). A reference inside its own target (a recursive schema) and any
 * non-local reference stay as they are; so do the definitions, for anything that still points at them. Siblings of
 * a `$ref` (a `title`) win over the target's, as RJSF merges them. The compiled validator keeps the original schema.
 */
export function inlineLocalRefs(schema: RJSFSchema): RJSFSchema {
  const resolve = (ref: string): unknown => {
    let node: unknown = schema;
    for (const part of ref
      .slice(2)
      .split('/')
      .map((p) => decodeURIComponent(p).replace(/~1/gu, '/').replace(/~0/gu, '~'))) {
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    }
    return node;
  };
  const walk = (node: unknown, open: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, open));
    if (node === null || typeof node !== 'object') return node;
    const { $ref: ref, ...rest } = node as Record<string, unknown>;
    if (typeof ref === 'string' && ref.startsWith('#/') && !open.includes(ref)) {
      const target = resolve(ref);
      if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
        return { ...(walk(target, [...open, ref]) as object), ...(walk(rest, open) as object) };
      }
    }
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === 'definitions' || key === '$defs' ? value : walk(value, open),
      ]),
    );
  };
  return walk(schema, []) as RJSFSchema;
}
