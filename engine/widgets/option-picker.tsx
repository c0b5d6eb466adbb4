import { ariaDescribedByIds } from '@rjsf/utils';
import type { WidgetProps } from '@rjsf/utils';
import { readLabels } from './widget-labels.ts';
import './option-picker.css';

/**
 * A choice among a long `enum` made on a screen of its own (a searchable list of banks): the field shows the chosen
 * option's label (translated by the form) and a tap calls `ui:options.open(name)`, given by the product, which
 * shows the chooser; the chooser writes the value back where the form reads its data. Without `open` (a form that
 * cannot leave its screen) it is the registry's plain select.
 */
export function OptionPicker(props: WidgetProps) {
  const { id, name, value, options, disabled, readonly, label, rawErrors, registry, onBlur, onFocus } = props;
  const open = options['open'];
  if (typeof open !== 'function') {
    const Select = registry.widgets['SelectWidget'];
    return Select ? <Select {...props} /> : null;
  }
  const labels = readLabels(options, ['choose']);
  const chosen = (options.enumOptions ?? []).find((option) => option.value === value)?.label;
  return (
    <button
      type="button"
      id={id}
      className="ui-widget-picker"
      disabled={disabled || readonly}
      aria-label={chosen === undefined ? label : `${label}: ${chosen}`}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onClick={() => (open as (field: string) => void)(name)}
      onFocus={() => onFocus(id, value)}
      onBlur={() => onBlur(id, value)}
    >
      <span className={chosen === undefined ? 'ui-widget-picker-placeholder' : 'ui-widget-picker-value'}>
        {chosen ?? labels.choose}
      </span>
      <svg className="ui-widget-picker-chevron" viewBox="0 0 24 24" aria-hidden="true">
        <path d="m9 5 7 7-7 7" />
      </svg>
    </button>
  );
}
