import { ariaDescribedByIds, dateRangeOptions, useAltDateWidgetProps } from '@rjsf/utils';
import type { DateObject, WidgetProps } from '@rjsf/utils';
import { useFormText } from '../form/form-text.ts';
import './widgets.css';
import './rjsf-widgets.css';

/**
 * RJSF's alternative date widget in the engine's look (`ui:widget: 'alt-date'`; with `time`, `alt-datetime`): one
 * select per part (year, month, day, and hour, minute, second), a "now" and a "clear" button. The parts and the value
 * are RJSF's own (@rjsf/utils `useAltDateWidgetProps`: `yearsRange`, `format` 'YMD'/'MDY'/'DMY', `hideNowButton`,
 * `hideClearButton`); the value is set once every part is chosen. Texts: the form's `form.date.*` keys.
 */
export function AltDateInput(props: WidgetProps) {
  const { id, options, disabled = false, readonly = false, autofocus = false, onBlur, onFocus } = props;
  const { t } = useFormText();
  const { elements, handleChange, handleClear, handleSetNow } = useAltDateWidgetProps(props);
  const locked = disabled || readonly;
  return (
    <div className="ui-widget-alt-date" role="group" aria-describedby={ariaDescribedByIds(id)} id={id}>
      <div className="ui-widget-alt-date-parts">
        {elements.map(({ type, range: [from, to], value }, index) => {
          const partId = `${id}_${type}`;
          const name = t(`form.date.${type}`);
          return (
            <select
              key={type}
              id={partId}
              className="ui-form-input ui-widget-alt-date-part"
              aria-label={name}
              value={value === -1 || value === undefined ? '' : String(value)}
              disabled={locked}
              autoFocus={autofocus && index === 0}
              onChange={(event) =>
                handleChange(type as keyof DateObject, event.target.value === '' ? undefined : event.target.value)
              }
              onBlur={() => onBlur(id, props.value)}
              onFocus={() => onFocus(id, props.value)}
            >
              <option value="">{name}</option>
              {dateRangeOptions(from, to).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          );
        })}
      </div>
      {(options['hideNowButton'] !== true || options['hideClearButton'] !== true) && !locked && (
        <div className="ui-widget-alt-date-actions">
          {options['hideNowButton'] !== true && (
            <button type="button" className="ui-widget-button" onClick={handleSetNow}>
              {t('form.date.now')}
            </button>
          )}
          {options['hideClearButton'] !== true && (
            <button type="button" className="ui-widget-button" onClick={handleClear}>
              {t('form.date.clear')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** `ui:widget: 'alt-datetime'`: the alternative date widget with hour, minute and second. */
export function AltDateTimeInput(props: WidgetProps) {
  return <AltDateInput {...props} time />;
}
