import { Ajv, _ } from 'ajv';
import type { Format } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { matchesKeyword } from './matches-keyword.ts';
import { normalizeKeyword } from './normalize-keyword.ts';
import { uniqueByKeyword } from './unique-by-keyword.ts';
import type { ValidationVocabulary } from './vocabulary.ts';

export { STANDARD_FORMATS } from './vocabulary.ts';

/** Options of `createAjv`. */
export interface CreateAjvOptions {
  /** Keep the generated source so `standaloneModule` can emit it (the build). Off for live use (the server). */
  readonly standalone?: boolean;
  /** Ajv's English messages on errors, for debugging only: borrowers see i18n keys mapped from keyword and params. */
  readonly messages?: boolean;
  /**
   * Compile sub-schemas of a schema by pointer (`ajv.getSchema('<$id>#/allOf/0/if')`, as `branchTester` does): a
   * fragment such as an `if` is compiled out of the context of its parent's `type`, where the one type rule kept
   * (`type` contradicting its context, see STRICT_REFUSED) does not apply. Every other rule stays.
   */
  readonly fragments?: boolean;
}

/**
 * A data URL as RJSF's file widget writes it: an optional media type, `;name=value` parameters (RJSF adds the file's
 * name, percent-encoded, so no `;` or `,` in a value) and base64 data. Linear: each part ends at a character the part
 * cannot hold.
 */
export const DATA_URL_PATTERN =
  '^data:(?:[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+)?(?:;[A-Za-z0-9!#$&^_.+-]+=[^;,]*)*;base64,[A-Za-z0-9+/]*={0,2}$';

/** The ajv-formats checks of STANDARD_FORMATS (data-url apart), referenced by name in standalone code. */
const AJV_FORMATS = ['date', 'date-time', 'time', 'email', 'uri'] as const;

/**
 * Ajv's strict-mode notes the engine refuses (ajv reports the others, which JSON Schema defines and which neither a
 * borrower nor the server can suffer from, and they are accepted; docs/form-studio.md):
 * - an unknown keyword: a misspelt rule (`maxLenght`) would be silently ignored, and an answer the form's author meant
 *   to refuse would be stored;
 * - a `type` that contradicts the type its context already requires (`{"type": "string", "allOf": [{"type":
 *   "integer"}]}`): no answer could ever pass, so the borrower could never save the step.
 * Unknown formats are refused by ajv itself (strict), as their answers would go unchecked.
 */
const STRICT_REFUSED = [/^strict mode: unknown keyword/u, /not allowed by context/u];

/** What ajv says of a schema it compiles in strict mode: refused notes throw, the rest are accepted silently. */
const strictLogger = {
  log: () => undefined,
  warn: (message: unknown) => {
    const text = String(message);
    if (STRICT_REFUSED.some((rule) => rule.test(text))) throw new Error(text);
  },
  error: (message: unknown) => {
    throw new Error(String(message));
  },
};

/**
 * The one ajv setup of the engine, shared by the build (standalone code), the browser (only that generated code) and
 * the server (route validation): draft-07, all errors, unicode regexps, no `$data`, the standard formats and the
 * vocabulary's (regex sources, so they serialise as regex literals), and the `normalize`, `uniqueBy` and `matches`
 * keywords. Strict where it protects borrowers and the server (STRICT_REFUSED, unknown formats, NaN and Infinity
 * refused as numbers), and otherwise as JSON Schema is written: a keyword without a `type` beside it, union types,
 * tuples, an `if` without `then`, `required` naming a property declared elsewhere.
 */
export function createAjv(vocabulary: ValidationVocabulary, options: CreateAjvOptions = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strictSchema: 'log',
    strictNumbers: true,
    strictTypes: options.fragments === true ? false : 'log',
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
    allowMatchingProperties: true,
    logger: strictLogger,
    $data: false,
    unicodeRegExp: true,
    messages: options.messages ?? false,
    code: {
      ...(options.standalone === true && { source: true, esm: true, lines: true }),
      // How standalone code reaches a format that is a function (a date's calendar): ajv-formats' own module, which
      // standaloneModule imports and esbuild bundles into the validator module.
      formats: _`require("ajv-formats/dist/formats").fullFormats`,
    },
  });
  for (const name of AJV_FORMATS) ajv.addFormat(name, fullFormats[name] as Format);
  ajv.addFormat('data-url', new RegExp(DATA_URL_PATTERN, 'u'));
  for (const name of Object.keys(vocabulary.formats).sort()) {
    ajv.addFormat(name, new RegExp(vocabulary.formats[name] ?? '', 'u'));
  }
  // With no normalisers the keyword stays undefined, so strict mode refuses a schema that names one.
  if (Object.keys(vocabulary.normalizers).length > 0) ajv.addKeyword(normalizeKeyword(vocabulary.normalizers));
  ajv.addKeyword(uniqueByKeyword);
  // After normalize (both are string keywords, added in this order), so it compares normalised values.
  ajv.addKeyword(matchesKeyword);
  return ajv;
}
