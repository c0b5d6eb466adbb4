import { ariaDescribedByIds, getInputProps } from '@rjsf/utils';
import type { WidgetProps } from '@rjsf/utils';
import './widgets.css';
import './rjsf-widgets.css';

/**
 * A slider for a number between the schema's `minimum` and `maximum` (`ui:widget: 'range'`, step `multipleOf`), with
 * the chosen value shown beside it as RJSF's range widget does; its value is a number. Fetched when a field uses it.
 */
export function RangeInput({
  id,
  htmlName,
  value,
  schema,
  options,
  disabled,
  readonly,
  label,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const input = getInputProps(schema, 'range', options);
  const shown = typeof value === 'number' ? value : (input.min ?? 0);
  return (
    <div className="ui-widget-range">
      <input
        id={id}
        name={htmlName ?? id}
        className="ui-widget-range-input"
        {...input}
        type="range"
        value={shown}
        disabled={disabled || readonly}
        aria-label={label}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(Number(event.target.value))}
        onBlur={(event) => onBlur(id, Number(event.target.value))}
        onFocus={(event) => onFocus(id, Number(event.target.value))}
      />
      <output className="ui-widget-range-value" htmlFor={id}>
        {typeof value === 'number' ? value : ''}
      </output>
    </div>
  );
}
