/**
 * The product's text scheme for step forms (the engine knows none): which i18n key an error shows, how a key carries
 * the values it interpolates, and the labels of the engine's widgets. Every text is in locales/<lng>/forms.json.
 *
 * A key may carry values as a query, `errors.minLength?limit=3`: `formT` passes them to i18next as interpolation
 * values, together with the product's own numbers (postal code digits, ages) so that no number sits in a translation.
 *
 * It sits in forms/, beside the forms it names the texts of and the product's validation vocabulary, because both
 * web apps need it and may import forms/ (eslint.config.js): the borrower's steps (src/) and the studio's preview
 * (staff/), which must render a step exactly as a borrower sees it. engine/ and domain/ may not hold it: they import
 * nothing of ours, and this reads config/product.json, the income bands and domain/money.ts.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import product from '#config/product.json' with { type: 'json' };
import { formatPeso } from '#domain/money.ts';
import type { ErrorKeyFn } from '#engine/form/error-mapping.ts';
import type { TranslateFn, TypingFilter } from '#engine/form/form-text.ts';
import type { ValidationError } from '#engine/validation/compiled-validator.ts';
import { widgetLabelKeys } from '#engine/widgets/widget-label-keys.ts';
import incomeBands from './workInfo.income-bands.json' with { type: 'json' };

/** The forms namespace. */
export const FORMS_NS = 'forms';

/** domain/chinese-text.ts's `stripChineseTyped` once its module has come; until then the text stays as typed. */
let stripChineseTyped: TypingFilter = (text) => text;

/**
 * Resolves once the typing filters work. Their module (the ranges of what counts as Chinese) is asked for as this
 * one loads, beside the form's own files: the form's first render does not wait for it, and it is there long before
 * a first key (the form itself waits for the server). Should it fail (offline), the validator still strips at save.
 */
export const typingFiltersReady: Promise<void> = import('#domain/chinese-text.ts').then(
  (module) => {
    stripChineseTyped = module.stripChineseTyped;
  },
  () => undefined,
);

/**
 * What the product's text fields filter as they are typed (SchemaForm's `typing`), by the normaliser their schema
 * lists (forms/vocabulary.ts): a field marked `noChinese` drops Chinese as it is typed, with the space it leaves,
 * rather than at save.
 */
export const typingFilters: Readonly<Record<string, TypingFilter>> = { noChinese: (text) => stripChineseTyped(text) };

/** Product numbers any form text may interpolate. */
const productValues = {
  postalCodeDigits: product.postalCodeDigits,
  minAge: product.borrowerAge.min,
  maxAge: product.borrowerAge.max,
};

const bandValues = new Map(
  incomeBands.bands.map((band) => [
    `workInfo.options.monthlyIncome.${band.id}`,
    {
      min: band.minCentavos === null ? '' : formatPeso(band.minCentavos, { wholeIfExact: true }),
      max: band.maxCentavos === null ? '' : formatPeso(band.maxCentavos, { wholeIfExact: true }),
    },
  ]),
);

/** `key?name=value&...` from a key and values (primitive values only). */
export function keyWithValues(key: string, values: Readonly<Record<string, unknown>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      query.set(name, String(value));
  }
  const text = query.toString();
  return text === '' ? key : `${key}?${text}`;
}

/** The key and its values from `key?name=value`. */
export function splitKey(key: string): { key: string; values: Record<string, string> } {
  const at = key.indexOf('?');
  if (at < 0) return { key, values: {} };
  return { key: key.slice(0, at), values: Object.fromEntries(new URLSearchParams(key.slice(at + 1))) };
}

/** The i18next functions `formT` and `formErrorKey` need (i18next's own `t` and `exists` fit). */
export interface Translator {
  t: (key: string, options: Record<string, unknown>) => string;
  exists: (key: string, options: { ns: string }) => boolean;
}

/** A SchemaForm `t` over the forms namespace: key values, income-band amounts and product numbers interpolated. */
export function formT(i18n: Translator): TranslateFn {
  return (raw) => {
    const { key, values } = splitKey(raw);
    return i18n.t(key, { ns: FORMS_NS, ...productValues, ...bandValues.get(key), ...values });
  };
}

/**
 * The key of an error: `<step>.errors.<field>.<keyword>` when the catalog has one for that field (the field named by
 * the last part of its title key, `contact.contactPhone` -> `contact.errors.contactPhone.format`), for an ID number
 * the rule of its document (`identity.errors.idNumber.<id>`), for a standard format its own (`errors.formats.<format>`),
 * else the general `errors.<keyword>`; with the error's params (`limit`, ...) as values.
 */
export function formErrorKey(i18n: Pick<Translator, 'exists'>): ErrorKeyFn {
  return (error: ValidationError, at: RJSFSchema | undefined) => {
    const params = error.params as Record<string, unknown>;
    const format = params['format'];
    if (error.keyword === 'format' && typeof format === 'string' && format.startsWith('id-')) {
      const idKey = `identity.errors.idNumber.${format.slice(3)}`;
      if (i18n.exists(idKey, { ns: FORMS_NS })) return idKey;
    }
    const title = at?.title;
    const dot = title?.indexOf('.') ?? -1;
    if (title !== undefined && dot > 0) {
      const specific = `${title.slice(0, dot)}.errors.${title.slice(dot + 1)}.${error.keyword}`;
      if (i18n.exists(specific, { ns: FORMS_NS })) return keyWithValues(specific, params);
    }
    // A standard format has its own message (`errors.formats.date`: a real date), others the general one.
    if (
      error.keyword === 'format' &&
      typeof format === 'string' &&
      i18n.exists(`errors.formats.${format}`, { ns: FORMS_NS })
    )
      return keyWithValues(`errors.formats.${format}`, params);
    return keyWithValues(`errors.${error.keyword}`, params);
  };
}

/**
 * The labels (i18n keys under `widgets.<widget>`) engine widget `widget` reads from `ui:options.labels`, as
 * engine/widgets/widget-label-keys.ts declares them.
 */
const widgetLabels = (widget: string): readonly string[] =>
  (widgetLabelKeys as Readonly<Record<string, readonly string[] | undefined>>)[widget] ?? [];

/**
 * A uiSchema with what the product gives the engine's widgets: their label keys (translated by the form) and, per
 * widget, the `extra` options (the address picker's `loadLevel`). Options the uiSchema sets itself win.
 */
export function withWidgetOptions(
  ui: UiSchema,
  extra: Readonly<Record<string, Record<string, unknown>>> = {},
): UiSchema {
  const out: UiSchema = {};
  for (const [name, value] of Object.entries(ui)) {
    out[name] =
      value !== null && typeof value === 'object' && !Array.isArray(value) && !name.startsWith('ui:')
        ? withWidgetOptions(value as UiSchema, extra)
        : value;
  }
  const widget = ui['ui:widget'];
  if (typeof widget === 'string' && (widgetLabels(widget).length > 0 || extra[widget])) {
    const options = (ui['ui:options'] ?? {}) as Record<string, unknown>;
    const labels = Object.fromEntries(widgetLabels(widget).map((label) => [label, `widgets.${widget}.${label}`]));
    out['ui:options'] = {
      ...extra[widget],
      ...options,
      labels: { ...labels, ...(options['labels'] as object | undefined) },
    };
  }
  return out;
}
