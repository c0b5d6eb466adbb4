/**
 * The bill of one order (/bill?order=<id>): every figure of the loan, its plan (paid periods marked), what being
 * overdue has added, what was repaid, and the repayment actions: the next instalment of an instalment loan (the
 * default choice there: the period's amount and the penalties, by its due date), repay in full (the amount due), or
 * extend (when offered: the new due date and what it costs). Each asks for a channel (e-wallet, bank transfer, over the counter), then POST
 * /loans/:id/payments (one Idempotency-Key per choice, reused on a retry) and the payment's detail. An overdue loan's
 * bill also offers to dispute the amount, or says it is disputed (src/collections/dispute-panel.tsx, its own chunk).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentChannel, PaymentKind } from '#domain/loan-types.ts';
import { formatPeso } from '#domain/money.ts';
import { useClickGuard } from '#engine/ui/click-guard.ts';
import { toast } from '#engine/ui/toast.tsx';
import type { PaymentQuote } from '#src/api/coupons.ts';
import { IntentKeys, loansApi, type OrderDetail } from '#src/api/loans.ts';
import type { CouponPick, CouponPickerComponent } from '#src/coupons/coupon-picker.tsx';
import { isTransient, loanErrorMessage } from '#src/loans/errors.ts';
import { Figures, PlanTable, useTaxFigure } from '#src/loans/figures.tsx';
import { ScheduleTable } from '#src/loans/schedule-table.tsx';
import { formatDay, formatInstant, formatPercent, languageOf } from '#src/loans/format.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { OrderBadge } from '#src/loans/order-status.tsx';
import { failureKeyOf, learnServerTime, paymentStatus, useNowAt } from '#src/loans/payment-status.ts';
import { pricing } from '#src/loans/pricing.ts';
import RefundCard from '#src/loans/refund-card.tsx';
import { refundPoll } from '#src/loans/refund-poll.ts';
import { useLoad } from '#src/loans/use-load.ts';
import { Link, useLocation, useNavigate, useSearchParams } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';
import './bill.page.css';

export const CHANNELS: readonly PaymentChannel[] = ['eWallet', 'bank', 'otc'];

// The coupon picker is its own chunk, fetched when a repayment is chosen.
const CouponPicker = lazy(() => import('#src/coupons/coupon-picker.tsx')) as unknown as CouponPickerComponent;
// The dispute of an overdue loan (and the way to its collection contacts) is its own chunk too.
const DisputePanel = lazy(() => import('#src/collections/dispute-panel.tsx'));

const sumOf = <K extends string>(rows: readonly Record<K, number>[], key: K): number =>
  rows.reduce((sum, row) => sum + row[key], 0);

export default function BillScreen() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const order = useLoad<OrderDetail>(
    orderId ? `order:${session}:${orderId}` : null,
    (signal) => loansApi.order(orderId ?? '', signal).then(learnServerTime),
    refundPoll,
  );
  if (!orderId) return <div className="page bill" />;
  if (!order.data) {
    return (
      <div className="page bill">
        {order.error ? <LoadFailed error={order.error} onRetry={order.reload} /> : <LoadingCards count={3} />}
      </div>
    );
  }
  return <Bill order={order.data} />;
}

function Bill({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  const { quote, instalment, schedule } = order;
  const taxFigure = useTaxFigure(quote);
  // A payment whose code expired is not in progress, released by the server or not yet: the borrower pays again.
  const now = useNowAt(order.payments.filter((p) => p.state === 'in_progress').map((p) => p.expiresAt));
  const pending = order.payments.find((p) => paymentStatus(p, now) === 'in_progress');
  const latest = order.payments[0];
  const expired = !pending && latest && paymentStatus(latest, now) === 'expired' ? latest : undefined;
  // The gateway declined the last one: said so, with why, and the borrower pays again below at once.
  const declined = !pending && latest?.state === 'fail' && latest.failureCode === 'DECLINED' ? latest : undefined;
  // "Pay again" (/bill?order=<id>#repay, from an expired payment) lands on the repayment actions.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#repay') document.getElementById('bill-repay')?.scrollIntoView({ block: 'start' });
  }, [hash]);
  // The plan's last date as it stands (extensions move it).
  const repaymentDate = schedule[schedule.length - 1]?.dueDate ?? quote.repaymentDate;
  const disbursed = order.state === 'repaying' || order.state === 'settled';
  return (
    <div className="page bill" data-order={order.id}>
      <section className="card bill-head">
        <div className="bill-head-row">
          <span className="muted">{order.orderNo}</span>
          <OrderBadge order={order} />
        </div>
        {order.state === 'settled' ? (
          <>
            <p className="bill-due-label">{t('figures.amountRepaid')}</p>
            <p className="bill-due" data-testid="amount-repaid">
              {formatPeso(order.amountRepaidCentavos)}
            </p>
            {order.settledOn && (
              <p className="bill-due-date">{t('bill.settledOn', { date: formatDay(order.settledOn, lng) })}</p>
            )}
          </>
        ) : instalment ? (
          <>
            <p className="bill-due-label">
              {t('instalment.label', { period: instalment.period, count: instalment.count })}
            </p>
            <p className="bill-due" data-testid="instalment-due">
              {formatPeso(instalment.amountAtDueCentavos)}
            </p>
            <p className="bill-due-date">{t('bill.dueOn', { date: formatDay(instalment.dueDate, lng) })}</p>
          </>
        ) : (
          <>
            <p className="bill-due-label">{t('figures.amountDue')}</p>
            <p className="bill-due" data-testid="amount-due">
              {formatPeso(order.amountAtDueCentavos)}
            </p>
            {order.dueDate && (
              <p className="bill-due-date">{t('bill.dueOn', { date: formatDay(order.dueDate, lng) })}</p>
            )}
          </>
        )}
      </section>

      {/* The refunds of what was paid over what was owed. */}
      <RefundCard refunds={order.refunds} />

      {pending && (
        <Link
          className="card loan-note bill-pending"
          to={`/repaidDetail?payment=${encodeURIComponent(pending.id)}`}
          data-testid="pending-payment"
        >
          {t('bill.paymentInProgress', { amount: formatPeso(pending.amountCentavos) })}
        </Link>
      )}

      {expired && order.state === 'repaying' && (
        <Link
          className="card loan-note loan-note-warn bill-pending"
          to={`/repaidDetail?payment=${encodeURIComponent(expired.id)}`}
          data-testid="expired-payment"
        >
          {t('bill.paymentExpired', { amount: formatPeso(expired.amountCentavos) })}
        </Link>
      )}

      {declined && order.state === 'repaying' && (
        <Link
          className="card loan-note loan-note-danger bill-pending"
          to={`/repaidDetail?payment=${encodeURIComponent(declined.id)}`}
          data-testid="declined-payment"
        >
          {t('bill.paymentDeclined', {
            amount: formatPeso(declined.amountCentavos),
            reason: t(failureKeyOf(declined)),
          })}
        </Link>
      )}

      {order.state === 'repaying' && !pending && <RepayActions order={order} />}

      {order.state === 'repaying' && order.overdueDays > 0 && (
        <Suspense fallback={null}>
          <DisputePanel orderId={order.id} />
        </Suspense>
      )}

      <section className="card" aria-labelledby="bill-details">
        <h2 id="bill-details" className="section-title">
          {t('bill.details')}
        </h2>
        <Figures
          items={[
            { id: 'orderNo', label: t('figures.orderNo'), value: order.orderNo },
            { id: 'principal', label: t('figures.principal'), value: formatPeso(order.principalCentavos) },
            // The term as it stands: each extension adds its days.
            {
              id: 'term',
              label: t('figures.term'),
              value: t('picker.days', { count: order.termDays + order.extensionCount * pricing.extensionDays }),
            },
            { id: 'dailyRate', label: t('figures.dailyRate'), value: formatPercent(quote.dailyInterestPpm, lng) },
            // The interest of the plan as it stands (by the day: less when repaid early, more with extensions).
            {
              id: 'interest',
              label: t('figures.interest'),
              value: formatPeso(disbursed ? sumOf(schedule, 'interestCentavos') : quote.interestCentavos),
            },
            { id: 'serviceFee', label: t('figures.serviceFee'), value: formatPeso(quote.serviceFeeCentavos) },
            // The extension fees charged, when the loan was extended.
            order.extensionCount > 0 && {
              id: 'extensionFees',
              label: t('figures.extensionFees'),
              value: formatPeso(sumOf(schedule, 'feeCentavos')),
            },
            {
              id: 'creditReportFee',
              label: t('figures.creditReportFee'),
              value: formatPeso(quote.creditReportFeeCentavos),
            },
            taxFigure,
            { id: 'coupon', label: t('figures.coupon'), value: formatPeso(quote.couponCentavos) },
            { id: 'received', label: t('figures.received'), value: formatPeso(quote.receivedCentavos) },
            { id: 'loanDate', label: t('figures.loanDate'), value: formatDay(order.loanDate ?? quote.loanDate, lng) },
            { id: 'repaymentDate', label: t('figures.repaymentDate'), value: formatDay(repaymentDate, lng) },
            { id: 'firstDueDate', label: t('figures.firstDueDate'), value: formatDay(quote.firstDueDate, lng) },
            {
              id: 'overdueDays',
              label: t('figures.overdueDays'),
              value: t('picker.days', { count: order.overdueDays }),
            },
            { id: 'lateFine', label: t('figures.lateFine'), value: formatPeso(order.lateFineCentavos) },
            { id: 'damages', label: t('figures.damages'), value: formatPeso(order.damagesCentavos) },
            {
              id: 'extensionAmount',
              label: t('figures.extensionAmount'),
              value: order.extension ? formatPeso(order.extension.amountCentavos) : '—',
            },
            {
              id: 'amountDue',
              label: t('figures.amountDue'),
              value: formatPeso(order.amountAtDueCentavos),
              strong: true,
            },
            // Interest accrues by the day: repaying before the due date costs less.
            order.amountDueCentavos !== order.amountAtDueCentavos && {
              id: 'payoffToday',
              label: t('figures.payoffToday'),
              value: formatPeso(order.amountDueCentavos),
            },
            { id: 'amountRepaid', label: t('figures.amountRepaid'), value: formatPeso(order.amountRepaidCentavos) },
          ]}
        />
        <h3 className="bill-sub">{t('bill.plan')}</h3>
        {disbursed ? (
          <>
            <ScheduleTable rows={schedule} />
            <p className="muted bill-plan-note">{t('bill.planNote')}</p>
          </>
        ) : (
          <PlanTable quote={quote} />
        )}
      </section>

      {order.payments.length > 0 && (
        <section aria-labelledby="bill-payments">
          <h2 id="bill-payments" className="section-title">
            {t('bill.payments')}
          </h2>
          <ul className="list">
            {order.payments.map((p) => (
              <li key={p.id}>
                <Link
                  className="list-item"
                  to={`/repaidDetail?payment=${encodeURIComponent(p.id)}`}
                  data-payment={p.id}
                >
                  <span className="list-item-label">
                    {t(`payment.kind.${p.kind}`)} · {formatInstant(p.createdAt, lng)}
                  </span>
                  <span className="list-item-value">
                    {formatPeso(p.amountCentavos)} · {t(`payment.state.${paymentStatus(p, now)}`)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function RepayActions({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation('loan');
  const { t: tc } = useTranslation('coupons');
  const lng = languageOf(i18n);
  const navigate = useNavigate();
  const guard = useClickGuard();
  // An instalment order pays its next instalment by default; otherwise the borrower picks.
  const [kind, setKind] = useState<PaymentKind | null>(order.instalment ? 'instalment' : null);
  const [channel, setChannel] = useState<PaymentChannel>('eWallet');
  const [busy, setBusy] = useState(false);
  const [intents] = useState(() => new IntentKeys());
  const [coupon, setCoupon] = useState<CouponPick<PaymentQuote> | null>(null);
  const choose = (next: PaymentKind) => {
    setKind(next);
    setCoupon(null);
  };

  const pay = async () => {
    if (!kind) return;
    const body = coupon ? { kind, channel, couponId: coupon.id } : { kind, channel };
    const key = intents.keyFor(`pay ${order.id}`, body);
    setBusy(true);
    try {
      const payment = await loansApi.pay(order.id, body, key);
      intents.done();
      navigate(`/repaidDetail?payment=${encodeURIComponent(payment.id)}`);
    } catch (error) {
      if (!isTransient(error)) intents.done();
      toast(await loanErrorMessage(error), 4000);
    } finally {
      setBusy(false);
    }
  };

  const { instalment } = order;
  const penalties = order.lateFineCentavos + order.damagesCentavos;
  const amount =
    kind === 'extend' && order.extension
      ? order.extension.amountCentavos
      : kind === 'instalment' && instalment
        ? instalment.amountCentavos
        : order.amountDueCentavos;
  return (
    <section className="card bill-actions" aria-labelledby="bill-repay">
      <h2 id="bill-repay" className="section-title">
        {t('bill.repayTitle')}
      </h2>
      <div className="bill-choices" role="radiogroup" aria-labelledby="bill-repay">
        {instalment && (
          <label className={kind === 'instalment' ? 'bill-choice is-selected' : 'bill-choice'} data-testid="instalment">
            <input
              type="radio"
              name="bill-kind"
              checked={kind === 'instalment'}
              onChange={() => choose('instalment')}
            />
            <span className="bill-choice-title">
              {t('instalment.pay', { period: instalment.period, count: instalment.count })}
            </span>
            <span className="bill-choice-amount">{formatPeso(instalment.amountCentavos)}</span>
            <span className="muted">{t('bill.dueOn', { date: formatDay(instalment.dueDate, lng) })}</span>
            {penalties > 0 && (
              <span className="muted">{t('instalment.penalties', { amount: formatPeso(penalties) })}</span>
            )}
          </label>
        )}
        <label className={kind === 'settle' ? 'bill-choice is-selected' : 'bill-choice'} data-testid="settle">
          <input type="radio" name="bill-kind" checked={kind === 'settle'} onChange={() => choose('settle')} />
          <span className="bill-choice-title">{t('bill.settle')}</span>
          <span className="bill-choice-amount">{formatPeso(order.amountDueCentavos)}</span>
          {order.amountDueCentavos < order.amountAtDueCentavos && (
            <span className="muted" data-testid="settle-today">
              {t('bill.settleToday')}
            </span>
          )}
        </label>
        {order.extension && (
          <label className={kind === 'extend' ? 'bill-choice is-selected' : 'bill-choice'} data-testid="extend">
            <input type="radio" name="bill-kind" checked={kind === 'extend'} onChange={() => choose('extend')} />
            <span className="bill-choice-title">{t('bill.extend', { count: pricing.extensionDays })}</span>
            <span className="bill-choice-amount">{formatPeso(order.extension.amountCentavos)}</span>
            <span className="muted" data-testid="extend-covers">
              {order.extension.amountCentavos > order.extension.feeCentavos
                ? t('bill.extendCovers', {
                    count: pricing.extensionDays,
                    fee: formatPeso(order.extension.feeCentavos),
                    interest: formatPeso(order.extension.amountCentavos - order.extension.feeCentavos),
                  })
                : t('bill.extendCoversFee', {
                    count: pricing.extensionDays,
                    fee: formatPeso(order.extension.feeCentavos),
                  })}
            </span>
            <span className="muted">
              {t('bill.extendThen', {
                date: formatDay(order.extension.newDueDate, lng),
                amount: formatPeso(order.extension.newAmountDueCentavos),
              })}
            </span>
            {order.extension.waivedCentavos > 0 && (
              <span className="muted">
                {t('bill.extendWaives', { amount: formatPeso(order.extension.waivedCentavos) })}
              </span>
            )}
          </label>
        )}
      </div>
      {(kind === 'settle' || kind === 'instalment') && (
        <Suspense fallback={null}>
          <CouponPicker<PaymentQuote>
            key={kind}
            appliesTo="repayment"
            check={(api, id) => api.paymentQuote(order.id, { kind, couponId: id })}
            onPick={setCoupon}
            disabled={busy}
          />
        </Suspense>
      )}
      {coupon && coupon.result.kind === kind && (
        <dl className="bill-coupon" data-testid="coupon-discount">
          <dt>{tc('pay.discount')}</dt>
          <dd>-{formatPeso(coupon.result.discountCentavos)}</dd>
          <dt>{tc('pay.toPay')}</dt>
          <dd data-testid="to-pay">{formatPeso(coupon.result.amountCentavos)}</dd>
        </dl>
      )}
      {kind && (
        <fieldset className="bill-channels" disabled={busy}>
          <legend className="loan-picker-label">{t('bill.channel')}</legend>
          {CHANNELS.map((c) => (
            <label key={c} className={c === channel ? 'bill-channel is-selected' : 'bill-channel'}>
              <input
                type="radio"
                name="bill-channel"
                value={c}
                checked={c === channel}
                onChange={() => setChannel(c)}
              />
              <span>{t(`payment.channel.${c}`)}</span>
            </label>
          ))}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy}
            aria-busy={busy}
            onClick={guard(() => void pay())}
          >
            {t('bill.pay', {
              amount: formatPeso(coupon && coupon.result.kind === kind ? coupon.result.amountCentavos : amount),
            })}
          </button>
        </fieldset>
      )}
    </section>
  );
}
