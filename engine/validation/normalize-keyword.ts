import { _, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import type { Normalizer } from './vocabulary.ts';

/**
 * The `normalize` keyword: `"normalize": "name"` or `["name", ...]` rewrites a string field with the named
 * normalisers (strip Chinese characters, strip phone separators, trim, lower-case ...) BEFORE the other string
 * keywords (maxLength, minLength, pattern, format) check it, and writes the result back into the data, so what is
 * stored is what was checked. The generated code is plain string operations and `new RegExp`, no `eval`.
 */
export function normalizeKeyword(normalizers: Readonly<Record<string, Normalizer>>): CodeKeywordDefinition {
  const names = Object.keys(normalizers).sort();
  return {
    keyword: 'normalize',
    type: 'string',
    schemaType: ['string', 'array'],
    // Runs first among the string keywords; untyped keywords (const, enum, if) still see the raw value.
    before: 'maxLength',
    metaSchema: {
      anyOf: [
        { type: 'string', enum: names },
        { type: 'array', minItems: 1, items: { type: 'string', enum: names } },
      ],
    },
    code(cxt: KeywordCxt) {
      const { gen, data, it } = cxt;
      const schema = cxt.schema as string | string[];
      for (const name of typeof schema === 'string' ? [schema] : schema) {
        for (const step of normalizers[name] ?? []) {
          if ('replace' in step) {
            const rx = gen.scopeValue('pattern', {
              key: `normalize:${step.replace}`,
              ref: new RegExp(step.replace, 'gu'),
              code: _`new RegExp(${step.replace}, "gu")`,
            });
            gen.assign(data, _`${data}.replace(${rx}, ${step.with})`);
          } else if ('case' in step) {
            gen.assign(data, step.case === 'lower' ? _`${data}.toLowerCase()` : _`${data}.toUpperCase()`);
          } else {
            gen.assign(data, _`${data}.normalize(${step.unicode})`);
          }
        }
      }
      // Write back so the caller (form state, server handler) gets the normalised value, as ajv's coerceTypes does.
      gen.if(_`${it.parentData} !== undefined`, () => gen.assign(_`${it.parentData}[${it.parentDataProperty}]`, data));
    },
  };
}
