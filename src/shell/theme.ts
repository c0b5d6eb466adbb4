/**
 * Applies a sub-product theme as CSS custom properties: the version product staff published (the manifest's `themes`,
 * src/forms/manifest.ts) once it has arrived, and until then the seed bundled with the app (config/themes/
 * theme-<n>.json, the same colours index.html is built with), so the first paint does not wait for the network.
 * Only the properties a theme may set, with values of their type (engine/studio/theme-properties.ts), reach the page:
 * whatever else a stored theme holds (`filter`, `background-image`, `--radius: url(…)`) is left out.
 */
import type { ThemeConfig } from '#config/types/theme.ts';
import { isThemeEntry } from '#engine/studio/theme-properties.ts';
import type { PublishedTheme } from '../forms/manifest.ts';

/** A theme's number and properties, from whichever source. */
export interface ThemeProperties {
  readonly id: number;
  readonly properties: Readonly<Record<string, string | number>>;
}

const themes = import.meta.glob<ThemeConfig>('../../config/themes/theme-*.json', { eager: true, import: 'default' });
const seed = new Map<number, ThemeProperties>(Object.values(themes).map((theme) => [theme.id, theme]));
let published = new Map<number, ThemeProperties>();
/** The elements a theme was applied to, and which theme: they take a newly published version of it. */
const applied = new Map<HTMLElement, number>();

/**
 * Sets a theme's custom properties and `data-theme` on `root`: pure over its arguments, whatever file the theme came
 * from. A property a theme may not set, or a value not of its type, is skipped (the root keeps what it had).
 */
export function applyThemeProperties(theme: ThemeProperties, root: HTMLElement): void {
  for (const [name, value] of Object.entries(theme.properties))
    if (isThemeEntry(name, value)) root.style.setProperty(name, value);
  root.dataset['theme'] = String(theme.id);
}

function themeOf(id: number): ThemeProperties | undefined {
  return published.get(id) ?? seed.get(id) ?? published.get(1) ?? seed.get(1);
}

/** Sets the theme's properties (published, else the seed); an unknown number falls back to theme 1. */
export function applyTheme(id: number, root: HTMLElement = document.documentElement): void {
  const theme = themeOf(id);
  if (!theme) return;
  applyThemeProperties(theme, root);
  applied.set(root, id);
}

/**
 * Takes the published themes (the manifest's `themes`, by id) and applies them again wherever a theme was applied
 * (the document, a sub-product's screen), so a colour staff changed shows without a reload.
 */
export function takePublishedThemes(themesById: Readonly<Record<string, PublishedTheme>>): void {
  published = new Map(
    Object.entries(themesById).map(([id, theme]) => [Number(id), { id: Number(id), properties: theme.properties }]),
  );
  for (const [root, id] of applied) {
    if (root.isConnected) applyTheme(id, root);
    else applied.delete(root);
  }
}
