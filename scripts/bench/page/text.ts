/**
 * The English text of the forms for "ours": `t` looks keys up in locales/en/forms.json (then common.json), and
 * `errorKey` gives a field's own message key (`<step>.errors.<field>.<keyword>`) when the catalog has one, else the
 * general `errors.<keyword>`. Module-level, so stable: SchemaForm rebuilds its validator when they change.
 */
import type { RJSFSchema } from '@rjsf/utils';
import type { ValidationError } from '../../../engine/validation/compiled-validator.ts';
import common from '../../../locales/en/common.json' with { type: 'json' };
import forms from '../../../locales/en/forms.json' with { type: 'json' };

function lookup(catalog: unknown, key: string): string | undefined {
  const found = key.split('.').reduce<unknown>((node, k) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), catalog);
  return typeof found === 'string' ? found : undefined;
}

export function t(key: string): string {
  return lookup(forms, key) ?? lookup(common, key) ?? key;
}

export function errorKey(error: ValidationError, schema: RJSFSchema | undefined): string {
  const title = schema?.title;
  if (typeof title === 'string' && title.includes('.')) {
    const [prefix, ...field] = title.split('.');
    const own = `${prefix ?? ''}.errors.${field.join('.')}.${error.keyword}`;
    if (lookup(forms, own) !== undefined) return own;
  }
  return `errors.${error.keyword}`;
}
