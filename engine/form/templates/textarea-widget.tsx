import type { FocusEvent } from 'react';
import { ariaDescribedByIds } from '@rjsf/utils';
import type { WidgetProps } from '@rjsf/utils';
import { useShowsErrors } from '../error-visibility.ts';
import { useTypingFilter } from '../form-text.ts';
import { useOwnedText } from './owned-text.ts';

/**
 * `ui:widget: "textarea"` (RJSF's `TextareaWidget` name, so a form keeps saying "textarea"): a `<textarea>` that owns
 * its text like the engine's inputs (`useOwnedText`), with `rows` from `ui:options`, `aria-invalid` and
 * `aria-describedby`.
 */
export function TextareaWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    value,
    options,
    placeholder,
    required,
    disabled,
    readonly,
    autofocus,
    onChange,
    onBlur,
    onFocus,
    rawErrors,
    schema,
  } = props;
  const {
    ref,
    defaultValue,
    onChange: handleChange,
    flush,
  } = useOwnedText<HTMLTextAreaElement>(value, onChange, options.emptyValue, useTypingFilter(schema));
  const invalid = useShowsErrors(id) && (rawErrors?.length ?? 0) > 0;
  return (
    <textarea
      ref={ref}
      id={id}
      name={htmlName ?? id}
      className="form-control"
      defaultValue={defaultValue}
      onChange={handleChange}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      rows={typeof options.rows === 'number' ? options.rows : undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onBlur={(e: FocusEvent<HTMLTextAreaElement>) => {
        flush();
        onBlur(id, e.target.value);
      }}
      onFocus={(e: FocusEvent<HTMLTextAreaElement>) => onFocus(id, e.target.value)}
    />
  );
}
