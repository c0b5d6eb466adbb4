/**
 * The breaking changes of a submit or a rollback (removed or retyped fields borrowers' saved answers hold), each with
 * how many borrowers it affects and a checkbox: the action stays disabled until every one is acknowledged, as the
 * server refuses it otherwise (FORM_BREAKING_UNACKNOWLEDGED).
 */
import { useTranslation } from 'react-i18next';
import type { Breaking } from './types.ts';

export function allAcknowledged(breaking: readonly Breaking[], acknowledged: ReadonlySet<string>): boolean {
  return breaking.every((b) => acknowledged.has(b.id));
}

export function AcknowledgeList({
  breaking,
  acknowledged,
  onChange,
}: {
  breaking: readonly Breaking[];
  acknowledged: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const { t } = useTranslation();
  if (breaking.length === 0) return null;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(acknowledged);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <fieldset className="st-breaking" data-testid="breaking">
      <legend>{t('studio.breakingTitle')}</legend>
      <p className="st-hint">{t('studio.breakingHint')}</p>
      <ul className="st-list st-compact">
        {breaking.map((b) => (
          <li key={b.id} data-breaking={b.id}>
            <label>
              <input
                type="checkbox"
                checked={acknowledged.has(b.id)}
                onChange={(e) => toggle(b.id, e.target.checked)}
              />{' '}
              <strong>{b.field}</strong>{' '}
              {t(`studio.breakingKinds.${b.kind}`, { before: b.before ?? '—', after: b.after ?? '—' })}{' '}
              <span className="st-badge">{t('studio.affected', { count: b.affected ?? 0 })}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
