import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkTheme, contrastRatio } from './check-theme.ts';
import type { ThemeContentLike } from './types.ts';

const seeds = readdirSync('config/themes').map((file) => {
  const { id, properties } = JSON.parse(readFileSync(`config/themes/${file}`, 'utf8')) as ThemeContentLike;
  return { id, properties };
});

describe('checkTheme', () => {
  it.each(seeds.map((theme) => [theme.id, theme] as const))('passes seed theme %i', (_id, theme) => {
    expect(checkTheme(theme)).toEqual([]);
  });

  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0b7a4b', '#0b7a4b')).toBe(1);
    // #767676 on white is the classic 4.54:1 grey.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('refuses text below 4.5:1, naming the pair, and a control outline below 3:1', () => {
    const theme = structuredClone(seeds[0]!) as { id: number; properties: Record<string, string> };
    theme.properties['--color-text-muted'] = '#8a8a8a';
    theme.properties['--color-control-border'] = '#d0d0d0';
    const checks = checkTheme(theme);
    expect(checks.every((c) => c.code === 'studio.checks.themeContrast' && c.severity === 'error')).toBe(true);
    expect(checks.map((c) => c.id)).toEqual(
      expect.arrayContaining([
        'themeContrast:--color-text-muted:--color-surface',
        'themeContrast:--color-control-border:--color-surface',
      ]),
    );
    const muted = checks.find((c) => c.id === 'themeContrast:--color-text-muted:--color-surface');
    expect(muted).toMatchObject({
      path: '/properties/--color-text-muted',
      params: { foreground: '--color-text-muted', background: '--color-surface', minimum: 4.5 },
    });
    expect(muted?.params['ratio']).toBeLessThan(4.5);
  });

  it('rounds a ratio down, so 4.49 never passes as 4.5', () => {
    const theme = structuredClone(seeds[0]!) as { id: number; properties: Record<string, string> };
    // #777777 on white is 4.478:1.
    theme.properties['--color-danger'] = '#777777';
    expect(
      checkTheme(theme).find((c) => c.id === 'themeContrast:--color-danger:--color-surface')?.params['ratio'],
    ).toBe(4.47);
  });

  it('refuses a missing colour and a value that is not #rrggbb', () => {
    const theme = structuredClone(seeds[0]!) as { id: number; properties: Record<string, string> };
    delete theme.properties['--color-accent'];
    theme.properties['--color-bg'] = 'white';
    const checks = checkTheme(theme).map((c) => [c.code, c.path]);
    expect(checks).toEqual([
      ['studio.checks.themeMissing', '/properties/--color-accent'],
      ['studio.checks.themeColour', '/properties/--color-bg'],
    ]);
  });
});
