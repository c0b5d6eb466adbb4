/* Generated from config/schema/coupons.schema.json by scripts/gen-config-types.ts. Do not edit. */

/**
 * Coupon definitions (server/services/coupons.ts): what each coupon is worth, how long it lasts, what it lowers and the least that must be paid for it to apply; and which definitions the server issues by itself. Money is integer centavos.
 */
export interface CouponsConfigFile {
  $schema?: string;
  /**
   * Definition id issued at registration (the first login), or null for none.
   */
  registration: string | null;
  /**
   * Definition id issued once the first time the app is opened from the home screen, or null for none.
   */
  addToHomeScreen: string | null;
  /**
   * Definition id of the Easy Re-loan reward voucher (its amount is config/product.json easyReloan.voucherCentavos), or null for none.
   */
  easyReloan?: string | null;
  /**
   * Days before expiry the couponExpiring message is written.
   */
  expiringNoticeDays: number;
  /**
   * @minItems 1
   */
  definitions: [CouponDefinition, ...CouponDefinition[]];
}
export interface CouponDefinition {
  /**
   * Stable id: stored on every coupon issued from it.
   */
  id: string;
  /**
   * The kind the borrower sees (the list groups by it).
   */
  type: 'cash' | 'platform' | 'withdrawal' | 'repayment' | 'addToHomeScreen';
  /**
   * Value in centavos.
   */
  amountCentavos: number;
  /**
   * Days from issue until it expires.
   */
  validityDays: number;
  /**
   * Least amount the operation must be (the principal withdrawn, or the payment before the coupon) for it to apply.
   */
  minimumCentavos: number;
  /**
   * withdrawal: lowers the fees (the received amount rises); repayment: lowers the amount to pay.
   */
  appliesTo: 'withdrawal' | 'repayment';
}
