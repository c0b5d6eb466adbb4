/**
 * The bill's card of money a borrower paid over what was owed and where each refund stands (./refund-state.tsx has
 * the badge and the repayment record's line). The server sends it back to the payout account on file at once
 * (server/services/loans/refunds.ts).
 */
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import { Link } from '#src/router.ts';
import { RefundBadge, type RefundView } from './refund-state.tsx';
import './refund.css';

export type { RefundView } from './refund-state.tsx';

/** The bill's card of an order's refunds (none without refunds). */
export default function RefundCard({ refunds }: { refunds: readonly RefundView[] }) {
  const { t } = useTranslation('loan');
  if (refunds.length === 0) return null;
  return (
    <section className="card refund-card" aria-labelledby="refund-title" data-testid="refunds">
      <h2 id="refund-title" className="section-title">
        {t('refund.title')}
      </h2>
      <p className="muted">{t('refund.note')}</p>
      <ul className="refund-list">
        {refunds.map((r) => (
          <li key={r.id}>
            <Link
              className="refund-row"
              to={`/repaidDetail?payment=${encodeURIComponent(r.paymentId)}`}
              data-refund={r.id}
            >
              <span>
                {t('refund.overpaid')} <strong>{formatPeso(r.amountCentavos)}</strong>
              </span>
              <RefundBadge refund={r} />
            </Link>
          </li>
        ))}
      </ul>
      {refunds.some((r) => r.state === 'failed') && (
        <p className="loan-note loan-note-danger" role="alert">
          {t('refund.failedNote')}
        </p>
      )}
    </section>
  );
}
