/**
 * The English text of the forms for "ours": `t` looks keys up in locales/en/forms.json (then common.json), and
 * `errorKey` is the app's key scheme (forms/form-text.ts). Module-level, so stable: SchemaForm rebuilds its validator when they change.
 */
import common from '#locales/en/common.json' with { type: 'json' };
import forms from '#locales/en/forms.json' with { type: 'json' };
import { formErrorKey, splitKey } from '#forms/form-text.ts';

function lookup(catalog: unknown, key: string): string | undefined {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, k) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined),
      catalog,
    );
  return typeof found === 'string' ? found : undefined;
}

export function t(raw: string): string {
  // A key may carry values (`errors.minLength?limit=3`); the benchmark shows the template, which costs the same.
  const { key } = splitKey(raw);
  return lookup(forms, key) ?? lookup(common, key) ?? key;
}

/** The app's own key scheme (forms/form-text.ts) over the English catalog. */
export const errorKey = formErrorKey({ exists: (key) => lookup(forms, key) !== undefined });
