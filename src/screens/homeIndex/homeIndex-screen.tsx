/**
 * Home (/homeIndex): the credit limit, the current order with its next step (polled while under review or
 * disbursing), or else the offer of the main sub-product with its live quote and Apply; the other sub-products as
 * cards leading to /subIndex?sub=<id>.
 */
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import { Icon } from '#engine/ui/icons.tsx';
import { chevronIcon } from '#engine/ui/icon-set.ts';
import { loansApi, type HomeView } from '#src/api/loans.ts';
import { requestEarly } from '#src/api/session.ts';
import { formatDay, languageOf } from '#src/loans/format.ts';
import { LoadFailed } from '#src/loans/load-state.tsx';
import { Timings } from '#src/loans/timings.tsx';
import { prefetchOffer, SuspendingLoanOffer, useOfferModule } from '#src/loans/lazy-offer.tsx';
import { homePollOf, OrderCard } from '#src/loans/order-card.tsx';
import { configTextKey, loanProduct } from '#src/loans/pricing.ts';
import { productRange } from '#src/loans/product-range.ts';
import { useLoad } from '#src/loans/use-load.ts';
import { takeReturn } from '#src/return-after-login.ts';
import { Link, useNavigate } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';
import './homeIndex.page.css';

/**
 * The limit, or, when the server withholds it (the profile unfinished, or underwriting would refuse the profile as it
 * stands, or only a person can set it), what to do next instead of an amount nobody would lend.
 */
function LimitCard({ home }: { home: HomeView | undefined }) {
  const { t, i18n } = useTranslation('loan');
  const withheld = home?.limitWithheld;
  let body: ReactNode;
  if (!home) {
    // Home's view on its way: the figure's place held, so the card does not change size for the usual answer.
    body = (
      <p className="homeIndex-limit-value">
        <span className="homeIndex-pending" />
      </p>
    );
  } else if (home.creditLimitCentavos !== null) {
    body = (
      <p className="homeIndex-limit-value" data-testid="credit-limit">
        {formatPeso(home.creditLimitCentavos, { wholeIfExact: true })}
      </p>
    );
  } else if (withheld?.code === 'WOULD_REJECT') {
    body = (
      <div className="homeIndex-limit-note" data-testid="limit-refused">
        <p className="homeIndex-limit-lead">{t('home.refusedTitle')}</p>
        <p>{t(`home.refusedReason.${withheld.reason}`, { defaultValue: t('home.refusedReason.other') })}</p>
        {withheld.reapplyAfter && (
          <p data-testid="limit-reapply">
            {t('offer.reapplyAfter', { date: formatDay(withheld.reapplyAfter, languageOf(i18n)) })}
          </p>
        )}
      </div>
    );
  } else if (withheld?.code === 'NEEDS_REVIEW') {
    body = (
      <p className="homeIndex-limit-note" data-testid="limit-review">
        {t('home.limitByReview')}
      </p>
    );
  } else {
    body = (
      <p className="homeIndex-limit-note" data-testid="limit-incomplete">
        {t('home.limitAfterProfile')}
      </p>
    );
  }
  return (
    <section
      className="card homeIndex-limit"
      aria-labelledby="homeIndex-limit-title"
      aria-busy={home ? undefined : true}
    >
      <h2 id="homeIndex-limit-title" className="homeIndex-limit-label">
        {t('home.creditLimit')}
      </h2>
      {body}
    </section>
  );
}

/**
 * Home before its view (and the offer's chunk) is there: the limit card with its figure pending, and the offer's
 * card with what it tells every borrower, the stated timings, below its pickers' place. The page's HTML carries it
 * (scripts/prerender.ts), so it shows before any script runs; the limit card keeps its place when the view comes.
 */
function HomeLoading() {
  const { t } = useTranslation(['loan', 'common']);
  return (
    <div className="page homeIndex">
      <LimitCard home={undefined} />
      <section className="card loan-offer homeIndex-offer-pending" aria-busy="true" data-testid="loading">
        <div className="loan-skeleton-card homeIndex-offer-skeleton" />
        <Timings />
        <span className="visually-hidden">{t('app.loading', { ns: 'common' })}</span>
      </section>
    </div>
  );
}

/** Opened directly: home's view and the offer's chunk travel beside the page's scripts (src/shell/screens.ts). */
export const earlyGets = ['/loans/home'];
export function early(): void {
  earlyGets.forEach(requestEarly);
  prefetchOffer();
}

export default function HomeIndexScreen() {
  const { t } = useTranslation('loan');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const home = useLoad(`home:${session}`, (signal) => loansApi.home(signal), homePollOf);
  useOfferModule();
  const navigate = useNavigate();
  // A login lands here: back to the page that offered the sign-in (src/return-after-login.ts), once.
  useEffect(() => {
    const back = takeReturn();
    if (back) void navigate(back, { replace: true });
  }, [navigate]);
  const main = loanProduct.subProducts[0];

  const loading = home.error ? (
    <div className="page homeIndex">
      <LoadFailed error={home.error} onRetry={home.reload} />
    </div>
  ) : (
    <HomeLoading />
  );
  if (!home.data) return loading;
  const data = home.data;
  // Nothing to offer a borrower underwriting would refuse: the limit card says why and when they may apply.
  const refused = data.limitWithheld?.code === 'WOULD_REJECT';
  // The page appears whole, once the offer's chunk is there too (fetched since the first render): the skeleton stays
  // until then, rather than the limit and the products drawn first and pushed down when the offer arrives.
  return (
    <Suspense fallback={loading}>
      <div className="page homeIndex">
        <LimitCard home={data} />

        {data.currentOrder ? (
          <OrderCard order={data.currentOrder} bankChangeAvailable={data.bankChangeAvailable} />
        ) : (
          main &&
          !refused && (
            <SuspendingLoanOffer
              sub={main}
              home={data}
              onApplied={(order) => {
                home.setData({ ...data, currentOrder: order, canApply: false });
                home.reload();
              }}
            />
          )
        )}

        {loanProduct.subProducts.length > 1 && !refused && (
          <section aria-labelledby="homeIndex-products">
            <h2 id="homeIndex-products" className="section-title">
              {t('home.products')}
            </h2>
            <ul className="list">
              {loanProduct.subProducts.map((sub) => (
                <li key={sub.id}>
                  <Link
                    className="list-item homeIndex-product"
                    to={`/subIndex?sub=${encodeURIComponent(sub.id)}`}
                    data-sub={sub.id}
                  >
                    <span className="list-item-label">
                      <strong>{t(configTextKey(sub.nameKey))}</strong>
                      {data.limitWithheld?.code !== 'PROFILE_INCOMPLETE' && (
                        <span className="muted homeIndex-product-range">
                          {productRange(t, sub.amount, data.creditLimitCentavos)}
                        </span>
                      )}
                    </span>
                    <Icon path={chevronIcon} />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Suspense>
  );
}
