/** /staff/feedback: the feedback inbox, open items first, each with its reply. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useListTable } from '../list-table.tsx';
import type { FeedbackInboxItem } from '#api-contract/staff-ops.ts';
import { Pager, StateView, Tabs } from '../ui.tsx';
import { FeedbackCard } from './feedback-reply.tsx';

const STATES = ['open', 'replied', ''] as const;

export default function FeedbackInbox() {
  const { t } = useTranslation();
  const [state, setState] = useState<(typeof STATES)[number]>('open');
  const { tableQuery, result, currentPage, setCurrentPage, pageCount } = useListTable<FeedbackInboxItem>('feedback', {
    filters: state ? [{ field: 'state', operator: 'eq', value: state }] : [],
  });
  const items = result.data;
  return (
    <div className="st-page">
      <h1>{t('feedback.title')}</h1>
      <Tabs
        options={STATES}
        value={state}
        onChange={(s) => {
          setState(s);
          setCurrentPage(1);
        }}
        label={(s) => t(`feedback.filter.${s || 'all'}`)}
      />
      <StateView
        loading={tableQuery.isLoading}
        error={tableQuery.error}
        empty={items.length === 0}
        onRetry={() => void tableQuery.refetch()}
      >
        {items.map((item) => (
          <div key={item.id}>
            {item.customerId && (
              <Link className="st-small-link" to={`/customers/${item.customerId}`}>
                {t('feedback.openCustomer')}
              </Link>
            )}
            <FeedbackCard item={item} onReplied={() => void tableQuery.refetch()} />
          </div>
        ))}
        <Pager page={currentPage} pageCount={pageCount} total={result.total} onPage={setCurrentPage} />
      </StateView>
    </div>
  );
}
