/** Fills index.html's product placeholders (%APP_NAME%, %SHORT_NAME%, %THEME_COLOR%) from config. */
import type { Plugin } from 'vite';
import type { ProductConfig } from '#config/types/product.ts';
import type { ThemeConfig } from '#config/types/theme.ts';

export function productHtml(product: ProductConfig, theme: ThemeConfig): Plugin {
  const values: Record<string, string> = {
    APP_NAME: product.displayName,
    SHORT_NAME: product.shortName ?? product.displayName,
    THEME_COLOR: theme.properties['--color-primary'],
  };
  return {
    name: 'product-html',
    transformIndexHtml: (html) => html.replace(/%([A-Z_]+)%/g, (match, key: string) => values[key] ?? match),
  };
}
