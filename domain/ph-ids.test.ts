import { describe, expect, it } from 'vitest';
import { ID_EXAMPLES, idExample } from './ph-id-examples.ts';
import { ID_DOCUMENTS, findIdDocument, normalizeIdNumber, validateIdNumber, type IdDocumentId } from './ph-ids.ts';

/** Per document: numbers that must pass (as typed, with the normalised value) and numbers that must fail. */
const CASES: Record<IdDocumentId, { valid: [string, string][]; invalid: string[] }> = {
  philSys: {
    valid: [
      ['1234-5678-9012-3456', '1234567890123456'],
      ['1234 5678 9012 3456', '1234567890123456'],
    ],
    // 123456789012 is the shape of the confidential 12-digit PSN: never accepted here.
    invalid: ['123456789012', '12345678901234567', '1234-5678-9012-345A'],
  },
  umid: {
    valid: [
      ['CRN-0111-1234567-8', 'CRN011112345678'],
      ['crn 0111 1234567 8', 'CRN011112345678'],
    ],
    invalid: ['0111-1234567-8', 'CRN-0111-1234567', 'CRN-0111-1234567-89', 'CRN-0111-123456A-8', 'SSS-0111-1234567-8'],
  },
  driversLicense: {
    valid: [
      ['A12-34-567890', 'A1234567890'],
      ['n01-12-123456', 'N0112123456'],
    ],
    invalid: ['A12-34-56789', 'A12-34-5678901', 'A12_34_567890'],
  },
  passport: {
    valid: [
      ['P1234567A', 'P1234567A'],
      ['eb1234567', 'EB1234567'],
      ['P 1234567 A', 'P1234567A'],
    ],
    invalid: ['P1234567', 'P1234567AB', 'P123456/A'],
  },
  prc: {
    valid: [
      ['0123456', '0123456'],
      ['012 3456', '0123456'],
    ],
    invalid: ['123456', '01234567', '012345A'],
  },
  sss: { valid: [['34-1234567-8', '3412345678']], invalid: ['34-1234567', '34-1234567-89', '34.1234567.8'] },
  philHealth: {
    valid: [['12-345678901-2', '123456789012']],
    invalid: ['12-345678901', '12-345678901-23', '1234567890I2'],
  },
  pagIbig: { valid: [['1234-5678-9012', '123456789012']], invalid: ['1234-5678-901', '1234-5678-90123'] },
  tin: {
    valid: [
      ['123-456-789', '123456789'],
      ['123-456-789-000', '123456789000'],
      ['1234567890', '1234567890'],
    ],
    invalid: ['12345678', '123-456-789-0000', '123-456-78X'],
  },
  postalId: {
    valid: [
      ['PRN 1000 1234 5678 P', 'PRN100012345678P'],
      ['prn100012345678p', 'PRN100012345678P'],
    ],
    invalid: ['1000 1234 5678 P', 'PRN 1000 1234 5678', 'PRN 1000 1234 5678 PQ'],
  },
  votersId: {
    valid: [
      ['7503-0089A-F1234JDC20000', '75030089AF1234JDC20000'],
      ['7503-0089a-f1234jdc20000-1', '75030089AF1234JDC200001'],
    ],
    invalid: ['7503-0089A-F1234JDC2000', '7503-0089A-F1234JDC200001-2'],
  },
  aadhaar: {
    valid: [['2345 6789 0123', '234567890123']],
    invalid: ['0345 6789 0123', '1345 6789 0123', '2345 6789 012'],
  },
  pan: {
    valid: [
      ['ABCPE1234F', 'ABCPE1234F'],
      ['abcpe1234f', 'ABCPE1234F'],
    ],
    // The spec's "10 digits" is not a real PAN.
    invalid: ['1234567890', 'ABCP1234F', 'ABCPE12345', 'ABCPE1234FG'],
  },
};

