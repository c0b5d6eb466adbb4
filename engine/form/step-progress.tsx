import './templates/form.css';

/** Props of `StepProgress`. */
export interface StepProgressProps {
  /** The current step, 1-based. */
  readonly step: number;
  /** The number of steps. */
  readonly total: number;
  /** The visible text, already translated, e.g. t('flow.stepOf') filled to 'Step 2 of 6'. */
  readonly label: string;
}

/**
 * 'Step i of n' with a bar, exposed as a progressbar to assistive technology. The bar is one part per step, the done
 * ones filled: no `style` attribute, which a page drawn on the server could not carry under the CSP.
 */
export function StepProgress({ step, total, label }: StepProgressProps) {
  const clamped = Math.min(Math.max(step, 0), Math.max(total, 1));
  return (
    <div className="ui-form-progress">
      <div className="ui-form-progress-text">{label}</div>
      <div
        className="ui-form-progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={clamped}
      >
        {Array.from({ length: Math.max(total, 1) }, (_, at) => (
          <span key={at} className={at < clamped ? 'ui-form-progress-bar' : undefined} />
        ))}
      </div>
    </div>
  );
}
