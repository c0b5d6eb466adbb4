/** The product's configuration, typed by the types generated from config/schema. */
import productJson from '#config/product.json';
import routesJson from '#config/routes.json';
import type { ProductConfig } from '#config/types/product.ts';
import type { RoutesConfig } from '#config/types/routes.ts';

export const product = productJson as ProductConfig;
export const routesConfig = routesJson as RoutesConfig;

/** Languages the product offers, in its order. */
export type Language = ProductConfig['defaultLanguage'];
