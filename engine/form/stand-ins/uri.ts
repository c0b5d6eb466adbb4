/**
 * Stands in for `fast-uri` (aliased in vite.config.ts for the browser build): @rjsf/utils imports it only for
 * `resolve` and `equal` on `$id`/`$ref` values (findSchemaDefinition), and fast-uri's full RFC 3986 parser with its
 * scheme handlers is about 12 KB gzip. The WHATWG URL parser every browser has resolves the same references; a
 * relative base (`contact.schema.json`) is resolved against a placeholder origin and returned relative again.
 * stand-ins.test.ts holds both functions to fast-uri on the references schemas use.
 */
const PLACEHOLDER = 'http://relative.invalid/';

/** `ref` resolved against `base` (RFC 3986 section 5.2), like fast-uri's `resolve`. */
export function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    // base is not absolute: resolve within a placeholder origin and strip it again.
  }
  try {
    const url = new URL(ref, new URL(base, PLACEHOLDER));
    return url.href.startsWith(PLACEHOLDER) ? url.href.slice(PLACEHOLDER.length) : url.href;
  } catch {
    return ref;
  }
}

function normalised(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return resolve(PLACEHOLDER, uri);
  }
}

/** Whether two URIs name the same resource after normalisation, like fast-uri's `equal`. */
export function equal(a: string, b: string): boolean {
  return normalised(a) === normalised(b);
}

export default { resolve, equal };
