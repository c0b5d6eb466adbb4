/**
 * Withdraw (/allWithdraw): the orders ready to withdraw. With one, its withdrawal is shown here; with several, each
 * leads to /withdrawPage?order=<id>; with none, the way home.
 */
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import { Icon } from '#engine/ui/icons.tsx';
import { chevronIcon } from '#engine/ui/icon-set.ts';
import { loansApi } from '#src/api/loans.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { WithdrawPanel } from '#src/loans/withdraw-panel.tsx';
import { Link } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';

export default function AllWithdrawScreen() {
  const { t } = useTranslation('loan');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const orders = useLoad(`orders:${session}`, (signal) => loansApi.orders(signal));

  if (!orders.data) {
    return (
      <div className="page allWithdraw">
        {orders.error ? <LoadFailed error={orders.error} onRetry={orders.reload} /> : <LoadingCards count={2} />}
      </div>
    );
  }
  const ready = orders.data.orders.filter((o) => o.state === 'withdrawable');
  if (ready.length === 1) {
    return (
      <div className="page allWithdraw">
        <WithdrawPanel order={ready[0]!} />
      </div>
    );
  }
  return (
    <div className="page allWithdraw">
      {ready.length === 0 ? (
        <section className="card" data-testid="none-withdrawable">
          <p className="loan-note">{t('withdraw.none')}</p>
          <Link className="btn btn-block" to="/homeIndex">
            {t('withdraw.backHome')}
          </Link>
        </section>
      ) : (
        <ul className="list">
          {ready.map((order) => (
            <li key={order.id}>
              <Link
                className="list-item"
                to={`/withdrawPage?order=${encodeURIComponent(order.id)}`}
                data-order={order.id}
              >
                <span className="list-item-label">{order.orderNo}</span>
                <span className="list-item-value">{formatPeso(order.quote.receivedCentavos)}</span>
                <Icon path={chevronIcon} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
