/** /staff/reviews: the review queue, oldest first, with how long each has waited and why it is in review. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListTable, useListTable, type Column } from '../list-table.tsx';
import type { ReviewItem } from '#api-contract/staff-ops.ts';
import { DateTime, Money, Waiting } from '../ui.tsx';

export default function ReviewList() {
  const { t } = useTranslation();
  const table = useListTable<ReviewItem>('reviews');
  const columns: Column<ReviewItem>[] = [
    {
      id: 'orderNo',
      header: t('reviews.orderNo'),
      cell: (item) => <Link to={`/reviews/${item.orderId}`}>{item.orderNo}</Link>,
    },
    { id: 'customer', header: t('reviews.customer'), cell: (item) => item.customerName },
    { id: 'principal', header: t('reviews.principal'), cell: (item) => <Money centavos={item.principalCentavos} /> },
    { id: 'term', header: t('reviews.term'), cell: (item) => t('common.days', { count: item.termDays }) },
    {
      id: 'reason',
      header: t('reviews.reason'),
      cell: (item) => (item.reason ? t(`reviewReasons.${item.reason}`, { defaultValue: item.reason }) : '—'),
    },
    { id: 'appliedAt', header: t('reviews.appliedAt'), cell: (item) => <DateTime value={item.appliedAt} /> },
    { id: 'waiting', header: t('reviews.waiting'), cell: (item) => <Waiting seconds={item.waitingSeconds} /> },
  ];
  return (
    <div className="st-page">
      <h1>{t('reviews.title')}</h1>
      <p className="st-hint">{t('reviews.hint')}</p>
      <ListTable table={table} columns={columns} rowKey={(item) => item.orderId} />
    </div>
  );
}
