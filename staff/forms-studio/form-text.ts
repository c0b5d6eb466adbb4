/**
 * TO BE SHARED: the minimum of the borrower's form text scheme (src/forms/form-text.ts: formT, formErrorKey,
 * withWidgetOptions) the studio's preview needs, copied because staff/ may not import src/ (eslint.config.js). The
 * lead should move src/forms/form-text.ts to engine/ or domain/ so both apps import one copy; keep the two equal
 * until then.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ErrorKeyFn } from '../../engine/form/error-mapping.ts';
import type { TranslateFn } from '../../engine/form/form-text.ts';
import type { ValidationError } from '../../engine/validation/compiled-validator.ts';
import { formatPeso } from '../../domain/money.ts';
import product from '../../config/product.json' with { type: 'json' };
import incomeBands from '../../schemas/workInfo.income-bands.json' with { type: 'json' };

export const FORMS_NS = 'forms';

const productValues = { postalCodeDigits: product.postalCodeDigits, minAge: product.borrowerAge.min, maxAge: product.borrowerAge.max };

const bandValues = new Map(
  incomeBands.bands.map((band) => [
    `workInfo.options.monthlyIncome.${band.id}`,
    {
      min: band.minCentavos === null ? '' : formatPeso(band.minCentavos, { wholeIfExact: true }),
      max: band.maxCentavos === null ? '' : formatPeso(band.maxCentavos, { wholeIfExact: true }),
    },
  ]),
);

export function keyWithValues(key: string, values: Readonly<Record<string, unknown>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') query.set(name, String(value));
  }
  const text = query.toString();
  return text === '' ? key : `${key}?${text}`;
}

export function splitKey(key: string): { key: string; values: Record<string, string> } {
  const at = key.indexOf('?');
  if (at < 0) return { key, values: {} };
  return { key: key.slice(0, at), values: Object.fromEntries(new URLSearchParams(key.slice(at + 1))) };
}

export interface Translator {
  t: (key: string, options: Record<string, unknown>) => string;
  exists: (key: string, options: { ns: string }) => boolean;
}

export function formT(i18n: Translator): TranslateFn {
  return (raw) => {
    const { key, values } = splitKey(raw);
    return i18n.t(key, { ns: FORMS_NS, ...productValues, ...bandValues.get(key), ...values });
  };
}

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
    return keyWithValues(`errors.${error.keyword}`, params);
  };
}

const WIDGET_LABELS: Readonly<Record<string, readonly string[]>> = {
  address: ['province', 'city', 'barangay', 'choose', 'search', 'loading', 'loadError', 'retry', 'noMatch'],
  photo: ['take', 'retake', 'preview', 'processing', 'failed'],
  contactPicker: ['name', 'phone', 'pick'],
  signature: ['pad', 'clear'],
  otp: ['digit'],
  picker: ['choose'],
};

export function withWidgetOptions(ui: UiSchema, extra: Readonly<Record<string, Record<string, unknown>>> = {}): UiSchema {
  const out: UiSchema = {};
  for (const [name, value] of Object.entries(ui)) {
    out[name] = value !== null && typeof value === 'object' && !Array.isArray(value) && !name.startsWith('ui:') ? withWidgetOptions(value as UiSchema, extra) : value;
  }
  const widget = ui['ui:widget'];
  if (typeof widget === 'string' && (WIDGET_LABELS[widget] || extra[widget])) {
    const options = (ui['ui:options'] ?? {}) as Record<string, unknown>;
    const labels = Object.fromEntries((WIDGET_LABELS[widget] ?? []).map((label) => [label, `widgets.${widget}.${label}`]));
    out['ui:options'] = { ...extra[widget], ...options, labels: { ...labels, ...(options['labels'] as object | undefined) } };
  }
  return out;
}
