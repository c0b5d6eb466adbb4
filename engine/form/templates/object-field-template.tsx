import { buttonId, canExpand } from '@rjsf/utils';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import './form.css';

/**
 * An object's fields in one column under its (translated) title; the root form's title is left to the screen, and a
 * list item's to its card (ArrayFieldItemTemplate numbers it: RJSF would title it `<list title>-<n>`). An object
 * whose schema takes more properties (`additionalProperties`, `ui:options.expandable`) ends with the registry's add
 * button, as RJSF's does; each added property can be renamed and removed (RJSF's WrapIfAdditionalTemplate).
 */
export function ObjectFieldTemplate({
  title,
  description,
  properties,
  fieldPathId,
  uiSchema,
  schema,
  formData,
  disabled,
  readonly,
  registry,
  onAddProperty,
}: ObjectFieldTemplateProps) {
  const isRoot = fieldPathId.path.length === 0;
  const isListItem = typeof fieldPathId.path.at(-1) === 'number';
  const showTitle = !isRoot && !isListItem && title !== '' && uiSchema?.['ui:options']?.['label'] !== false;
  const { AddButton } = registry.templates.ButtonTemplates;
  return (
    <fieldset className="ui-form-group" id={fieldPathId.$id}>
      {showTitle && <legend className="ui-form-group-title">{title}</legend>}
      {!isRoot && typeof description === 'string' && description !== '' && (
        <div className="ui-form-description">{description}</div>
      )}
      {properties.filter((p) => !p.hidden).map((p) => p.content)}
      {canExpand(schema, uiSchema, formData) && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          onClick={onAddProperty}
          disabled={disabled || readonly}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </fieldset>
  );
}
