/** /staff/audit (supervisor, administrator): the audit log, filtered by staff, customer, action prefix and dates. */
import { useState } from 'react';
import type { CrudFilter } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListTable, useListTable, type Column } from '../list-table.tsx';
import type { AuditEntry } from '../types.ts';
import { DateTime } from '../ui.tsx';
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
  const [draft, setDraft] = useState<Record<Field, string>>({
    staffId: '',
    customerId: '',
    action: '',
    from: '',
    to: '',
  });
  const table = useListTable<AuditEntry>('audit', { pageSize: 50 });
  const { setFilters, setCurrentPage } = table;
  const columns: Column<AuditEntry>[] = [
    { id: 'at', header: t('audit.at'), cell: (entry) => <DateTime value={entry.at} /> },
    // The event by name in the staff member's language, its code beside it for whoever searches the log by it.
    {
      id: 'event',
      header: t('audit.event'),
      cell: (entry) => (
        <span title={entry.event}>{t(`audit.events.${entry.event}`, { defaultValue: entry.event })}</span>
      ),
    },
    { id: 'staff', header: t('audit.staff'), cell: (entry) => entry.staffEmail ?? '—' },
    {
      id: 'customer',
      header: t('audit.customer'),
      cell: (entry) => (entry.customerId ? <Link to={`/customers/${entry.customerId}`}>{entry.customerId}</Link> : '—'),
    },
    { id: 'ip', header: t('audit.ip'), cell: (entry) => entry.ip ?? '—' },
    {
      id: 'detail',
      header: t('audit.detail'),
      className: 'st-detail',
      cell: (entry) => <AuditDetail detail={entry.detail} />,
    },
  ];
  const apply = () => {
    const filters: CrudFilter[] = FIELDS.map((field) => {
      const value = draft[field].trim();
      // A date range is whole days in Manila time: from the start of the first day to the start of the day after the last.
      const asTime =
        value && field === 'from'
          ? manilaDayStart(value, 0)
          : value && field === 'to'
            ? manilaDayStart(value, 1)
            : value;
      return { field, operator: 'eq', value: asTime || undefined };
    });
    setFilters(filters, 'replace');
    setCurrentPage(1);
  };
  return (
    <div className="st-page">
      <h1>{t('audit.title')}</h1>
      <form
        className="st-filters"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        {FIELDS.map((field) => (
          <label key={field} className="st-field">
            <span>{t(`audit.filters.${field}`)}</span>
            <input
              type={field === 'from' || field === 'to' ? 'date' : 'text'}
              value={draft[field]}
              onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
            />
          </label>
        ))}
        <button type="submit" className="st-button st-secondary">
          {t('common.filter')}
        </button>
      </form>
      <ListTable table={table} columns={columns} rowKey={(entry) => String(entry.id)} />
    </div>
  );
}

/** An event's details one per line (`requestId: …`), a nested value as JSON; none: a dash. */
function AuditDetail({ detail }: { detail: AuditEntry['detail'] }) {
  if (detail === null || detail === undefined) return <>—</>;
  if (typeof detail !== 'object' || Array.isArray(detail)) return <>{showValue(detail)}</>;
  return (
    <ul className="st-detail-list">
      {Object.entries(detail).map(([key, value]) => (
        <li key={key}>
          <span className="st-detail-key">{key}</span> {showValue(value)}
        </li>
      ))}
    </ul>
  );
}
