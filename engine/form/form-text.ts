import { createContext, useContext } from 'react';

/** Translates an i18n key (i18next's `t` fits). */
export type TranslateFn = (key: string) => string;

/** The i18n key of one option label of the enum field `field`. */
export type OptionKeyFn = (field: string, value: string | number | boolean | null) => string;

/** What the form's templates and fields need to show text: the translate function and the option key scheme. */
export interface FormText {
  readonly t: TranslateFn;
  readonly optionKey: OptionKeyFn;
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
