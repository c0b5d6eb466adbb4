import { describe, expect, it } from 'vitest';
import { chargesDisclosure } from './disclosure.ts';
import type { PricingConfig, SubProductPricing } from './loan-types.ts';
import { quote } from './pricing.ts';

const standard: SubProductPricing = {
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
const plus: SubProductPricing = { ...standard, id: 'plus', amount: { minCentavos: 300_000, maxCentavos: 1_000_000, stepCentavos: 100_000 }, termsDays: [60, 90], instalments: { count: 2 }, dailyInterestPpm: 900, serviceFeePpm: 40_000 };
const config: PricingConfig = { tax: null, extensionDays: 8, expiringDays: 3, products: [{ id: 'cash', nameKey: 'loan.products.cash', subProducts: [standard, plus] }] };

describe('chargesDisclosure', () => {
  it('states every charge of PHP 1,000 for 30 days in pesos: fine a day, damages, caps, the extension', () => {
    const q = quote(config, standard, { principalCentavos: 100_000, termDays: 30, loanDate: '2026-11-24' });
    expect(chargesDisclosure(config, standard, q)).toEqual({
      penaltyBasisCentavos: 103_000,
      lateFineDailyPpm: 1_000,
      lateFineDailyCentavos: 103, // 0.1 % of 1,030.00
      overdueDamagesPpm: 20_000,
      overdueDamagesCentavos: 2_060, // 2 % of 1,030.00
      latePenaltyMonthlyMaxPpm: 50_000,
      latePenaltyMonthlyMaxCentavos: 5_150,
      totalCostMaxPpm: 1_000_000,
      totalCostMaxCentavos: 100_000,
      extension: { days: 8, feePpm: 20_000, feeCentavos: 2_000, interestCentavos: 800, firstPaymentCentavos: 5_000, maxTimes: 11 },
    });
  });

  it('shows an instalment loan\'s penalties on its largest instalment, with no extension', () => {
    const q = quote(config, plus, { principalCentavos: 300_000, termDays: 60, loanDate: '2026-11-24' });
    const charges = chargesDisclosure(config, plus, q);
    expect(charges.penaltyBasisCentavos).toBe(158_100);
    expect(charges.overdueDamagesCentavos).toBe(3_162);
    expect(charges.extension).toBeNull();
  });

  it('follows the config\'s stricter limits', () => {
    const q = quote(config, standard, { principalCentavos: 100_000, termDays: 60, loanDate: '2026-11-24' });
    const charges = chargesDisclosure({ ...config, caps: { totalCostMaxPpm: 500_000, termMaxDays: 76 } }, standard, q);
    expect([charges.totalCostMaxCentavos, charges.extension?.maxTimes]).toEqual([50_000, 2]);
  });
});
