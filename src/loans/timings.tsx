import { useTranslation } from 'react-i18next';
import { product } from '../config.ts';

/**
 * The stated timings (spec: an application takes about 5 minutes, approval comes in as fast as 3, the money within 24
 * hours), from product config: under a sub-product's offer, and in home's card while home loads.
 */
export function Timings() {
  const { t } = useTranslation('loan');
  const { timings } = product;
  return (
    <ul className="loan-timings muted">
      <li>{t('timings.application', { count: timings.applicationMinutes })}</li>
      <li>{t('timings.approval', { count: timings.approvalMinutes })}</li>
      <li>{t('timings.funds', { count: timings.fundsHours })}</li>
    </ul>
  );
}
