/**
 * Every theme's colour pairs that the stylesheets actually draw meet WCAG AA (issue 10 §5): 4.5:1 for text, 3:1 for
 * the outline of a control and for graphics. A product change to a theme that breaks a pair fails here, naming it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ThemeConfig } from '../../config/types/theme.ts';

/** WCAG 2.x relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

type Colour = Exclude<keyof ThemeConfig['properties'], '--radius'>;
/** [foreground, background, minimum]: the pairs the kit, the widgets and the screens draw. */
const PAIRS: [Colour, Colour, number][] = [
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
  ['--color-text-muted', '--color-surface', 3], // select arrow
  ['--color-primary', '--color-surface', 3], // radio dot, checked box
];

const themes = readdirSync('config/themes').map((file) => JSON.parse(readFileSync(`config/themes/${file}`, 'utf8')) as ThemeConfig);

describe.each(themes.map((theme) => [theme.id, theme] as const))('theme %i', (_id, theme) => {
  it('meets WCAG AA on every pair the stylesheets draw', () => {
    const failing = PAIRS.map(([fg, bg, min]) => ({ pair: `${fg} on ${bg}`, ratio: Number(contrast(theme.properties[fg], theme.properties[bg]).toFixed(2)), min })).filter(
      (p) => p.ratio < p.min,
    );
    expect(failing).toEqual([]);
  });
});

describe('contrast', () => {
  it('is 21:1 for black on white and 1:1 for a colour on itself', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#0b7a4b', '#0b7a4b')).toBe(1);
  });
});
