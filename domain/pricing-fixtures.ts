/**
 * Test fixtures: the sub-products of config/pricing.json (domain cannot import config; tests/unit/config.test.ts checks
 * the real file), and a config with the spec's GST 18 % switched on and the law's caps written out as its own limits.
 */
import type { PricingConfig, SubProductPricing } from './loan-types.ts';
import { REGULATIONS } from './regulation.ts';

export const standard: SubProductPricing = {
  id: 'standard',
  nameKey: 'loan.products.standard',
  theme: 1,
  amount: { minCentavos: 100_000, maxCentavos: 1_000_000, stepCentavos: 50_000 },
  termsDays: [30, 60],
  dailyInterestPpm: 1_000,
  serviceFeePpm: 50_000,
  creditReportFeeCentavos: 2_000,
  lateFineDailyPpm: 1_000,
  overdueDamagesPpm: 20_000,
  extensionFeePpm: 20_000,
};

export const plus: SubProductPricing = {
  ...standard,
  id: 'plus',
  nameKey: 'loan.products.plus',
  theme: 2,
  amount: { minCentavos: 300_000, maxCentavos: 1_000_000, stepCentavos: 100_000 },
  termsDays: [60, 90],
  instalments: { count: 2 },
  dailyInterestPpm: 900,
  serviceFeePpm: 40_000,
};

/** GST 18 % on the service fee, and SEC MC 14 s.2025's caps as the config's own limits (equal to the law: allowed). */
export const config: PricingConfig = {
  caps: { ...REGULATIONS[0]!.caps },
  tax: { labelKey: 'loan.tax.gst', ratePpm: 180_000, on: 'serviceFee' },
  extensionDays: 8,
  expiringDays: 3,
  products: [{ id: 'cash', nameKey: 'loan.products.cash', subProducts: [standard, plus] }],
};
