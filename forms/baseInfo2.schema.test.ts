/** The baseInfo2 step: loan purpose (seed-spec section 3). */
import { describe, expect, it } from 'vitest';
import { LOAN_PURPOSES, baseInfo2Samples } from './choices.samples.ts';
import { readStepSchema, stepSuite } from './step-suite.ts';

stepSuite('baseInfo2', baseInfo2Samples);

describe('baseInfo2 options', () => {
  it('offers the nine purposes of the spec', () => {
    const { properties } = readStepSchema('baseInfo2') as { properties: Record<string, { enum: string[] }> };
    expect(properties['loanPurpose']?.enum).toEqual(LOAN_PURPOSES);
  });
});
