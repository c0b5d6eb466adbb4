import { describe, expect, it } from 'vitest';
import { bodyFontSize, layoutPixelRatio, rootFontSize, viewportContent } from './flexible.ts';
import { UA } from './user-agents.fixture.ts';

describe('layoutPixelRatio', () => {
  it.each([
    [1, 1],
    [1.5, 1],
    [2, 2],
    [2.625, 2],
    [3, 3],
    [3.5, 3],
  ])('is %s -> %s on an iPhone', (dpr, ratio) => {
    expect(layoutPixelRatio(UA.iPhone, dpr)).toBe(ratio);
  });

  it('is 1 on every other device whatever the screen reports', () => {
    expect(layoutPixelRatio(UA.android, 3)).toBe(1);
    expect(layoutPixelRatio(UA.iPad, 2)).toBe(1);
    expect(layoutPixelRatio(UA.desktop, 2)).toBe(1);
  });
});

describe('rootFontSize', () => {
  it('is one tenth of the layout width', () => {
    expect(rootFontSize(375, 1)).toBe(37.5);
    expect(rootFontSize(390, 1)).toBe(39);
    expect(rootFontSize(780, 2)).toBe(78);
    expect(rootFontSize(1170, 3)).toBe(117);
  });

  it('caps the width at 540 x ratio', () => {
    expect(rootFontSize(540, 1)).toBe(54);
    expect(rootFontSize(1280, 1)).toBe(54);
    expect(rootFontSize(1600, 2)).toBe(108);
    expect(rootFontSize(2400, 3)).toBe(162);
  });
});

describe('bodyFontSize', () => {
  it('is 12 x ratio', () => {
    expect(bodyFontSize(1)).toBe(12);
    expect(bodyFontSize(2)).toBe(24);
    expect(bodyFontSize(3)).toBe(36);
  });
});

describe('viewportContent', () => {
  it('sets the initial scale to the inverse of the ratio and locks zoom', () => {
    expect(viewportContent(1, false)).toBe(
      'width=device-width, initial-scale=1, maximum-scale=1, minimum-scale=1, user-scalable=no, viewport-fit=cover',
    );
    expect(viewportContent(2, false)).toContain('initial-scale=0.5, maximum-scale=0.5, minimum-scale=0.5');
    expect(viewportContent(3, false)).toContain('initial-scale=0.333333, maximum-scale=0.333333');
  });

  it('leaves zoom to the user when the product allows it', () => {
    const content = viewportContent(3, true);
    expect(content).toContain('initial-scale=0.333333');
    expect(content).toContain('user-scalable=yes');
    expect(content).not.toContain('maximum-scale');
  });
});
