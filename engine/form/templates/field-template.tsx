import { ADDITIONAL_PROPERTY_FLAG } from '@rjsf/utils';
import type { FieldTemplateProps } from '@rjsf/utils';
import { ErrorBoundary } from '#engine/ui/error-boundary.tsx';
import { useFormText } from '../form-text.ts';
import './form.css';

/**
 * One field, mobile first: label above (with a required marker), the control, its description and help as plain text,
 * and its errors under it (`FieldErrorTemplate`, already translated). `data-field` carries the id so SchemaForm can
 * order errors as the borrower sees the fields. `ui:options.notice` (an i18n key) is a just-in-time notice above the
 * field: why the product asks for it (an ID photo, a face photo, contacts), shown where and when it is asked for.
 *
 * A field whose widget or field cannot render (a name the build left out, a widget that throws) fails alone: its
 * label stays and `form.fieldFailed` shows in its place, and the rest of the form works. A property an object's
 * `additionalProperties` added is wrapped by the registry's WrapIfAdditionalTemplate (RJSF's: a name box, `form.key`,
 * renaming it when left, and the registry's remove button).
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    displayLabel,
    required,
    hidden,
    children,
    errors,
    description,
    help,
    rawDescription,
    uiSchema,
    classNames,
    schema,
    registry,
  } = props;
  const { t } = useFormText();
  if (hidden) return <div hidden>{children}</div>;
  const field = (
    <ErrorBoundary
      fallback={() => (
        <p className="ui-form-error" role="alert">
          {t('form.fieldFailed')}
        </p>
      )}
    >
      {children}
    </ErrorBoundary>
  );
  const groupLabel = !displayLabel && uiSchema?.['ui:field'] === 'widget';
  const notice: unknown = uiSchema?.['ui:options']?.['notice'];
  const content = (
    <div className={`ui-form-field ${classNames ?? ''}`.trim()} data-field={id}>
      {typeof notice === 'string' && (
        <p className="ui-form-notice" role="note" id={`${id}__notice`}>
          {t(notice)}
        </p>
      )}
      {(displayLabel || groupLabel) && label !== '' && (
        <label className="ui-form-label" htmlFor={groupLabel ? undefined : id} id={`${id}__title`}>
          {label}
          {required && (
            <span className="ui-form-required" aria-hidden="true">
              *
            </span>
          )}
        </label>
      )}
      {field}
      {displayLabel && rawDescription !== undefined && rawDescription !== '' && description}
      {errors}
      {help}
    </div>
  );
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) return content;
  const { WrapIfAdditionalTemplate } = registry.templates;
  return <WrapIfAdditionalTemplate {...props}>{content}</WrapIfAdditionalTemplate>;
}
