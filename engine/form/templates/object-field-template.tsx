import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import './form.css';

/**
 * An object's fields in one column under its (translated) title; the root form's title is left to the screen, and a
 * list item's to its card (ArrayFieldItemTemplate numbers it: RJSF would title it `<list title>-<n>`).
 */
export function ObjectFieldTemplate({
  title,
  description,
  properties,
  fieldPathId,
  uiSchema,
}: ObjectFieldTemplateProps) {
  const isRoot = fieldPathId.path.length === 0;
  const isListItem = typeof fieldPathId.path.at(-1) === 'number';
  const showTitle = !isRoot && !isListItem && title !== '' && uiSchema?.['ui:options']?.['label'] !== false;
  return (
    <fieldset className="ui-form-group" id={fieldPathId.$id}>
      {showTitle && <legend className="ui-form-group-title">{title}</legend>}
      {!isRoot && typeof description === 'string' && description !== '' && (
        <div className="ui-form-description">{description}</div>
      )}
      {properties.filter((p) => !p.hidden).map((p) => p.content)}
    </fieldset>
  );
}
