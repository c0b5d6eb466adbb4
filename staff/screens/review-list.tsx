/** /staff/reviews: the review queue, oldest first, with how long each has waited and why it is in review. */
import { useTable } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ReviewItem } from '../types.ts';
import { DateTime, Money, Pager, StateView, Waiting } from '../ui.tsx';

export default function ReviewList() {
  const { t } = useTranslation();
  const { tableQuery, result, currentPage, setCurrentPage, pageCount } = useTable<ReviewItem>({ resource: 'reviews', pagination: { pageSize: 20 }, syncWithLocation: false });
  const items = result.data;
  return (
    <div className="st-page">
      <h1>{t('reviews.title')}</h1>
      <p className="st-hint">{t('reviews.hint')}</p>
      <StateView loading={tableQuery.isLoading} error={tableQuery.error} empty={items.length === 0} onRetry={() => void tableQuery.refetch()}>
        <table className="st-table">
          <thead>
            <tr>
              <th>{t('reviews.orderNo')}</th>
              <th>{t('reviews.customer')}</th>
              <th>{t('reviews.principal')}</th>
              <th>{t('reviews.term')}</th>
              <th>{t('reviews.reason')}</th>
              <th>{t('reviews.appliedAt')}</th>
              <th>{t('reviews.waiting')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.orderId}>
                <td>
                  <Link to={`/reviews/${item.orderId}`}>{item.orderNo}</Link>
                </td>
                <td>{item.customerName}</td>
                <td>
                  <Money centavos={item.principalCentavos} />
                </td>
                <td>{t('common.days', { count: item.termDays })}</td>
                <td>{item.reason ? t(`reviewReasons.${item.reason}`, { defaultValue: item.reason }) : '—'}</td>
                <td>
                  <DateTime value={item.appliedAt} />
                </td>
                <td>
                  <Waiting seconds={item.waitingSeconds} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pager page={currentPage} pageCount={pageCount} total={result.total} onPage={setCurrentPage} />
      </StateView>
    </div>
  );
}
