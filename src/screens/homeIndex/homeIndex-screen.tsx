/**
 * Home (/homeIndex): the credit limit, the current order with its next step (polled while under review or
 * disbursing), or else the offer of the main sub-product with its live quote and Apply; the other sub-products as
 * cards leading to /subIndex?sub=<id>.
 */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatPeso } from '#domain/money.ts';
import { Icon } from '#engine/ui/icons.tsx';
import { chevronIcon } from '#engine/ui/icon-set.ts';
import { loansApi } from '#src/api/loans.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { LoanOffer, useOfferModule } from '#src/loans/lazy-offer.tsx';
import { homePollOf, OrderCard } from '#src/loans/order-card.tsx';
import { configTextKey, loanProduct } from '#src/loans/pricing.ts';
import { useLoad } from '#src/loans/use-load.ts';
import { Link } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';
import './homeIndex.page.css';

/**
 * What a product lends THIS borrower: from its lowest amount up to the lower of its highest and the borrower's credit
 * limit once known (a limit of 0: not yet set); a limit below the lowest amount says so.
 */
export function productRange(
  t: TFunction<'loan'>,
  amount: { minCentavos: number; maxCentavos: number },
  limitCentavos: number,
): string {
  const min = formatPeso(amount.minCentavos, { wholeIfExact: true });
  if (limitCentavos <= 0)
    return t('home.productRange', { min, max: formatPeso(amount.maxCentavos, { wholeIfExact: true }) });
  if (limitCentavos < amount.minCentavos) return t('home.productAboveLimit', { min });
  return t('home.productRange', {
    min,
    max: formatPeso(Math.min(amount.maxCentavos, limitCentavos), { wholeIfExact: true }),
  });
}

export default function HomeIndexScreen() {
  const { t } = useTranslation('loan');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const home = useLoad(`home:${session}`, (signal) => loansApi.home(signal), homePollOf);
  useOfferModule();
  const main = loanProduct.subProducts[0];

  if (!home.data) {
    return (
      <div className="page homeIndex">
        {home.error ? <LoadFailed error={home.error} onRetry={home.reload} /> : <LoadingCards count={3} />}
      </div>
    );
  }
  const data = home.data;
  return (
    <div className="page homeIndex">
      <section className="card homeIndex-limit" aria-labelledby="homeIndex-limit-title">
        <h2 id="homeIndex-limit-title" className="homeIndex-limit-label">
          {t('home.creditLimit')}
        </h2>
        <p className="homeIndex-limit-value" data-testid="credit-limit">
          {formatPeso(data.creditLimitCentavos, { wholeIfExact: true })}
        </p>
      </section>

      {data.currentOrder ? (
        <OrderCard order={data.currentOrder} />
      ) : (
        main && (
          <LoanOffer
            sub={main}
            home={data}
            onApplied={(order) => {
              home.setData({ ...data, currentOrder: order, canApply: false });
              home.reload();
            }}
          />
        )
      )}

      {loanProduct.subProducts.length > 1 && (
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
                    <span className="muted homeIndex-product-range">
                      {productRange(t, sub.amount, data.creditLimitCentavos)}
                    </span>
                  </span>
                  <Icon path={chevronIcon} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
