/** Applies a sub-product theme (config/themes/theme-<n>.json) as CSS custom properties on the document root. */
import type { ThemeConfig } from '../../config/types/theme.ts';

const themes = import.meta.glob<ThemeConfig>('../../config/themes/theme-*.json', { eager: true, import: 'default' });
const byId = new Map(Object.values(themes).map((theme) => [theme.id, theme]));

/** Sets a theme's custom properties and `data-theme` on `root`: pure over its arguments, whatever file the theme came from. */
export function applyThemeProperties(theme: ThemeConfig, root: HTMLElement): void {
  for (const [name, value] of Object.entries(theme.properties)) root.style.setProperty(name, String(value));
  root.dataset['theme'] = String(theme.id);
}

/** Sets the theme's properties; an unknown number falls back to theme 1. */
export function applyTheme(id: number, root: HTMLElement = document.documentElement): void {
  const theme = byId.get(id) ?? byId.get(1);
  if (!theme) return;
  applyThemeProperties(theme, root);
}
