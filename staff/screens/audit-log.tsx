/**
 * /staff/audit (supervisor, administrator): the audit log, filtered by staff, customer, action prefix and dates; and
 * who searched for a value (POST /audit/search: the value is posted, hashed by the server and never kept).
 */
import { useState } from 'react';
import type { CrudFilter } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListTable, useListTable, type Column } from '../list-table.tsx';
import type { AuditEntry } from '#api-contract/staff.ts';
import { DateTime } from '../ui.tsx';
import { showValue } from './profile-view.tsx';

/** The instant a Manila day (YYYY-MM-DD) starts, `plusDays` later, as ISO (the API takes date-times). */
export function manilaDayStart(day: string, plusDays: number): string {
  const start = new Date(`${day}T00:00:00+08:00`);
  return new Date(start.getTime() + plusDays * 86_400_000).toISOString();
}

const FIELDS = ['staffId', 'customerId', 'action', 'from', 'to'] as const;
type Field = (typeof FIELDS)[number];

/** The audit log's columns, shared by the log and the searches found for a value. */
function useAuditColumns(): Column<AuditEntry>[] {
  const { t } = useTranslation();
  return [
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
}

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
  const columns = useAuditColumns();
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
      <SearchesFor />
    </div>
  );
}

const SEARCHED_BY = ['phone', 'name', 'order', 'idNumber'] as const;
type SearchedBy = (typeof SEARCHED_BY)[number];

/** Who searched for a value: a form, then the searches found, once one was asked for. */
function SearchesFor() {
  const { t } = useTranslation();
  const [by, setBy] = useState<SearchedBy>('phone');
  const [value, setValue] = useState('');
  const [asked, setAsked] = useState<{ by: SearchedBy; value: string } | undefined>(undefined);
  return (
    <section className="st-section">
      <h2>{t('audit.search.title')}</h2>
      <p className="st-hint">{t('audit.search.hint')}</p>
      <form
        className="st-filters"
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim()) setAsked({ by, value: value.trim() });
        }}
      >
        <label className="st-field">
          <span>{t('audit.search.by')}</span>
          <select value={by} onChange={(e) => setBy(e.target.value as SearchedBy)}>
            {SEARCHED_BY.map((option) => (
              <option key={option} value={option}>
                {t(`customers.byOptions.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="st-field st-grow">
          <span>{t('audit.search.value')}</span>
          <input value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" />
        </label>
        <button type="submit" className="st-button st-secondary">
          {t('audit.search.submit')}
        </button>
      </form>
      {asked && <SearchesFound key={`${asked.by}:${asked.value}`} by={asked.by} value={asked.value} />}
    </section>
  );
}

function SearchesFound({ by, value }: { by: SearchedBy; value: string }) {
  const table = useListTable<AuditEntry>('audit', {
    pageSize: 50,
    filters: [
      { field: 'by', operator: 'eq', value: by },
      { field: 'value', operator: 'eq', value },
    ],
    search: true,
  });
  const columns = useAuditColumns();
  return <ListTable table={table} columns={columns} rowKey={(entry) => String(entry.id)} />;
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
