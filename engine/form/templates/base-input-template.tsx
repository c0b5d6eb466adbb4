import { useCallback } from 'react';
import type { ChangeEvent, FocusEvent, HTMLAttributes } from 'react';
import { ariaDescribedByIds, getInputProps } from '@rjsf/utils';
import type { BaseInputTemplateProps, RJSFSchema } from '@rjsf/utils';
import { useShowsErrors } from '../error-visibility.ts';
import './form.css';

type InputMode = HTMLAttributes<HTMLInputElement>['inputMode'];

/**
 * The keyboard a phone shows for a field: `ui:options.inputMode` when given (e.g. 'tel' for a mobile number, which
 * the engine cannot tell from a product format name), else from the schema: email format, numbers, integers.
 */
export function inputModeFor(schema: RJSFSchema, options: Record<string, unknown>): InputMode {
  const given = options['inputMode'];
  if (typeof given === 'string') return given as InputMode;
  if (schema.format === 'email') return 'email';
  if (schema.type === 'integer') return 'numeric';
  if (schema.type === 'number') return 'decimal';
  if (schema.format === 'uri') return 'url';
  return undefined;
}

/**
 * The `<input>` behind text-like widgets: mobile keyboard (`inputModeFor`), `autoComplete` from `ui:autocomplete`
 * (off by default: a loan form must not be filled from another person's saved data), `aria-invalid` and
 * `aria-describedby` pointing at its error, description and help.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride, options, schema, rawErrors, type, placeholder, required } = props;
  const input = getInputProps(schema, type, options);
  const emptyValue: unknown = options.emptyValue;
  const handleChange = useCallback((e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value === '' ? emptyValue : e.target.value), [onChange, emptyValue]);
  const handleBlur = useCallback((e: FocusEvent<HTMLInputElement>) => onBlur(id, e.target.value), [onBlur, id]);
  const handleFocus = useCallback((e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value), [onFocus, id]);
  const invalid = useShowsErrors(id) && (rawErrors?.length ?? 0) > 0;
  return (
    <input
      id={id}
      name={htmlName ?? id}
      className="ui-form-input"
      {...input}
      type={input.type === 'email' ? 'text' : input.type}
      inputMode={inputModeFor(schema, options)}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'off'}
      placeholder={placeholder}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      value={value === undefined || value === null ? '' : String(value)}
      aria-invalid={invalid || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={onChangeOverride ?? handleChange}
      onBlur={handleBlur}
      onFocus={handleFocus}
    />
  );
}
