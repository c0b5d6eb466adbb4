import type { RJSFSchema } from '@rjsf/utils';
import { CONDITION_IGNORED } from '../validation/condition-keywords.ts';

/**
 * Thrown when a condition uses a keyword `matchesCondition` cannot decide. Its `code` names the case; the keyword is
 * in `keyword`. A schema author meets it on the first render, not a borrower in production.
 */
export class UnsupportedConditionError extends Error {
  // Not a class field: fields compile to defineProperty helpers.
  declare readonly code: 'UNSUPPORTED_CONDITION_KEYWORD';
  declare readonly keyword: string;

  constructor(keyword: string) {
    super(`schema condition uses "${keyword}", which the precompiled validator cannot evaluate at runtime`);
    this.code = 'UNSUPPORTED_CONDITION_KEYWORD';
    this.keyword = keyword;
  }
}

const IGNORED = CONDITION_IGNORED;

type Json = unknown;

function resolveRef(ref: string, root: RJSFSchema): RJSFSchema {
  if (!ref.startsWith('#')) throw new UnsupportedConditionError(`$ref ${ref}`);
  let node: unknown = root;
  for (const raw of ref
    .slice(1)
    .split('/')
    .filter((s) => s !== '')) {
    const key = decodeURIComponent(raw).replace(/~1/gu, '/').replace(/~0/gu, '~');
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  if (node === undefined) throw new UnsupportedConditionError(`$ref ${ref}`);
  return node as RJSFSchema;
}

function typeOf(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function hasType(value: Json, type: unknown): boolean {
  const actual = typeOf(value);
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

function isObject(value: Json): value is Record<string, Json> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function keyword(name: string, expected: unknown, value: Json, root: RJSFSchema): boolean {
  switch (name) {
    case '$ref':
      return matchesCondition(resolveRef(expected as string, root), value, root);
    case 'const':
      return JSON.stringify(value) === JSON.stringify(expected);
    case 'enum':
      return (expected as Json[]).some((e) => JSON.stringify(e) === JSON.stringify(value));
    case 'type':
      return hasType(value, expected);
    case 'required':
      return !isObject(value) || (expected as string[]).every((k) => value[k] !== undefined);
    case 'properties':
      return (
        !isObject(value) ||
        Object.entries(expected as Record<string, RJSFSchema>).every(
          ([k, s]) => value[k] === undefined || matchesCondition(s, value[k], root),
        )
      );
    case 'pattern':
      return typeof value !== 'string' || new RegExp(expected as string, 'u').test(value);
    case 'minLength':
      return typeof value !== 'string' || [...value].length >= (expected as number);
    case 'maxLength':
      return typeof value !== 'string' || [...value].length <= (expected as number);
    case 'minimum':
      return typeof value !== 'number' || value >= (expected as number);
    case 'maximum':
      return typeof value !== 'number' || value <= (expected as number);
    case 'exclusiveMinimum':
      return typeof value !== 'number' || value > (expected as number);
    case 'exclusiveMaximum':
      return typeof value !== 'number' || value < (expected as number);
    case 'multipleOf':
      return typeof value !== 'number' || value % (expected as number) === 0;
    case 'uniqueItems':
      return (
        expected !== true ||
        !Array.isArray(value) ||
        new Set(value.map((item) => JSON.stringify(item))).size === value.length
      );
    case 'dependencies':
      return (
        !isObject(value) ||
        Object.entries(expected as Record<string, RJSFSchema | string[]>).every(
          ([k, dependency]) =>
            value[k] === undefined ||
            (Array.isArray(dependency)
              ? dependency.every((name) => value[name] !== undefined)
              : matchesCondition(dependency, value, root)),
        )
      );
    case 'not':
      return !matchesCondition(expected as RJSFSchema, value, root);
    case 'allOf':
      return (expected as RJSFSchema[]).every((s) => matchesCondition(s, value, root));
    case 'anyOf':
      return (expected as RJSFSchema[]).some((s) => matchesCondition(s, value, root));
    case 'oneOf':
      return (expected as RJSFSchema[]).filter((s) => matchesCondition(s, value, root)).length === 1;
    default:
      throw new UnsupportedConditionError(name);
  }
}

/**
 * Whether `value` satisfies `schema`, decided structurally (no code generation, so no `new Function`): what RJSF asks
 * the validator for `if` conditions and `oneOf`/`anyOf` option matching. Evaluated: `const`, `enum`, `type`,
 * `required`, `properties`, `pattern`, `minLength`/`maxLength`, `minimum`/`maximum` (and exclusive), `multipleOf`,
 * `uniqueItems`, `dependencies`, `not`, `allOf`,
 * `anyOf`, `oneOf`, `if`/`then`/`else` and local `$ref`s (`new RegExp` is not eval: CSP allows it). Annotations,
 * `format`, `items`, `minItems`/`maxItems`, `additionalProperties` and our `normalize`/`uniqueBy` are IGNORED (a
 * condition cannot use them; RJSF's option matching only ranks options with them). Any other keyword
 * (`patternProperties`, `contains`, ...; the studio refuses them in a branch) throws `UnsupportedConditionError`. Values are compared as typed: no normalisation.
 */
export function matchesCondition(schema: RJSFSchema | boolean, value: Json, root: RJSFSchema): boolean {
  if (typeof schema === 'boolean') return schema;
  for (const [name, expected] of Object.entries(schema)) {
    if (IGNORED.has(name) || name === 'if' || name === 'then' || name === 'else') continue;
    if (!keyword(name, expected, value, root)) return false;
  }
  if (schema.if !== undefined) {
    const branch = matchesCondition(schema.if, value, root) ? schema.then : schema.else;
    if (branch !== undefined && !matchesCondition(branch, value, root)) return false;
  }
  return true;
}
