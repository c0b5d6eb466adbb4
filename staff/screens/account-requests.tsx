/**
 * New accounts and re-roles into an approving role waiting for a second administrator (server/services/staff/account-requests.ts),
 * on the accounts screen: approve or refuse. Approving one's own request is refused by the server (SAME_PERSON), shown
 * translated; refusing it withdraws it.
 */
import { useState } from 'react';
import { useCustomMutation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ListTable, useListTable, type Column } from '../list-table.tsx';
import type { AccountRequestAnswer } from '#api-contract/staff.ts';
import { DateTime, ErrorText, Section } from '../ui.tsx';

function Decide({ request, onDone }: { request: AccountRequestAnswer; onDone: () => void }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const [error, setError] = useState<unknown>(undefined);
  const decide = (approve: boolean) => {
    setError(undefined);
    mutate(
      {
        url: `/account-requests/${request.id}/decision`,
        method: 'post',
        values: { approve },
        successNotification: false,
        errorNotification: false,
      },
      { onSuccess: onDone, onError: setError },
    );
  };
  return (
    <div className="st-actions">
      <button type="button" className="st-button" disabled={mutation.isPending} onClick={() => decide(true)}>
        {t('approvals.approve')}
      </button>
      <button type="button" className="st-button st-danger" disabled={mutation.isPending} onClick={() => decide(false)}>
        {t('approvals.refuse')}
      </button>
      <ErrorText error={error} />
    </div>
  );
}

export function AccountRequests({ onDecided }: { onDecided: () => void }) {
  const { t } = useTranslation();
  const table = useListTable<AccountRequestAnswer>('account-requests', {
    filters: [{ field: 'state', operator: 'eq', value: 'pending' }],
  });
  if (table.tableQuery.data?.total === 0) return null;
  const done = () => {
    void table.tableQuery.refetch();
    onDecided();
  };
  const columns: Column<AccountRequestAnswer>[] = [
    { id: 'kind', header: t('accountRequests.kind'), cell: (r) => t(`accountRequests.kinds.${r.kind}`) },
    { id: 'who', header: t('accounts.name'), cell: (r) => (r.name ? `${r.name} · ${r.email}` : r.email) },
    {
      id: 'role',
      header: t('accounts.role'),
      cell: (r) =>
        r.previousRole
          ? t('accountRequests.roleChange', { from: t(`roles.${r.previousRole}`), to: t(`roles.${r.role}`) })
          : t(`roles.${r.role}`),
    },
    { id: 'requestedBy', header: t('approvals.requestedBy'), cell: (r) => r.requestedBy.name },
    { id: 'at', header: t('approvals.at'), cell: (r) => <DateTime value={r.createdAt} /> },
    { id: 'actions', header: t('common.actions'), cell: (r) => <Decide request={r} onDone={done} /> },
  ];
  return (
    <Section title={t('accountRequests.title')}>
      <p>{t('accountRequests.intro')}</p>
      <ListTable
        table={table}
        columns={columns}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-request-email': r.email })}
      />
    </Section>
  );
}
