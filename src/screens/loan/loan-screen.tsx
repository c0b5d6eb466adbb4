/**
 * The loan agreement (/loan?order=<id>): the lender (config product.lender), the borrower's terms as a Truth in
 * Lending disclosure, and the two agreements (Privacy Policy, Loan Agreement), both required before Agree
 * (POST /loans/:id/accept), which leads to the withdrawal. The route needs no login (spec); without a session it shows
 * the agreement's template and a way to log in, and an order that is past acceptance shows its terms as a record.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClickGuard } from '#engine/ui/click-guard.ts';
import { toast } from '#engine/ui/toast.tsx';
import { loansApi, type OrderDetail } from '#src/api/loans.ts';
import { product } from '#src/config.ts';
import { loanErrorMessage } from '#src/loans/errors.ts';
import { TruthInLending } from '#src/loans/truth-in-lending.tsx';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { OrderBadge } from '#src/loans/order-status.tsx';
import { subProductOf } from '#src/loans/pricing.ts';
import { useLoad } from '#src/loans/use-load.ts';
import { Link, useNavigate, useSearchParams } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';
import './loan.page.css';

const CLAUSES = ['repay', 'charges', 'extension', 'prepay', 'default', 'privacy', 'disputes'] as const;

export default function LoanScreen() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const loggedIn = useCoreStore((s) => Boolean(s.publicData.token && s.publicData.customerId));
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const order = useLoad(loggedIn && orderId ? `order:${session}:${orderId}` : null, (signal) =>
    loansApi.order(orderId ?? '', signal),
  );

  if (!loggedIn || !orderId) {
    return (
      <div className="page loan">
        <Agreement />
        <LoginOrHome loggedIn={loggedIn} />
      </div>
    );
  }
  if (!order.data) {
    return (
      <div className="page loan">
        {order.error ? <LoadFailed error={order.error} onRetry={order.reload} /> : <LoadingCards count={3} />}
      </div>
    );
  }
  return <OrderAgreement order={order.data} />;
}

function LoginOrHome({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation('loan');
  return loggedIn ? (
    <Link className="btn btn-block" to="/homeIndex">
      {t('agreement.toHome')}
    </Link>
  ) : (
    <>
      <p className="muted">{t('agreement.templateNote')}</p>
      <Link className="btn btn-primary btn-block" to="/start">
        {t('agreement.login')}
      </Link>
    </>
  );
}

/** The agreement's text: who lends, and the clauses every loan has. */
function Agreement() {
  const { t } = useTranslation('loan');
  const { lender, displayName } = product;
  return (
    <section className="card prose loan-agreement" aria-labelledby="loan-agreement-title" data-testid="agreement">
      {/* The page's title already says "Loan Agreement": the section keeps it for screen readers only. */}
      <h2 id="loan-agreement-title" className="visually-hidden">
        {t('agreement.title')}
      </h2>
      <p>{t('agreement.parties', { lender: lender.corporateName, name: displayName })}</p>
      <dl className="loan-lender">
        <dt>{t('agreement.secRegistration')}</dt>
        <dd>{lender.secRegistrationNumber}</dd>
        <dt>{t('agreement.certificateOfAuthority')}</dt>
        <dd>{lender.certificateOfAuthorityNumber}</dd>
        <dt>{t('agreement.address')}</dt>
        <dd>{lender.address}</dd>
      </dl>
      <ol>
        {CLAUSES.map((clause) => (
          <li key={clause}>{t(`agreement.clauses.${clause}`)}</li>
        ))}
      </ol>
    </section>
  );
}

function OrderAgreement({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('loan');
  const navigate = useNavigate();
  const guard = useClickGuard();
  const [privacy, setPrivacy] = useState(false);
  const [agreement, setAgreement] = useState(false);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const canAccept = order.state === 'accepted';

  const accept = async () => {
    if (!privacy || !agreement) {
      setMissing(true);
      toast(t('agreement.mustAgree'));
      return;
    }
    setBusy(true);
    try {
      await loansApi.accept(order.id);
      navigate(`/withdrawPage?order=${encodeURIComponent(order.id)}`, { replace: true });
    } catch (error) {
      toast(await loanErrorMessage(error), 4000);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page loan" data-order={order.id}>
      <div className="loan-order-status">
        <span className="muted">{t('figures.orderNo')}</span> <span>{order.orderNo}</span>{' '}
        {/* "Approved: check the terms" sends here; on the terms themselves the order is simply approved. */}
        {order.state === 'accepted' ? (
          <span className="loan-badge loan-badge-info" data-state={order.state}>
            {t('agreement.approved')}
          </span>
        ) : (
          <OrderBadge order={order} />
        )}
      </div>
      <Agreement />
      <TruthInLending quote={order.quote} sub={subProductOf(order)} />
      {canAccept ? (
        <section className="card loan-consent" aria-label={t('agreement.consent')}>
          <label className="loan-check">
            <input
              type="checkbox"
              checked={privacy}
              onChange={(event) => {
                setPrivacy(event.target.checked);
                setMissing(false);
              }}
            />
            <span>
              {t('agreement.agreeTo')} <Link to="/privacy">{t('agreement.privacyPolicy')}</Link>
            </span>
          </label>
          <label className="loan-check">
            <input
              type="checkbox"
              checked={agreement}
              onChange={(event) => {
                setAgreement(event.target.checked);
                setMissing(false);
              }}
            />
            <span>
              {t('agreement.agreeTo')} <Link to="/conditionalTerms">{t('agreement.loanAgreement')}</Link>
            </span>
          </label>
          {missing && (
            <p className="loan-note loan-note-danger" role="alert">
              {t('agreement.mustAgree')}
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy}
            aria-busy={busy}
            onClick={guard(() => void accept())}
          >
            {t('agreement.agree')}
          </button>
        </section>
      ) : (
        <NextStep order={order} />
      )}
    </div>
  );
}

/** For an order past acceptance: where its next step is. */
function NextStep({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('loan');
  const q = `?order=${encodeURIComponent(order.id)}`;
  if (order.state === 'withdrawable') {
    return (
      <Link className="btn btn-primary btn-block" to={`/withdrawPage${q}`}>
        {t('order.withdraw')}
      </Link>
    );
  }
  if (order.state === 'repaying' || order.state === 'settled') {
    return (
      <Link className="btn btn-block" to={`/bill${q}`}>
        {t('bill.open')}
      </Link>
    );
  }
  return (
    <Link className="btn btn-block" to="/homeIndex">
      {t('agreement.toHome')}
    </Link>
  );
}
