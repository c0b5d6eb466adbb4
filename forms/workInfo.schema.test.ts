/**
 * The workInfo step (seed-spec section 3; spec section 5: company phone starts with 9, company name and address are
 * format-checked, no-Chinese stripping). Not here, by design:
 * - a landline company phone: the vocabulary has no landline format (domain has none), so only a mobile is accepted;
 * - graduation after admission: a cross-field date order the vocabulary cannot express; the flow and the server check it.
 */
import { describe, expect, it } from 'vitest';
import { createAjv } from '#engine/validation/create-ajv.ts';
import {
  EMPLOYMENT_TYPES,
  INCOME_BANDS,
  INDUSTRIES,
  PAY_CYCLES,
  YEARS_WORKED,
  workInfoSamples,
} from './workInfo.samples.ts';
import { errorsOf, readStepSchema, stepSuite } from './step-suite.ts';
import incomeBands from './workInfo.income-bands.json' with { type: 'json' };
import { vocabulary } from './vocabulary.ts';

stepSuite('workInfo', workInfoSamples);

const schema = readStepSchema('workInfo') as {
  properties: { employmentType: { enum: string[] } };
  then: { properties: Record<string, { enum?: string[] }> };
};

describe('workInfo options', () => {
  it('offers the spec lists and about 26 industries', () => {
    expect(schema.properties.employmentType.enum).toEqual(EMPLOYMENT_TYPES);
    expect(schema.then.properties['yearsWorked']?.enum).toEqual(YEARS_WORKED);
    expect(schema.then.properties['monthlyIncome']?.enum).toEqual(INCOME_BANDS);
    expect(schema.then.properties['payCycle']?.enum).toEqual(PAY_CYCLES);
    expect(schema.then.properties['industry']?.enum).toEqual(INDUSTRIES);
    expect(INDUSTRIES).toHaveLength(26);
  });

  it('describes each income band in centavos, contiguous from the first to the last (labels get min/max from here)', () => {
    expect(incomeBands.bands.map((b) => b.id)).toEqual(INCOME_BANDS);
    expect(incomeBands.bands[0]?.minCentavos).toBeNull();
    expect(incomeBands.bands.at(-1)?.maxCentavos).toBeNull();
    for (let i = 1; i < incomeBands.bands.length; i++) {
      expect(incomeBands.bands[i]?.minCentavos).toBe((incomeBands.bands[i - 1]?.maxCentavos ?? NaN) + 100);
    }
    expect(incomeBands.bands.map((b) => [b.minCentavos, b.maxCentavos])).toEqual([
      [null, 1_200_000],
      [1_200_100, 1_800_000],
      [1_800_100, 2_500_000],
      [2_500_100, 3_000_000],
      [3_000_100, null],
    ]);
  });

  it('accepts a graduation date before the admission date: that order is the flow and server rule, not the schema', () => {
    const validate = createAjv(vocabulary).compile(schema);
    const student = {
      employmentType: 'student',
      schoolName: 'UP Diliman',
      major: 'Nursing',
      admissionDate: '2023-08-14',
      graduationDate: '2020-06-30',
    };
    expect(errorsOf(validate, student)).toEqual([]);
  });
});
