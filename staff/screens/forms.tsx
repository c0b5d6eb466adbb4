/**
 * /staff/forms (product staff): the studio's documents — each step form, the step order and the themes —
 * with the version borrowers get now and the version open for editing or review.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ContentKind } from '#domain/form-content.ts';
import { documentTitle } from '../forms-studio/names.ts';
import { useDocuments } from '../forms-studio/studio-api.tsx';
import type { FormDocument } from '../forms-studio/types.ts';
import { DateTime, Section, StateView } from '../ui.tsx';

const KIND_ORDER: readonly ContentKind[] = ['form', 'flow', 'theme'];

export default function FormsList() {
  const { t } = useTranslation();
  const { query } = useDocuments();
  const items = query.data?.data.items ?? [];
  return (
    <div className="st-page" data-testid="studio-documents">
      <h1>{t('studio.title')}</h1>
      <StateView
        loading={query.isLoading}
        error={query.error}
        empty={items.length === 0}
        onRetry={() => void query.refetch()}
      >
        {KIND_ORDER.map((kind) => {
          const docs = items.filter((d) => d.kind === kind);
          if (docs.length === 0) return null;
          return (
            <Section key={kind} title={t(`studio.kinds.${kind}`)}>
              <DocumentTable docs={docs} />
            </Section>
          );
        })}
      </StateView>
    </div>
  );
}

function DocumentTable({ docs }: { docs: readonly FormDocument[] }) {
  const { t } = useTranslation();
  return (
    <table className="st-table">
      <thead>
        <tr>
          <th>{t('studio.document')}</th>
          <th>{t('studio.published')}</th>
          <th>{t('studio.publishedAt')}</th>
          <th>{t('studio.open')}</th>
        </tr>
      </thead>
      <tbody>
        {docs.map((d) => (
          <tr key={`${d.kind}/${d.name}`} data-document={`${d.kind}/${d.name}`}>
            <td>
              <Link to={`/forms/${d.kind}/${encodeURIComponent(d.name)}`}>{documentTitle(t, d.kind, d.name)}</Link>
            </td>
            <td>{d.published ? t('studio.versionNo', { version: d.published.version }) : '—'}</td>
            <td>
              <DateTime value={d.published?.publishedAt} />
            </td>
            <td>
              {d.open ? (
                <Link to={`/form-versions/${d.open.id}`} data-testid="open-version">
                  {t('studio.versionNo', { version: d.open.version })}
                  <span className="st-badge st-state-open">{t(`studio.status.${d.open.status}`)}</span>
                </Link>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
