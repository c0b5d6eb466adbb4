import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { OptionKeyFn, TranslateFn } from './form-text.ts';

function translated(
  labels: object | null | string | number | boolean | unknown[] | undefined,
  t: TranslateFn,
): object | null | string | number | boolean | unknown[] | undefined {
  if (labels === null || typeof labels !== 'object') return labels;
  return Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, typeof v === 'string' ? t(v) : v]));
}

/** The uiSchema key an option's translated title keeps its text key under, so the option's own field reads the key. */
const TITLE_KEY = 'ui:titleKey';

/**
 * The uiSchema of one field with its text translated: `ui:title` (or the schema's `title`) and `ui:description` (or
 * `description`) are i18n keys made text; enum options get their labels from `ui:enumNames` when it names them (a
 * list in the enum's order, or a map from value to key) and otherwise from `optionKey(list, value)`, where the list
 * is `ui:options.optionList` when the field shares one (its texts defined once for every field naming it) and the
 * field's own name otherwise; the titles of `oneOf` / `anyOf` options (the choices RJSF lists, or the alternatives its
 * selector offers) are made text in `uiSchema.oneOf[i]["ui:title"]`, where RJSF reads an option's label;
 * `ui:placeholder`, `ui:help`, `ui:options.guidance` and `ui:options.labels` (widget labels) are keys made text.
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
  // An option's field (RJSF renders the chosen alternative with its uiSchema) finds its title's key, not its text.
  const ownKey: unknown = ui[TITLE_KEY];
  delete ui[TITLE_KEY];
  const title =
    typeof ownKey === 'string' ? ownKey : typeof ui['ui:title'] === 'string' ? ui['ui:title'] : schema.title;
  if (title !== undefined) ui['ui:title'] = t(title);
  const description = typeof ui['ui:description'] === 'string' ? ui['ui:description'] : schema.description;
  if (description !== undefined) ui['ui:description'] = t(description);
  const names: unknown = ui['ui:enumNames'];
  const list: unknown = ui['ui:options']?.['optionList'];
  const listName = typeof list === 'string' && list !== '' ? list : field;
  if (Array.isArray(schema.enum)) {
    const named = names !== null && typeof names === 'object' && !Array.isArray(names) ? names : {};
    ui['ui:enumNames'] = Array.isArray(names)
      ? names.map((key) => t(String(key)))
      : Object.fromEntries(
          schema.enum.map((value) => {
            const key = (named as Record<string, unknown>)[String(value)];
            return [
              String(value),
              t(typeof key === 'string' ? key : optionKey(listName, value as string | number | boolean | null)),
            ];
          }),
        );
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = schema[keyword];
    if (!Array.isArray(options) || options.length === 0) continue;
    const given: unknown = ui[keyword];
    const own = Array.isArray(given) ? (given as UiSchema[]) : undefined;
    // Without a uiSchema per option RJSF gives the chosen option the field's own; each option keeps it so.
    const { oneOf: _oneOf, anyOf: _anyOf, ...inherited } = uiSchema ?? {};
    ui[keyword] = options.map((option, index) => {
      const base: UiSchema = own ? { ...own[index] } : { ...inherited };
      const key =
        own && typeof own[index]?.['ui:title'] === 'string'
          ? own[index]['ui:title']
          : typeof option === 'object'
            ? option.title
            : undefined;
      return typeof key === 'string' ? { ...base, [TITLE_KEY]: key, 'ui:title': t(key) } : base;
    });
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
