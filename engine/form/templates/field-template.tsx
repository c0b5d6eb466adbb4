import type { FieldTemplateProps } from '@rjsf/utils';
import './form.css';

/**
 * One field, mobile first: label above (with a required marker), the control, its description and help as plain text,
 * and its errors under it (`FieldErrorTemplate`, already translated). `data-field` carries the id so SchemaForm can
 * order errors as the borrower sees the fields.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, displayLabel, required, hidden, children, errors, description, help, rawDescription, uiSchema, classNames } = props;
  if (hidden) return <div hidden>{children}</div>;
  const groupLabel = !displayLabel && uiSchema?.['ui:field'] === 'widget';
  return (
    <div className={`ui-form-field ${classNames ?? ''}`.trim()} data-field={id}>
      {(displayLabel || groupLabel) && label !== '' && (
        <label className="ui-form-label" htmlFor={groupLabel ? undefined : id} id={`${id}__title`}>
          {label}
          {required && <span className="ui-form-required" aria-hidden="true">*</span>}
        </label>
      )}
      {children}
      {displayLabel && rawDescription !== undefined && rawDescription !== '' && description}
      {errors}
      {help}
    </div>
  );
}
