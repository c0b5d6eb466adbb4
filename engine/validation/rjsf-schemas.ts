import { getFirstMatchingOption, hashForSchema, ID_KEY, schemaParser } from '@rjsf/utils';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
// Not on the package index: the expansion of every branch that RJSF's own schemaParser runs on.
import {
  relaxOptionsForScoring,
  resolveAllReferences,
  retrieveSchemaInternal,
} from '@rjsf/utils/lib/schema/retrieveSchema.js';
import { eachSubschema, isObject } from './prune-branches.ts';

/**
 * The key of a schema RJSF asks its validator about (`isValid(schema, data, root)`: an `if`, a `oneOf` / `anyOf`
 * option or the variant of it RJSF makes to rank options, a `dependencies` option's condition): its `$id`, or RJSF's
 * own hash of it (`hashForSchema`), as @rjsf/validator-ajv8's precompiled validator looks them up.
 */
export function rjsfSchemaKey(schema: RJSFSchema): string {
  const id = schema[ID_KEY];
  return typeof id === 'string' ? id : hashForSchema(schema);
}

/** The keywords whose sub-schemas RJSF renders as fields but `schemaParser` does not walk into (tuples, additional items and properties). */
const UNWALKED = new Set(['items', 'additionalItems', 'additionalProperties']);

/**
 * Every schema RJSF may ask the validator about while it renders a form of `schema`, by `rjsfSchemaKey` (the root
 * itself excluded): what RJSF's `schemaParser` collects (it expands every branch, as @rjsf/validator-ajv8's
 * `compileSchemaValidators` does), also from the sub-schemas it does not walk into (tuple items, `additionalItems`,
 * `additionalProperties`), each parsed as a property of a copy of the root so its `$ref`s resolve alike. RJSF's hash
 * ignores key order and the `$id` ParserValidator adds, so the keys are the same whether RJSF renders this schema or
 * a copy with its local references inlined (engine/form/inline-refs.ts). Schemas are returned without that `$id`.
 */
export function rjsfSchemas(schema: RJSFSchema): Map<string, RJSFSchema> {
  const found = new Map<string, RJSFSchema>();
  const collect = (root: RJSFSchema) => {
    const rootKey = rjsfSchemaKey(root);
    for (const [key, collected] of Object.entries(schemaParser(root))) {
      if (key === rootKey) continue;
      // ParserValidator gives each schema its key as `$id`: taken off again unless the schema had it.
      const { [ID_KEY]: _id, ...rest } = collected;
      found.set(key, hashForSchema(rest) === key ? rest : collected);
    }
  };
  collect(schema);
  const extra: RJSFSchema[] = [];
  eachSubschema(schema, (node, pointer, keyword) => {
    if (pointer !== '' && keyword !== undefined && UNWALKED.has(keyword) && isObject(node)) extra.push(node);
  });
  if (extra.length > 0) {
    const { $id: _id, ...rest } = schema;
    const properties = isObject(schema.properties) ? schema.properties : {};
    collect({
      ...rest,
      type: 'object',
      properties: { ...properties, ...Object.fromEntries(extra.map((node, i) => [`\u0000rjsf${i}`, node])) },
    });
  }
  // A `oneOf` / `anyOf` field (MultiSchemaField) ranks its options as RJSF retrieves them against the data: each
  // option with its own conditions and dependencies resolved, one way or the other. What RJSF asks about for each
  // expansion of each option (its conditions, its ranking variants) is collected too.
  const record = (asked: RJSFSchema) => {
    const key = rjsfSchemaKey(asked);
    if (!found.has(key) && key !== rjsfSchemaKey(schema)) found.set(key, asked);
  };
  const recorder = {
    isValid: (asked: RJSFSchema) => {
      record(asked);
      return false;
    },
  } as unknown as ValidatorType;
  eachSubschema(schema, (node) => {
    if (!isObject(node)) return;
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const options = node[keyword];
      if (!Array.isArray(options) || !options.every(isObject)) continue;
      const expansions = options.flatMap((option) => {
        const resolved = resolveAllReferences(option as RJSFSchema, schema, []);
        // RJSF's expansion of an `if` without `else` is its `then` only; against data that fails the `if`, the option
        // is retrieved with neither: that way is expanded from a copy whose `else` is empty.
        const otherwise = 'if' in resolved && !('else' in resolved) ? [{ ...resolved, else: {} }] : [resolved];
        return otherwise.flatMap((variant) => retrieveSchemaInternal(recorder, variant, schema, {}, true));
      });
      getFirstMatchingOption(recorder, {}, expansions, schema);
      getFirstMatchingOption(recorder, {}, relaxOptionsForScoring(expansions), schema);
    }
  });
  return found;
}
