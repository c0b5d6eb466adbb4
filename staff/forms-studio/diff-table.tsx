/** The server's changes between two versions as a table: where (JSON pointer), what kind, before and after. */
import { useTranslation } from 'react-i18next';
import type { Change } from './types.ts';

const shown = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

export function DiffTable({ changes }: { changes: readonly Change[] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return <p className="st-empty">{t('studio.noChanges')}</p>;
  return (
    <table className="st-table" data-testid="diff">
      <thead>
        <tr>
          <th>{t('studio.diffPath')}</th>
          <th>{t('studio.diffKind')}</th>
          <th>{t('studio.diffBefore')}</th>
          <th>{t('studio.diffAfter')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={`${c.path}:${c.kind}`} data-change={c.kind}>
            <td>
              <code>{c.path}</code>
            </td>
            <td>{t(`studio.changeKinds.${c.kind}`)}</td>
            <td className="st-detail">{shown(c.before)}</td>
            <td className="st-detail">{shown(c.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
