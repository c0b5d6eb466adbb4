import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
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

const textOf = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/**
 * The `<input>` behind text-like widgets: mobile keyboard (`inputModeFor`), `autoComplete` from `ui:autocomplete`
 * (off by default: a loan form must not be filled from another person's saved data), `aria-invalid` and
 * `aria-describedby` pointing at its error, description and help.
 *
 * It owns what it shows (issue 15, "typing stays fast"): a keystroke commits this input alone and reaches the form in
 * a transition, so RJSF's state update, live validation and re-render of every field run after the character shows,
 * interruptible by the next key. So the form's data never misses what was typed, a blur or a submit reports the text
 * at once (urgently, ahead of the blur's or submit's own update) when the form does not hold it yet. A value the form
 * passes down that is not one this input reported (a chooser wrote the draft, a reset) replaces the text; an older
 * one of its own arriving late (the transition of an earlier key) does not. The DOM value is set only in that case,
 * so the caret stays where the borrower types (and an IME composition is not disturbed) and moves to the end only
 * when the text changed from outside, as any controlled input. A widget passing `onChangeOverride` (RJSF's file
 * widget) keeps the input controlled by the form, as before.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride, options, schema, rawErrors, type, placeholder, required } = props;
  const input = getInputProps(schema, type, options);
  const shown = textOf(value);
  const [text, setText] = useState(shown);
  const element = useRef<HTMLInputElement>(null);
  // The value last passed down, and the texts reported since that the form has not passed back yet.
  const own = useRef({ passed: shown, sent: new Set<string>() });
  const report = (raw: string) => onChange(raw === '' ? options.emptyValue : raw);
  const flush = () => {
    const raw = element.current?.value ?? '';
    if (!onChangeOverride && raw !== own.current.passed) report(raw);
  };
  useLayoutEffect(() => {
    const { passed, sent } = own.current;
    if (shown === passed) return;
    own.current.passed = shown;
    const echo = sent.has(shown);
    if (!echo) setText(shown);
    if (!echo || shown === element.current?.value) sent.clear();
  }, [shown]);
  // A submit (Enter, or a button that leaves the focus here) is handled after this listener in the same event: React
  // runs the form's own submit handler from its root. Subscribed anew with each render's `onChange`.
  useEffect(() => {
    const form = element.current?.form;
    form?.addEventListener('submit', flush, true);
    return () => form?.removeEventListener('submit', flush, true);
  });
  const invalid = useShowsErrors(id) && (rawErrors?.length ?? 0) > 0;
  return (
    <input
      ref={element}
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
      value={onChangeOverride ? shown : text}
      aria-invalid={invalid || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={onChangeOverride ?? ((e: ChangeEvent<HTMLInputElement>) => {
        const raw = e.target.value;
        setText(raw);
        own.current.sent.add(raw);
        startTransition(() => report(raw));
      })}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        flush();
        onBlur(id, e.target.value);
      }}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value)}
    />
  );
}
