import { ADDITIONAL_PROPERTY_FLAG, buttonId } from '@rjsf/utils';
import type { WrapIfAdditionalTemplateProps } from '@rjsf/utils';
import { useFormText } from '../form-text.ts';
import './form.css';

/**
 * RJSF's WrapIfAdditionalTemplate in the engine's look: a property an object's `additionalProperties` let the user
 * add shows its name in a box (`form.key`; a new name takes effect when the box is left, as in RJSF) above its value,
 * and the registry's remove button under it. Any other field is passed through.
 */
export function AdditionalPropertyTemplate(props: WrapIfAdditionalTemplateProps) {
  const { id, label, schema, children, disabled, readonly, onKeyRenameBlur, onRemoveProperty, uiSchema, registry } =
    props;
  const { t } = useFormText();
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) return <>{children}</>;
  const { RemoveButton } = registry.templates.ButtonTemplates;
  return (
    <div className="ui-form-additional">
      <label className="ui-form-label" htmlFor={`${id}-key`}>
        {t('form.key')}
      </label>
      <input
        key={label}
        id={`${id}-key`}
        className="ui-form-input"
        type="text"
        autoComplete="off"
        defaultValue={label}
        readOnly={readonly}
        disabled={disabled}
        onBlur={onKeyRenameBlur}
      />
      {children}
      <RemoveButton
        id={buttonId(id, 'remove')}
        className="rjsf-object-property-remove"
        disabled={disabled || readonly}
        onClick={onRemoveProperty}
        uiSchema={uiSchema}
        registry={registry}
      />
    </div>
  );
}
