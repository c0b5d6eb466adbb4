/**
 * /staff/disputes (supervisors): borrowers' disputes of their bills, open ones first by default. While a dispute is
 * open, collection contact on the loan is paused (server/services/collections.ts); resolving it lets collection
 * resume and tells the borrower.
 */
import { Suspense, useState } from 'react';
import { useCustomMutation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DisputeListAnswer } from '#api-contract/collections.ts';
import { StaffForm } from '../forms/staff-form.tsx';
import { ListTable, useListTable, type Column } from '../list-table.tsx';
import { DateTime, ErrorText, Tabs } from '../ui.tsx';

type Dispute = DisputeListAnswer['items'][number];
const FILTERS = ['open', 'resolved'] as const;

function Resolve({ dispute, onDone }: { dispute: Dispute; onDone: () => void }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const [error, setError] = useState<unknown>(undefined);
  const [open, setOpen] = useState(false);
  if (dispute.state !== 'open') return null;
  if (!open)
    return (
      <button type="button" className="st-button" onClick={() => setOpen(true)}>
        {t('collections.resolve')}
      </button>
    );
  const submit = (value: { resolution: string; note?: string }) => {
    setError(undefined);
    mutate(
      {
        url: `/collections/disputes/${dispute.id}/resolution`,
        method: 'post',
        values: value,
        successNotification: false,
        errorNotification: false,
      },
      { onSuccess: onDone, onError: setError },
    );
  };
  return (
    <Suspense fallback={<p className="st-state" aria-busy="true" />}>
      <StaffForm<{ resolution: string; note?: string }>
        name="disputeResolution"
        onSubmit={submit}
        disabled={mutation.isPending}
        submitText={t('collections.resolve')}
      />
      <ErrorText error={error} />
    </Suspense>
  );
}

function DisputeTable({ state }: { state: (typeof FILTERS)[number] }) {
  const { t } = useTranslation();
  const table = useListTable<Dispute>('collections/disputes', {
    filters: [{ field: 'state', operator: 'eq', value: state }],
  });
  const done = () => void table.tableQuery.refetch();
  const columns: Column<Dispute>[] = [
    { id: 'at', header: t('collections.at'), cell: (d) => <DateTime value={d.openedAt} /> },
    {
      id: 'order',
      header: t('collections.order'),
      cell: (d) => <Link to={`/collections/${d.orderId}`}>{d.orderNo}</Link>,
    },
    {
      id: 'customer',
      header: t('collections.customer'),
      cell: (d) => `${d.customer.nameMasked || t('customers.noName')} · ${d.customer.phoneMasked}`,
    },
    {
      id: 'reason',
      header: t('collections.reason'),
      cell: (d) => (
        <>
          {t(`collections.disputeReasons.${d.reason}`)}
          {d.openedByName && <span className="st-hint"> · {d.openedByName}</span>}
          {d.note && <p className="st-quote">{d.note}</p>}
        </>
      ),
    },
    {
      id: 'resolution',
      header: t('collections.resolution'),
      cell: (d) =>
        d.resolution ? (
          <>
            {t(`collections.disputeResolutions.${d.resolution}`)} · {d.resolvedByName}
            {d.resolutionNote && <p className="st-quote">{d.resolutionNote}</p>}
          </>
        ) : (
          <Resolve dispute={d} onDone={done} />
        ),
    },
  ];
  return (
    <ListTable
      table={table}
      columns={columns}
      rowKey={(d) => d.id}
      rowProps={(d) => ({ 'data-dispute': d.id, 'data-state': d.state })}
    />
  );
}

export default function Disputes() {
  const { t } = useTranslation();
  const [state, setState] = useState<(typeof FILTERS)[number]>('open');
  return (
    <div className="st-page">
      <h1>{t('collections.disputesTitle')}</h1>
      <p className="st-hint">{t('collections.disputesHint')}</p>
      <Tabs options={FILTERS} value={state} onChange={setState} label={(s) => t(`collections.disputeFilter.${s}`)} />
      <DisputeTable key={state} state={state} />
    </div>
  );
}
