import { _, type CodeKeywordDefinition, type KeywordCxt, type KeywordErrorDefinition } from 'ajv';

/** Error params of `uniqueBy`: the property pointer compared and the indices of the first and the repeated item. */
export interface UniqueByParams {
  readonly property: string;
  readonly i: number;
  readonly j: number;
}

const error: KeywordErrorDefinition = {
  message: ({ schema }) => _`"must have unique " + ${schema as string}`,
  params: ({ params }) => _`{property: ${params['property']}, i: ${params['i']}, j: ${params['j']}}`,
};

function unescapePointer(segment: string): string {
  return segment.replace(/~1/gu, '/').replace(/~0/gu, '~');
}

/**
 * The `uniqueBy` keyword: `"uniqueBy": "/phone"` (a JSON pointer into each item, "" for the item itself) fails when
 * two items of an array have the same string or number there; missing values are skipped (that is `required`'s job).
 * The error's `instancePath` is the repeated item (`/contacts/2`), params `{property, i, j}`. It runs after `items`,
 * so it compares values already normalised by the `normalize` keyword.
 */
export const uniqueByKeyword: CodeKeywordDefinition = {
  keyword: 'uniqueBy',
  type: 'array',
  schemaType: 'string',
  metaSchema: { type: 'string', pattern: '^(?:/[^/]*)*$' },
  error,
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt;
    const pointer = cxt.schema as string;
    const segments = pointer === '' ? [] : pointer.slice(1).split('/').map(unescapePointer);
    const seen = gen.const('seen', _`new Map()`);
    gen.forRange('j', 0, _`${data}.length`, (j) => {
      const value = gen.let('value', _`${data}[${j}]`);
      for (const segment of segments) {
        gen.assign(value, _`${value} !== null && typeof ${value} == "object" ? ${value}[${segment}] : undefined`);
      }
      gen.if(_`typeof ${value} == "string" || typeof ${value} == "number"`, () => {
        gen.if(
          _`${seen}.has(${value})`,
          () => {
            const at = gen.const('at', _`"" + ${j}`);
            cxt.error(false, { property: pointer, i: _`${seen}.get(${value})`, j }, { instancePath: at });
          },
          () => gen.code(_`${seen}.set(${value}, ${j})`),
        );
      });
    });
  },
};
