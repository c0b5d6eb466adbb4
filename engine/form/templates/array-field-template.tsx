import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps } from '@rjsf/utils';
import { useFormText } from '../form-text.ts';
import './form.css';

/**
 * A list such as the three emergency contacts: its title, one card per item, an add button only while the schema
 * allows more (`canAdd`; `ui:options.labels.add` is its i18n key).
 */
export function ArrayFieldTemplate({ title, items, canAdd, onAddClick, fieldPathId, uiSchema, disabled, readonly }: ArrayFieldTemplateProps) {
  const { t } = useFormText();
  const labels = uiSchema?.['ui:options']?.['labels'] as Record<string, string> | undefined;
  return (
    <fieldset className="ui-form-group" id={fieldPathId.$id}>
      {title !== '' && <legend className="ui-form-group-title">{title}</legend>}
      {items}
      {canAdd === true && !disabled && !readonly && (
        <button type="button" className="ui-form-button" onClick={() => onAddClick()}>
          {labels?.['add'] ?? t('form.add')}
        </button>
      )}
    </fieldset>
  );
}

/** One item of a list: a numbered card; a remove button only where the schema allows fewer items. */
export function ArrayFieldItemTemplate({ children, index, buttonsProps, parentUiSchema }: ArrayFieldItemTemplateProps) {
  const { t } = useFormText();
  const labels = parentUiSchema?.['ui:options']?.['labels'] as Record<string, string> | undefined;
  return (
    <div className="ui-form-array-item">
      <div className="ui-form-array-item-title">{index + 1}</div>
      {children}
      {buttonsProps.hasRemove && (
        <button type="button" className="ui-form-button" disabled={buttonsProps.disabled} onClick={buttonsProps.onRemoveItem}>
          {labels?.['remove'] ?? t('form.remove')}
        </button>
      )}
    </div>
  );
}
