import { describe, expect, it } from 'vitest';
import { isAndroid, isIPhoneLike, layoutMode } from './device.ts';
import { UA } from './user-agents.fixture.ts';

describe('layoutMode', () => {
  it.each([
    ['iPhone', UA.iPhone],
    ['iPad', UA.iPad],
    ['iPod', UA.iPod],
    ['Android', UA.android],
    ['SymbianOS', UA.symbian],
    ['Windows Phone', UA.windowsPhone],
  ])('is mobile for %s', (_name, ua) => {
    expect(layoutMode(ua)).toBe('mobile');
  });

  it('is desktop for desktop browsers', () => {
    expect(layoutMode(UA.desktop)).toBe('desktop');
    expect(layoutMode(UA.mac)).toBe('desktop');
    expect(layoutMode('')).toBe('desktop');
  });

  it('matches the markers case-sensitively, as the spec lists them', () => {
    expect(layoutMode('Mozilla/5.0 (iphone)')).toBe('desktop');
  });
});

describe('isAndroid', () => {
  it('detects Android browsers only', () => {
    expect(isAndroid(UA.android)).toBe(true);
    expect(isAndroid(UA.iPhone)).toBe(false);
    expect(isAndroid(UA.desktop)).toBe(false);
  });
});

describe('isIPhoneLike', () => {
  it('is true for iPhone and iPod, false for iPad, Android and desktop', () => {
    expect(isIPhoneLike(UA.iPhone)).toBe(true);
    expect(isIPhoneLike(UA.iPod)).toBe(true);
    expect(isIPhoneLike(UA.iPad)).toBe(false);
    expect(isIPhoneLike(UA.android)).toBe(false);
    expect(isIPhoneLike(UA.desktop)).toBe(false);
  });
});
