/**
 * Fills index.html's product placeholders (%APP_NAME%, %SHORT_NAME%, %THEME_COLOR%) from config, and serves the
 * seed theme's custom properties as a stylesheet (`virtual:seed-theme.css`, imported by src/main.tsx), so a page
 * paints in the product's colours before any script runs (src/shell/theme.ts applies them again, and what staff
 * published, once the app starts).
 */
import type { Plugin } from 'vite';
import type { ProductConfig } from '#config/types/product.ts';
import type { ThemeConfig } from '#config/types/theme.ts';

const SEED_THEME = 'virtual:seed-theme.css';

export function productHtml(product: ProductConfig, theme: ThemeConfig): Plugin {
  const values: Record<string, string> = {
    APP_NAME: product.displayName,
    SHORT_NAME: product.shortName ?? product.displayName,
    THEME_COLOR: theme.properties['--color-primary'],
  };
  const seedTheme = `:root{${Object.entries(theme.properties)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
  return {
    name: 'product-html',
    resolveId: (id) => (id === SEED_THEME ? `\0${SEED_THEME}` : undefined),
    load: (id) => (id === `\0${SEED_THEME}` ? seedTheme : undefined),
    transformIndexHtml: (html) => html.replace(/%([A-Z_]+)%/g, (match, key: string) => values[key] ?? match),
  };
}
