/** Sample answers to the identity step, with what must come of them (forms/step-suite.ts). */
import { ID_DOCUMENTS } from '#domain/ph-ids.ts';
import identitySchema from './identity.schema.json' with { type: 'json' };
import type { StepSample } from './step-suite.ts';

export const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
/**
 * A photo field holds the photo (a JPEG data URL, in the browser) or its upload's reference (`doc:<uuid>`,
 * domain/document-ref.ts): the schema's own pattern, which the refusals below name (identity.schema.test.ts holds its
 * reference part to domain/document-ref.ts).
 */
export const PHOTO_PATTERN = identitySchema.properties.idPhotoFront.pattern;

const full = {
  name: '  Juan \u674E  dela Cruz ',
  birthDate: '1990-05-17',
  gender: 'male',
  idType: 'philSys',
  idNumber: '1234 5678-9012 3456',
  idPhotoFront: JPEG,
  idPhotoBack: JPEG,
  facePhoto: JPEG,
};
const stored = { ...full, name: 'Juan dela Cruz', idNumber: '1234567890123456' };
const ifThen = ['', 'if', { failingKeyword: 'then' }] as const;
const philippine = ID_DOCUMENTS.filter((d) => d.philippine);

export const identitySamples: readonly StepSample[] = [
  {
    name: 'every field, name with Chinese characters and extra spaces, PhilSys number with separators',
    data: full,
    stored,
  },
  // Spec section 5, "ID formats by document": the printed example of every Philippine document passes, stored normalised;
  // the same number with two more characters is refused with that document's format.
  ...philippine.map((d): StepSample => ({
    name: `${d.id}: the printed example ${d.example}`,
    data: { ...full, idPhotoBack: d.hasBack ? JPEG : undefined, idType: d.id, idNumber: d.example.toLowerCase() },
    stored: {
      ...full,
      name: 'Juan dela Cruz',
      idPhotoBack: d.hasBack ? JPEG : undefined,
      idType: d.id,
      idNumber: d.example.replace(/[\s-]/gu, '').toUpperCase(),
    },
  })),
  ...philippine.map((d): StepSample => ({
    name: `${d.id}: two characters too many`,
    data: { ...stored, idType: d.id, idNumber: `${d.example}X9` },
    errors: [['/idNumber', 'format', { format: `id-${d.id}` }], ifThen],
  })),
  {
    name: 'photos as the ids of their uploads',
    data: {
      ...full,
      idPhotoFront: 'doc:7c0e0a52-1f3b-4d2e-9a59-2f1f7d6c8b10',
      facePhoto: 'doc:0b6f3e2a-9d7c-4c1e-8f4a-5e2d1c0b9a88',
    },
    stored: {
      ...stored,
      idPhotoFront: 'doc:7c0e0a52-1f3b-4d2e-9a59-2f1f7d6c8b10',
      facePhoto: 'doc:0b6f3e2a-9d7c-4c1e-8f4a-5e2d1c0b9a88',
    },
  },
  {
    name: 'passport, no back photo needed',
    data: { ...full, idType: 'passport', idNumber: 'p1234567a', idPhotoBack: undefined },
    stored: { ...stored, idType: 'passport', idNumber: 'P1234567A', idPhotoBack: undefined },
  },
  {
    name: "driver's licence without its back photo",
    data: { ...stored, idType: 'driversLicense', idNumber: 'A12-34-567890', idPhotoBack: undefined },
    errors: [['', 'required', { missingProperty: 'idPhotoBack' }], ifThen],
  },
  {
    name: 'PhilSys: the confidential 12-digit PSN instead of the 16-digit card number',
    data: { ...stored, idNumber: '1234 5678 9012' },
    errors: [['/idNumber', 'format', { format: 'id-philSys' }], ifThen],
  },
  {
    name: 'Aadhaar, off in the Philippine flow, with a valid Aadhaar number',
    data: { ...stored, idType: 'aadhaar', idNumber: '2345 6789 0123' },
    errors: [['/idType', 'enum', { allowedValues: philippine.map((d) => d.id) }]],
  },
  {
    name: 'nothing',
    data: {},
    errors: ['name', 'birthDate', 'gender', 'idType', 'idNumber', 'idPhotoFront', 'facePhoto'].map(
      (p) => ['', 'required', { missingProperty: p }] as const,
    ),
  },
  { name: 'not an object', data: [], errors: [['', 'type', { type: 'object' }]] },
  {
    name: 'name with digits',
    data: { ...stored, name: 'Juan 2' },
    errors: [['/name', 'format', { format: 'person-name' }]],
  },
  {
    name: 'name only Chinese (stripped to nothing)',
    data: { ...stored, name: '\u674E\u660E' },
    errors: [['/name', 'format', { format: 'person-name' }]],
  },
  {
    name: 'birth date that does not exist',
    data: { ...stored, birthDate: '1990-02-29' },
    errors: [['/birthDate', 'format', { format: 'iso-date' }]],
  },
  {
    name: 'birth date in another notation',
    data: { ...stored, birthDate: '05/17/1990' },
    errors: [['/birthDate', 'format', { format: 'iso-date' }]],
  },
  {
    name: 'gender not in the list',
    data: { ...stored, gender: 'x' },
    errors: [['/gender', 'enum', { allowedValues: ['male', 'female'] }]],
  },
  {
    name: 'ID photo that is a PNG',
    data: { ...stored, idPhotoFront: 'data:image/png;base64,iVBORw0KGgo=' },
    errors: [['/idPhotoFront', 'pattern', { pattern: PHOTO_PATTERN }]],
  },
  {
    name: 'face photo that is a link, not a data URL',
    data: { ...stored, facePhoto: 'https://example.ph/face.jpg' },
    errors: [['/facePhoto', 'pattern', { pattern: PHOTO_PATTERN }]],
  },
  {
    name: 'an unknown field',
    data: { ...stored, age: 30 },
    errors: [['', 'additionalProperties', { additionalProperty: 'age' }]],
  },
];
