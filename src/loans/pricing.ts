/**
 * The product's pricing (config/pricing.json) for the loan screens: the product, its sub-products and their texts.
 * The quote math (domain/pricing.ts) is in ./quote.ts, for the screens that quote a pick: every loan screen reads
 * this module, and most of them only show figures the server computed.
 */
import { pricingFile } from '#config/pricing.ts';
import type { PricingConfig, ProductPricing, SubProductPricing } from '#domain/loan-types.ts';

export const pricing: PricingConfig = pricingFile;

/** The product the app sells (the first of config/pricing.json). */
export const loanProduct: ProductPricing = pricing.products[0]!;

/** A sub-product of the app's product by id, or undefined. */
export function subProductById(id: string | null | undefined): SubProductPricing | undefined {
  return id ? findSubProduct(loanProduct.id, id) : undefined;
}

/** The sub-product an order was made with (any product of the config). */
export function subProductOf(order: { productId: string; subProductId: string }): SubProductPricing | undefined {
  return findSubProduct(order.productId, order.subProductId);
}

/** domain/pricing.ts's findSubProduct on this config, written out so that this module does not bring the quote math. */
function findSubProduct(productId: string, subProductId: string): SubProductPricing | undefined {
  return pricing.products.find((p) => p.id === productId)?.subProducts.find((s) => s.id === subProductId);
}

/**
 * The loan namespace key of a config text key: config names its texts `loan.<key>` (products, tax label), the
 * `loan` namespace holds them under `<key>`.
 */
export function configTextKey(key: string): string {
  return key.startsWith('loan.') ? key.slice('loan.'.length) : key;
}
