/**
 * The pricing arithmetic that the quote (domain/pricing.ts) and the Truth in Lending disclosure (domain/disclosure.ts)
 * share: ppm products in exact integers, the instalment count, and what an extension costs. Apart from pricing.ts so
 * that a screen showing a disclosure of figures the server quoted does not carry the quote and the config check.
 * pricing.ts re-exports all of it.
 */
import type { Centavos } from './money.ts';
import type { PricingConfig, SubProductPricing } from './loan-types.ts';

/** One million: rates are integer parts per million. */
export const PPM = 1_000_000n;

/**
 * round-half-up(amount × ppm × times / 1,000,000) for non-negative integers, exact at any size (BigInt), so
 * interest on ₱10,000 for 120 days at any rate never loses a centavo to float rounding.
 */
export function applyPpm(amount: number, ppm: number, times = 1): Centavos {
  const num = BigInt(amount) * BigInt(ppm) * BigInt(times);
  return Number((num * 2n + PPM) / (2n * PPM));
}

/** floor(amount × ppm / 1,000,000): caps round down, so a rounded cap never allows a centavo more than the rule. */
export function capPpm(amount: number, ppm: number): Centavos {
  return Number((BigInt(amount) * BigInt(ppm)) / PPM);
}

/** Number of instalments (1 for a single-payment loan). */
export function instalmentCount(sub: SubProductPricing): number {
  return sub.instalments?.count ?? 1;
}

/** What one extension of a single-payment loan of `principal` costs on `sub`, and how long it adds. */
export interface ExtensionTerms {
  /** Days each extension adds to the due date (config extensionDays). */
  readonly days: number;
  /** The extension fee, of the principal (paid with the outstanding interest when extending). */
  readonly feeCentavos: Centavos;
  /** Interest of the extension days on the unchanged principal (due with the principal on the new due date). */
  readonly interestCentavos: Centavos;
}

/**
 * The figures of one extension, as domain/loan-rules.ts extensionOffer charges them: the fee of the principal and the
 * interest of the extension days on the principal, which stays owed.
 */
export function extensionTerms(
  config: Pick<PricingConfig, 'extensionDays'>,
  sub: SubProductPricing,
  principal: Centavos,
): ExtensionTerms {
  return {
    days: config.extensionDays,
    feeCentavos: applyPpm(principal, sub.extensionFeePpm),
    interestCentavos: applyPpm(principal, sub.dailyInterestPpm, config.extensionDays),
  };
}

/**
 * How many times a loan of `termDays` can be extended before its total term passes `termMaxDays`; 0 for an
 * instalment loan (extensions are offered on single-payment loans only).
 */
export function maxExtensions(
  config: Pick<PricingConfig, 'extensionDays'>,
  sub: SubProductPricing,
  termDays: number,
  termMaxDays: number,
): number {
  if (instalmentCount(sub) > 1 || config.extensionDays <= 0 || termDays > termMaxDays) return 0;
  return Math.floor((termMaxDays - termDays) / config.extensionDays);
}
