import { errorId } from '@rjsf/utils';
import type { FieldErrorProps } from '@rjsf/utils';
import { useFormText } from '../form-text.ts';

/** The errors of one field, under it: each message is an i18n key (see precompiledValidator), shown translated. */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const { t } = useFormText();
  const keys = [...new Set((errors ?? []).filter((e): e is string => typeof e === 'string'))];
  if (keys.length === 0) return null;
  return (
    <div id={errorId(fieldPathId)} className="ui-form-error" role="alert">
      {keys.map((key) => <p key={key}>{t(key)}</p>)}
    </div>
  );
}
