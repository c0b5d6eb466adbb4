import { _, type CodeKeywordDefinition, type KeywordCxt, type KeywordErrorDefinition } from 'ajv';

/** Error params of `matches`: the name of the sibling property the value had to equal. */
export interface MatchesParams {
  readonly property: string;
}

const error: KeywordErrorDefinition = {
  message: ({ schema }) => _`"must equal property " + ${schema as string}`,
  params: ({ schema }) => _`{property: ${schema as string}}`,
};

/**
 * The `matches` keyword: `"matches": "accountNumber"` on a string property fails when its value differs from the
 * sibling property of that name in the same object (an account number typed twice). The draft-07 way, `const` with
 * `$data`, is off in createAjv (`$data: false`), hence this keyword.
 *
 * - It is a string keyword placed after `normalize`, so it compares the NORMALISED value of its own field. The sibling
 *   is read as the data holds it at that moment: declare the sibling BEFORE the matching field (ajv checks properties
 *   in declaration order) and give both the same `normalize`, so both sides are normalised when compared.
 * - A missing (undefined) sibling is skipped: that is `required`'s job.
 * - The error is on the matching field (`instancePath` `/accountNumberConfirm`), params `{property}`.
 * - A schema that uses it at the root (no parent object) is refused at compile time.
 */
export const matchesKeyword: CodeKeywordDefinition = {
  keyword: 'matches',
  type: 'string',
  schemaType: 'string',
  metaSchema: { type: 'string', minLength: 1 },
  error,
  code(cxt: KeywordCxt) {
    const { data, it } = cxt;
    if (it.dataLevel === 0)
      throw new Error('"matches" compares with a sibling property: it cannot be used at the root');
    const sibling = _`${it.parentData}[${cxt.schema as string}]`;
    cxt.fail(_`${sibling} !== undefined && ${data} !== ${sibling}`);
  },
};
