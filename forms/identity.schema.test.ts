/**
 * The identity step (spec section 5: ID formats by document; names; no-Chinese stripping). Not here: the age. The
 * vocabulary has regex formats only (no formatMinimum/formatMaximum), so the schema cannot bound the birth date; the
 * flow and the server derive the age with domain ageOn and apply the product's age rule.
 */
import { describe, expect, it } from 'vitest';
import { createAjv } from '#engine/validation/create-ajv.ts';
import { ID_DOCUMENTS } from '#domain/ph-ids.ts';
import { DOCUMENT_REF } from '#domain/document-ref.ts';
import { identitySamples, JPEG, PHOTO_PATTERN } from './identity.samples.ts';
import { errorsOf, readStepSchema, stepSuite } from './step-suite.ts';
import { vocabulary } from './vocabulary.ts';

stepSuite('identity', identitySamples);

const schema = readStepSchema('identity') as {
  properties: { idType: { enum: string[] } };
  allOf: { if: unknown; then: unknown }[];
};

describe('identity schema and the ID table', () => {
  it("holds every photo field to one pattern whose upload part is the app's and the server's document reference", () => {
    const schema = readStepSchema('identity') as { properties: Record<string, { pattern?: string }> };
    for (const field of ['idPhotoFront', 'idPhotoBack', 'facePhoto'])
      expect(schema.properties[field]?.pattern, field).toBe(PHOTO_PATTERN);
    // domain/document-ref.ts without its anchors and its capture.
    const reference = DOCUMENT_REF.source.slice(1, -1).replace('(', '').replace(')', '');
    expect(PHOTO_PATTERN).toContain(`|${reference})$`);
  });

  it('offers exactly the Philippine documents of domain ID_DOCUMENTS, in picker order', () => {
    expect(schema.properties.idType.enum).toEqual(ID_DOCUMENTS.filter((d) => d.philippine).map((d) => d.id));
  });

  it('has the number rule of every document, and asks for a back photo exactly where the card has one', () => {
    expect(schema.allOf).toEqual([
      ...ID_DOCUMENTS.map((d) => ({
        if: { properties: { idType: { const: d.id } }, required: ['idType'] },
        then: { properties: { idNumber: { type: 'string', normalize: `id-${d.id}`, format: `id-${d.id}` } } },
      })),
      {
        if: {
          properties: { idType: { enum: ID_DOCUMENTS.filter((d) => d.hasBack).map((d) => d.id) } },
          required: ['idType'],
        },
        then: { properties: { idPhotoBack: {} }, required: ['idPhotoBack'] },
      },
    ]);
  });

  it('switches Aadhaar and PAN on by adding their ids to the idType enum, nothing else', () => {
    const on = structuredClone(schema);
    on.properties.idType.enum.push('aadhaar', 'pan');
    const validate = createAjv(vocabulary).compile(on);
    const base = { name: 'Ravi Kumar', birthDate: '1990-01-01', gender: 'male', idPhotoFront: JPEG, facePhoto: JPEG };
    const aadhaar = { ...base, idType: 'aadhaar', idNumber: '2345 6789 0123', idPhotoBack: JPEG };
    expect(errorsOf(validate, aadhaar)).toEqual([]);
    expect(aadhaar.idNumber).toBe('234567890123');
    expect(
      errorsOf(validate, { ...base, idType: 'aadhaar', idNumber: '1234 5678 9012', idPhotoBack: JPEG })[0],
    ).toEqual(['/idNumber', 'format', { format: 'id-aadhaar' }]);
    expect(errorsOf(validate, { ...base, idType: 'pan', idNumber: 'abcpe1234f' })).toEqual([]);
    expect(errorsOf(validate, { ...base, idType: 'pan', idNumber: '1234567890' })[0]).toEqual([
      '/idNumber',
      'format',
      { format: 'id-pan' },
    ]);
  });

  it('cannot bound the birth date: the vocabulary has no formatMinimum (age is checked by the flow and the server)', () => {
    // When this starts to compile, add the birth-date range to the schema and drop this test.
    expect(() =>
      createAjv(vocabulary).compile({ type: 'string', format: 'iso-date', formatMinimum: '1900-01-01' }),
    ).toThrow(/unknown keyword/u);
  });
});
