import { useRef } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { ariaDescribedByIds } from '@rjsf/utils';
import type { WidgetProps } from '@rjsf/utils';
import { fillLabel, readLabels } from './widget-labels.ts';
import './widgets.css';

const LABELS = ['digit'] as const;

/** Keeps the digits of a typed, pasted or autofilled text. */
export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * One-time code in separate boxes (`ui:widget: 'otp'`). Options: `length` (default 4); `labels.digit`, the accessible
 * name of each box with `{index}` and `{length}` (`'Digit {index} of {length}'`). The value is the digit string typed
 * so far, `undefined` when empty; a schema `pattern`/`minLength` decides when it is complete.
 * The first box carries `autocomplete="one-time-code"` so iOS offers the SMS code; whatever lands in a box (autofill,
 * paste, typing) is spread over the boxes from there.
 */
export function OtpInput({
  id,
  value,
  options,
  disabled,
  readonly,
  autofocus,
  label,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const length = typeof options['length'] === 'number' && options['length'] > 0 ? Math.floor(options['length']) : 4;
  const labels = readLabels(options, LABELS);
  const code = onlyDigits(typeof value === 'string' ? value : '').slice(0, length);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };
  const commit = (next: string) => onChange(next === '' ? undefined : next);

  /** Writes `digits` starting at box `index` (never past the first empty box, so the code has no gaps). */
  const writeAt = (index: number, digits: string) => {
    if (digits === '') return;
    const start = Math.min(index, code.length);
    const next = (code.slice(0, start) + digits + code.slice(start + digits.length)).slice(0, length);
    commit(next);
    focusBox(start + digits.length);
  };

  const handleInput = (index: number, raw: string) => {
    const old = code[index] ?? '';
    let digits = onlyDigits(raw);
    // A box that already held a digit receives "old + new" (or "new + old"); keep what the borrower just typed.
    if (old !== '' && digits.length === 2) digits = digits.startsWith(old) ? digits.slice(1) : digits.slice(0, 1);
    if (digits === '') {
      commit(code.slice(0, index) + code.slice(index + 1));
      return;
    }
    writeAt(index, digits);
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData('text'));
    // A whole code fills every box wherever it is pasted.
    writeAt(digits.length >= length ? 0 : index, digits.slice(0, length));
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && (code[index] ?? '') === '' && index > 0) {
      event.preventDefault();
      commit(code.slice(0, index - 1) + code.slice(index));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  return (
    <div className="ui-widget-otp" role="group" aria-label={label} aria-describedby={ariaDescribedByIds(id)}>
      {Array.from({ length }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          id={index === 0 ? id : `${id}-${index}`}
          className="ui-widget-otp-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={fillLabel(labels.digit, { index: index + 1, length })}
          value={code[index] ?? ''}
          disabled={disabled}
          readOnly={readonly}
          autoFocus={autofocus && index === 0}
          onChange={(event) => handleInput(index, event.target.value)}
          onPaste={(event) => handlePaste(index, event)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onFocus={(event) => {
            event.target.select();
            onFocus(id, code);
          }}
          onBlur={() => onBlur(id, code)}
        />
      ))}
    </div>
  );
}
