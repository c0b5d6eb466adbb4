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
   * workInfo employment types (schemas/workInfo.schema.json) rejected outright.
   */
  rejectEmploymentTypes: ('selfEmployed' | 'contractWorker' | 'student' | 'unemployed')[];
  /**
   * Rule per workInfo income band (schemas/workInfo.income-bands.json): approve with a first limit, reject, or send to review.
   */
  incomeBands: {
    upTo12000: BandRule;
    from12001To18000: BandRule;
    from18001To25000: BandRule;
    from25001To30000: BandRule;
    over30000: BandRule;
  };
  /**
   * Limit added per settled order.
   */
  limitStepPerSettledCentavos: number;
  /**
   * Highest credit limit.
   */
  maxLimitCentavos: number;
  /**
   * A past order more days overdue than this sends the application to review.
   */
  reviewIfOverdueDaysOver: number;
}
