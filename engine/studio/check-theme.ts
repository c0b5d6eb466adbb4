/**
 * The checks of a sub-product theme draft: it sets every property of theme-properties.ts and nothing else (no
 * `filter`, no `background-image`: a theme is applied to every borrower screen), each with a value of its type (a
 * `#rrggbb` colour, a short length for `--radius`), and
 * each pair the app really draws (src/styles, engine/widgets/widgets.css) meets WCAG 2.1 AA: 4.5:1 for text (1.4.3),
 * 3:1 for the outline of a control and for graphics (1.4.11). Pure. check-theme.test.ts holds the seed themes to
 * it, so a change to a seed theme that breaks a pair fails `npm test`.
 */
import {
  isThemeValue,
  THEME_LENGTH_MAX,
  THEME_PROPERTIES,
  themePropertyType,
  type ThemeProperty,
} from './theme-properties.ts';
import { check, pointer } from './types.ts';
import type { Check, ThemeContentLike } from './types.ts';

/** The colours every theme sets (theme-properties.ts, config/schema/theme.schema.json). */
export const THEME_COLOURS = (Object.keys(THEME_PROPERTIES) as ThemeProperty[]).filter(
  (property) => THEME_PROPERTIES[property] === 'colour',
);

/** [foreground, background, minimum ratio]: the pairs the kit, the widgets and the screens draw (what draws each, beside it). */
export const THEME_PAIRS: readonly (readonly [string, string, number])[] = [
  ['--color-text', '--color-bg', 4.5],
  ['--color-text', '--color-surface', 4.5],
  ['--color-text', '--color-primary-soft', 4.5],
  ['--color-text', '--color-accent', 4.5], // warning badge, pending icon
  ['--color-text-muted', '--color-bg', 4.5],
  ['--color-text-muted', '--color-surface', 4.5],
  ['--color-text-muted', '--color-border', 4.5], // settled badge
  ['--color-primary', '--color-surface', 4.5], // links, outline buttons, amounts
  ['--color-primary', '--color-bg', 4.5],
  ['--color-primary', '--color-primary-soft', 4.5], // selected chips and terms
  ['--color-primary-contrast', '--color-primary', 4.5], // primary buttons, title bar
  ['--color-primary-contrast', '--color-danger', 4.5], // danger badge
  ['--color-primary-contrast', '--color-success', 4.5],
  ['--color-danger', '--color-surface', 4.5], // form errors
  ['--color-danger', '--color-bg', 4.5],
  ['--color-success', '--color-surface', 4.5],
  ['--color-control-border', '--color-surface', 3], // outline of inputs, selects, radios, checkboxes, chips
  ['--color-control-border', '--color-bg', 3],
  ['--color-control-border', '--color-primary-soft', 3],
];

/** WCAG 2.x relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The checks of a theme draft: a property a theme may not set, a missing or malformed value, then every pair below its
 * minimum contrast.
 */
export function checkTheme(content: ThemeContentLike): Check[] {
  const out: Check[] = [];
  const colours = content.properties;
  for (const property of Object.keys(colours))
    if (themePropertyType(property) === undefined)
      out.push(check('error', 'themeUnknown', pointer('properties', property), { property }));
  for (const property of Object.keys(THEME_PROPERTIES) as ThemeProperty[]) {
    const type = THEME_PROPERTIES[property];
    const value = Object.hasOwn(colours, property) ? colours[property] : undefined;
    const path = `/properties/${property}`;
    if (value === undefined) out.push(check('error', 'themeMissing', path, { property }));
    else if (isThemeValue(type, value)) continue;
    else if (type === 'colour') out.push(check('error', 'themeColour', path, { property, value: String(value) }));
    else
      out.push(
        check('error', 'themeLength', path, {
          property,
          value: String(value),
          maxRem: THEME_LENGTH_MAX.rem,
          maxPx: THEME_LENGTH_MAX.px,
        }),
      );
  }
  for (const [foreground, background, minimum] of THEME_PAIRS) {
    const fg = colours[foreground];
    const bg = colours[background];
    if (!isThemeValue('colour', fg) || !isThemeValue('colour', bg)) continue;
    // Rounded down, so that a shown 4.49 is never read as passing.
    const ratio = Math.floor(contrastRatio(fg, bg) * 100) / 100;
    if (ratio < minimum)
      out.push({
        ...check('error', 'themeContrast', `/properties/${foreground}`, { foreground, background, ratio, minimum }),
        id: `themeContrast:${foreground}:${background}`,
      });
  }
  return out;
}
