import { ariaDescribedByIds, optionId } from '@rjsf/utils';
import type { WidgetProps } from '@rjsf/utils';
import './widgets.css';

/**
 * A single choice among a short `enum` (`options.enumOptions`, labels already translated by the form), drawn as
 * native radio buttons so that keyboard (arrow keys, Tab, Space) and screen readers work as the platform intends.
 * `variant` only changes the look: chips in a wrapping row, or a full-width list.
 */
export function ChoiceList({ variant, ...props }: WidgetProps & { variant: 'chips' | 'radios' }) {
  const { id, value, options, disabled, readonly, required, autofocus, label, htmlName, onChange, onBlur, onFocus } =
    props;
  const choices = options.enumOptions ?? [];
  const locked = disabled || readonly;
  const name = htmlName ?? id;
  return (
    <div
      className={`ui-widget-choices ui-widget-${variant}`}
      role="radiogroup"
      aria-label={label}
      aria-required={required}
      aria-describedby={ariaDescribedByIds(id)}
      id={id}
    >
      {choices.map((choice, index) => {
        const checked = choice.value === value;
        const optionDisabled =
          locked || (Array.isArray(options.enumDisabled) && options.enumDisabled.includes(choice.value));
        return (
          <label key={String(index)} className={`ui-widget-choice${checked ? ' ui-widget-choice-checked' : ''}`}>
            <input
              className="ui-widget-choice-input"
              type="radio"
              id={optionId(id, index)}
              name={name}
              checked={checked}
              disabled={optionDisabled}
              autoFocus={autofocus && index === 0}
              onChange={() => onChange(choice.value)}
              onFocus={() => onFocus(id, value)}
              onBlur={() => onBlur(id, value)}
            />
            <span className="ui-widget-choice-label">{choice.label}</span>
          </label>
        );
      })}
    </div>
  );
}
