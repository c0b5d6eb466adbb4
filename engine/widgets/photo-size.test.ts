import { describe, expect, it } from 'vitest';
import { fitWithin, MAX_PHOTO_SIDE } from './photo-size.ts';

describe('fitWithin', () => {
  it('brings the longer side of a large landscape or portrait photo down to 1600 px, keeping the ratio', () => {
    expect(MAX_PHOTO_SIDE).toBe(1600);
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4000, 4000)).toEqual({ width: 1600, height: 1600 });
  });

  it('rounds the shorter side to whole pixels, never to zero', () => {
    expect(fitWithin(4000, 2999)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(1601, 1000)).toEqual({ width: 1600, height: 999 });
    expect(fitWithin(100000, 10)).toEqual({ width: 1600, height: 1 });
  });

  it('never enlarges a photo already within the limit', () => {
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('takes another limit', () => {
    expect(fitWithin(3000, 2000, 1000)).toEqual({ width: 1000, height: 667 });
  });

  it('refuses sizes that are not positive numbers', () => {
    expect(() => fitWithin(0, 100)).toThrow(RangeError);
    expect(() => fitWithin(100, Number.NaN)).toThrow(RangeError);
    expect(() => fitWithin(100, 100, -1)).toThrow(RangeError);
  });
});
