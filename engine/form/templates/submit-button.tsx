import { getSubmitButtonOptions } from '@rjsf/utils';
import type { SubmitButtonProps } from '@rjsf/utils';
import { useFormText } from '../form-text.ts';
import './form.css';

/** The full-width submit button; its text is `ui:submitButtonOptions.submitText`, an i18n key ('form.submit' by default). */
export function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const { t } = useFormText();
  const { submitText, norender, props = {} } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return (
    <button type="submit" {...props} className={`ui-form-button ui-form-submit ${props.className ?? ''}`.trim()}>
      {t(submitText === undefined || submitText === 'Submit' ? 'form.submit' : submitText)}
    </button>
  );
}
