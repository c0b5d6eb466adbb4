/**
 * Profile fields as the borrower saw them: the label and option texts of the borrower's forms catalog
 * (locales/<lng>/forms.json, keys `<schema>.<field>` and `<schema>.options.<field>.<value>`), the step's schema
 * named by config/flow.json. Values keep their masking: only a value that is exactly an option code (the enum-like
 * fields the server leaves clear) becomes that option's text.
 */
import flow from '#config/flow.json' with { type: 'json' };
import { formatPeso } from '#domain/money.ts';
import incomeBands from '#forms/workInfo.income-bands.json' with { type: 'json' };

export const FORMS_NS = 'forms';

const schemaOfStep = new Map(flow.steps.map((s) => [s.step, s.schema]));

/** The forms catalog prefix of a profile step (its schema's name; the step itself when the flow does not name it). */
export const schemaOf = (step: string): string => schemaOfStep.get(step) ?? step;

/** The catalog key of a field's label. */
export const fieldLabelKey = (step: string, key: string): string => `${FORMS_NS}:${schemaOf(step)}.${key}`;

/** The catalog key of an option's text, when the value can be an option code. */
export const optionKey = (step: string, key: string, value: unknown): string | undefined =>
  typeof value === 'string' && CODE.test(value) ? `${FORMS_NS}:${schemaOf(step)}.options.${key}.${value}` : undefined;

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
  /** The forms catalog of the language shown (i18next's getResourceBundle), to find a nested field's options. */
  forms?: () => Record<string, unknown> | undefined;
}

const CODE = /^[A-Za-z][\w-]*$/u;

/** A field's label: the form's label, else the raw key (a field the catalog does not know). */
export const fieldLabel = (i18n: ProfileTranslator, step: string, key: string): string => {
  const labelKey = fieldLabelKey(step, key);
  return i18n.exists(labelKey) ? i18n.t(labelKey) : key;
};

/** The option text of `code` in any field of the step's form (a nested field: a contact's relationship). */
function nestedOption(i18n: ProfileTranslator, schema: string, code: string): string | undefined {
  const options =
    (i18n.forms?.()?.[schema] as { options?: Record<string, Record<string, unknown>> } | undefined)?.options ?? {};
  const field = Object.keys(options).find((f) => typeof options[f]?.[code] === 'string');
  return field === undefined ? undefined : i18n.t(`${FORMS_NS}:${schema}.options.${field}.${code}`, optionValues(code));
}

/**
 * A value's text: an option code as the form's option text; a list or object the server masked leaf by leaf and
 * joined ('M*** S***, •••22, parents; ...') with its option codes as texts; anything else (masked or clear) as it is.
 */
export function fieldValue(i18n: ProfileTranslator, step: string, key: string, value: unknown): string | undefined {
  const k = optionKey(step, key, value);
  if (k && i18n.exists(k)) return i18n.t(k, optionValues(String(value)));
  if (typeof value !== 'string' || !/[;,] /u.test(value)) return undefined;
  const parts = value.split(/([;,] )/u);
  const shown = parts.map((part) => (CODE.test(part) ? (nestedOption(i18n, schemaOf(step), part) ?? part) : part));
  return shown.some((part, i) => part !== parts[i]) ? shown.join('') : undefined;
}
