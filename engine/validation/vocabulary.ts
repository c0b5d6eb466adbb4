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
