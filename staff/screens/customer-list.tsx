/** /staff/customers: find a customer by phone, name, order number or ID number. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListTable, useListTable, type Column } from '../list-table.tsx';
import type { CustomerItem } from '#api-contract/staff-ops.ts';
import { DateTime } from '../ui.tsx';

const BY = ['phone', 'name', 'order', 'idNumber'] as const;
type By = (typeof BY)[number];

function Results({ by, q }: { by: By; q: string }) {
  const { t } = useTranslation();
  // What is searched for is posted, never put in a URL (POST /customers/search).
  const table = useListTable<CustomerItem>('customers', {
    filters: [
      { field: 'by', operator: 'eq', value: by },
      { field: 'q', operator: 'eq', value: q },
    ],
    search: true,
  });
  const columns: Column<CustomerItem>[] = [
    {
      id: 'name',
      header: t('customers.name'),
      cell: (c) => (
        <>
          <Link to={`/customers/${c.id}`}>{c.nameMasked ?? t('customers.noName')}</Link>
          {c.erased && <span className="st-badge">{t('customers.erased')}</span>}
        </>
      ),
    },
    { id: 'phone', header: t('customers.phone'), cell: (c) => c.phoneMasked },
    {
      id: 'openOrder',
      header: t('customers.openOrder'),
      cell: (c) => (c.openOrderState ? t(`orderStates.${c.openOrderState}`, { defaultValue: c.openOrderState }) : '—'),
    },
    { id: 'since', header: t('customers.since'), cell: (c) => <DateTime value={c.createdAt} dateOnly /> },
  ];
  return <ListTable table={table} columns={columns} rowKey={(c) => c.id} />;
}

export default function CustomerList() {
  const { t } = useTranslation();
  const [by, setBy] = useState<By>('phone');
  const [q, setQ] = useState('');
  // The list asks only once a search was given: the whole customer base is not a page to browse.
  const [search, setSearch] = useState<{ by: By; q: string } | undefined>(undefined);
  return (
    <div className="st-page">
      <h1>{t('customers.title')}</h1>
      <form
        className="st-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          if (q.trim()) setSearch({ by, q: q.trim() });
        }}
      >
        <label className="st-field">
          <span>{t('customers.by')}</span>
          <select value={by} onChange={(e) => setBy(e.target.value as By)}>
            {BY.map((b) => (
              <option key={b} value={b}>
                {t(`customers.byOptions.${b}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="st-field st-grow">
          <span>{t('customers.query')}</span>
          <input value={q} onChange={(e) => setQ(e.target.value)} name="q" />
        </label>
        <button type="submit" className="st-button">
          {t('customers.search')}
        </button>
      </form>
      {search ? (
        <Results key={`${search.by}:${search.q}`} by={search.by} q={search.q} />
      ) : (
        <p className="st-hint">{t('customers.searchHint')}</p>
      )}
    </div>
  );
}
