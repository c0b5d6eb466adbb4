/**
 * Profile fields as the borrower saw them: the label and option texts of the borrower's forms catalog
 * (locales/<lng>/forms.json, keys `<schema>.<field>` and `<schema>.options.<field>.<value>`), the step's schema
 * named by config/flow.json. Values keep their masking: only a value that is exactly an option code (the enum-like
 * fields the server leaves clear) becomes that option's text.
 */
import flow from '../config/flow.json' with { type: 'json' };
import { formatPeso } from '../domain/money.ts';
import incomeBands from '../schemas/workInfo.income-bands.json' with { type: 'json' };

export const FORMS_NS = 'forms';

const schemaOfStep = new Map(flow.steps.map((s) => [s.step, s.schema]));

/** The forms catalog prefix of a profile step (its schema's name; the step itself when the flow does not name it). */
export const schemaOf = (step: string): string => schemaOfStep.get(step) ?? step;

/** The catalog key of a field's label. */
export const fieldLabelKey = (step: string, key: string): string => `${FORMS_NS}:${schemaOf(step)}.${key}`;

/** The catalog key of an option's text, when the value can be an option code. */
export const optionKey = (step: string, key: string, value: unknown): string | undefined =>
  typeof value === 'string' && /^[A-Za-z][\w-]*$/u.test(value) ? `${FORMS_NS}:${schemaOf(step)}.options.${key}.${value}` : undefined;

/** The amounts an income band's text interpolates, formatted as pesos like the borrower's form does. */
export function optionValues(value: string): Record<string, string> {
  const band = incomeBands.bands.find((b) => b.id === value);
  if (!band) return {};
  const peso = (centavos: number | null) => (centavos === null ? '' : formatPeso(centavos, { wholeIfExact: true }));
  return { min: peso(band.minCentavos), max: peso(band.maxCentavos) };
}

/** What ProfileView needs of i18next. */
export interface ProfileTranslator {
  t: (key: string, options?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
}

/** A field's label: the form's label, else the raw key (a field the catalog does not know). */
export const fieldLabel = (i18n: ProfileTranslator, step: string, key: string): string => {
  const labelKey = fieldLabelKey(step, key);
  return i18n.exists(labelKey) ? i18n.t(labelKey) : key;
};

/** A value's text: an option code as the form's option text, anything else (masked or clear) as it is. */
export function fieldValue(i18n: ProfileTranslator, step: string, key: string, value: unknown): string | undefined {
  const k = optionKey(step, key, value);
  return k && i18n.exists(k) ? i18n.t(k, optionValues(String(value))) : undefined;
}
