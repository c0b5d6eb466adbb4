// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import theme1 from '#config/themes/theme-1.json';
import { applyTheme, takePublishedThemes } from './theme.ts';

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
});
