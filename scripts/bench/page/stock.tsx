/**
 * "stock": @rjsf/core's Form with its default templates and widgets and @rjsf/validator-ajv8 (ajv compiling the
 * schema at runtime), `liveValidate` (the whole form validated on every change), on the SAME schema.
 *
 * - The validator is `customizeValidator` with the product's formats (the same regexes, from forms/vocabulary.ts),
 *   the engine's `uniqueBy` and `matches` keywords (pure checks), and `normalize` declared as a keyword that checks
 *   nothing: ours normalises a copy, but ajv8's validator validates RJSF's own state, which normalising in place would
 *   change under the borrower's fingers. (RJSF's ajv runs with strict: false, so unknown keywords would be ignored
 *   anyway; declaring them states it.)
 * - `noHtml5Validate`, as ours: otherwise the browser's own required check blocks the submit attempt.
 * - The uiSchema without the widgets and fields stock RJSF lacks (scripts/bench/stock-ui.ts).
 */
import { useCallback } from 'react';
import Form, { getDefaultRegistry } from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { schema, uiSchema } from 'virtual:bench-step';
import { matchesKeyword } from '#engine/validation/matches-keyword.ts';
import { uniqueByKeyword } from '#engine/validation/unique-by-keyword.ts';
import { vocabulary } from '#forms/vocabulary.ts';
import { STOCK_WIDGET_ALIASES, stockUiSchema } from '../stock-ui.ts';
import type { BenchFormProps } from './harness.tsx';
import { timedValidation } from './probe.ts';

const validator = customizeValidator({
  customFormats: Object.fromEntries(
    Object.entries(vocabulary.formats).map(([name, source]) => [name, new RegExp(source, 'u')]),
  ),
  extenderFn: (ajv) => {
    ajv.addKeyword(uniqueByKeyword);
    ajv.addKeyword(matchesKeyword);
    ajv.addKeyword({ keyword: 'normalize', schemaType: ['string', 'array'] });
    return ajv;
  },
});
validator.validateFormData = timedValidation(validator.validateFormData.bind(validator));

const registry = getDefaultRegistry();
const stripped: string[] = [];
const stockUi = stockUiSchema(
  uiSchema,
  new Set([...STOCK_WIDGET_ALIASES, ...Object.keys(registry.widgets)]),
  new Set(Object.keys(registry.fields)),
  stripped,
) as UiSchema;

/** What the stock uiSchema lost. */
export const notes: string[] = stripped.map((s) => `stock uiSchema: removed ${s}`);

export function BenchForm({ formData, onChange }: BenchFormProps) {
  const handleChange = useCallback((event: IChangeEvent) => onChange(event.formData), [onChange]);
  return (
    <Form
      schema={schema}
      uiSchema={stockUi}
      validator={validator}
      formData={formData}
      onChange={handleChange}
      liveValidate
      noHtml5Validate
    />
  );
}
