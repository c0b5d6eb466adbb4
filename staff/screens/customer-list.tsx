/** /staff/customers: find a customer by phone, name, order number or ID number. */
import { useState } from 'react';
import { useTable } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CustomerItem } from '../types.ts';
import { DateTime, Pager, StateView } from '../ui.tsx';

const BY = ['phone', 'name', 'order', 'idNumber'] as const;
type By = (typeof BY)[number];

function Results({ by, q }: { by: By; q: string }) {
  const { t } = useTranslation();
  const { tableQuery, result, currentPage, setCurrentPage, pageCount } = useTable<CustomerItem>({
    resource: 'customers',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    filters: { permanent: [{ field: 'by', operator: 'eq', value: by }, { field: 'q', operator: 'eq', value: q }] },
  });
  const items = result.data;
  return (
    <StateView loading={tableQuery.isLoading} error={tableQuery.error} empty={items.length === 0} onRetry={() => void tableQuery.refetch()}>
      <table className="st-table">
        <thead>
          <tr>
            <th>{t('customers.name')}</th>
            <th>{t('customers.phone')}</th>
            <th>{t('customers.openOrder')}</th>
            <th>{t('customers.since')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr key={c.id}>
              <td>
                <Link to={`/customers/${c.id}`}>{c.nameMasked ?? t('customers.noName')}</Link>
                {c.erased && <span className="st-badge">{t('customers.erased')}</span>}
              </td>
              <td>{c.phoneMasked}</td>
              <td>{c.openOrderState ? t(`orderStates.${c.openOrderState}`, { defaultValue: c.openOrderState }) : '—'}</td>
              <td>
                <DateTime value={c.createdAt} dateOnly />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={currentPage} pageCount={pageCount} total={result.total} onPage={setCurrentPage} />
    </StateView>
  );
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
      {search ? <Results key={`${search.by}:${search.q}`} by={search.by} q={search.q} /> : <p className="st-hint">{t('customers.searchHint')}</p>}
    </div>
  );
}
