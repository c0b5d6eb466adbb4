import { createContext, useContext } from 'react';

/** Translates an i18n key (i18next's `t` fits). */
export type TranslateFn = (key: string) => string;

/** The i18n key of one option label of the enum field `field`. */
export type OptionKeyFn = (field: string, value: string | number | boolean | null) => string;

/** A filter a text field applies to its text as it is typed: what it returns replaces the text. */
export type TypingFilter = (text: string) => string;

/**
 * What the form's templates and fields need to show text: the translate function, the option key scheme, and the
 * filters text fields apply as they are typed (SchemaForm's `typing`).
 */
export interface FormText {
  readonly t: TranslateFn;
  readonly optionKey: OptionKeyFn;
  readonly typing?: Readonly<Record<string, TypingFilter>>;
}

/** `<prefix>.options.<field>.<value>`, the default option key scheme. */
export function prefixedOptionKey(prefix: string): OptionKeyFn {
  return (field, value) => `${prefix}.options.${field}.${String(value)}`;
}

/** Provided by SchemaForm; the fallback shows keys untranslated, so a missing provider is noticed. */
export const FormTextContext = createContext<FormText>({ t: (key) => key, optionKey: prefixedOptionKey('form') });

/** The form's text functions, for templates and fields. */
export function useFormText(): FormText {
  return useContext(FormTextContext);
}

/**
 * The filter a text field applies as it is typed: the form's `typing` filters of the normalisers its schema lists
 * (`"normalize": "name"` or `["name", ...]`), in their order; undefined when none has one.
 */
export function useTypingFilter(schema: object): TypingFilter | undefined {
  const { typing } = useFormText();
  const filters = [(schema as { normalize?: unknown }).normalize]
    .flat()
    .flatMap((name) => (typeof name === 'string' && typing?.[name]) || []);
  return filters.length > 0 ? (text) => filters.reduce((kept, filter) => filter(kept), text) : undefined;
}
