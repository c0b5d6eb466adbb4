/**
 * The keywords the form studio lets a branch condition (an `if`, a `oneOf` / `anyOf` option) use
 * (engine/studio/check-branches.ts). The browser no longer evaluates conditions itself: every schema RJSF asks about
 * is decided by the validator module's ajv-compiled test of it (engine/form/precompiled-validator.ts, `validate.asked`),
 * the code the server prunes with, whatever keyword it uses. These lists are now the studio's choice of what a branch
 * may say, no longer a limit of the browser's.
 */

/** Keywords that never change a verdict (annotations and our data-shaping keywords), skipped. */
export const CONDITION_IGNORED: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
  'definitions',
  '$defs',
  'additionalProperties',
  'normalize',
  'uniqueBy',
  'format',
  'minItems',
  'maxItems',
  'items',
]);

/** Keywords decided structurally. */
export const CONDITION_EVALUATED: ReadonlySet<string> = new Set([
  '$ref',
  'const',
  'enum',
  'type',
  'required',
  'properties',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'uniqueItems',
  'dependencies',
  'not',
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
]);
