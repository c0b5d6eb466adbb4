/**
 * The addressInfo step (spec section 5: postal code digits, here from config, 4 for the Philippines; Chinese
 * characters stripped from the detailed address). Province, city and barangay come from the address picker.
 */
import { describe, expect, it } from 'vitest';
import product from '#config/product.json' with { type: 'json' };
import { addressInfoSamples } from './addressInfo.samples.ts';
import { stepSuite } from './step-suite.ts';

stepSuite('addressInfo', addressInfoSamples);

describe('addressInfo postal code', () => {
  it('is checked with the digit count of the product config (the samples assume 4)', () => {
    expect(product.postalCodeDigits).toBe(4);
  });
});
