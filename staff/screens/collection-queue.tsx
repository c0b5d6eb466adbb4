/**
 * /staff/collections: the collection queue (server/routes/staff/collections.ts): overdue loans in the order they need
 * attention (broken promises, then amount and days overdue), by delinquency bucket; a collector's own loans, every
 * loan for a supervisor (with the loans no collector holds). Each opens the loan's collection view.
 */
import { useState } from 'react';
import { useCan, useCustom, type CrudFilter } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { QueueAnswer, QueueItem } from '#api-contract/collections.ts';
import { ListTable, useListTable, type Column } from '../list-table.tsx';
import { DateTime, Money, Tabs } from '../ui.tsx';

/** The buckets with their loans (the queue's first page carries them). */
function useBuckets(unassigned: boolean) {
  const { query } = useCustom<QueueAnswer>({
    url: '/collections/queue',
    method: 'get',
    config: { query: { perPage: 1, ...(unassigned ? { unassigned: 'true' } : {}) } },
  });
  return query.data?.data.buckets ?? [];
}

function QueueTable({ filters }: { filters: CrudFilter[] }) {
  const { t } = useTranslation();
  const table = useListTable<QueueItem>('collections/queue', { filters });
  const columns: Column<QueueItem>[] = [
    {
      id: 'order',
      header: t('collections.order'),
      cell: (r) => (
        <Link to={`/collections/${r.orderId}`} data-testid="queue-order">
          {r.orderNo}
        </Link>
      ),
    },
    {
      id: 'customer',
      header: t('collections.customer'),
      cell: (r) => `${r.customer.nameMasked || t('customers.noName')} · ${r.customer.phoneMasked}`,
    },
    { id: 'bucket', header: t('collections.bucket'), cell: (r) => t(`collections.buckets.${r.bucket}`) },
    { id: 'days', header: t('collections.daysPastDue'), cell: (r) => r.daysPastDue },
    { id: 'overdue', header: t('collections.overdue'), cell: (r) => <Money centavos={r.overdueCentavos} /> },
    {
      id: 'promise',
      header: t('collections.promise'),
      cell: (r) =>
        r.promise ? (
          <span className={r.promise.state === 'broken' ? 'st-badge st-danger' : 'st-badge'}>
            {t(`collections.promiseStates.${r.promise.state}`)} · <DateTime value={r.promise.promisedOn} dateOnly />
          </span>
        ) : (
          '—'
        ),
    },
    { id: 'contact', header: t('collections.lastContact'), cell: (r) => <DateTime value={r.lastContactAt} /> },
    { id: 'collector', header: t('collections.collector'), cell: (r) => r.collector?.name ?? t('collections.nobody') },
    {
      id: 'disputed',
      header: t('collections.dispute'),
      cell: (r) => (r.disputed ? <span className="st-badge st-danger">{t('collections.disputed')}</span> : ''),
    },
  ];
  return (
    <ListTable
      table={table}
      columns={columns}
      rowKey={(r) => r.orderId}
      rowProps={(r) => ({ 'data-order': r.orderId, 'data-bucket': r.bucket })}
    />
  );
}

export default function CollectionQueue() {
  const { t } = useTranslation();
  const [bucket, setBucket] = useState('');
  const [unassigned, setUnassigned] = useState(false);
  const { data: supervise } = useCan({ resource: 'collections', action: 'assign' });
  const buckets = useBuckets(unassigned);
  const filters: CrudFilter[] = [
    ...(bucket ? [{ field: 'bucket', operator: 'eq' as const, value: bucket }] : []),
    ...(unassigned ? [{ field: 'unassigned', operator: 'eq' as const, value: 'true' }] : []),
  ];
  return (
    <div className="st-page">
      <h1>{t('collections.title')}</h1>
      <p className="st-hint">{t('collections.hint')}</p>
      <Tabs
        options={['', ...buckets.map((b) => b.id)]}
        value={bucket}
        onChange={setBucket}
        label={(id) => {
          const counted = buckets.find((b) => b.id === id);
          return counted ? `${t(`collections.buckets.${id}`)} (${counted.loans})` : t('collections.allBuckets');
        }}
        data={(id): Record<`data-${string}`, string> => (id ? { 'data-bucket-tab': id } : {})}
      />
      {supervise?.can && (
        <label className="st-check">
          <input type="checkbox" checked={unassigned} onChange={(e) => setUnassigned(e.target.checked)} />{' '}
          {t('collections.onlyUnassigned')}
        </label>
      )}
      <QueueTable key={`${bucket}:${String(unassigned)}`} filters={filters} />
    </div>
  );
}
