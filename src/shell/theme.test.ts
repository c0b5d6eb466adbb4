// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import theme1 from '#config/themes/theme-1.json';
import { applyTheme, applyThemeProperties, takePublishedThemes } from './theme.ts';

describe('sub-product themes', () => {
  it('paint the bundled seed first, then what staff published, on every element a theme was applied to', () => {
    const page = document.createElement('div');
    const gone = document.createElement('div');
    document.body.append(page);
    applyTheme(1, document.documentElement);
    applyTheme(1, page);
    applyTheme(1, gone);
    expect(page.style.getPropertyValue('--color-primary')).toBe(theme1.properties['--color-primary']);
    takePublishedThemes({ '1': { version: 2, properties: { ...theme1.properties, '--color-primary': '#123456' } } });
    expect(page.style.getPropertyValue('--color-primary')).toBe('#123456');
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#123456');
    // An element no longer in the page is left alone (and forgotten).
    expect(gone.style.getPropertyValue('--color-primary')).toBe(theme1.properties['--color-primary']);
    // A theme applied later takes the published version; an unknown number falls back to theme 1.
    const later = document.createElement('div');
    applyTheme(7, later);
    expect(later.style.getPropertyValue('--color-primary')).toBe('#123456');
    expect(later.dataset['theme']).toBe('1');
    page.remove();
  });

  it('sets only the properties a theme may set, with values of their type, whatever a stored theme holds', () => {
    const root = document.createElement('div');
    applyThemeProperties(theme1, root);
    applyThemeProperties(
      {
        id: 1,
        properties: {
          filter: 'hue-rotate(180deg)',
          'background-image': 'url("data:image/svg+xml,<svg>Call 0917 000 0000</svg>")',
          '--anything-unknown': '#000000',
          '--radius': 'url(https://example.com/x.png)',
          '--color-bg': 'red; background: url(x)',
          '--color-text': '#101010',
        },
      },
      root,
    );
    expect(root.style.getPropertyValue('filter')).toBe('');
    expect(root.style.getPropertyValue('background-image')).toBe('');
    expect(root.style.getPropertyValue('--anything-unknown')).toBe('');
    expect(root.getAttribute('style')).not.toMatch(/url|hue-rotate|background/u);
    // What was set before stays; a valid value is taken.
    expect(root.style.getPropertyValue('--radius')).toBe(theme1.properties['--radius']);
    expect(root.style.getPropertyValue('--color-bg')).toBe(theme1.properties['--color-bg']);
    expect(root.style.getPropertyValue('--color-text')).toBe('#101010');
  });

  it('takes a published theme holding foreign CSS without putting it on the page', () => {
    const page = document.createElement('div');
    document.body.append(page);
    applyTheme(2, page);
    takePublishedThemes({
      '2': { version: 3, properties: { '--color-primary': '#654321', filter: 'hue-rotate(180deg)' } },
    });
    expect(page.style.getPropertyValue('--color-primary')).toBe('#654321');
    expect(page.style.getPropertyValue('filter')).toBe('');
    page.remove();
  });
});
