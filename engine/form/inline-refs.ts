import { RJSF_REF_KEY } from '@rjsf/utils';
import type { RJSFSchema } from '@rjsf/utils';

/**
 * A copy of `schema` with its local references (`{"$ref": "#/definitions/x"}`, `#/$defs/x`) replaced by what they
 * point at, so RJSF does not resolve them again on every change (the three emergency contacts are one `$ref`: about a
 * millisecond per keystroke on a slow phone). A reference inside its own target (a recursive schema) and any
 * non-local reference stay as they are; so do the definitions, for anything that still points at them. Siblings of
 * a `$ref` (a `title`) win over the target's, as RJSF merges them. The compiled validator keeps the original schema.
 * An inlined copy keeps its reference under RJSF's own marker (`RJSF_REF_KEY`, a symbol: no JSON, no validator sees
 * it), as RJSF's own resolution leaves it, so the uiSchema's `ui:definitions` still reach the fields of a `$ref`.
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
  const walk = (node: unknown, open: readonly string[], at: string): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => walk(item, open, `${at}/${i}`));
    if (node === null || typeof node !== 'object') return node;
    const { $ref: ref, ...rest } = node as Record<string, unknown>;
    let copy: object | undefined;
    if (typeof ref === 'string' && ref.startsWith('#/') && !open.includes(ref)) {
      const target = resolve(ref);
      if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
        copy = {
          ...(walk(target, [...open, ref], decodeURIComponent(ref.slice(1))) as object),
          ...(walk(rest, open, at) as object),
          [RJSF_REF_KEY]: ref,
        };
      }
    }
    copy ??= Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === 'definitions' || key === '$defs'
          ? value
          : walk(value, open, `${at}/${key.replace(/~/gu, '~0').replace(/\//gu, '~1')}`),
      ]),
    );
    sources.set(copy, at);
    return copy;
  };
  return walk(schema, [], '') as RJSFSchema;
}

const sources = new WeakMap<object, string>();

/**
 * Where an object of an `inlineLocalRefs` copy comes from: its JSON pointer in the original schema (an inlined
 * reference's own place; what it copied of the target, the target's). The validator module's compiled branch tests
 * are by these pointers. Undefined for any other object.
 */
export const sourcePointer = (node: object): string | undefined => sources.get(node);
