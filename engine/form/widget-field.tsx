import { useCallback } from 'react';
import { getUiOptions } from '@rjsf/utils';
import type { FieldProps } from '@rjsf/utils';

/**
 * `"ui:field": "widget"`: mounts the registry widget named by `ui:widget` for ANY schema type. RJSF's ObjectField
 * ignores `ui:widget`, so object-valued widgets (`address`, `contactPicker`) need this field to receive their whole
 * value and `onChange`. The label comes from the field template; the widget gets `ui:options` as `options`.
 */
export function WidgetField(props: FieldProps) {
  const {
    schema,
    uiSchema,
    registry,
    fieldPathId,
    formData,
    onChange,
    onBlur,
    onFocus,
    name,
    disabled,
    readonly,
    required,
    rawErrors,
    hideError,
    autofocus,
  } = props;
  const { widget, ...options } = getUiOptions(uiSchema, registry.globalUiOptions);
  const change = useCallback(
    (value: unknown) => onChange(value, fieldPathId.path, undefined, fieldPathId.$id),
    [onChange, fieldPathId],
  );
  const Widget = typeof widget === 'string' ? registry.widgets[widget] : undefined;
  // A schema naming a widget the registry lacks is an authoring error: fail loudly, with a code, not a blank field.
  if (!Widget)
    throw Object.assign(new Error(`ui:field "widget" needs a registered ui:widget (got ${String(widget)})`), {
      code: 'FORM_WIDGET_UNKNOWN',
    });
  return (
    <Widget
      id={fieldPathId.$id}
      name={name}
      schema={schema}
      uiSchema={uiSchema}
      registry={registry}
      value={formData}
      options={options}
      label={typeof options.title === 'string' ? options.title : (schema.title ?? name)}
      hideLabel
      required={required}
      disabled={disabled === true}
      readonly={readonly === true}
      autofocus={autofocus}
      rawErrors={hideError === true ? undefined : rawErrors}
      onChange={change}
      onBlur={onBlur}
      onFocus={onFocus}
    />
  );
}
