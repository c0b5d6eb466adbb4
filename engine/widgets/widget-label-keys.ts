/**
 * The engine's own widgets by `ui:widget` name, each with the keys it reads from `ui:options.labels` (the product
 * fills them from `widgets.<name>.<label>`, forms/form-text.ts). The one list every other table of widgets is held
 * to: the studio's metadata (`engineWidgetMeta`, widget-meta.ts) and the React loaders (`widgetLoaders`, registry.ts)
 * are typed `Record<EngineWidgetName, ...>`, so a widget missing from either does not compile. Pure data: the
 * borrower's forms, the server and the studio all read it.
 *
 * `time`, `file`, `range`, `alt-date` and `alt-datetime` take their few texts from the form's `form.*` keys
 * (engine/form FormText), not from labels: RJSF picks them for a schema `format` without any `ui:widget`, where
 * nothing would fill labels.
 */
export const widgetLabelKeys = {
  chips: [],
  radios: [],
  picker: ['choose'],
  otp: ['digit'],
  signature: ['pad', 'clear'],
  photo: ['take', 'retake', 'preview', 'processing', 'failed'],
  contactPicker: ['name', 'phone', 'pick'],
  address: ['province', 'city', 'barangay', 'choose', 'search', 'loading', 'loadError', 'retry', 'noMatch'],
  textarea: [],
  time: [],
  file: [],
  range: [],
  'alt-date': [],
  'alt-datetime': [],
} as const satisfies Record<string, readonly string[]>;

/** The `ui:widget` name of one of the engine's widgets. */
export type EngineWidgetName = keyof typeof widgetLabelKeys;
