import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps } from '@rjsf/utils';
import { useFormText } from '../form-text.ts';
import './form.css';

/**
 * A list such as the three emergency contacts: its title, one card per item, an add button only while the schema
 * allows more (`canAdd`; `ui:options.labels.add` is its i18n key).
 */
export function ArrayFieldTemplate({
  title,
  items,
  canAdd,
  onAddClick,
  fieldPathId,
  uiSchema,
  disabled,
  readonly,
}: ArrayFieldTemplateProps) {
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

/**
 * One item of a list: a card titled by its role (`ui:options.itemTitles`, i18n keys by position, e.g. "Family
 * contact", "Second contact"), else numbered; a remove button only where the schema allows fewer items.
 */
export function ArrayFieldItemTemplate({ children, index, buttonsProps, parentUiSchema }: ArrayFieldItemTemplateProps) {
  const { t } = useFormText();
  const options = parentUiSchema?.['ui:options'];
  const labels = options?.['labels'] as Record<string, string> | undefined;
  const titles = options?.['itemTitles'];
  const title = Array.isArray(titles) && typeof titles[index] === 'string' ? t(titles[index]) : String(index + 1);
  return (
    <div className="ui-form-array-item">
      <div className="ui-form-array-item-title">{title}</div>
      {children}
      {buttonsProps.hasRemove && (
        <button
          type="button"
          className="ui-form-button"
          disabled={buttonsProps.disabled}
          onClick={buttonsProps.onRemoveItem}
        >
          {labels?.['remove'] ?? t('form.remove')}
        </button>
      )}
    </div>
  );
}
