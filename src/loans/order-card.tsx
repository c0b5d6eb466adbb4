/**
 * The borrower's current order and the one thing to do next: wait for approval, check the terms, withdraw, wait for
 * the money, fix the payout account after a failed disbursement, or repay.
 */
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import type { HomeView, OrderView } from '../api/loans.ts';
import { product } from '../config.ts';
import { Link } from '../router.ts';
import { Figures } from './figure-list.tsx';
import { formatDay, languageOf } from './format.ts';
import { OrderBadge } from './order-status.tsx';
import './loans.css';

/** States whose next step happens on the server: the screen polls while an order is in one. */
export const MOVING_STATES: ReadonlySet<OrderView['state']> = new Set(['under_review', 'disbursing']);

/** How often home asks again while an order is moving on the server. */
export const HOME_POLL_MS = 4000;

/** The poll delay for a home answer: while its current order is moving, else none. */
export const homePollOf = (home: HomeView): number =>
  home.currentOrder && MOVING_STATES.has(home.currentOrder.state) ? HOME_POLL_MS : 0;

const q = (order: OrderView) => `?order=${encodeURIComponent(order.id)}`;

/**
 * `bankChangeAvailable` is home's: under bank maintenance a failed disbursement says the change must wait instead of
 * offering a change the server would refuse.
 */
export function OrderCard({ order, bankChangeAvailable = true }: { order: OrderView; bankChangeAvailable?: boolean }) {
  const { t, i18n } = useTranslation(['loan', 'errors']);
  const lng = languageOf(i18n);
  const { timings } = product;
  const instalment = order.state === 'repaying' ? order.instalment : null;
  return (
    <section
      className="card loan-order-card"
      aria-labelledby="loan-order-title"
      data-testid="order-card"
      data-state={order.state}
    >
      <div className="loan-order-head">
        <h2 id="loan-order-title" className="section-title">
          {t('order.title')}
        </h2>
        <OrderBadge order={order} />
      </div>
      <Figures
        items={[
          { id: 'orderNo', label: t('figures.orderNo'), value: order.orderNo },
          { id: 'principal', label: t('figures.principal'), value: formatPeso(order.principalCentavos) },
          order.state !== 'repaying' && {
            id: 'received',
            label: t('figures.received'),
            value: formatPeso(order.quote.receivedCentavos),
          },
          // An instalment order: the next instalment and its date first, the whole balance after.
          instalment && {
            id: 'instalment',
            label: t('instalment.label', { period: instalment.period, count: instalment.count }),
            value: formatPeso(instalment.amountAtDueCentavos),
            strong: true,
          },
          instalment && { id: 'dueDate', label: t('figures.dueDate'), value: formatDay(instalment.dueDate, lng) },
          order.state === 'repaying' && {
            id: 'amountDue',
            label: t(instalment ? 'instalment.balance' : 'figures.amountDue'),
            // On the due date (interest accrues by the day to it); the bill shows what repaying today takes.
            value: formatPeso(order.amountAtDueCentavos),
            strong: !instalment,
          },
          order.state === 'repaying' &&
            !instalment &&
            order.dueDate !== null && {
              id: 'dueDate',
              label: t('figures.dueDate'),
              value: formatDay(order.dueDate, lng),
            },
        ]}
      />
      {order.state === 'under_review' && (
        <p className="loan-note">{t('order.underReview', { count: timings.approvalMinutes })}</p>
      )}
      {order.state === 'accepted' && (
        <>
          <p className="loan-note">{t('order.accepted')}</p>
          <Link className="btn btn-primary btn-block" to={`/loan${q(order)}`}>
            {t('order.checkTerms')}
          </Link>
        </>
      )}
      {order.state === 'withdrawable' && (
        <Link className="btn btn-primary btn-block" to={`/withdrawPage${q(order)}`}>
          {t('order.withdraw')}
        </Link>
      )}
      {order.state === 'disbursing' && (
        <p className="loan-note">{t('order.disbursing', { count: timings.fundsHours })}</p>
      )}
      {order.state === 'disbursement_failed' && (
        <>
          <p className="loan-note loan-note-danger" role="alert">
            {t(`errors:${order.failureCode ?? 'DISBURSEMENT_ACCOUNT_UNAVAILABLE'}`, {
              defaultValue: t('errors:DISBURSEMENT_ACCOUNT_UNAVAILABLE'),
            })}
          </p>
          {bankChangeAvailable ? (
            <Link className="btn btn-primary btn-block" to="/changeBank">
              {t('order.changeBank')}
            </Link>
          ) : (
            <p className="loan-note" data-testid="bank-change-maintenance">
              {t('order.changeBankMaintenance')}
            </p>
          )}
        </>
      )}
      {order.state === 'repaying' && (
        <Link className="btn btn-primary btn-block" to={`/bill${q(order)}`}>
          {t('order.repay')}
        </Link>
      )}
      {order.state === 'rejected' && order.reapplyAfter && (
        <p className="loan-note">{t('offer.reapplyAfter', { date: formatDay(order.reapplyAfter, lng) })}</p>
      )}
    </section>
  );
}
