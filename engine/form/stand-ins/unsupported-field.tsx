import type { FieldProps } from '@rjsf/utils';

/**
 * Stands in for RJSF's layout fields (LayoutGridField, LayoutHeaderField, LayoutMultiSchemaField, about 4 KB gzip)
 * in the browser build (scripts/vite/rjsf-trim.ts): they exist only for `ui:field` layout grids, which the engine's
 * mobile templates replace. A uiSchema that names one fails loudly, in its own field (the field template's error
 * boundary shows `form.fieldFailed` there), instead of rendering half a form. The message is short: it ships.
 */
export default function UnsupportedField({ name }: FieldProps): never {
  throw new Error(`${name}: engine/form/stand-ins`);
}
