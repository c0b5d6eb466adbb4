/** Sample answers to the choice-only steps (baseInfo, baseInfo2, bankName), with what must come of them. */
import type { StepSample } from './step-suite.ts';

/** Five statuses that do not overlap; children are their own question (old values: domain/legacy-values.ts). */
export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed', 'others'];
export const EDUCATION_LEVELS = ['elementary', 'juniorHigh', 'highSchool', 'college', 'graduate', 'other'];
export const LOAN_PURPOSES = [
  'dailyExpense',
  'reimbursement',
  'entertainment',
  'rent',
  'tourism',
  'education',
  'medical',
  'shopping',
  'other',
];

export const baseInfoSamples: readonly StepSample[] = [
  ...MARITAL_STATUSES.map((m): StepSample => ({
    name: `marital status ${m}`,
    data: { maritalStatus: m, education: 'college' },
    stored: { maritalStatus: m, education: 'college' },
  })),
  ...EDUCATION_LEVELS.map((e): StepSample => ({
    name: `education ${e}`,
    data: { maritalStatus: 'single', education: e },
    stored: { maritalStatus: 'single', education: e },
  })),
  {
    name: 'nothing',
    data: {},
    errors: [
      ['', 'required', { missingProperty: 'maritalStatus' }],
      ['', 'required', { missingProperty: 'education' }],
    ],
  },
  {
    name: 'with children',
    data: { maritalStatus: 'widowed', children: 'yes', education: 'college' },
    stored: { maritalStatus: 'widowed', children: 'yes', education: 'college' },
  },
  {
    name: 'children answer not in the list',
    data: { maritalStatus: 'married', children: 2, education: 'college' },
    errors: [
      ['/children', 'type', { type: 'string' }],
      ['/children', 'enum', { allowedValues: ['yes', 'no'] }],
    ],
  },
  {
    name: 'marital status not in the list',
    data: { maritalStatus: 'marriedWithChildren', education: 'college' },
    errors: [['/maritalStatus', 'enum', { allowedValues: MARITAL_STATUSES }]],
  },
  {
    name: 'education not in the list',
    data: { maritalStatus: 'single', education: 'phd' },
    errors: [['/education', 'enum', { allowedValues: EDUCATION_LEVELS }]],
  },
  {
    name: 'an unknown field',
    data: { maritalStatus: 'single', education: 'college', kids: 2 },
    errors: [['', 'additionalProperties', { additionalProperty: 'kids' }]],
  },
];

export const baseInfo2Samples: readonly StepSample[] = [
  ...LOAN_PURPOSES.map((p): StepSample => ({
    name: `loan purpose ${p}`,
    data: { loanPurpose: p },
    stored: { loanPurpose: p },
  })),
  { name: 'nothing', data: {}, errors: [['', 'required', { missingProperty: 'loanPurpose' }]] },
  {
    name: 'loan purpose not in the list',
    data: { loanPurpose: 'gambling' },
    errors: [['/loanPurpose', 'enum', { allowedValues: LOAN_PURPOSES }]],
  },
  {
    name: 'loan purpose as free text in another case',
    data: { loanPurpose: 'Rent' },
    errors: [['/loanPurpose', 'enum', { allowedValues: LOAN_PURPOSES }]],
  },
];
