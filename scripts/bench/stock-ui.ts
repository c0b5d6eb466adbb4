/**
 * The uiSchema the stock RJSF form gets: ours with every `ui:widget` and `ui:field` that stock RJSF does not know
 * removed (our engine's chips, photo, address, contactPicker, radios...), so stock falls back to its default widget
 * for the type (a text input, a select). Everything else (order, `ui:options` such as `inputType`) is kept.
 */

/** The widget names stock RJSF maps to its own widgets (@rjsf/utils getWidget's `widgetMap`, all types). */
export const STOCK_WIDGET_ALIASES: readonly string[] = [
  'checkbox',
  'radio',
  'select',
  'hidden',
  'text',
  'password',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uri',
  'data-url',
  'textarea',
  'date',
  'datetime',
  'date-time',
  'alt-date',
  'alt-datetime',
  'time',
  'color',
  'file',
  'updown',
  'range',
  'checkboxes',
  'files',
];

/** What `stockUiSchema` removed, as `path: ui:widget=value`. */
export type Stripped = string[];

/**
 * A copy of `ui` without the `ui:widget` values outside `widgets` (stock's aliases and registry widget names) and the
 * `ui:field` values outside `fields` (stock's registry field names); each removal is listed in `stripped`.
 */
export function stockUiSchema(
  ui: unknown,
  widgets: ReadonlySet<string>,
  fields: ReadonlySet<string>,
  stripped: Stripped = [],
  path = 'root',
): unknown {
  if (Array.isArray(ui)) return ui.map((item, i) => stockUiSchema(item, widgets, fields, stripped, `${path}.${i}`));
  if (ui === null || typeof ui !== 'object') return ui;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget' && typeof value === 'string' && !widgets.has(value)) {
      stripped.push(`${path}: ui:widget=${value}`);
      continue;
    }
    if (key === 'ui:field' && typeof value === 'string' && !fields.has(value)) {
      stripped.push(`${path}: ui:field=${value}`);
      continue;
    }
    out[key] = key.startsWith('ui:') ? value : stockUiSchema(value, widgets, fields, stripped, `${path}.${key}`);
  }
  return out;
}
