/** An order's state as the borrower reads it: its label and a badge coloured by how urgent it is. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '../api/loans.ts';
import './loans.css';

type Tone = 'info' | 'warn' | 'danger' | 'done';

/** The label of an order's state; a repaying order shows how it stands against its due date. */
export function orderStateLabel(
  t: TFunction,
  order: Pick<OrderView, 'state' | 'dueStatus' | 'overdueDays' | 'cancelled'>,
): string {
  if (order.state === 'repaying' && order.dueStatus)
    return t(`loan:due.${order.dueStatus}`, { count: order.overdueDays });
  // A re-loan the borrower cancelled closes as rejected, but nobody refused it.
  if (order.cancelled) return t('loan:state.cancelled');
  return t(`loan:state.${order.state}`);
}

function toneOf(order: Pick<OrderView, 'state' | 'dueStatus' | 'cancelled'>): Tone {
  if (order.state === 'settled' || order.cancelled) return 'done';
  if (order.state === 'rejected' || order.state === 'disbursement_failed' || order.dueStatus === 'overdue')
    return 'danger';
  if (order.dueStatus === 'expiring' || order.dueStatus === 'due_today') return 'warn';
  return 'info';
}

export function OrderBadge({ order }: { order: Pick<OrderView, 'state' | 'dueStatus' | 'overdueDays' | 'cancelled'> }) {
  const { t } = useTranslation('loan');
  return (
    <span className={`loan-badge loan-badge-${toneOf(order)}`} data-state={order.state}>
      {orderStateLabel(t, order)}
    </span>
  );
}
