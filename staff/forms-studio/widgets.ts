/**
 * What the outline offers as a field's widget: the engine's widgets (engine/widgets/registry.ts) and RJSF's own that
 * the step forms use, each with the value types it can edit and the JSON Schema of its `ui:options`.
 *
 * Until engine/widgets/registry.ts carries this metadata itself (issue 15: a display-name key, the labels keys,
 * value types, an options schema, `sensitive`, `readsAddressBook` per entry), the studio keeps this table, checked
 * against the registry's names by its test; then this file should read the registry's metadata instead.
 */
import type { ValueType } from './outline.ts';

export interface WidgetInfo {
  readonly name: string;
  /** The value types the widget edits; an `enum` field of one of them may use widgets marked `choices`. */
  readonly types: readonly (ValueType | 'object')[];
  /** Needs a list of choices (`enum`). */
  readonly choices?: boolean;
  /** The JSON Schema of its `ui:options` (a flat object: the outline shows a small form of it). */
  readonly options: { readonly properties: Readonly<Record<string, OptionSchema>> };
}

export interface OptionSchema {
  readonly type: 'string' | 'integer' | 'number' | 'boolean';
  readonly enum?: readonly string[];
}

export const WIDGETS: readonly WidgetInfo[] = [
  { name: 'text', types: ['string', 'number', 'integer'], options: { properties: { inputType: { type: 'string', enum: ['text', 'tel', 'email', 'numeric'] } } } },
  { name: 'textarea', types: ['string'], options: { properties: { rows: { type: 'integer' } } } },
  { name: 'date', types: ['string'], options: { properties: {} } },
  { name: 'updown', types: ['number', 'integer'], options: { properties: {} } },
  { name: 'checkbox', types: ['boolean'], options: { properties: {} } },
  { name: 'select', types: ['string', 'number', 'integer'], choices: true, options: { properties: {} } },
  { name: 'chips', types: ['string'], choices: true, options: { properties: {} } },
  { name: 'radios', types: ['string'], choices: true, options: { properties: {} } },
  { name: 'picker', types: ['string'], choices: true, options: { properties: {} } },
  { name: 'otp', types: ['string'], options: { properties: { length: { type: 'integer' } } } },
  { name: 'signature', types: ['string'], options: { properties: {} } },
  { name: 'photo', types: ['string'], options: { properties: { capture: { type: 'string', enum: ['user', 'environment'] } } } },
  { name: 'contactPicker', types: ['object'], options: { properties: {} } },
  { name: 'address', types: ['object'], options: { properties: {} } },
];

/** The widgets a new field of `type` may use (a choices widget needs an `enum` the outline does not write). */
export function widgetsFor(type: ValueType): WidgetInfo[] {
  return WIDGETS.filter((w) => w.types.includes(type) && !w.choices);
}

export const widgetInfo = (name: string | undefined): WidgetInfo | undefined => WIDGETS.find((w) => w.name === name);
