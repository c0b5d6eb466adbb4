/** The baseInfo step: marital status (the spec's statuses, seed-spec section 3, without overlaps), children and education. */
import { describe, expect, it } from 'vitest';
import { EDUCATION_LEVELS, MARITAL_STATUSES, baseInfoSamples } from './choices.samples.ts';
import { readStepSchema, stepSuite } from './step-suite.ts';

stepSuite('baseInfo', baseInfoSamples);

describe('baseInfo options', () => {
  it('offers single, married, divorced, widowed and others, and asks about children apart (optional)', () => {
    const { properties, required } = readStepSchema('baseInfo') as {
      properties: Record<string, { enum: string[] }>;
      required: string[];
    };
    expect(properties['maritalStatus']?.enum).toEqual(MARITAL_STATUSES);
    expect(properties['children']?.enum).toEqual(['yes', 'no']);
    expect(required).not.toContain('children');
    expect(properties['education']?.enum).toEqual(EDUCATION_LEVELS);
  });
});
