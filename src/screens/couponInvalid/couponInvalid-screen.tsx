/** Invalid coupons (/couponInvalid): the used and expired ones (GET /coupons/invalid), newest first. */
import { useTranslation } from 'react-i18next';
import { couponsApi } from '#src/api/coupons.ts';
import { CouponTicket } from '#src/coupons/coupon-ticket.tsx';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';

export default function CouponInvalidScreen() {
  const { t } = useTranslation('coupons');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const list = useLoad(`coupons-invalid:${session}`, (signal) => couponsApi.invalid(signal));
  const coupons = list.data?.coupons;
  return (
    <div className="page couponInvalid">
      {!coupons ? (
        list.error ? (
          <LoadFailed error={list.error} onRetry={list.reload} />
        ) : (
          <LoadingCards count={2} />
        )
      ) : coupons.length === 0 ? (
        <p className="card muted" data-testid="coupons-empty">
          {t('list.invalidEmpty')}
        </p>
      ) : (
        <ul className="coupon-list">
          {coupons.map((c) => (
            <li key={c.id}>
              <CouponTicket coupon={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
