/* Generated from config/schema/easy-reloan.schema.json by scripts/gen-config-types.ts. Do not edit. */

/**
 * Easy Re-loan's figures (/appointLoan; server/services/loans/easy-reloan.ts): the next loan applied for and paid out by itself when the current one settles. Whether it is offered is config/product.json easyReloan.enabled (read by the profile screen in its chunk). Money is integer centavos.
 */
export interface EasyReloanConfig {
  $schema?: string;
  /**
   * The reward voucher (a repayment coupon of the config/coupons.json `easyReloan` definition) each successful automatic disbursement earns, in centavos; the same figure in every language.
   */
  voucherCentavos: number;
  /**
   * Minutes between the notice with the Truth in Lending disclosure and the automatic payout; the borrower can cancel until the payout.
   */
  cancelWindowMinutes: number;
  /**
   * Successful automatic disbursements after which Easy Re-loan turns itself off and asks to be turned on again.
   */
  disbursementsBeforeTurnOff: number;
}
