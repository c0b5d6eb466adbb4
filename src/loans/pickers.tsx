/**
 * The borrower's pick: an amount on the sub-product's grid (stepper and slider, capped at the credit limit) and a
 * term among those offered. Values are the grid's own amounts (from `amountChoices`); nothing is computed here.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import './loans.css';
import './pickers.css';

export function AmountPicker({
  choices,
  value,
  onChange,
  disabled,
}: {
  choices: readonly number[];
  value: number;
  onChange: (amount: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('loan');
  const id = useId();
  const index = Math.max(0, choices.indexOf(value));
  const last = choices.length - 1;
  const pick = (i: number) => {
    const amount = choices[Math.min(Math.max(i, 0), last)];
    if (amount !== undefined && amount !== value) onChange(amount);
  };
  return (
    <div className="loan-amount" role="group" aria-labelledby={`${id}-label`}>
      <div id={`${id}-label`} className="loan-picker-label">
        {t('picker.amount')}
      </div>
      <div className="loan-amount-row">
        <button
          type="button"
          className="loan-step"
          aria-label={t('picker.less')}
          disabled={disabled || index <= 0}
          onClick={() => pick(index - 1)}
        >
          −
        </button>
        <output className="loan-amount-value" htmlFor={`${id}-range`} aria-live="polite" data-testid="amount">
          {formatPeso(value, { wholeIfExact: true })}
        </output>
        <button
          type="button"
          className="loan-step"
          aria-label={t('picker.more')}
          disabled={disabled || index >= last}
          onClick={() => pick(index + 1)}
        >
          +
        </button>
      </div>
      <input
        id={`${id}-range`}
        className="loan-range"
        type="range"
        min={0}
        max={Math.max(last, 0)}
        step={1}
        value={index}
        disabled={disabled || last <= 0}
        aria-label={t('picker.amount')}
        aria-valuetext={formatPeso(value, { wholeIfExact: true })}
        onChange={(event) => pick(Number(event.target.value))}
      />
      {choices.length > 0 && (
        <div className="loan-range-ends muted">
          <span>{formatPeso(choices[0]!, { wholeIfExact: true })}</span>
          <span>{formatPeso(choices[last]!, { wholeIfExact: true })}</span>
        </div>
      )}
    </div>
  );
}

export function TermPicker({
  terms,
  value,
  onChange,
  disabled,
}: {
  terms: readonly number[];
  value: number;
  onChange: (days: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('loan');
  const id = useId();
  return (
    <fieldset className="loan-terms" disabled={disabled}>
      <legend className="loan-picker-label">{t('picker.term')}</legend>
      <div className="loan-term-options">
        {terms.map((days) => (
          <label key={days} className={days === value ? 'loan-term is-selected' : 'loan-term'}>
            <input
              type="radio"
              name={`${id}-term`}
              value={days}
              checked={days === value}
              onChange={() => onChange(days)}
            />
            <span>{t('picker.days', { count: days })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
