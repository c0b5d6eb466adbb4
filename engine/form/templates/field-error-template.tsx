import { errorId } from '@rjsf/utils';
import type { FieldErrorProps } from '@rjsf/utils';
import { useShowsErrors } from '../error-visibility.ts';
import { useFormText } from '../form-text.ts';

/**
 * The errors of one field, under it: each message is an i18n key (see precompiledValidator), shown translated, once
 * the borrower has left the field or tried to submit (SchemaForm's ErrorRevealContext).
 */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const { t } = useFormText();
  const shows = useShowsErrors(fieldPathId.$id);
  const keys = [...new Set((errors ?? []).filter((e): e is string => typeof e === 'string'))];
  if (keys.length === 0 || !shows) return null;
  return (
    <div id={errorId(fieldPathId)} className="ui-form-error" role="alert">
      {keys.map((key) => (
        <p key={key}>{t(key)}</p>
      ))}
    </div>
  );
}
