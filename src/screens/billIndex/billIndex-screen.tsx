/**
 * My Loan (/billIndex): the borrower's orders (GET /loans) with their state, amounts and dates, in tabs (ongoing,
 * all, repayment record of the last 3 months from GET /payments). The chosen tab is the store's loanTabType
 * (spec default 2: ongoing).
 */
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import { loansApi, type OrderView, type PaymentView } from '#src/api/loans.ts';
import { formatDay, formatInstant, languageOf } from '#src/loans/format.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { OrderBadge } from '#src/loans/order-status.tsx';
import { failureKeyOf, learnServerTime, paymentStatus, useNowAt } from '#src/loans/payment-status.ts';
import { RefundLine } from '#src/loans/refund-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { Link } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';
import './billIndex.page.css';

/** loanTabType values: 1 all orders, 2 ongoing orders (the default), 3 the repayment record. */
export const TABS = [
  { type: 2, id: 'ongoing' },
  { type: 1, id: 'all' },
  { type: 3, id: 'payments' },
] as const;

const FINISHED: ReadonlySet<OrderView['state']> = new Set(['settled', 'rejected']);

/** Where an order's row leads: its next step, or its bill. */
export function orderLink(order: OrderView): string {
  const q = `?order=${encodeURIComponent(order.id)}`;
  switch (order.state) {
    case 'accepted':
      return `/loan${q}`;
    case 'withdrawable':
      return `/withdrawPage${q}`;
    case 'disbursement_failed':
      return '/changeBank';
    case 'under_review':
    case 'disbursing':
    case 'rejected':
      return '/homeIndex';
    default:
      return `/bill${q}`;
  }
}

export default function BillIndexScreen() {
  const { t } = useTranslation('loan');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const stored = useCoreStore((s) => s.loanTabType);
  const tab = TABS.find((x) => x.type === stored) ?? TABS[0];
  const orders = useLoad(`orders:${session}`, (signal) => loansApi.orders(signal));
  const payments = useLoad(tab.id === 'payments' ? `payments:${session}` : null, (signal) =>
    loansApi.payments(signal).then(learnServerTime),
  );
  const shown = tab.id === 'payments' ? payments : orders;

  return (
    <div className="page billIndex">
      <div className="billIndex-tabs" role="tablist" aria-label={t('billIndex.tabs')}>
        {TABS.map((x) => (
          <button
            key={x.id}
            type="button"
            role="tab"
            id={`billIndex-tab-${x.id}`}
            aria-selected={x.id === tab.id}
            aria-controls="billIndex-panel"
            className={x.id === tab.id ? 'billIndex-tab is-active' : 'billIndex-tab'}
            onClick={() => useCoreStore.getState().patch({ loanTabType: x.type })}
          >
            {t(`billIndex.tab.${x.id}`)}
          </button>
        ))}
      </div>
      <div id="billIndex-panel" role="tabpanel" aria-labelledby={`billIndex-tab-${tab.id}`}>
        {shown.error && !shown.data ? (
          <LoadFailed error={shown.error} onRetry={shown.reload} />
        ) : tab.id === 'payments' ? (
          payments.data ? (
            <PaymentList payments={payments.data.payments} />
          ) : (
            <LoadingCards />
          )
        ) : orders.data ? (
          <OrderList
            orders={
              tab.id === 'ongoing' ? orders.data.orders.filter((o) => !FINISHED.has(o.state)) : orders.data.orders
            }
          />
        ) : (
          <LoadingCards />
        )}
      </div>
    </div>
  );
}

function OrderList({ orders }: { orders: readonly OrderView[] }) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  if (orders.length === 0) {
    return (
      <div className="card billIndex-empty" data-testid="empty">
        <p>{t('billIndex.noOrders')}</p>
        <Link className="btn btn-primary btn-block" to="/homeIndex">
          {t('billIndex.borrow')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="billIndex-list">
      {orders.map((order) => (
        <li key={order.id}>
          <Link className="card billIndex-order" to={orderLink(order)} data-order={order.id}>
            <span className="billIndex-row">
              <span className="muted">{order.orderNo}</span>
              <OrderBadge order={order} />
            </span>
            <span className="billIndex-row">
              <span>{t('figures.principal')}</span>
              <strong>{formatPeso(order.principalCentavos)}</strong>
            </span>
            {order.state === 'repaying' && (
              <span className="billIndex-row">
                <span>{t('figures.amountDue')}</span>
                <strong>{formatPeso(order.amountAtDueCentavos)}</strong>
              </span>
            )}
            <span className="billIndex-row muted">
              {order.dueDate ? (
                <span>{t('billIndex.dueOn', { date: formatDay(order.dueDate, lng) })}</span>
              ) : (
                <span>{t('billIndex.appliedOn', { date: formatInstant(order.createdAt, lng) })}</span>
              )}
              <span>{t('picker.days', { count: order.termDays })}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function PaymentList({ payments }: { payments: readonly PaymentView[] }) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  // A code that ran out reads expired, a declined one failed with its reason (payment-status.ts).
  const now = useNowAt(payments.filter((p) => p.state === 'in_progress').map((p) => p.expiresAt));
  if (payments.length === 0) {
    return (
      <p className="card muted" data-testid="empty">
        {t('billIndex.noPayments')}
      </p>
    );
  }
  return (
    <>
      <p className="muted">{t('billIndex.paymentsWindow')}</p>
      <ul className="list">
        {payments.map((p) => {
          const status = paymentStatus(p, now);
          return (
            <li key={p.id}>
              <Link
                className="list-item billIndex-payment"
                to={`/repaidDetail?payment=${encodeURIComponent(p.id)}`}
                data-payment={p.id}
              >
                <span className="list-item-label">
                  <span>{t(`payment.kind.${p.kind}`)}</span>
                  <span className="muted">
                    {p.orderNo} · {formatInstant(p.createdAt, lng)}
                  </span>
                  {p.refund && <RefundLine refund={p.refund} />}
                  {status === 'fail' && p.failureCode === 'DECLINED' && (
                    <span className="billIndex-decline" data-testid="decline-reason">
                      {t(failureKeyOf(p))}
                    </span>
                  )}
                </span>
                <span className="billIndex-payment-side">
                  <strong>{formatPeso(p.amountCentavos)}</strong>
                  <span
                    className={`loan-badge loan-badge-${status === 'fail' ? 'danger' : status === 'success' ? 'done' : status === 'expired' ? 'warn' : 'info'}`}
                    data-state={status}
                  >
                    {t(`payment.state.${status}`)}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
