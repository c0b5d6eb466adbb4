/** Sample answers to the addressInfo step, with what must come of them (forms/step-suite.ts). */
import type { StepSample } from './step-suite.ts';

// As the address picker fills it from /psgc/ (PSGC 10-digit codes).
const address = {
  provinceCode: '1380000000',
  provinceName: 'NCR, City of Manila, First District',
  cityCode: '1380601000',
  cityName: 'Tondo I/II',
  barangayCode: '1380601001',
  barangayName: 'Barangay 1',
};
const full = { address, detailedAddress: '  123 Rizal Ave. \u9AD8 Blk 4 Lot 5 ', postalCode: ' 1012 ' };
const stored = { address, detailedAddress: '123 Rizal Ave.  Blk 4 Lot 5', postalCode: '1012' };
const POSTAL = { format: 'postal-code' };

export const addressInfoSamples: readonly StepSample[] = [
  {
    name: 'every field, Chinese characters stripped from the detailed address, postal code with spaces',
    data: full,
    stored,
  },
  {
    name: 'nothing',
    data: {},
    errors: ['address', 'detailedAddress', 'postalCode'].map((p) => ['', 'required', { missingProperty: p }] as const),
  },
  {
    name: 'postal code of 6 digits (the spec template; the Philippine product uses 4)',
    data: { ...stored, postalCode: '101200' },
    errors: [['/postalCode', 'format', POSTAL]],
  },
  {
    name: 'postal code with a letter',
    data: { ...stored, postalCode: '10A2' },
    errors: [['/postalCode', 'format', POSTAL]],
  },
  {
    name: 'detailed address too short',
    data: { ...stored, detailedAddress: 'Blk4' },
    errors: [['/detailedAddress', 'minLength', { limit: 5 }]],
  },
  {
    name: 'detailed address of Chinese characters only (stripped to nothing)',
    data: { ...stored, detailedAddress: '\u5317\u4EAC\u5E02\u671D\u9633\u533A' },
    errors: [['/detailedAddress', 'minLength', { limit: 5 }]],
  },
  {
    name: 'detailed address too long',
    data: { ...stored, detailedAddress: 'a'.repeat(201) },
    errors: [['/detailedAddress', 'maxLength', { limit: 200 }]],
  },
  {
    name: 'a barangay code that is not a 10-digit PSGC code',
    data: { ...stored, address: { ...address, barangayCode: '138060100' } },
    errors: [['/address/barangayCode', 'pattern', { pattern: '^\\d{10}$' }]],
  },
  {
    name: 'an address picked down to the city only',
    data: { ...stored, address: { ...address, barangayCode: undefined, barangayName: undefined } },
    errors: [
      ['/address', 'required', { missingProperty: 'barangayCode' }],
      ['/address', 'required', { missingProperty: 'barangayName' }],
    ],
  },
  {
    name: 'an empty province name',
    data: { ...stored, address: { ...address, provinceName: '' } },
    errors: [['/address/provinceName', 'minLength', { limit: 1 }]],
  },
  {
    name: 'an unknown field',
    data: { ...stored, district: 'x' },
    errors: [['', 'additionalProperties', { additionalProperty: 'district' }]],
  },
];
