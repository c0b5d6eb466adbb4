/**
 * The product's pricing (config/pricing.json) for the loan screens: the sub-products a borrower can pick, the amounts
 * on each sub-product's grid up to the credit limit, and the live quote computed here with the domain's `quote` (the
 * same function the server re-quotes with on apply), so moving the slider sends no request.
 */
import pricingJson from '../../config/pricing.json';
import type { PricingConfig, ProductPricing, Quote, SubProductPricing } from '../../domain/loan-types.ts';
import { checkQuoteInput, findSubProduct, quote } from '../../domain/pricing.ts';

export const pricing = pricingJson as unknown as PricingConfig;

/** The product the app sells (the first of config/pricing.json). */
export const loanProduct: ProductPricing = pricing.products[0]!;

/** A sub-product of the app's product by id, or undefined. */
export function subProductById(id: string | null | undefined): SubProductPricing | undefined {
  return id ? findSubProduct(pricing, loanProduct.id, id) : undefined;
}

/** The sub-product an order was made with (any product of the config). */
export function subProductOf(order: { productId: string; subProductId: string }): SubProductPricing | undefined {
  return findSubProduct(pricing, order.productId, order.subProductId);
}

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
    if (checkQuoteInput(sub, { principalCentavos: amount, termDays: term }, creditLimitCentavos) === null) out.push(amount);
  }
  return out;
}

/** The live quote for a pick, or null when the domain refuses it (off the grid, above the limit, term not offered). */
export function liveQuote(sub: SubProductPricing, principalCentavos: number, termDays: number, loanDate: string, creditLimitCentavos?: number): Quote | null {
  if (checkQuoteInput(sub, { principalCentavos, termDays }, creditLimitCentavos) !== null) return null;
  return quote(pricing, sub, { principalCentavos, termDays, loanDate });
}

/**
 * The loan namespace key of a config text key: config names its texts `loan.<key>` (products, tax label), the
 * `loan` namespace holds them under `<key>`.
 */
export function configTextKey(key: string): string {
  return key.startsWith('loan.') ? key.slice('loan.'.length) : key;
}
