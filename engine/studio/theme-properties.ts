/**
 * The CSS custom properties a sub-product theme may set, and the type of each value: the one list the studio's check
 * (check-theme.ts) and the borrower app (src/shell/theme.ts, which sets them on the page) both read, so a theme can
 * hold nothing else (no `filter`, no `background-image`, no `--color-bg: red; background: url(x)`). The stylesheets
 * (src/styles, engine/widgets/widgets.css) draw the colours as `var(--color-…)` and round corners with
 * `border-radius: var(--radius)`. config/schema/theme.schema.json says the same of the seed files (a test holds them
 * equal). Pure, no imports: the borrower app's first screen loads it.
 */

/** What a theme value is: a `#rrggbb` colour, or a short length in rem or px, or `0` (a corner's radius). */
export type ThemeValueType = 'colour' | 'length';

/** Every property a theme sets, with its type. */
export const THEME_PROPERTIES = {
  '--color-primary': 'colour',
  '--color-primary-contrast': 'colour',
  '--color-primary-soft': 'colour',
  '--color-accent': 'colour',
  '--color-bg': 'colour',
  '--color-surface': 'colour',
  '--color-text': 'colour',
  '--color-text-muted': 'colour',
  '--color-border': 'colour',
  '--color-control-border': 'colour',
  '--color-danger': 'colour',
  '--color-success': 'colour',
  '--radius': 'length',
} as const satisfies Record<string, ThemeValueType>;

export type ThemeProperty = keyof typeof THEME_PROPERTIES;

/** A theme's lengths stay below these, by unit (1rem is about 37.5px on a 375px-wide phone). */
export const THEME_LENGTH_MAX = { rem: 4, px: 100 } as const;

/**
 * The values of each type, whole strings: `#rrggbb`; `0`, or a length below THEME_LENGTH_MAX in rem or px with up to
 * four decimals. Regular expressions only, short: the first screen loads this file (its byte budget has little room).
 */
const VALUE: Readonly<Record<ThemeValueType, RegExp>> = {
  colour: /^#[0-9a-f]{6}$/i,
  length: /^(0|(?=\.?\d)([0-3]?(\.\d{1,4})?rem|\d{0,2}(\.\d{1,4})?px))$/,
};

/** The type of a theme property, or undefined for a name a theme may not set (`filter`, `__proto__`). */
export function themePropertyType(name: string): ThemeValueType | undefined {
  return Object.hasOwn(THEME_PROPERTIES, name) ? THEME_PROPERTIES[name as ThemeProperty] : undefined;
}

/** Whether `value` is a value of `type`. */
export const isThemeValue = (type: ThemeValueType, value: unknown): value is string =>
  typeof value === 'string' && VALUE[type].test(value);

/** Whether a theme may set `name` to `value`: a known property with a value of its type (what the app sets). */
export const isThemeEntry = (name: string, value: unknown): value is string =>
  Object.hasOwn(THEME_PROPERTIES, name) &&
  typeof value === 'string' &&
  VALUE[THEME_PROPERTIES[name as ThemeProperty]].test(value);
