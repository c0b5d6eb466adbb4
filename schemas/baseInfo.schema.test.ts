/** The baseInfo step: marital status (every option of the spec, seed-spec section 3) and education. */
import { describe, expect, it } from 'vitest';
import { EDUCATION_LEVELS, MARITAL_STATUSES, baseInfoSamples } from './choices.samples.ts';
import { readStepSchema, stepSuite } from './step-suite.ts';

stepSuite('baseInfo', baseInfoSamples);

describe('baseInfo options', () => {
  it('offers single, married, divorced, others and married/divorced/widowed with or without children', () => {
    const { properties } = readStepSchema('baseInfo') as { properties: Record<string, { enum: string[] }> };
    expect(properties['maritalStatus']?.enum).toEqual(MARITAL_STATUSES);
    expect(properties['education']?.enum).toEqual(EDUCATION_LEVELS);
  });
});
