import type { IconButtonProps } from '@rjsf/utils';
import { useFormText } from '../form-text.ts';
import './form.css';

/**
 * A text button of the engine's look for one RJSF action: its text is the field's `ui:options.labels.<action>`
 * (already translated) or the form's `form.<action>` key.
 */
function textButton(action: string) {
  return function Button({ id, className, onClick, disabled, uiSchema }: IconButtonProps) {
    const { t } = useFormText();
    const labels = uiSchema?.['ui:options']?.['labels'] as Record<string, string> | undefined;
    return (
      <button
        type="button"
        id={id}
        className={`ui-form-button ${className ?? ''}`}
        disabled={disabled}
        onClick={onClick}
      >
        {labels?.[action] ?? t(`form.${action}`)}
      </button>
    );
  };
}

/**
 * The engine's RJSF button templates (`ButtonTemplates` beside the submit button): add (a list item, an additional
 * property), move up, move down, copy and remove, drawn by RJSF's ArrayFieldItemButtonsTemplate and the engine's
 * list and object templates. A product or call site replaces any of them through the registry's `templates`.
 */
export const actionButtons = {
  AddButton: textButton('add'),
  MoveUpButton: textButton('moveUp'),
  MoveDownButton: textButton('moveDown'),
  CopyButton: textButton('copy'),
  RemoveButton: textButton('remove'),
};
