import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkTheme, contrastRatio, THEME_COLOURS } from './check-theme.ts';
import { isThemeEntry, THEME_PROPERTIES } from './theme-properties.ts';
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

  it('refuses any property a theme may not set, naming it (CSS a theme would put on every borrower screen)', () => {
    const theme = structuredClone(seeds[0]!) as { id: number; properties: Record<string, string> };
    theme.properties['filter'] = 'hue-rotate(180deg)';
    theme.properties['background-image'] = 'url("data:image/svg+xml,<svg>Call 0917 000 0000</svg>")';
    theme.properties['--anything-unknown'] = '#000000';
    theme.properties['--a/b'] = '1px';
    const checks = checkTheme(theme);
    expect(checks.map((c) => [c.severity, c.code, c.path, c.params['property']])).toEqual([
      ['error', 'studio.checks.themeUnknown', '/properties/filter', 'filter'],
      ['error', 'studio.checks.themeUnknown', '/properties/background-image', 'background-image'],
      ['error', 'studio.checks.themeUnknown', '/properties/--anything-unknown', '--anything-unknown'],
      ['error', 'studio.checks.themeUnknown', '/properties/--a~1b', '--a/b'],
    ]);
    // A name of Object.prototype is no property either.
    const proto = JSON.parse(
      `{"id":1,"properties":${JSON.stringify(theme.properties).replace('{', '{"__proto__":"x",')}}`,
    );
    expect(checkTheme(proto).map((c) => c.params['property'])).toContain('__proto__');
  });

  it.each([
    ['--radius', 'url(https://example.com/x.png)', 'themeLength'],
    ['--radius', '0.5rem; background: url(x)', 'themeLength'],
    ['--radius', 'calc(100vw)', 'themeLength'],
    ['--radius', '99rem', 'themeLength'],
    ['--radius', '151px', 'themeLength'],
    ['--radius', '-1px', 'themeLength'],
    ['--radius', '0.5', 'themeLength'],
    ['--radius', 'rem', 'themeLength'],
    ['--radius', '.rem', 'themeLength'],
    ['--radius', 'px', 'themeLength'],
    ['--radius', '100px', 'themeLength'],
    ['--radius', '4rem', 'themeLength'],
    ['--radius', '3.rem', 'themeLength'],
    ['--radius', '1.23456rem', 'themeLength'],
    ['--radius', '1e1px', 'themeLength'],
    ['--radius', '00', 'themeLength'],
    ['--color-bg', 'red; background: url(x)', 'themeColour'],
    ['--color-bg', '#ffffff; background-image: url(x)', 'themeColour'],
    ['--color-bg', '#ffffff\n', 'themeColour'],
    ['--color-text', 'var(--color-bg)', 'themeColour'],
  ])('refuses %s: %j, naming the property', (property, value, name) => {
    const theme = structuredClone(seeds[0]!) as { id: number; properties: Record<string, string> };
    theme.properties[property] = value;
    const found = checkTheme(theme).filter((c) => c.severity === 'error');
    expect(found).toEqual([
      expect.objectContaining({
        code: `studio.checks.${name}`,
        path: `/properties/${property}`,
        params: expect.objectContaining({ property, value }),
      }),
    ]);
  });

  it.each(['0.5rem', '4px', '0', '0px', '.25rem', '3.5rem', '3.9999rem', '99.5px', '.5px'])(
    'takes the length %s for --radius',
    (value) => {
      const theme = structuredClone(seeds[0]!) as { id: number; properties: Record<string, string> };
      theme.properties['--radius'] = value;
      expect(checkTheme(theme)).toEqual([]);
    },
  );

  it('requires every property, --radius too', () => {
    const theme = structuredClone(seeds[0]!) as { id: number; properties: Record<string, string> };
    delete theme.properties['--radius'];
    expect(checkTheme(theme).map((c) => c.id)).toEqual(['themeMissing:/properties/--radius']);
  });

  it('holds one list of properties, the same as the seed files and their meta-schema', () => {
    const schema = JSON.parse(readFileSync('config/schema/theme.schema.json', 'utf8')) as {
      properties: { properties: { required: string[]; properties: Record<string, unknown> } };
    };
    const names = Object.keys(THEME_PROPERTIES).sort();
    expect([...schema.properties.properties.required].sort()).toEqual(names);
    expect(Object.keys(schema.properties.properties.properties).sort()).toEqual(names);
    for (const seed of seeds) expect(Object.keys(seed.properties).sort()).toEqual(names);
    expect([...THEME_COLOURS].sort()).toEqual(names.filter((n) => n.startsWith('--color-')));
    expect(isThemeEntry('--radius', '0.2rem')).toBe(true);
    expect(isThemeEntry('--radius', 2)).toBe(false);
    expect(isThemeEntry('toString', '#000000')).toBe(false);
  });
});
