/**
 * The keywords a branch condition (an `if`, a `oneOf` / `anyOf` option) may use: those the browser's structural
 * evaluation (engine/form/schema-condition.ts `matchesCondition`, used when no compiled branch test applies) decides,
 * and those it ignores because they never change a verdict or a condition cannot use them. The form studio refuses any
 * other keyword in a branch (engine/studio/check-branches.ts), so the borrower's form never meets one it cannot decide.
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
