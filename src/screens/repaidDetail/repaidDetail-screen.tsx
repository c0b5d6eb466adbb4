/**
 * A repayment (/repaidDetail?payment=<id>): its state (in progress, polled every few seconds until the gateway answers;
 * success; fail with its reason (declined by the gateway: the reason of its code) and the way to pay again; expired once
 * its code ran out unpaid, with the way to pay again), amount, channel, the
 * payment reference to copy, its expiry, the payment centres for over-the-counter, what it paid over what was owed and
 * its refund (polled until the refund is done or failed), and the way back to the bill.
 */
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import { copyText } from '#engine/ui/copy-text.ts';
import { Icon } from '#engine/ui/icons.tsx';
import { checkIcon, clockIcon, crossIcon } from '#engine/ui/icon-set.ts';
import { loansApi, type PaymentView } from '#src/api/loans.ts';
import { OTC_CENTRES } from '#src/loans/channels.ts';
import { Figures } from '#src/loans/figure-list.tsx';
import { formatInstant, languageOf } from '#src/loans/format.ts';
import { failureKeyOf, learnServerTime, PAYMENT_POLL_MS, paymentStatus, useNowAt } from '#src/loans/payment-status.ts';
import { RefundBadge } from '#src/loans/refund-state.tsx';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { Link, useSearchParams } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';
import './repaidDetail.page.css';

const STATE_ICONS = { in_progress: clockIcon, success: checkIcon, fail: crossIcon, expired: clockIcon } as const;

/** Polled while the gateway has not answered, and while a refund of what it paid over what was owed is on its way. */
export const paymentPoll = (p: PaymentView) =>
  p.state === 'in_progress' || p.refund?.state === 'pending' || p.refund?.state === 'sent' ? PAYMENT_POLL_MS : 0;

export default function RepaidDetailScreen() {
  const [params] = useSearchParams();
  const id = params.get('payment');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const payment = useLoad(
    id ? `payment:${session}:${id}` : null,
    (signal) => loansApi.payment(id ?? '', signal).then(learnServerTime),
    paymentPoll,
  );
  if (!id) return <div className="page repaidDetail" />;
  if (!payment.data) {
    return (
      <div className="page repaidDetail">
        {payment.error ? <LoadFailed error={payment.error} onRetry={payment.reload} /> : <LoadingCards count={2} />}
      </div>
    );
  }
  return <PaymentDetail payment={payment.data} />;
}

function PaymentDetail({ payment: p }: { payment: PaymentView }) {
  const { t, i18n } = useTranslation(['loan', 'errors', 'common']);
  const lng = languageOf(i18n);
  const billLink = `/bill?order=${encodeURIComponent(p.orderId)}`;
  // Past its expiry the code is dead: shown expired at once, whether or not the server has released it yet.
  const now = useNowAt(p.state === 'in_progress' ? [p.expiresAt] : []);
  const status = paymentStatus(p, now);
  return (
    <div className="page repaidDetail" data-payment={p.id}>
      <section
        className={`card repaidDetail-state is-${status}`}
        role="status"
        data-testid="payment-state"
        data-state={status}
      >
        <Icon path={STATE_ICONS[status]} className="repaidDetail-icon" />
        <p className="repaidDetail-state-label">{t(`payment.state.${status}`)}</p>
        <p className="repaidDetail-amount">{formatPeso(p.amountCentavos)}</p>
        {status === 'in_progress' && <p className="muted">{t('payment.inProgressNote')}</p>}
        {status === 'success' && (
          <p className="muted" data-testid="success-note">
            {t(`payment.successNote.${successNoteOf(p)}`)}
          </p>
        )}
        {status === 'expired' && <p className="muted">{t('payment.expiredNote')}</p>}
        {status === 'fail' && (
          <p className="loan-note loan-note-danger" role="alert" data-testid="failure-reason">
            {t(failureKeyOf(p), { defaultValue: t('errors:UNKNOWN') })}
          </p>
        )}
        {status === 'fail' && p.failureCode === 'DECLINED' && <p className="muted">{t('payment.declinedNote')}</p>}
        {p.refund && (
          <p className={p.refund.state === 'failed' ? 'loan-note loan-note-danger' : 'muted'} data-testid="refund-note">
            {t(p.refund.state === 'failed' ? 'refund.failedNote' : 'refund.note')}
          </p>
        )}
      </section>

      <section className="card">
        <Figures
          items={[
            { id: 'kind', label: t('payment.kindLabel'), value: t(`payment.kind.${p.kind}`) },
            { id: 'channel', label: t('payment.channelLabel'), value: t(`payment.channel.${p.channel}`) },
            { id: 'orderNo', label: t('figures.orderNo'), value: p.orderNo },
            // A repayment coupon lowered what this payment asks: the amount above is after it.
            p.discountCentavos > 0 && {
              id: 'coupon',
              label: t('figures.coupon'),
              value: `-${formatPeso(p.discountCentavos)}`,
            },
            {
              id: 'reference',
              label: t('payment.reference'),
              value: (
                <span className="repaidDetail-reference">
                  {p.reference === null ? (
                    <span className="muted" data-testid="reference-pending">
                      {t('payment.preparing')}
                    </span>
                  ) : (
                    <>
                      <code data-testid="reference">{p.reference}</code>
                      <button
                        type="button"
                        className="repaidDetail-copy"
                        onClick={() => void copyText(p.reference ?? '', t('common:app.copySuccess'))}
                      >
                        {t('common:app.copy')}
                      </button>
                    </>
                  )}
                </span>
              ),
            },
            p.refund !== null && {
              id: 'overpaid',
              label: t('refund.overpaid'),
              value: formatPeso(p.refund.amountCentavos),
            },
            p.refund !== null && {
              id: 'refund',
              label: t('refund.stateLabel'),
              value: <RefundBadge refund={p.refund} />,
            },
            (status === 'in_progress' || status === 'expired') && {
              id: 'expiresAt',
              label: t(status === 'expired' ? 'payment.expiredAt' : 'payment.expiresAt'),
              value: formatInstant(p.expiresAt, lng),
            },
            { id: 'createdAt', label: t('payment.createdAt'), value: formatInstant(p.createdAt, lng) },
            p.completedAt !== null && {
              id: 'completedAt',
              label: t('payment.completedAt'),
              value: formatInstant(p.completedAt, lng),
            },
          ]}
        />
      </section>

      {status === 'in_progress' && p.channel === 'otc' && (
        <section className="card" aria-labelledby="repaidDetail-centres">
          <h2 id="repaidDetail-centres" className="section-title">
            {t('payment.centres')}
          </h2>
          <p className="muted">{t('payment.otcHow')}</p>
          <ul className="repaidDetail-centres" data-testid="centres">
            {OTC_CENTRES.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
      )}

      {status === 'in_progress' && (
        <Link className="btn btn-primary btn-block" to={`/triLink?payment=${encodeURIComponent(p.id)}`}>
          {t('payment.howToPay')}
        </Link>
      )}
      {(status === 'expired' || status === 'fail') && (
        <Link className="btn btn-primary btn-block" to={`${billLink}#repay`} data-testid="pay-again">
          {t('payment.payAgain')}
        </Link>
      )}
      <Link className="btn btn-block" to={billLink}>
        {t('payment.backToBill')}
      </Link>
    </div>
  );
}

/** What a successful payment did, as its note says it: a payment that no longer covered its purpose paid part. */
function successNoteOf(p: Pick<PaymentView, 'kind' | 'applied'>): string {
  if (p.applied === 'partial') return 'partial';
  if (p.applied === 'settled') return 'settle';
  return p.kind;
}
