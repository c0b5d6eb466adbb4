import { describe, expect, it } from 'vitest';
import { PH_POSTAL_CODE_PATTERN, isPostalCode, normalizePostalCode, postalCodePattern } from './postal-code.ts';

describe('postal code', () => {
  it('accepts exactly the configured number of digits: 4 for the Philippines, 6 for the template', () => {
    expect(isPostalCode('1000', 4)).toBe(true);
    expect(isPostalCode(' 6000 ', 4)).toBe(true);
    expect(normalizePostalCode(' 0400 ', 4)).toBe('0400');
    expect(isPostalCode('110001', 6)).toBe(true);
  });

  it('refuses other lengths and anything but digits', () => {
    for (const input of ['100', '10000', '1 000', '10a0', '１０００', ''])
      expect(isPostalCode(input, 4), input).toBe(false);
    expect(isPostalCode('1000', 6)).toBe(false);
    expect(isPostalCode('1100011', 6)).toBe(false);
  });

  it('builds the pattern from the digit count and refuses a bad count', () => {
    expect(postalCodePattern(4)).toBe('^\\d{4}$');
    expect(PH_POSTAL_CODE_PATTERN).toBe(postalCodePattern(4));
    for (const bad of [0, -4, 4.5, Number.NaN, 13])
      expect(() => postalCodePattern(bad), String(bad)).toThrow(RangeError);
  });

  it('the pattern matches exactly the normalised valid codes', () => {
    for (const digits of [4, 6]) {
      const re = new RegExp(postalCodePattern(digits), 'u');
      for (const sample of ['1000', '0400', '110001', ' 1000', '1000 ', '100', '10a0', '1100011', '']) {
        expect(re.test(sample), `${digits}: ${sample}`).toBe(normalizePostalCode(sample, digits) === sample);
      }
    }
  });
});
