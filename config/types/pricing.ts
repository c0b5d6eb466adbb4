/* Generated from config/schema/pricing.schema.json by scripts/gen-config-types.ts. Do not edit. */

export type Id = string;

/**
 * Loan pricing: optional limits stricter than the law, the optional tax line, the extension, and every product's sub-products. Money is integer centavos, rates integer ppm (1,000 ppm = 0.1 %). domain/pricing.ts checkPricing checks the rates against the law's caps (domain/regulation.ts) tightened by these limits.
 */
export interface PricingConfigFile {
  $schema?: string;
  /**
   * Optional limits stricter than the law. The law's caps (SEC MC 14 s.2025 and later regulations) are in domain/regulation.ts, not here; each value here may only lower one of them (checkPricing refuses a value above the law), and a loan respects the lower of the two (capsFor).
   */
  caps?: {
    /**
     * Largest principal we lend.
     */
    principalMaxCentavos?: number;
    /**
     * Longest term, extensions included.
     */
    termMaxDays?: number;
    /**
     * Nominal interest per 30-day month.
     */
    nominalMonthlyMaxPpm?: number;
    /**
     * Effective rate (IRR on the net proceeds, all fees, extensions included) per 30-day month.
     */
    effectiveMonthlyMaxPpm?: number;
    /**
     * Late fine + overdue damages per 30 days overdue, of the amount due.
     */
    latePenaltyMonthlyMaxPpm?: number;
    /**
     * Interest, fees, tax and penalties together, of the principal.
     */
    totalCostMaxPpm?: number;
  };
  /**
   * A tax line added to the borrower's fees, or null for none (the Philippine default: a lending company's 5 % gross receipts tax, NIRC Sec. 122, is its own cost, not a line on the borrower's bill). The spec's GST 18 % is {"labelKey": "loan.tax.gst", "ratePpm": 180000, "on": "serviceFee"}.
   */
  tax?: null | Tax;
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
export interface Tax {
  /**
   * i18n key of the tax label (loan namespace), e.g. loan.tax.gst.
   */
  labelKey: string;
  ratePpm: number;
  /**
   * Tax on the service fee only, or on all fees: service fee + credit report fee (never the interest).
   */
  on: 'serviceFee' | 'allFees';
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
