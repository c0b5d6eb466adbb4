import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { OptionKeyFn, TranslateFn } from './form-text.ts';

function translated(
  labels: object | null | string | number | boolean | unknown[] | undefined,
  t: TranslateFn,
): object | null | string | number | boolean | unknown[] | undefined {
  if (labels === null || typeof labels !== 'object') return labels;
  return Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, typeof v === 'string' ? t(v) : v]));
}

/**
 * The uiSchema of one field with its text translated: `ui:title` (or the schema's `title`) and `ui:description` (or
 * `description`) are i18n keys made text; enum options get `ui:enumNames` from `optionKey(field, value)` unless the
 * uiSchema names them (then those are keys too); `ui:placeholder`, `ui:help`, `ui:options.guidance` and
 * `ui:options.labels` (widget labels) are keys made text.
 * Pure; the schema must already be resolved (no `$ref`) for its title to be found.
 */
export function translateUi(
  schema: RJSFSchema,
  uiSchema: UiSchema | undefined,
  field: string,
  t: TranslateFn,
  optionKey: OptionKeyFn,
): UiSchema {
  const ui: UiSchema = { ...uiSchema };
  const title = typeof ui['ui:title'] === 'string' ? ui['ui:title'] : schema.title;
  if (title !== undefined) ui['ui:title'] = t(title);
  const description = typeof ui['ui:description'] === 'string' ? ui['ui:description'] : schema.description;
  if (description !== undefined) ui['ui:description'] = t(description);
  const names: unknown = ui['ui:enumNames'];
  if (Array.isArray(schema.enum)) {
    ui['ui:enumNames'] = Array.isArray(names)
      ? names.map((key) => t(String(key)))
      : Object.fromEntries(
          schema.enum.map((value) => [String(value), t(optionKey(field, value as string | number | boolean | null))]),
        );
  }
  for (const key of ['ui:placeholder', 'ui:help'] as const) {
    const value: unknown = ui[key];
    if (typeof value === 'string') ui[key] = t(value);
  }
  const options = ui['ui:options'];
  if (options !== undefined) {
    const next = { ...options };
    if (options['labels'] !== undefined) next['labels'] = translated(options['labels'], t);
    if (typeof options['guidance'] === 'string') next['guidance'] = t(options['guidance']);
    ui['ui:options'] = next;
  }
  return ui;
}
