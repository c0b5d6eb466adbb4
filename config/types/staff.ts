/* Generated from config/schema/staff.schema.json by scripts/gen-config-types.ts. Do not edit. */

/**
 * The staff console: sign-in rules, the codes staff pick from (reject reasons, how a deletion request's identity was verified), the coupon grant that needs a supervisor, and how long anonymised loan records are kept. Texts are i18n keys derived from the codes (locales/<lng>/staff.json).
 */
export interface StaffConfigFile {
  $schema?: string;
  session: {
    /**
     * A staff session unused this long ends.
     */
    idleMinutes: number;
    /**
     * A staff session ends this long after login, used or not.
     */
    maxHours: number;
  };
  lockout: {
    /**
     * Sign-in tries in a row for one e-mail from one client network before that network waits lockMinutes (a success starts the count again). Each try takes its place before anything is checked, so concurrent tries cannot pass it.
     */
    maxFailures: number;
    /**
     * How long a client network waits for an e-mail once it used its tries (and the whole e-mail after accountMaxFailures).
     */
    lockMinutes: number;
    /**
     * Sign-in tries in a row for one e-mail from all networks together before every network waits lockMinutes: NIST SP 800-63B allows at most 100 failed attempts in a row on one account.
     */
    accountMaxFailures: number;
  };
  /**
   * Codes an underwriter picks when rejecting a review (staff.rejectReason.<code>).
   *
   * @minItems 1
   */
  rejectReasons: [string, ...string[]];
  /**
   * How customer service verified the person asking for deletion (staff.verification.<code>).
   *
   * @minItems 1
   */
  deletionVerifications: [string, ...string[]];
  couponGrant: {
    /**
     * Coupon definition ids (config/coupons.json) staff may grant.
     *
     * @minItems 1
     */
    definitions: [string, ...string[]];
    /**
     * A grant worth more than this waits for a supervisor.
     */
    approvalAboveCentavos: number;
    /**
     * How much staff may grant without a supervisor over a rolling period (the last periodDays x 24 hours before the request, not calendar days: no midnight resets the count). perCustomer counts the grants to one customer by all staff together, perAgent the grants one staff member asked for, to all customers together. Every grant of the period counts, issued or pending, except a refused one; a grant that would go over any cap waits for a supervisor who did not ask for it, like one above approvalAboveCentavos.
     */
    caps: {
      perCustomer: CouponGrantCap;
      perAgent: CouponGrantCap;
    };
  };
  /**
   * Years the anonymised loan records of a deleted account are kept.
   */
  loanRecordRetentionYears: number;
}
export interface CouponGrantCap {
  /**
   * The rolling period counted: the last periodDays x 24 hours before the request.
   */
  periodDays: number;
  /**
   * Grants in the period, this one included, that need no supervisor (0: every grant waits).
   */
  maxGrants: number;
  /**
   * Centavos granted in the period, this grant included, that need no supervisor.
   */
  maxCentavos: number;
}
