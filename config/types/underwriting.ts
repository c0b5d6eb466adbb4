/* Generated from config/schema/underwriting.schema.json by scripts/gen-config-types.ts. Do not edit. */

export type BandRule =
  | {
      decision: 'approve';
      /**
       * First credit limit for the band.
       */
      limitCentavos: number;
    }
  | {
      decision: 'reject' | 'review';
    };

/**
 * Loan approval rules read by domain/underwriting.ts decide(): age, employment type, income band, repayment history. Money is integer centavos.
 */
export interface UnderwritingConfigFile {
  $schema?: string;
  /**
   * Seconds between applying and the decision; env APPROVAL_DELAY_SECONDS overrides.
   */
  approvalDelaySeconds: number;
  /**
   * Days a rejected borrower waits before applying again.
   */
  rejectReapplyDays: number;
  /**
   * Ages (whole years, Manila calendar) that may borrow; outside them the application is rejected.
   */
  age: {
    min: number;
    max: number;
  };
  /**
   * workInfo employment types (forms/workInfo.schema.json) rejected outright.
   */
  rejectEmploymentTypes: ('selfEmployed' | 'contractWorker' | 'student' | 'unemployed')[];
  /**
   * Rule per workInfo income band (forms/workInfo.income-bands.json): approve with a first limit, reject, or send to review.
   */
  incomeBands: {
    upTo12000: BandRule;
    from12001To18000: BandRule;
    from18001To25000: BandRule;
    from25001To30000: BandRule;
    over30000: BandRule;
  };
  /**
   * Highest credit limit: no band or raise goes above it.
   */
  maxLimitCentavos: number;
  /**
   * THE rules that raise a credit limit above its income band's first limit (domain/underwriting.ts limitHistory); every screen that names a raise shows these figures. Applied in this order: the band, each order repaid on time, then the one-time raises in the order they were granted.
   */
  limitRaises: {
    /**
     * Each settled order at most maxOverdueDays overdue raises the limit by stepCentavos, never above ceilingCentavos.
     */
    repaidOnTime: {
      stepCentavos: number;
      ceilingCentavos: number;
      /**
       * The most days an order may have been overdue and still count as repaid on time.
       */
      maxOverdueDays: number;
    };
    addToHomeScreen: OneTimeRaise;
    facebookBinding: OneTimeRaise1;
  };
  /**
   * A past order more days overdue than this sends the application to review.
   */
  reviewIfOverdueDaysOver: number;
}
/**
 * Once per customer, the first time the app is opened from the home screen.
 */
export interface OneTimeRaise {
  /**
   * Added to the limit when granted.
   */
  stepCentavos: number;
  /**
   * The raise never takes the limit above this.
   */
  ceilingCentavos: number;
}
/**
 * Once per customer, the first time a Facebook account is bound; unbinding keeps it.
 */
export interface OneTimeRaise1 {
  /**
   * Added to the limit when granted.
   */
  stepCentavos: number;
  /**
   * The raise never takes the limit above this.
   */
  ceilingCentavos: number;
}
