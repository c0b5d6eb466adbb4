/**
 * Withdraw (/withdrawPage?order=<id>): the order's received amount, payout account, signature when none is on file,
 * and Withdraw. The route needs no login (spec); without a session the borrower is asked to log in first.
 */
import { useTranslation } from 'react-i18next';
import { loansApi } from '#src/api/loans.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { WithdrawPanel } from '#src/loans/withdraw-panel.tsx';
import { Link, useSearchParams } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';

export default function WithdrawPageScreen() {
  const { t } = useTranslation('loan');
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const loggedIn = useCoreStore((s) => Boolean(s.publicData.token && s.publicData.customerId));
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const order = useLoad(loggedIn && orderId ? `order:${session}:${orderId}` : null, (signal) =>
    loansApi.order(orderId ?? '', signal),
  );

  if (!loggedIn) {
    return (
      <div className="page withdrawPage">
        <section className="card">
          <p className="loan-note">{t('withdraw.loginFirst')}</p>
          <Link className="btn btn-primary btn-block" to="/start">
            {t('agreement.login')}
          </Link>
        </section>
      </div>
    );
  }
  if (!orderId) {
    return (
      <div className="page withdrawPage">
        <Link className="btn btn-block" to="/allWithdraw" replace>
          {t('withdraw.all')}
        </Link>
      </div>
    );
  }
  return (
    <div className="page withdrawPage">
      {order.data ? (
        <WithdrawPanel order={order.data} />
      ) : order.error ? (
        <LoadFailed error={order.error} onRetry={order.reload} />
      ) : (
        <LoadingCards count={2} />
      )}
    </div>
  );
}
