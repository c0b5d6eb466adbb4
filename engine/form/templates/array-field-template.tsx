import { buttonId } from '@rjsf/utils';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps } from '@rjsf/utils';
import { useFormText } from '../form-text.ts';
import './form.css';

/**
 * A list such as the three emergency contacts: its title, one card per item, an add button only while the schema
 * allows more (`canAdd`; the registry's `ButtonTemplates.AddButton`, text `ui:options.labels.add` or `form.add`).
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
  registry,
}: ArrayFieldTemplateProps) {
  const { AddButton } = registry.templates.ButtonTemplates;
  return (
    <fieldset className="ui-form-group" id={fieldPathId.$id}>
      {title !== '' && <legend className="ui-form-group-title">{title}</legend>}
      {items}
      {canAdd === true && !disabled && !readonly && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          onClick={() => onAddClick()}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </fieldset>
  );
}

/**
 * One item of a list: a card titled by its role (`ui:options.itemTitles`, i18n keys by position, e.g. "Family
 * contact", "Second contact"), else numbered; under it the item's buttons as RJSF decides them (`orderable`: move up
 * and down, `copyable`: copy, `removable`: remove), drawn by the registry's ArrayFieldItemButtonsTemplate with its
 * ButtonTemplates.
 */
export function ArrayFieldItemTemplate({
  children,
  index,
  buttonsProps,
  hasToolbar,
  parentUiSchema,
  registry,
}: ArrayFieldItemTemplateProps) {
  const { t } = useFormText();
  const titles = parentUiSchema?.['ui:options']?.['itemTitles'];
  const title = Array.isArray(titles) && typeof titles[index] === 'string' ? t(titles[index]) : String(index + 1);
  const { ArrayFieldItemButtonsTemplate: Buttons } = registry.templates;
  return (
    <div className="ui-form-array-item">
      <div className="ui-form-array-item-title">{title}</div>
      {children}
      {hasToolbar && (
        <div className="ui-form-array-item-buttons">
          <Buttons {...buttonsProps} />
        </div>
      )}
    </div>
  );
}
