/* Generated from config/schema/pricing.schema.json by scripts/gen-config-types.ts. Do not edit. */

export type Id = string;

/**
 * Loan pricing: the SEC MC 14 s.2025 caps, the tax, and every product's sub-products. Money is integer centavos, rates integer ppm (1,000 ppm = 0.1 %). domain/pricing.ts checkPricing checks the rates against the caps.
 */
export interface PricingConfigFile {
  $schema?: string;
  /**
   * SEC MC 14 s.2025 caps for loans up to principalMaxCentavos and termMaxDays.
   */
  caps: {
    principalMaxCentavos: number;
    termMaxDays: number;
    /**
     * Nominal interest per 30-day month.
     */
    nominalMonthlyMaxPpm: number;
    /**
     * Effective rate (IRR on the net proceeds, all fees) per 30-day month.
     */
    effectiveMonthlyMaxPpm: number;
    /**
     * Late fine + overdue damages per 30 days overdue, of the amount due.
     */
    latePenaltyMonthlyMaxPpm: number;
    /**
     * Interest, fees, tax and penalties together, of the principal.
     */
    totalCostMaxPpm: number;
  };
  tax: {
    /**
     * i18n key of the tax label.
     */
    labelKey: string;
    ratePpm: number;
    /**
     * Tax on the service fee only, or on service fee + credit report fee + interest.
     */
    on: 'serviceFee' | 'allFees';
  };
  /**
   * Days an extension adds to the due date.
   */
  extensionDays: number;
  /**
   * Days before the due date an order counts as expiring.
   */
  expiringDays: number;
  /**
   * @minItems 1
   */
  products: [
    {
      id: Id;
      nameKey: string;
      /**
       * @minItems 1
       */
      subProducts: [SubProduct, ...SubProduct[]];
    },
    ...{
      id: Id;
      nameKey: string;
      /**
       * @minItems 1
       */
      subProducts: [SubProduct, ...SubProduct[]];
    }[]
  ];
}
export interface SubProduct {
  id: Id;
  nameKey: string;
  /**
   * Theme number (config/themes/theme-N.json) of the sub-product screen.
   */
  theme: number;
  amount: {
    minCentavos: number;
    maxCentavos: number;
    stepCentavos: number;
  };
  /**
   * @minItems 1
   */
  termsDays: [number, ...number[]];
  instalments?: {
    /**
     * Equal periods the term splits into; must divide every term.
     */
    count: number;
  };
  dailyInterestPpm: number;
  /**
   * Of the principal, deducted at disbursement.
   */
  serviceFeePpm: number;
  /**
   * Flat, deducted at disbursement.
   */
  creditReportFeeCentavos: number;
  /**
   * Of the amount due, per overdue day.
   */
  lateFineDailyPpm: number;
  /**
   * Of the amount due, once on the first overdue day.
   */
  overdueDamagesPpm: number;
  /**
   * Of the principal, paid with the outstanding interest to extend.
   */
  extensionFeePpm: number;
}
