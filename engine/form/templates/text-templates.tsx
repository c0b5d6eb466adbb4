import { helpId } from '@rjsf/utils';
import type { DescriptionFieldProps, ErrorListProps, FieldHelpProps } from '@rjsf/utils';

/** A description as plain text (never markdown: no markdown-to-jsx in the bundle, no HTML from a schema). */
export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (description === '' || description === undefined) return null;
  return (
    <div id={id} className="ui-form-description">
      {description}
    </div>
  );
}

/** Help text as plain text, under the field. */
export function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (help === undefined || help === '') return null;
  return (
    <div id={helpId(fieldPathId)} className="ui-form-help">
      {help}
    </div>
  );
}

/** No error list at the top: each error shows under its own field. */
export function ErrorListTemplate(_props: ErrorListProps) {
  return null;
}
