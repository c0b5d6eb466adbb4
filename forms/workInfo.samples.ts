/** Sample answers to the workInfo step, with what must come of them (forms/step-suite.ts). */
import type { StepSample } from './step-suite.ts';

export const EMPLOYMENT_TYPES = ['selfEmployed', 'contractWorker', 'student', 'unemployed'];
export const YEARS_WORKED = ['underOne', 'oneToThree', 'threeToFive', 'overFive'];
export const INCOME_BANDS = ['upTo12000', 'from12001To18000', 'from18001To25000', 'from25001To30000', 'over30000'];
export const PAY_CYCLES = ['weekly', 'biWeekly', 'monthly', 'other'];
export const INDUSTRIES = [
  'agricultureFishing',
  'miningQuarrying',
  'manufacturing',
  'utilities',
  'construction',
  'wholesaleRetail',
  'transportLogistics',
  'accommodationFood',
  'informationTechnology',
  'bpo',
  'telecommunications',
  'financeBanking',
  'insurance',
  'realEstate',
  'professionalServices',
  'education',
  'healthcare',
  'government',
  'uniformedServices',
  'artsEntertainmentMedia',
  'tourismTravel',
  'domesticWork',
  'securityServices',
  'beautyWellness',
  'onlineSelling',
  'other',
];

const worker = {
  employmentType: 'contractWorker',
  yearsWorked: 'oneToThree',
  monthlyIncome: 'from18001To25000',
  industry: 'bpo',
  payCycle: 'biWeekly',
  payday: '2026-06-15',
  companyName: ' Acme BPO \u516C\u53F8 Inc. ',
  companyPhone: '0917-123-4567',
  companyAddress: ' 8th Floor, Cyber One, Eastwood City, Quezon City ',
};
const workerStored = {
  ...worker,
  companyName: 'Acme BPO  Inc.',
  companyPhone: '9171234567',
  companyAddress: '8th Floor, Cyber One, Eastwood City, Quezon City',
};
const student = {
  employmentType: 'student',
  schoolName: 'University of the Philippines Diliman',
  major: 'BS Nursing',
  admissionDate: '2023-08-14',
  graduationDate: '2027-06-30',
};
const WORK_FIELDS = ['employmentType', ...Object.keys(worker).slice(1), ...Object.keys(student).slice(1)];
const ifThen = ['', 'if', { failingKeyword: 'then' }] as const;
const ifElse = ['', 'if', { failingKeyword: 'else' }] as const;
const required = (...names: string[]) => names.map((p) => ['', 'required', { missingProperty: p }] as const);

export const workInfoSamples: readonly StepSample[] = [
  { name: 'contract worker, every field, company name with Chinese characters', data: worker, stored: workerStored },
  {
    name: 'self-employed, same fields',
    data: { ...workerStored, employmentType: 'selfEmployed' },
    stored: { ...workerStored, employmentType: 'selfEmployed' },
  },
  { name: 'student', data: student, stored: student },
  {
    name: 'unemployed: nothing more',
    data: { employmentType: 'unemployed' },
    stored: { employmentType: 'unemployed' },
  },
  { name: 'nothing', data: {}, errors: required('employmentType') },
  {
    name: 'worker with no work fields',
    data: { employmentType: 'selfEmployed' },
    errors: [
      ...required(
        'yearsWorked',
        'monthlyIncome',
        'industry',
        'payCycle',
        'payday',
        'companyName',
        'companyPhone',
        'companyAddress',
      ),
      ifThen,
    ],
  },
  {
    name: 'student with no school fields',
    data: { employmentType: 'student' },
    errors: [
      ...required('schoolName', 'major', 'admissionDate', 'graduationDate'),
      ['', 'if', { failingKeyword: 'then' }],
      ifElse,
    ],
  },
  {
    name: 'employment type not in the list',
    data: { employmentType: 'retired' },
    errors: [['/employmentType', 'enum', { allowedValues: EMPLOYMENT_TYPES }]],
  },
  {
    name: 'income as a number, not a band',
    data: { ...workerStored, monthlyIncome: '15000' },
    errors: [['/monthlyIncome', 'enum', { allowedValues: INCOME_BANDS }], ifThen],
  },
  {
    name: 'years worked not a band',
    data: { ...workerStored, yearsWorked: '2' },
    errors: [['/yearsWorked', 'enum', { allowedValues: YEARS_WORKED }], ifThen],
  },
  {
    name: 'pay cycle not in the list',
    data: { ...workerStored, payCycle: 'daily' },
    errors: [['/payCycle', 'enum', { allowedValues: PAY_CYCLES }], ifThen],
  },
  {
    name: 'industry not in the list',
    data: { ...workerStored, industry: 'gambling' },
    errors: [['/industry', 'enum', { allowedValues: INDUSTRIES }], ifThen],
  },
  {
    name: 'payday not a date',
    data: { ...workerStored, payday: '15' },
    errors: [['/payday', 'format', { format: 'iso-date' }], ifThen],
  },
  {
    name: 'company phone starting with 8 (spec: phone starts with 9)',
    data: { ...workerStored, companyPhone: '0817 123 4567' },
    errors: [['/companyPhone', 'format', { format: 'ph-mobile' }], ifThen],
  },
  {
    name: 'company phone: a Manila landline (no landline format in the vocabulary)',
    data: { ...workerStored, companyPhone: '(02) 8888 1234' },
    errors: [['/companyPhone', 'format', { format: 'ph-mobile' }], ifThen],
  },
  {
    name: 'company name of one letter',
    data: { ...workerStored, companyName: 'A' },
    errors: [['/companyName', 'minLength', { limit: 2 }], ifThen],
  },
  {
    name: 'company name of Chinese characters only',
    data: { ...workerStored, companyName: '\u516C\u53F8\u540D' },
    errors: [['/companyName', 'minLength', { limit: 2 }], ifThen],
  },
  {
    name: 'company address too short',
    data: { ...workerStored, companyAddress: 'QC' },
    errors: [['/companyAddress', 'minLength', { limit: 5 }], ifThen],
  },
  {
    name: 'company address too long',
    data: { ...workerStored, companyAddress: 'x'.repeat(201) },
    errors: [['/companyAddress', 'maxLength', { limit: 200 }], ifThen],
  },
  {
    name: 'school name too long',
    data: { ...student, schoolName: 'x'.repeat(101) },
    errors: [['/schoolName', 'maxLength', { limit: 100 }], ifThen, ifElse],
  },
  {
    name: 'graduation date that does not exist',
    data: { ...student, graduationDate: '2027-02-30' },
    errors: [['/graduationDate', 'format', { format: 'iso-date' }], ifThen, ifElse],
  },
  {
    name: 'an unknown field',
    data: { ...workerStored, salary: 20000 },
    errors: [
      ['', 'enum', { allowedValues: WORK_FIELDS }],
      ['', 'propertyNames', { propertyName: 'salary' }],
    ],
  },
];
