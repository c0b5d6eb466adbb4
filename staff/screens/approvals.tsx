/**
 * /staff/approvals (supervisor): coupon grants and deletion requests waiting for a second person. Approving one's own
 * request is refused by the server (SAME_PERSON), shown here translated.
 */
import { useState } from 'react';
import { CanAccess, useCustomMutation, useTable } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CouponGrant, DeletionRefusalCode, DeletionRequest } from '../types.ts';
import { DateTime, ErrorText, Pager, Section, StateView } from '../ui.tsx';

function Decide({ url, refusalCodes, onDone }: { url: string; refusalCodes?: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const [error, setError] = useState<unknown>(undefined);
  const [refusalCode, setRefusalCode] = useState(refusalCodes?.[0] ?? '');
  const decide = (approve: boolean) => {
    setError(undefined);
    const values = approve || !refusalCodes ? { approve } : { approve, refusalCode };
    mutate({ url, method: 'post', values, successNotification: false, errorNotification: false }, { onSuccess: onDone, onError: setError });
  };
  return (
    <div className="st-actions">
      <button type="button" className="st-button" disabled={mutation.isPending} onClick={() => decide(true)}>
        {t('approvals.approve')}
      </button>
      {refusalCodes && (
        <select aria-label={t('deletion.refusalCode')} value={refusalCode} onChange={(e) => setRefusalCode(e.target.value)}>
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

/** Why a supervisor refuses a deletion request (api-schema/staff-deletion.ts deletionRefusalCodes). */
const REFUSAL_CODES = ['IDENTITY_NOT_VERIFIED', 'LOAN_OPEN', 'WITHDRAWN_BY_CUSTOMER', 'OTHER'] as const satisfies readonly DeletionRefusalCode[];

function Grants() {
  const { t } = useTranslation();
  const { tableQuery, result, currentPage, setCurrentPage, pageCount } = useTable<CouponGrant>({
    resource: 'coupon-grants',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    filters: { permanent: [{ field: 'state', operator: 'eq', value: 'pending' }] },
  });
  return (
    <Section title={t('approvals.grants')}>
      <StateView loading={tableQuery.isLoading} error={tableQuery.error} empty={result.data.length === 0} onRetry={() => void tableQuery.refetch()}>
        <table className="st-table">
          <thead>
            <tr>
              <th>{t('approvals.customer')}</th>
              <th>{t('approvals.coupon')}</th>
              <th>{t('approvals.reason')}</th>
              <th>{t('approvals.requestedBy')}</th>
              <th>{t('approvals.at')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {result.data.map((g) => (
              <tr key={g.id}>
                <td>{g.customerId ? <Link to={`/customers/${g.customerId}`}>{g.customerId}</Link> : '—'}</td>
                <td>{t(`couponGrant.options.definitionId.${g.definitionId}`, { defaultValue: g.definitionId })}</td>
                <td>{g.reason}</td>
                <td>{g.requestedByName ?? '—'}</td>
                <td><DateTime value={g.createdAt} /></td>
                <td><Decide url={`/coupon-grants/${g.id}/decision`} onDone={() => void tableQuery.refetch()} /></td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pager page={currentPage} pageCount={pageCount} total={result.total} onPage={setCurrentPage} />
      </StateView>
    </Section>
  );
}

function Deletions() {
  const { t } = useTranslation();
  const { tableQuery, result, currentPage, setCurrentPage, pageCount } = useTable<DeletionRequest>({
    resource: 'deletion-requests',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    filters: { permanent: [{ field: 'state', operator: 'eq', value: 'pending' }] },
  });
  return (
    <Section title={t('approvals.deletions')}>
      <StateView loading={tableQuery.isLoading} error={tableQuery.error} empty={result.data.length === 0} onRetry={() => void tableQuery.refetch()}>
        <table className="st-table">
          <thead>
            <tr>
              <th>{t('approvals.customer')}</th>
              <th>{t('deletion.verification')}</th>
              <th>{t('approvals.requestedBy')}</th>
              <th>{t('approvals.at')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {result.data.map((d) => (
              <tr key={d.id}>
                <td>{d.customerId ? <Link to={`/customers/${d.customerId}`}>{d.customerId}</Link> : '—'}</td>
                <td>{t(`deletionRequest.options.verification.${d.verification}`, { defaultValue: d.verification })}</td>
                <td>{d.requestedBy.name}</td>
                <td><DateTime value={d.createdAt} /></td>
                <td><Decide url={`/deletion-requests/${d.id}/decision`} refusalCodes={REFUSAL_CODES} onDone={() => void tableQuery.refetch()} /></td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pager page={currentPage} pageCount={pageCount} total={result.total} onPage={setCurrentPage} />
      </StateView>
    </Section>
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
