/**
 * The server's checks of the saved draft (engine/studio): each one's message is a staff i18n key with its params,
 * and "Show" takes the staff member to what it is about — the field in the outline, or the text cell (the field's
 * text in the outline when a field has that text, else the translations table).
 */
import { useTranslation } from 'react-i18next';
import { FORM_LANGUAGES, type FormContent, type FormLanguage } from '#domain/form-content.ts';
import { fieldOfPointer, fieldsOf, prefixOf } from './outline.ts';
import type { Check, Content, VersionDetail } from './types.ts';

/** Where the editor should take the staff member: a tab, and in it a field and/or a text cell. */
export interface FocusTarget {
  readonly tab: 'outline' | 'json' | 'texts';
  readonly field?: string;
  readonly key?: string;
  readonly lng?: FormLanguage;
  /** A new value for each request, so asking twice for the same place focuses it again. */
  readonly nonce?: number;
}

const unescape = (part: string) => part.replace(/~1/gu, '/').replace(/~0/gu, '~');

/** What a check points at in the editor. */
export function targetOf(
  check: Check,
  content: Content,
  kind: VersionDetail['version']['kind'],
  form: string,
): FocusTarget {
  if (kind !== 'form') return { tab: 'outline' };
  const formContent = content as FormContent;
  const parts = check.path.split('/').slice(1).map(unescape);
  if (parts[0] === 'texts' && (FORM_LANGUAGES as readonly string[]).includes(parts[1] ?? '') && parts.length > 2) {
    const key = `${prefixOf(form)}${parts.slice(2).join('.')}`;
    const lng = parts[1] as FormLanguage;
    const field = fieldsOf(formContent).find((f) => Object.values(f.keys).includes(key))?.name;
    return field ? { tab: 'outline', field, key, lng } : { tab: 'texts', key, lng };
  }
  const field = check.field ?? fieldOfPointer(formContent, form, check.path);
  return field ? { tab: 'outline', field } : { tab: 'json' };
}

export function ChecksList({
  checks,
  content,
  detail,
  onShow,
}: {
  checks: readonly Check[];
  content: Content;
  detail: VersionDetail;
  onShow: (target: FocusTarget) => void;
}) {
  const { t } = useTranslation();
  if (checks.length === 0)
    return (
      <p className="st-notice" data-testid="checks-none">
        {t('studio.checksNone')}
      </p>
    );
  return (
    <section className="st-checks" data-testid="checks" aria-label={t('studio.checksTitle')}>
      <h3>{t('studio.checksTitle')}</h3>
      <ul className="st-list st-compact">
        {checks.map((check) => (
          <li key={check.id} data-check={check.code} data-severity={check.severity} data-path={check.path}>
            <span className={`st-badge st-severity-${check.severity}`}>{t(`studio.severity.${check.severity}`)}</span>{' '}
            {t(check.code, { ...check.params, defaultValue: check.code })}{' '}
            <button
              type="button"
              className="st-link"
              onClick={() => onShow(targetOf(check, content, detail.version.kind, detail.version.name))}
            >
              {t('studio.showCheck')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
