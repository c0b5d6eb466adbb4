/**
 * /staff/approvals (supervisor): coupon grants (with why each waits: its amount or a cap) and deletion requests
 * waiting for a second person. Approving one's own request is refused by the server (SAME_PERSON), shown here
 * translated.
 */
import { useState, type ReactNode } from 'react';
import { CanAccess, useCustomMutation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { GrantWaits } from '../coupon-grant-waits.tsx';
import { ListTable, useListTable, type Column } from '../list-table.tsx';
import type { DeletionRefusalCode, ListedDeletionRequest } from '#api-contract/staff-deletion.ts';
import type { ListedGrant, MaskedCustomer } from '#api-contract/staff-ops.ts';
import { DateTime, ErrorText, Section } from '../ui.tsx';

function Decide({ url, refusalCodes, onDone }: { url: string; refusalCodes?: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const [error, setError] = useState<unknown>(undefined);
  const [refusalCode, setRefusalCode] = useState(refusalCodes?.[0] ?? '');
  const decide = (approve: boolean) => {
    setError(undefined);
    const values = approve || !refusalCodes ? { approve } : { approve, refusalCode };
    mutate(
      { url, method: 'post', values, successNotification: false, errorNotification: false },
      { onSuccess: onDone, onError: setError },
    );
  };
  return (
    <div className="st-actions">
      <button type="button" className="st-button" disabled={mutation.isPending} onClick={() => decide(true)}>
        {t('approvals.approve')}
      </button>
      {refusalCodes && (
        <select
          aria-label={t('deletion.refusalCode')}
          value={refusalCode}
          onChange={(e) => setRefusalCode(e.target.value)}
        >
          {refusalCodes.map((code) => (
            <option key={code} value={code}>
              {t(`deletion.refusal.${code}`)}
            </option>
          ))}
        </select>
      )}
      <button type="button" className="st-button st-danger" disabled={mutation.isPending} onClick={() => decide(false)}>
        {t('approvals.refuse')}
      </button>
      <ErrorText error={error} />
    </div>
  );
}

/** Why a supervisor refuses a deletion request (api-contract/staff-deletion.ts deletionRefusalCodes). */
const REFUSAL_CODES = [
  'IDENTITY_NOT_VERIFIED',
  'LOAN_OPEN',
  'WITHDRAWN_BY_CUSTOMER',
  'OTHER',
] as const satisfies readonly DeletionRefusalCode[];

/** Who a request is about: masked name and phone, linked to the customer view. */
function Who({ customerId, customer }: { customerId: string | undefined; customer: MaskedCustomer | undefined }) {
  const { t } = useTranslation();
  if (!customerId) return <>—</>;
  const name = customer?.nameMasked || t('customers.noName');
  return (
    <Link to={`/customers/${customerId}`} data-testid="approval-customer">
      {name}
      {customer?.phoneMasked ? ` · ${customer.phoneMasked}` : ''}
    </Link>
  );
}

/** A list of requests waiting for a second person: the columns the kind adds between customer and requester. */
function Waiting<T extends ListedGrant | ListedDeletionRequest>({
  resource,
  title,
  middle,
  requester,
  decide,
}: {
  resource: 'coupon-grants' | 'deletion-requests';
  title: string;
  middle: readonly Column<T>[];
  requester: (row: T) => string;
  decide: (row: T, done: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const table = useListTable<T>(resource, { filters: [{ field: 'state', operator: 'eq', value: 'pending' }] });
  const done = () => void table.tableQuery.refetch();
  const columns: Column<T>[] = [
    {
      id: 'customer',
      header: t('approvals.customer'),
      cell: (row) => <Who customerId={row.customerId} customer={row.customer} />,
    },
    ...middle,
    { id: 'requestedBy', header: t('approvals.requestedBy'), cell: (row) => requester(row) || '—' },
    { id: 'at', header: t('approvals.at'), cell: (row) => <DateTime value={row.createdAt} /> },
    { id: 'actions', header: t('common.actions'), cell: (row) => decide(row, done) },
  ];
  return (
    <Section title={title}>
      <ListTable table={table} columns={columns} rowKey={(row) => row.id} />
    </Section>
  );
}

function Grants() {
  const { t } = useTranslation();
  return (
    <Waiting<ListedGrant>
      resource="coupon-grants"
      title={t('approvals.grants')}
      middle={[
        {
          id: 'coupon',
          header: t('approvals.coupon'),
          cell: (g) => t(`couponGrant.options.definitionId.${g.definitionId}`, { defaultValue: g.definitionId }),
        },
        { id: 'reason', header: t('approvals.reason'), cell: (g) => g.reason },
        { id: 'waitsFor', header: t('approvals.waitsFor'), cell: (g) => <GrantWaits waits={g.waitsFor} /> },
      ]}
      requester={(g) => g.requestedByName ?? ''}
      decide={(g, done) => <Decide url={`/coupon-grants/${g.id}/decision`} onDone={done} />}
    />
  );
}

function Deletions() {
  const { t } = useTranslation();
  return (
    <Waiting<ListedDeletionRequest>
      resource="deletion-requests"
      title={t('approvals.deletions')}
      middle={[
        {
          id: 'verification',
          header: t('deletion.verification'),
          cell: (d) => t(`deletionRequest.options.verification.${d.verification}`, { defaultValue: d.verification }),
        },
      ]}
      requester={(d) => d.requestedBy.name}
      decide={(d, done) => (
        <Decide url={`/deletion-requests/${d.id}/decision`} refusalCodes={REFUSAL_CODES} onDone={done} />
      )}
    />
  );
}

export default function Approvals() {
  const { t } = useTranslation();
  return (
    <div className="st-page">
      <h1>{t('approvals.title')}</h1>
      <CanAccess resource="coupon-grants" action="approve">
        <Grants />
      </CanAccess>
      <CanAccess resource="deletion-requests" action="approve">
        <Deletions />
      </CanAccess>
    </div>
  );
}
