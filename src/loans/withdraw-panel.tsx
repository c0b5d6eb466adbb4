/**
 * Withdrawing one order: what reaches the borrower, the payout account it goes to (masked, as the server's order view
 * names it: the account on file for a withdrawable order, also after a failed payout and a change), the signature (drawn
 * here only when none is on file: GET /signature; drawn, it is uploaded as a `signature` document and recorded with
 * POST /signature, and serves every later order), then Withdraw (POST /loans/:id/withdraw, one Idempotency-Key per
 * order, reused on a retry). Afterwards the order is disbursing: the money arrives within the stated hours.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import { useClickGuard } from '#engine/ui/click-guard.ts';
import { toast } from '#engine/ui/toast.tsx';
import type { WithdrawQuote } from '../api/coupons.ts';
import { IntentKeys, loansApi, uploadSignature, type OrderView } from '../api/loans.ts';
import { product } from '../config.ts';
import { Link } from '../router.ts';
import { sessionKeyOf, useCoreStore } from '../store/core-store.ts';
import type { CouponPick, CouponPickerComponent } from '../coupons/coupon-picker.tsx';
import { isTransient, loanErrorMessage } from './errors.ts';
import { Figures } from './figure-list.tsx';
import { LoadingCards } from './load-state.tsx';
import { OrderBadge } from './order-status.tsx';
import { payoutLabelKey } from './payout.ts';
import { SignatureField } from './signature-field.tsx';
import { useLoad } from './use-load.ts';
import './loans.css';

// The coupon picker is its own chunk: most withdrawals never open it before the page shows.
const CouponPicker = lazy(() => import('../coupons/coupon-picker.tsx')) as unknown as CouponPickerComponent;

export function WithdrawPanel({ order, onWithdrawn }: { order: OrderView; onWithdrawn?: (order: OrderView) => void }) {
  const { t } = useTranslation(['loan', 'forms']);
  const guard = useClickGuard();
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const signature = useLoad(`signature:${session}`, (signal) => loansApi.signature(signal));
  // Re-loan borrowers may send this loan to another account (spec section 6); others change it only after a failed
  // disbursement, from the order card.
  const home = useLoad(`home:${session}`, (signal) => loansApi.home(signal));
  const canChangeAccount = home.data?.reloan === true && home.data.bankChangeAvailable;
  const [drawn, setDrawn] = useState<string | undefined>(undefined);
  const [done, setDone] = useState<OrderView | null>(null);
  const [busy, setBusy] = useState(false);
  const [intents] = useState(() => new IntentKeys());
  const [coupon, setCoupon] = useState<CouponPick<WithdrawQuote> | null>(null);
  const payout = order.payout;

  if (done || order.state === 'disbursing') {
    return (
      <section className="card loan-withdrawn" role="status" data-testid="withdrawn">
        <OrderBadge order={done ?? order} />
        <p className="loan-note">{t('withdraw.disbursing', { count: product.timings.fundsHours })}</p>
        <Link className="btn btn-primary btn-block" to="/homeIndex" replace>
          {t('withdraw.backHome')}
        </Link>
      </section>
    );
  }
  if (order.state !== 'withdrawable') {
    return (
      <section className="card" data-testid="not-withdrawable">
        <OrderBadge order={order} />
        <Link className="btn btn-block loan-gap" to="/homeIndex">
          {t('withdraw.backHome')}
        </Link>
      </section>
    );
  }
  if (!signature.data) return <LoadingCards count={1} />;
  const signed = signature.data.signed;

  const withdraw = async () => {
    if (!signed && !drawn) {
      toast(t('withdraw.signFirst'));
      return;
    }
    setBusy(true);
    try {
      if (!signed && drawn) {
        const ref = await uploadSignature(drawn);
        signature.setData(await loansApi.sign(ref));
      }
      const key = intents.keyFor('withdraw', { order: order.id, coupon: coupon?.id ?? null });
      const answer = await loansApi.withdraw(order.id, key, coupon?.id);
      intents.done();
      setDone(answer);
      onWithdrawn?.(answer);
    } catch (error) {
      if (!isTransient(error)) intents.done();
      toast(await loanErrorMessage(error), 4000);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card loan-withdraw" aria-label={t('withdraw.title')} data-order={order.id}>
      <Figures
        items={[
          { id: 'orderNo', label: t('figures.orderNo'), value: order.orderNo },
          (coupon?.result ?? order.quote).couponCentavos > 0 && {
            id: 'coupon',
            label: t('figures.coupon'),
            value: `+${formatPeso((coupon?.result ?? order.quote).couponCentavos)}`,
          },
          {
            id: 'received',
            label: t('figures.received'),
            value: formatPeso((coupon?.result ?? order.quote).receivedCentavos),
            strong: true,
          },
          {
            id: 'payout',
            label: t('withdraw.payoutAccount'),
            value: payout ? (
              <span data-testid="payout">
                {t(payoutLabelKey(payout), { defaultValue: payout.label })} {payout.accountMasked}
              </span>
            ) : (
              '—'
            ),
          },
        ]}
      />
      {!order.quote.couponKind && (
        <Suspense fallback={null}>
          <CouponPicker<WithdrawQuote>
            appliesTo="withdrawal"
            check={(api, id) => api.withdrawQuote(order.id, id)}
            onPick={setCoupon}
            disabled={busy}
          />
        </Suspense>
      )}
      {canChangeAccount && (
        <Link className="loan-link" to="/changeBank" data-testid="change-account">
          {t('order.changeBank')}
        </Link>
      )}
      {signed ? (
        <p className="loan-note" data-testid="signature-on-file">
          {t('withdraw.signatureOnFile')}
        </p>
      ) : (
        <div className="loan-signature" data-testid="signature-needed">
          <p className="loan-picker-label">{t('withdraw.signTitle')}</p>
          <p className="muted">{t('withdraw.signNote')}</p>
          <SignatureField value={drawn} onChange={setDrawn} disabled={busy} />
        </div>
      )}
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={busy}
        aria-busy={busy}
        onClick={guard(() => void withdraw())}
      >
        {t('withdraw.submit')}
      </button>
    </section>
  );
}
