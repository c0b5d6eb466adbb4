/** /staff/audit (supervisor, administrator): the audit log, filtered by staff, customer, action prefix and dates. */
import { useState } from 'react';
import { useTable } from '@refinedev/core';
import type { CrudFilter } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AuditEntry } from '../types.ts';
import { DateTime, Pager, StateView } from '../ui.tsx';
import { showValue } from './profile-view.tsx';

/** The instant a Manila day (YYYY-MM-DD) starts, `plusDays` later, as ISO (the API takes date-times). */
export function manilaDayStart(day: string, plusDays: number): string {
  const start = new Date(`${day}T00:00:00+08:00`);
  return new Date(start.getTime() + plusDays * 86_400_000).toISOString();
}

const FIELDS = ['staffId', 'customerId', 'action', 'from', 'to'] as const;
type Field = (typeof FIELDS)[number];

export default function AuditLog() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Record<Field, string>>({ staffId: '', customerId: '', action: '', from: '', to: '' });
  const { tableQuery, result, currentPage, setCurrentPage, pageCount, setFilters } = useTable<AuditEntry>({ resource: 'audit', pagination: { pageSize: 50 }, syncWithLocation: false });
  const apply = () => {
    const filters: CrudFilter[] = FIELDS.map((field) => {
      const value = draft[field].trim();
      // A date range is whole days in Manila time: from the start of the first day to the start of the day after the last.
      const asTime = value && field === 'from' ? manilaDayStart(value, 0) : value && field === 'to' ? manilaDayStart(value, 1) : value;
      return { field, operator: 'eq', value: asTime || undefined };
    });
    setFilters(filters, 'replace');
    setCurrentPage(1);
  };
  const items = result.data;
  return (
    <div className="st-page">
      <h1>{t('audit.title')}</h1>
      <form className="st-filters" onSubmit={(e) => { e.preventDefault(); apply(); }}>
        {FIELDS.map((field) => (
          <label key={field} className="st-field">
            <span>{t(`audit.filters.${field}`)}</span>
            <input type={field === 'from' || field === 'to' ? 'date' : 'text'} value={draft[field]} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })} />
          </label>
        ))}
        <button type="submit" className="st-button st-secondary">
          {t('common.filter')}
        </button>
      </form>
      <StateView loading={tableQuery.isLoading} error={tableQuery.error} empty={items.length === 0} onRetry={() => void tableQuery.refetch()}>
        <table className="st-table">
          <thead>
            <tr>
              <th>{t('audit.at')}</th>
              <th>{t('audit.event')}</th>
              <th>{t('audit.staff')}</th>
              <th>{t('audit.customer')}</th>
              <th>{t('audit.ip')}</th>
              <th>{t('audit.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => (
              <tr key={entry.id}>
                <td><DateTime value={entry.at} /></td>
                <td><code>{entry.event}</code></td>
                <td>{entry.staffEmail ?? '—'}</td>
                <td>{entry.customerId ? <Link to={`/customers/${entry.customerId}`}>{entry.customerId}</Link> : '—'}</td>
                <td>{entry.ip ?? '—'}</td>
                <td className="st-detail">{entry.detail === null || entry.detail === undefined ? '—' : showValue(entry.detail)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pager page={currentPage} pageCount={pageCount} total={result.total} onPage={setCurrentPage} />
      </StateView>
    </div>
  );
}
