/**
 * What the outline offers as a field's widget, read from the engine's own metadata (engine/widgets/widget-meta.ts):
 * the engine's widgets (their registry entries) and RJSF's built-in ones the engine keeps, as the server checks a
 * draft against them (server/forms/studio-checks.ts). One source, so a widget added to the registry shows here with
 * its display name and options without a second table to keep in step.
 *
 * The metadata is pure data (no component): the React side of the widgets (engine/widgets/registry.ts) is not
 * imported here.
 */
import { engineWidgetMeta, rjsfWidgetMeta, type JsonType, type WidgetMeta } from '#engine/widgets/widget-meta.ts';
import type { ValueType } from './outline.ts';

/** A widget as the outline offers it: its `ui:widget` name and what the engine says of it. */
export interface StudioWidget extends WidgetMeta {
  readonly name: string;
}

/**
 * Every widget a field may name, RJSF's first and the engine's after (the order the server merges them in). A widget
 * that reads the address book is never offered: the studio refuses it (SEC MC 18, 2019).
 */
export const WIDGETS: readonly StudioWidget[] = Object.entries({
  ...rjsfWidgetMeta,
  ...engineWidgetMeta,
})
  // An alias (RJSF's `RadioWidget` for `radio`, `date-time` for `datetime`) is the same entry: offered once, by its first name.
  .filter(([, meta], index, all) => meta.readsAddressBook !== true && all.findIndex(([, m]) => m === meta) === index)
  .map(([name, meta]) => ({
    name,
    displayName: meta.displayName,
    labels: meta.labels,
    accepts: meta.accepts,
    options: meta.options,
    ...(meta.needsEnum ? { needsEnum: true } : {}),
    ...(meta.sensitive ? { sensitive: true } : {}),
  }));

/** The widgets a new field of `type` may use (one that needs an `enum` is left out: the outline does not write one). */
export function widgetsFor(type: ValueType): StudioWidget[] {
  return WIDGETS.filter((w) => w.accepts.includes(type) && w.needsEnum !== true);
}

/**
 * The widgets an existing field may switch to: those taking its schema `type`, and for a field with an `enum` but no
 * `type` (the outline's `enum`) those showing an enum's options.
 */
export function widgetsForField(type: string): StudioWidget[] {
  return WIDGETS.filter((w) => w.accepts.includes(type as JsonType) || (type === 'enum' && w.needsEnum === true));
}

export const widgetInfo = (name: string | undefined): StudioWidget | undefined => WIDGETS.find((w) => w.name === name);

/** One of a widget's own options the outline's small form can edit; others are edited in the options JSON beside it. */
export interface OptionField {
  readonly name: string;
  readonly kind: 'choice' | 'boolean' | 'string' | 'number';
  /** The values of a `choice`. */
  readonly values?: readonly string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The flat options of a widget's options schema (its `properties`): an `enum` of strings is a choice, `boolean`,
 * `string`, `integer` and `number` have an input each; anything else (objects, arrays) only the JSON.
 */
export function optionFields(widget: StudioWidget): OptionField[] {
  const properties = isObject(widget.options['properties']) ? widget.options['properties'] : {};
  return Object.entries(properties).flatMap(([name, schema]): OptionField[] => {
    if (!isObject(schema)) return [];
    const values = schema['enum'];
    if (Array.isArray(values) && values.every((v) => typeof v === 'string')) return [{ name, kind: 'choice', values }];
    switch (schema['type']) {
      case 'boolean':
        return [{ name, kind: 'boolean' }];
      case 'string':
        return [{ name, kind: 'string' }];
      case 'integer':
      case 'number':
        return [{ name, kind: 'number' }];
      default:
        return [];
    }
  });
}
