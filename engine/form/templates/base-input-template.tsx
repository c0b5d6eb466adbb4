import type { FocusEvent, HTMLAttributes, RefObject } from 'react';
import { ariaDescribedByIds, getInputProps } from '@rjsf/utils';
import type { BaseInputTemplateProps, RJSFSchema } from '@rjsf/utils';
import { useShowsErrors } from '../error-visibility.ts';
import { useTypingFilter } from '../form-text.ts';
import { textOf, useOwnedText } from './owned-text.ts';
import './form.css';

type InputMode = HTMLAttributes<HTMLInputElement>['inputMode'];

/**
 * The keyboard a phone shows for a field: `ui:options.inputMode` when given (e.g. 'tel' for a mobile number, which
 * the engine cannot tell from a product format name), else from the input type and the schema: e-mail, web address,
 * numbers, integers.
 */
export function inputModeFor(schema: RJSFSchema, options: Record<string, unknown>, type?: string): InputMode {
  const given = options['inputMode'];
  if (typeof given === 'string') return given as InputMode;
  if (schema.format === 'email' || type === 'email') return 'email';
  if (schema.type === 'integer') return 'numeric';
  if (schema.type === 'number') return 'decimal';
  if (schema.format === 'uri' || type === 'url') return 'url';
  return undefined;
}

/** What an `<input>` tells a phone of its value: type, keyboard, autofill, capitals, correction. */
export interface Keyboard {
  readonly type: string | undefined;
  readonly inputMode: InputMode;
  readonly autoComplete: string;
  readonly autoCapitalize?: 'none';
  readonly autoCorrect?: 'off';
  readonly spellCheck?: false;
}

/**
 * The phone side of an input of `type` (from the widget, `ui:options.inputType` or the schema): an e-mail or web
 * address gets its keyboard, its autofill (`email`, `url`; `ui:autocomplete` wins) and no automatic capital or
 * correction; any other field autofills only where `ui:autocomplete` says so (a loan form must not be filled from
 * another person's saved data). An e-mail box is `type="text"` with the e-mail keyboard: an `email` input has no
 * caret position, which the typing filters need. Dates and times keep their type: the phone's own pickers.
 */
export function keyboardFor(type: string | undefined, schema: RJSFSchema, options: Record<string, unknown>): Keyboard {
  const given = options['autocomplete'];
  const inputMode = inputModeFor(schema, options, type);
  // Autofill's tokens for these two are the keyboards' names.
  const address = inputMode === 'email' || inputMode === 'url';
  return {
    type: type === 'email' ? 'text' : type,
    inputMode,
    autoComplete: typeof given === 'string' ? given : address ? inputMode : 'off',
    ...(address && { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false }),
  };
}

/**
 * The `<input>` behind text-like widgets: mobile keyboard (`inputModeFor`), `autoComplete` from `ui:autocomplete`
 * (off by default: a loan form must not be filled from another person's saved data), `aria-invalid` and
 * `aria-describedby` pointing at its error, description and help. It owns its text (`useOwnedText`: a keystroke
 * renders nothing, the form hears of it after the frame that shows it). A widget passing `onChangeOverride` (RJSF's
 * file widget) keeps the input controlled by the form.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { onChangeOverride } = props;
  return onChangeOverride ? (
    <ControlledInput {...props} onChangeOverride={onChangeOverride} />
  ) : (
    <OwnedInput {...props} />
  );
}

function OwnedInput(props: BaseInputTemplateProps) {
  const { id, value, onBlur, onChange, options, schema } = props;
  const {
    ref,
    defaultValue,
    onChange: handleChange,
    flush,
  } = useOwnedText<HTMLInputElement>(value, onChange, options.emptyValue, useTypingFilter(schema));
  return (
    <Input
      {...props}
      inputRef={ref}
      state={{ defaultValue, onChange: handleChange }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        flush();
        onBlur(id, e.target.value);
      }}
    />
  );
}

function ControlledInput(
  props: BaseInputTemplateProps & { onChangeOverride: NonNullable<BaseInputTemplateProps['onChangeOverride']> },
) {
  const { id, value, onBlur, onChangeOverride } = props;
  return (
    <Input
      {...props}
      state={{ value: textOf(value), onChange: onChangeOverride }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => onBlur(id, e.target.value)}
    />
  );
}

type InputState =
  | { defaultValue: string; onChange: () => void }
  | { value: string; onChange: NonNullable<BaseInputTemplateProps['onChangeOverride']> };

function Input(
  props: Omit<BaseInputTemplateProps, 'onBlur'> & {
    state: InputState;
    inputRef?: RefObject<HTMLInputElement | null>;
    onBlur: (e: FocusEvent<HTMLInputElement>) => void;
  },
) {
  const {
    id,
    htmlName,
    readonly,
    disabled,
    autofocus,
    onFocus,
    options,
    schema,
    rawErrors,
    type,
    placeholder,
    required,
    state,
    inputRef,
    onBlur,
  } = props;
  const input = getInputProps(schema, type, options);
  const keyboard = keyboardFor(input.type, schema, options);
  const invalid = useShowsErrors(id) && (rawErrors?.length ?? 0) > 0;
  return (
    <input
      ref={inputRef}
      id={id}
      name={htmlName ?? id}
      className="ui-form-input"
      {...input}
      {...keyboard}
      placeholder={placeholder}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      {...state}
      aria-invalid={invalid || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onBlur={onBlur}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value)}
    />
  );
}
