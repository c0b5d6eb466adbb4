/**
 * My coupons (/coupon): the usable coupons (GET /coupons) by kind, platform, withdrawal and repayment first (the
 * spec's list), each with its value, what it lowers, the least amount it needs and its validity; a link to the used
 * and expired ones (/couponInvalid). Coupons are used on the withdrawal page and the bill.
 */
import { useTranslation } from 'react-i18next';
import { couponsApi, type CouponView } from '#src/api/coupons.ts';
import { CouponTicket } from '#src/coupons/coupon-ticket.tsx';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { Link } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';

/** The list's groups: a kind's coupons go to the group of the operation they lower when the kind has none of its own. */
const GROUPS = ['platform', 'withdrawal', 'repayment'] as const;
const groupOf = (c: CouponView): (typeof GROUPS)[number] => (c.kind === 'platform' ? 'platform' : c.appliesTo);

export default function CouponScreen() {
  const { t } = useTranslation('coupons');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const list = useLoad(`coupons:${session}`, (signal) => couponsApi.usable(undefined, signal));
  const coupons = list.data?.coupons;
  return (
    <div className="page coupon">
      {!coupons ? (
        list.error ? (
          <LoadFailed error={list.error} onRetry={list.reload} />
        ) : (
          <LoadingCards count={2} />
        )
      ) : coupons.length === 0 ? (
        <p className="card muted" data-testid="coupons-empty">
          {t('list.empty')}
        </p>
      ) : (
        GROUPS.map((group) => {
          const items = coupons.filter((c) => groupOf(c) === group);
          if (items.length === 0) return null;
          return (
            <section key={group} aria-labelledby={`coupon-group-${group}`} data-group={group}>
              <h2 id={`coupon-group-${group}`} className="section-title">
                {t(`group.${group}`)}
              </h2>
              <ul className="coupon-list">
                {items.map((c) => (
                  <li key={c.id}>
                    <CouponTicket coupon={c} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
      <Link className="btn btn-block coupon-invalid-link" to="/couponInvalid" data-testid="coupons-invalid-link">
        {t('list.invalidLink')}
      </Link>
    </div>
  );
}
