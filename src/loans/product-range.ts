/**
 * The range of amounts a sub-product offers, as home's product cards and the sub-product's own page both say it.
 */
import type { TFunction } from 'i18next';
import { formatPeso } from '#domain/money.ts';

/**
 * What a product lends THIS borrower: from its lowest amount up to the lower of its highest and the borrower's credit
 * limit once known (null: not known, the product's own range); a limit below the lowest amount says so.
 */
export function productRange(
  t: TFunction<'loan'>,
  amount: { minCentavos: number; maxCentavos: number },
  limitCentavos: number | null,
): string {
  const min = formatPeso(amount.minCentavos, { wholeIfExact: true });
  if (limitCentavos === null || limitCentavos <= 0)
    return t('home.productRange', { min, max: formatPeso(amount.maxCentavos, { wholeIfExact: true }) });
  if (limitCentavos < amount.minCentavos) return t('home.productAboveLimit', { min });
  return t('home.productRange', {
    min,
    max: formatPeso(Math.min(amount.maxCentavos, limitCentavos), { wholeIfExact: true }),
  });
}
