/** The bankName step: the bank chooser, with the same bank ids as bankInfo. */
import { describe, expect, it } from 'vitest';
import { BANKS, bankNameSamples } from './bankInfo.samples.ts';
import { readStepSchema, stepSuite } from './step-suite.ts';

stepSuite('bankName', bankNameSamples);

describe('bankName options', () => {
  it('offers the same banks as bankInfo', () => {
    const { properties } = readStepSchema('bankName') as { properties: { bankCode: { enum: string[] } } };
    expect(properties.bankCode.enum).toEqual(BANKS);
  });
});
