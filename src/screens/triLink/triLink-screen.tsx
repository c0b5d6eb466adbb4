/**
 * The payment link (/triLink?payment=<id>): a payment with the provider's checkout link opens it; otherwise the
 * reference and what to do with it on the payment's channel. Only an https link is followed.
 */
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import { copyText } from '#engine/ui/copy-text.ts';
import { loansApi } from '#src/api/loans.ts';
import { PAYMENT_POLL_MS } from '#src/loans/payment-status.ts';
import { formatInstant, languageOf } from '#src/loans/format.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { Link, useSearchParams } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';

export default function TriLinkScreen() {
  const { t, i18n } = useTranslation(['loan', 'common']);
  const [params] = useSearchParams();
  const id = params.get('payment');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  // Polled while the gateway has not yet given the payment its reference.
  const payment = useLoad(
    id ? `payment:${session}:${id}` : null,
    (signal) => loansApi.payment(id ?? '', signal),
    (p) => (p.reference === null && p.state === 'in_progress' ? PAYMENT_POLL_MS : 0),
  );
  if (!id) return <div className="page triLink" />;
  if (!payment.data) {
    return (
      <div className="page triLink">
        {payment.error ? <LoadFailed error={payment.error} onRetry={payment.reload} /> : <LoadingCards count={1} />}
      </div>
    );
  }
  const p = payment.data;
  const back = `/repaidDetail?payment=${encodeURIComponent(p.id)}`;
  return (
    <div className="page triLink">
      <section className="card prose">
        <p className="section-title">{formatPeso(p.amountCentavos)}</p>
        {p.checkoutUrl && /^https:\/\//u.test(p.checkoutUrl) ? (
          <>
            <p>{t('triLink.checkout')}</p>
            <a
              className="btn btn-primary btn-block"
              href={p.checkoutUrl}
              rel="noopener noreferrer"
              data-testid="checkout"
            >
              {t('triLink.open')}
            </a>
          </>
        ) : (
          <>
            <p>{t(`triLink.steps.${p.channel}`)}</p>
            {p.reference === null ? (
              <p className="muted" data-testid="reference-pending">
                {t('payment.preparing')}
              </p>
            ) : (
              <p className="triLink-reference">
                <code data-testid="reference">{p.reference}</code>{' '}
                <button
                  type="button"
                  className="btn"
                  onClick={() => void copyText(p.reference ?? '', t('common:app.copySuccess'))}
                >
                  {t('common:app.copy')}
                </button>
              </p>
            )}
            <p className="muted">{t('triLink.expires', { date: formatInstant(p.expiresAt, languageOf(i18n)) })}</p>
          </>
        )}
      </section>
      <Link className="btn btn-block" to={back}>
        {t('triLink.back')}
      </Link>
    </div>
  );
}
