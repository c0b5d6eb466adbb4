/**
 * The live quote of a pick on a sub-product, computed here with the domain's `quote` (the same function the server
 * re-quotes with on apply), so moving the slider sends no request; and the amounts on each sub-product's grid up to
 * the credit limit.
 */
import type { Quote, SubProductPricing } from '#domain/loan-types.ts';
import { checkQuoteInput, quote } from '#domain/pricing.ts';
import { pricing } from './pricing.ts';

/**
 * The amounts a borrower can pick on `sub`'s grid (min, min + step, ... max), capped by the credit limit, ascending;
 * empty when the limit is below the minimum. Each is checked by the domain's checkQuoteInput.
 */
export function amountChoices(sub: SubProductPricing, creditLimitCentavos: number): number[] {
  const { minCentavos, maxCentavos, stepCentavos } = sub.amount;
  const out: number[] = [];
  if (stepCentavos <= 0) return out;
  const term = sub.termsDays[0] ?? 0;
  for (let amount = minCentavos; amount <= maxCentavos; amount += stepCentavos) {
    if (checkQuoteInput(sub, { principalCentavos: amount, termDays: term }, creditLimitCentavos) === null)
      out.push(amount);
  }
  return out;
}

/** The live quote for a pick, or null when the domain refuses it (off the grid, above the limit, term not offered). */
export function liveQuote(
  sub: SubProductPricing,
  principalCentavos: number,
  termDays: number,
  loanDate: string,
  creditLimitCentavos?: number,
): Quote | null {
  if (checkQuoteInput(sub, { principalCentavos, termDays }, creditLimitCentavos) !== null) return null;
  return quote(pricing, sub, { principalCentavos, termDays, loanDate });
}
