/**
 * /staff/collection-complaints (customer service, feedback.reply): borrowers' complaints about collection (RA 11765),
 * overdue first, then the oldest. Each shows its reference, the borrower (masked), the loan, the contact it is about,
 * the reason and the borrower's words, its age in Manila days and the days it must be acknowledged and resolved by
 * (config/collections.json complaints); customer service takes it in hand and resolves it with the answer the borrower
 * reads in the app. The server records who and when, and audits each step.
 */
import { Suspense, useState } from 'react';
import { CanAccess, useCustomMutation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ComplaintView } from '#api-contract/collections.ts';
import { StaffForm } from '../forms/staff-form.tsx';
import { ListTable, useListTable, type Column } from '../list-table.tsx';
import { DateTime, ErrorText, Tabs } from '../ui.tsx';
import { ComplaintSummary } from './complaint-summary.tsx';

const FILTERS = ['open', 'resolved', 'all'] as const;

/** Acknowledge and resolve, for those who may; the same card on the loan's collection view shows none of it. */
export function ComplaintActions({ complaint, onDone }: { complaint: ComplaintView; onDone: () => void }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const [error, setError] = useState<unknown>(undefined);
  const [answering, setAnswering] = useState(false);
  if (complaint.state === 'resolved') return null;
  const post = (path: string, values: object) => {
    setError(undefined);
    mutate(
      {
        url: `/collections/complaints/${complaint.id}/${path}`,
        method: 'post',
        values,
        successNotification: false,
        errorNotification: false,
      },
      { onSuccess: onDone, onError: setError },
    );
  };
  return (
    <CanAccess resource="collection-complaints" action="resolve">
      {complaint.state === 'received' && (
        <button
          type="button"
          className="st-button"
          data-testid="complaint-acknowledge"
          disabled={mutation.isPending}
          onClick={() => post('acknowledgement', {})}
        >
          {t('collections.complaints.acknowledge')}
        </button>
      )}
      {complaint.state === 'received' && (
        <button
          type="button"
          className="st-button st-secondary"
          data-testid="complaint-acknowledge-complex"
          disabled={mutation.isPending}
          onClick={() => post('acknowledgement', { complex: true })}
        >
          {t('collections.complaints.acknowledgeComplex')}
        </button>
      )}
      {answering ? (
        <Suspense fallback={<p className="st-state" aria-busy="true" />}>
          <StaffForm<{ text: string }>
            name="feedbackReply"
            onSubmit={({ text }) => post('resolution', { answer: text })}
            disabled={mutation.isPending}
            submitText={t('collections.complaints.resolve')}
          />
        </Suspense>
      ) : (
        <button type="button" className="st-button" data-testid="complaint-resolve" onClick={() => setAnswering(true)}>
          {t('collections.complaints.answerAction')}
        </button>
      )}
      <ErrorText error={error} />
    </CanAccess>
  );
}

function ComplaintTable({ state }: { state: (typeof FILTERS)[number] }) {
  const { t } = useTranslation();
  const table = useListTable<ComplaintView>('collections/complaints', {
    filters: state === 'all' ? [] : [{ field: 'state', operator: 'eq', value: state }],
  });
  const done = () => void table.tableQuery.refetch();
  const columns: Column<ComplaintView>[] = [
    {
      id: 'reference',
      header: t('collections.complaints.reference'),
      cell: (c) => (
        <>
          <strong>{c.reference}</strong>
          <br />
          <DateTime value={c.receivedAt} />
        </>
      ),
    },
    {
      id: 'customer',
      header: t('collections.customer'),
      cell: (c) => (
        <>
          <Link to={`/customers/${c.customerId}`}>
            {c.customer.nameMasked || t('customers.noName')} · {c.customer.phoneMasked}
          </Link>
          {c.orderId && c.orderNo && (
            <>
              <br />
              <Link to={`/collections/${c.orderId}`}>{c.orderNo}</Link>
            </>
          )}
        </>
      ),
    },
    { id: 'about', header: t('collections.complaints.about'), cell: (c) => <ComplaintSummary complaint={c} /> },
    { id: 'actions', header: '', cell: (c) => <ComplaintActions complaint={c} onDone={done} /> },
  ];
  return (
    <ListTable
      table={table}
      columns={columns}
      rowKey={(c) => c.id}
      rowProps={(c) => ({
        'data-complaint': c.id,
        'data-state': c.state,
        'data-overdue': String(c.overdue),
        'data-reference': c.reference,
      })}
    />
  );
}

export default function CollectionComplaints() {
  const { t } = useTranslation();
  const [state, setState] = useState<(typeof FILTERS)[number]>('open');
  return (
    <div className="st-page">
      <h1>{t('collections.complaints.title')}</h1>
      <p className="st-hint">{t('collections.complaints.hint')}</p>
      <Tabs
        options={FILTERS}
        value={state}
        onChange={setState}
        label={(s) => t(`collections.complaints.filter.${s}`)}
      />
      <ComplaintTable key={state} state={state} />
    </div>
  );
}
