/**
 * What a product tells the engine's ajv setup: named string formats and named normalisers, all as plain data
 * (regular-expression SOURCES, never functions), so the same vocabulary compiles into standalone code for the
 * browser and into a live ajv instance for the build and the server.
 */

/** One step of a normaliser. Regex sources are compiled with the `gu` flags. */
export type NormalizeStep =
  /** Replace every match of `replace` (regex source) with `with` (a replacement string, `$1` allowed). */
  | { readonly replace: string; readonly with: string }
  /** Change letter case. */
  | { readonly case: 'lower' | 'upper' }
  /** Unicode normalisation form, e.g. NFC so a typed "n" + combining tilde is one "ñ". */
  | { readonly unicode: 'NFC' | 'NFD' | 'NFKC' | 'NFKD' };

/** Steps applied in order to a string before any other string keyword checks it. */
export type Normalizer = readonly NormalizeStep[];

/** The product's validation vocabulary, passed to `createAjv`. */
export interface ValidationVocabulary {
  /** Format name -> regex source (compiled with the `u` flag) that the whole string must match. */
  readonly formats: Readonly<Record<string, string>>;
  /** Normaliser name -> steps; a schema applies them with `"normalize": "name"` or `["name", ...]`. */
  readonly normalizers: Readonly<Record<string, Normalizer>>;
}

/**
 * The standard formats every form may name beside the product's own (the vocabulary's): ajv-formats' checks of
 * `date`, `time`, `date-time` (RFC 3339: a real day of a real month; a time with its offset), `email` and `uri`
 * (RFC 3986, a scheme required), and `data-url`, a file as RJSF's file widget sends it (`data:<type>;name=<file
 * name>;base64,<data>`). The product's vocabulary may replace one (its `email` does). Pure data, so
 * the staff console's outline can offer them without loading ajv.
 */
export const STANDARD_FORMATS = ['date', 'date-time', 'time', 'email', 'uri', 'data-url'] as const;
