/**
 * /staff/refunds: overpayment refunds, the failed ones (waiting for a person) by default. A failed refund is sent again
 * with Retry (audited by the server) once the borrower fixed their payout account; the customer view's orders tab shows
 * one customer's refunds with the same table.
 */
import { useState } from 'react';
import { CanAccess, useCustomMutation, type CrudFilter } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListTable, useListTable, type Column } from '../list-table.tsx';
import type { StaffRefund } from '#api-contract/staff-ops.ts';
import { DateTime, ErrorText, Money, Tabs } from '../ui.tsx';

const FILTERS = ['failed', ''] as const;

function Retry({ refund, onDone }: { refund: StaffRefund; onDone: () => void }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const [error, setError] = useState<unknown>(undefined);
  if (refund.state !== 'failed') return null;
  const retry = () => {
    setError(undefined);
    mutate(
      {
        url: `/refunds/${refund.id}/retry`,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      },
      { onSuccess: onDone, onError: setError },
    );
  };
  return (
    <CanAccess resource="refunds" action="retry">
      <div className="st-actions">
        <button type="button" className="st-button" disabled={mutation.isPending} onClick={retry}>
          {t('refunds.retry')}
        </button>
        <ErrorText error={error} />
      </div>
    </CanAccess>
  );
}

/** Refunds with `filters` (state, customerId); `withCustomer` adds the masked customer, linked to their view. */
export function RefundTable({ filters, withCustomer }: { filters: CrudFilter[]; withCustomer: boolean }) {
  const { t } = useTranslation();
  const table = useListTable<StaffRefund>('refunds', { filters });
  const done = () => void table.tableQuery.refetch();
  const columns: Column<StaffRefund>[] = [
    ...(withCustomer
      ? [
          {
            id: 'customer',
            header: t('refunds.customer'),
            cell: (r: StaffRefund) => (
              <Link to={`/customers/${r.customerId}`}>
                {r.customer.nameMasked || t('customers.noName')}
                {r.customer.phoneMasked ? ` · ${r.customer.phoneMasked}` : ''}
              </Link>
            ),
          },
        ]
      : []),
    { id: 'order', header: t('refunds.order'), cell: (r) => r.orderNo },
    { id: 'amount', header: t('refunds.amount'), cell: (r) => <Money centavos={r.amountCentavos} /> },
    {
      id: 'state',
      header: t('refunds.state'),
      cell: (r) => (
        <>
          <span className="st-badge">{t(`refunds.states.${r.state}`)}</span>
          {r.failureCode && <span className="st-hint"> {r.failureCode}</span>}
        </>
      ),
    },
    { id: 'attempt', header: t('refunds.attempt'), cell: (r) => r.attempt },
    { id: 'at', header: t('refunds.at'), cell: (r) => <DateTime value={r.createdAt} /> },
    { id: 'actions', header: t('common.actions'), cell: (r) => <Retry refund={r} onDone={done} /> },
  ];
  return (
    <ListTable
      table={table}
      columns={columns}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ 'data-refund': r.id, 'data-state': r.state })}
    />
  );
}

/** One customer's refunds (the customer view's orders tab). */
export function CustomerRefunds({ customerId }: { customerId: string }) {
  return <RefundTable filters={[{ field: 'customerId', operator: 'eq', value: customerId }]} withCustomer={false} />;
}

export default function RefundList() {
  const { t } = useTranslation();
  const [state, setState] = useState<(typeof FILTERS)[number]>('failed');
  return (
    <div className="st-page">
      <h1>{t('refunds.title')}</h1>
      <p className="st-hint">{t('refunds.hint')}</p>
      <Tabs options={FILTERS} value={state} onChange={setState} label={(s) => t(`refunds.filter.${s || 'all'}`)} />
      <RefundTable
        key={state || 'all'}
        filters={state ? [{ field: 'state', operator: 'eq', value: state }] : []}
        withCustomer
      />
    </div>
  );
}
