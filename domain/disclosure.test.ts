import { describe, expect, it } from 'vitest';
import { chargesDisclosure } from './disclosure.ts';
import type { PricingConfig } from './loan-types.ts';
import { plus, standard } from './pricing-fixtures.ts';
import { quote } from './pricing.ts';

// config/pricing.json as shipped: no limits of its own, no tax line.
const config: PricingConfig = {
  tax: null,
  extensionDays: 8,
  expiringDays: 3,
  products: [{ id: 'cash', nameKey: 'loan.products.cash', subProducts: [standard, plus] }],
};

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
      extension: {
        days: 8,
        feePpm: 20_000,
        feeCentavos: 2_000,
        interestCentavos: 800,
        firstPaymentCentavos: 5_000,
        maxTimes: 11,
      },
    });
  });

  it("shows an instalment loan's penalties on its largest instalment, with no extension", () => {
    const q = quote(config, plus, { principalCentavos: 300_000, termDays: 60, loanDate: '2026-11-24' });
    const charges = chargesDisclosure(config, plus, q);
    expect(charges.penaltyBasisCentavos).toBe(158_100);
    expect(charges.overdueDamagesCentavos).toBe(3_162);
    expect(charges.extension).toBeNull();
  });

  it("follows the config's stricter limits", () => {
    const q = quote(config, standard, { principalCentavos: 100_000, termDays: 60, loanDate: '2026-11-24' });
    const charges = chargesDisclosure({ ...config, caps: { totalCostMaxPpm: 500_000, termMaxDays: 76 } }, standard, q);
    expect([charges.totalCostMaxCentavos, charges.extension?.maxTimes]).toEqual([50_000, 2]);
  });
});
