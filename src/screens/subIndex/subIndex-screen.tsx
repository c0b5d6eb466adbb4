/**
 * One sub-product (/subIndex?sub=<id>): its offer (pickers, live quote, Apply) in its own theme, the theme's custom
 * properties (config/themes/theme-<n>.json) set on this screen's root element only. With an order already running,
 * the screen shows that order instead.
 */
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { loansApi } from '#src/api/loans.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { LoanOffer, useOfferModule } from '#src/loans/lazy-offer.tsx';
import { homePollOf, OrderCard } from '#src/loans/order-card.tsx';
import { configTextKey, loanProduct, subProductById } from '#src/loans/pricing.ts';
import { productRange } from '#src/loans/product-range.ts';
import { useLoad } from '#src/loans/use-load.ts';
import { Link, useNavigate, useSearchParams } from '#src/router.ts';
import { applyTheme } from '#src/shell/theme.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';
import './subIndex.page.css';

export default function SubIndexScreen() {
  const { t } = useTranslation('loan');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sub = subProductById(params.get('sub')) ?? loanProduct.subProducts[0];
  const root = useRef<HTMLDivElement>(null);
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const home = useLoad(`home:${session}`, (signal) => loansApi.home(signal), homePollOf);
  useOfferModule();

  useLayoutEffect(() => {
    if (root.current && sub) applyTheme(sub.theme, root.current);
  }, [sub]);

  if (!sub) return <div className="page subIndex" ref={root} />;
  return (
    <div className="page subIndex" ref={root} data-sub={sub.id}>
      <header className="card subIndex-head">
        <h2 className="section-title">{t(configTextKey(sub.nameKey))}</h2>
        {/* What it lends this borrower, as home's card says it: up to their limit once home's view is in (its line
            kept meanwhile, so nothing moves); nothing while the profile is unfinished. */}
        <p className="subIndex-range" data-testid="sub-range">
          {!home.data
            ? '\u00a0'
            : home.data.limitWithheld?.code === 'PROFILE_INCOMPLETE'
              ? null
              : productRange(t, sub.amount, home.data.creditLimitCentavos)}
        </p>
        {sub.instalments && sub.instalments.count > 1 && (
          <p className="subIndex-range">{t('sub.instalments', { count: sub.instalments.count })}</p>
        )}
      </header>
      {!home.data ? (
        home.error ? (
          <LoadFailed error={home.error} onRetry={home.reload} />
        ) : (
          <LoadingCards />
        )
      ) : home.data.currentOrder ? (
        <>
          <OrderCard order={home.data.currentOrder} />
          <Link className="btn btn-block" to="/homeIndex">
            {t('sub.backHome')}
          </Link>
        </>
      ) : (
        <LoanOffer sub={sub} home={home.data} onApplied={() => navigate('/homeIndex', { replace: true })} />
      )}
    </div>
  );
}
