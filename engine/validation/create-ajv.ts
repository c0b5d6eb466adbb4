import { Ajv } from 'ajv';
import { matchesKeyword } from './matches-keyword.ts';
import { normalizeKeyword } from './normalize-keyword.ts';
import { uniqueByKeyword } from './unique-by-keyword.ts';
import type { ValidationVocabulary } from './vocabulary.ts';

/** Options of `createAjv`. */
export interface CreateAjvOptions {
  /** Keep the generated source so `standaloneModule` can emit it (the build). Off for live use (the server). */
  readonly standalone?: boolean;
  /** Ajv's English messages on errors, for debugging only: borrowers see i18n keys mapped from keyword and params. */
  readonly messages?: boolean;
  /**
   * Compile sub-schemas of a schema by pointer (`ajv.getSchema('<$id>#/allOf/0/if')`, as `branchTester` does): a
   * fragment such as an `if` names `properties` without its parent's `type: "object"`, which strictTypes refuses.
   * Every other strict check stays on.
   */
  readonly fragments?: boolean;
}

/**
 * The one ajv setup of the engine, shared by the build (standalone code), the browser (only that generated code) and
 * the server (route validation): draft-07, all errors, strict schemas, unicode regexps, no `$data`, the vocabulary's
 * formats (regex sources, so they serialise as regex literals) and the `normalize`, `uniqueBy` and `matches` keywords.
 */
export function createAjv(vocabulary: ValidationVocabulary, options: CreateAjvOptions = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    ...(options.fragments === true && { strictTypes: false }),
    $data: false,
    unicodeRegExp: true,
    messages: options.messages ?? false,
    code: options.standalone === true ? { source: true, esm: true, lines: true } : {},
  });
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
