/**
 * The shapes of loans shared by the web app and the server: pricing config, quotes, orders and payments. Money is
 * integer centavos; rates are integer parts per million (ppm: 1,000 ppm = 0.1 %), so no float ever touches money;
 * dates are Asia/Manila calendar days 'YYYY-MM-DD'.
 */
import type { Centavos } from './money.ts';
import type { ConfigLimits } from './regulation.ts';

export type { LendingCaps } from './regulation.ts';

/**
 * A tax line added to the borrower's fees. The Philippine default has none (a lending company's 5 % gross receipts
 * tax, NIRC Sec. 122, is its own cost, not a line on the borrower's bill); the spec's GST 18 % is this, switched on.
 */
export interface TaxConfig {
  /** i18n key of the tax's label, e.g. 'loan.tax.gst'. */
  readonly labelKey: string;
  readonly ratePpm: number;
  /** The spec reads both: tax on the service fee only (default) or on every fee. */
  readonly on: 'serviceFee' | 'allFees';
}

export interface SubProductPricing {
  readonly id: string;
  /** i18n key of the sub-product's name. */
  readonly nameKey: string;
  /** Theme number (config/themes/theme-<n>.json) the sub-product screen uses. */
  readonly theme: number;
  readonly amount: { readonly minCentavos: Centavos; readonly maxCentavos: Centavos; readonly stepCentavos: Centavos };
  /** The terms a borrower can pick, in days. */
  readonly termsDays: readonly number[];
  /** Optional instalments: the term splits into `count` equal periods, each repaying principal / count. */
  readonly instalments?: { readonly count: number };
  readonly dailyInterestPpm: number;
  /** Service fee, of the principal, deducted at disbursement. */
  readonly serviceFeePpm: number;
  /** Credit score reporting fee, a flat amount deducted at disbursement. */
  readonly creditReportFeeCentavos: Centavos;
  /** Late fine per overdue day, of the amount due. */
  readonly lateFineDailyPpm: number;
  /** Overdue liquidated damages, once on the first overdue day, of the amount due. */
  readonly overdueDamagesPpm: number;
  /** Extension fee, of the principal, paid with the interest to date when the borrower extends. */
  readonly extensionFeePpm: number;
}

export interface ProductPricing {
  readonly id: string;
  readonly nameKey: string;
  readonly subProducts: readonly SubProductPricing[];
}

/** config/pricing.json */
export interface PricingConfig {
  /**
   * Optional limits stricter than the law's (domain/regulation.ts): each at most the regulation's cap, which
   * checkPricing enforces; the caps a loan respects are capsFor(config, loanDate).
   */
  readonly caps?: ConfigLimits;
  /** The tax line, or none (absent or null: the default). */
  readonly tax?: TaxConfig | null;
  /** Days an extension adds to the due date (spec: 8). */
  readonly extensionDays: number;
  /** Days before the due date an order counts as expiring. */
  readonly expiringDays: number;
  readonly products: readonly ProductPricing[];
}

/** A coupon applied to a quote: a withdrawal coupon adds to the received amount, a repayment coupon lowers the amount due. */
export interface QuoteCoupon {
  readonly kind: 'withdrawal' | 'repayment';
  readonly amountCentavos: Centavos;
}

export interface QuoteInput {
  readonly principalCentavos: Centavos;
  readonly termDays: number;
  /** The day the money is sent (the quote's day before disbursement). */
  readonly loanDate: string;
  readonly coupon?: QuoteCoupon;
}

export interface PlanPeriod {
  readonly period: number;
  readonly dueDate: string;
  readonly principalCentavos: Centavos;
  readonly interestCentavos: Centavos;
  /** principal + interest - the repayment coupon share (the coupon applies to the last period). */
  readonly amountCentavos: Centavos;
}

/**
 * Every figure of a loan before it is made (Truth in Lending): received + fees + tax - withdrawal coupon = principal;
 * amount due = principal + interest - repayment coupon = the sum of the plan.
 */
export interface Quote {
  readonly principalCentavos: Centavos;
  readonly termDays: number;
  readonly dailyInterestPpm: number;
  readonly interestCentavos: Centavos;
  readonly serviceFeeCentavos: Centavos;
  readonly creditReportFeeCentavos: Centavos;
  readonly taxCentavos: Centavos;
  readonly couponCentavos: Centavos;
  readonly couponKind: QuoteCoupon['kind'] | null;
  /** Net proceeds: what reaches the borrower's account. */
  readonly receivedCentavos: Centavos;
  /** Interest + fees + tax - coupon: the finance charge. */
  readonly financeChargeCentavos: Centavos;
  readonly loanDate: string;
  /** The last due date. */
  readonly repaymentDate: string;
  readonly firstDueDate: string;
  readonly plan: readonly PlanPeriod[];
  readonly amountDueCentavos: Centavos;
  /** Effective interest rate per 30-day month (IRR on the net proceeds), ppm, rounded half up. */
  readonly effectiveMonthlyRatePpm: number;
  /** The same, per year (x 365/30), ppm. */
  readonly effectiveAnnualRatePpm: number;
}

/** Order states (docs/product-rules.md). */
export type OrderState =
  | 'under_review'
  | 'accepted'
  | 'rejected'
  | 'withdrawable'
  | 'disbursing'
  | 'disbursement_failed'
  | 'repaying'
  | 'settled';

/** How a repaying order stands against its due date on the Manila calendar. */
export type DueStatus = 'pending' | 'expiring' | 'due_today' | 'overdue';

/** What the daily accrual has charged an overdue order, capped by SEC MC 14 s.2025. */
export interface Accrual {
  readonly overdueDays: number;
  readonly lateFineCentavos: Centavos;
  readonly damagesCentavos: Centavos;
  /** True when a cap stopped the accrual. */
  readonly capped: boolean;
}

/** settle: everything remaining and the penalties; extend: an extension; instalment: the next period of an instalment plan and the penalties. */
export type PaymentKind = 'settle' | 'extend' | 'instalment';
export type PaymentChannel = 'eWallet' | 'bank' | 'otc';
export type PaymentState = 'in_progress' | 'success' | 'fail';