describe('ID_DOCUMENTS', () => {
  it('lists every document once, with the Philippine ones first', () => {
    const ids = ID_DOCUMENTS.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(Object.keys(CASES).sort());
    const firstForeign = ID_DOCUMENTS.findIndex((d) => !d.philippine);
    expect(ID_DOCUMENTS.slice(firstForeign).every((d) => !d.philippine)).toBe(true);
    expect(ID_DOCUMENTS.filter((d) => !d.philippine).map((d) => d.id)).toEqual(['aadhaar', 'pan']);
  });

  it('asks for a back photo of cards with a back, and none for the passport data page', () => {
    const withBack = ID_DOCUMENTS.filter((d) => d.hasBack).map((d) => d.id);
    expect(withBack).toEqual(expect.arrayContaining(['philSys', 'umid', 'driversLicense', 'prc']));
    expect(findIdDocument('passport')?.hasBack).toBe(false);
  });

  it('has an example for each document that passes its own validation', () => {
    for (const document of ID_DOCUMENTS) {
      expect(validateIdNumber(document.id, document.example).ok, document.id).toBe(true);
    }
  });

  it('takes each example from the table the browser loads, which holds one for each document and no other', () => {
    expect(Object.keys(ID_EXAMPLES)).toEqual(ID_DOCUMENTS.map((d) => d.id));
    for (const document of ID_DOCUMENTS) expect(idExample(document.id), document.id).toBe(document.example);
    for (const unknown of ['', 'toString', 'hasOwnProperty', undefined, null, 42, {}]) {
      expect(idExample(unknown)).toBeUndefined();
    }
  });

  it('has patterns anchored at both ends that compile with the u flag', () => {
    for (const document of ID_DOCUMENTS) {
      expect(document.pattern, document.id).toMatch(/^\^.*\$$/u);
      expect(() => new RegExp(document.pattern, 'u')).not.toThrow();
    }
  });
});

describe('validateIdNumber', () => {
  it.each(Object.entries(CASES))('%s: accepts valid numbers, normalised', (id, { valid }) => {
    for (const [input, value] of valid) expect(validateIdNumber(id, input), input).toEqual({ ok: true, value });
  });

  it.each(Object.entries(CASES))('%s: refuses malformed numbers with ID_NUMBER_FORMAT', (id, { invalid }) => {
    for (const input of invalid)
      expect(validateIdNumber(id, input), input).toEqual({ ok: false, code: 'ID_NUMBER_FORMAT' });
  });

  it('refuses empty input and unknown documents', () => {
    expect(validateIdNumber('sss', '')).toEqual({ ok: false, code: 'ID_NUMBER_FORMAT' });
    expect(validateIdNumber('libraryCard', '1234567')).toEqual({ ok: false, code: 'ID_DOCUMENT_UNKNOWN' });
    expect(validateIdNumber('SSS', '34-1234567-8')).toEqual({ ok: false, code: 'ID_DOCUMENT_UNKNOWN' });
  });

  it('keeps lower-case letters in digit-only documents, so they fail', () => {
    expect(validateIdNumber('philHealth', '12-345678901-l')).toEqual({ ok: false, code: 'ID_NUMBER_FORMAT' });
  });

  it('strips Unicode dashes and non-breaking spaces pasted from documents', () => {
    expect(validateIdNumber('sss', '34\u20131234567\u20138')).toEqual({ ok: true, value: '3412345678' });
    expect(validateIdNumber('philSys', '1234\u00a05678\u00a09012\u00a03456')).toEqual({
      ok: true,
      value: '1234567890123456',
    });
  });
});

describe('pattern strings agree with validateIdNumber', () => {
  it('each pattern matches a sample exactly when validation accepts it unchanged', () => {
    const samples = Object.values(CASES).flatMap(({ valid, invalid }) => [...valid.flat(), ...invalid]);
    for (const document of ID_DOCUMENTS) {
      const re = new RegExp(document.pattern, 'u');
      for (const sample of samples) {
        const result = validateIdNumber(document.id, sample);
        expect(re.test(sample), `${document.id}: ${sample}`).toBe(result.ok && result.value === sample);
      }
    }
  });

  it('normalizeIdNumber applies the table without validating', () => {
    const umid = findIdDocument('umid');
    expect(umid).toBeDefined();
    if (umid) expect(normalizeIdNumber(umid, 'crn-01 11')).toBe('CRN0111');
  });
});
