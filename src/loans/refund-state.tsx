/**
 * Where the refund of money a borrower paid over what was owed stands (pending, sent, refunded, failed: we will
 * contact you), as a badge and as the repayment record's line. Small, in the loan screens' shared chunk; the bill's
 * card is ./refund-card.tsx. The server sends the refund to the payout account on file at once
 * (server/services/loans/refunds.ts).
 */
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import type { OrderDetail } from '#src/api/loans.ts';
import './loans.css';

export type RefundView = OrderDetail['refunds'][number];

const BADGES: Record<RefundView['state'], string> = {
  pending: 'loan-badge',
  sent: 'loan-badge',
  refunded: 'loan-badge loan-badge-done',
  failed: 'loan-badge loan-badge-danger',
};

/** The refund's state as a badge. */
export function RefundBadge({ refund }: { refund: Pick<RefundView, 'state'> }) {
  const { t } = useTranslation('loan');
  return (
    <span className={BADGES[refund.state]} data-testid="refund-state" data-state={refund.state}>
      {t(`refund.state.${refund.state}`)}
    </span>
  );
}

/** The overpaid amount and the refund's state, on one line (the repayment record). */
export function RefundLine({ refund }: { refund: Pick<RefundView, 'state' | 'amountCentavos'> }) {
  const { t } = useTranslation('loan');
  return (
    <span className="refund-line" data-testid="refund-line">
      <span className="muted">{t('refund.overpaidShort', { amount: formatPeso(refund.amountCentavos) })}</span>
      <RefundBadge refund={refund} />
    </span>
  );
}
