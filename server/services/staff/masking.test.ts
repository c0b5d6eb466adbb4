import { describe, expect, it } from 'vitest';
import { normalName } from '#server/crypto/lookup-hashes.ts';
import { maskValue } from './masking.ts';

describe('staff masking', () => {
  it('keeps the first character of words, the last 2 digits of numbers, hides days, leaves enum codes clear', () => {
    expect(maskValue('Juan Dela Cruz')).toBe('J*** D*** C***');
    expect(maskValue('9171234567')).toBe('••••••••67');
    expect(maskValue('1990-05-17')).toBe('****-**-**');
    expect(maskValue('contractWorker', 'employmentType')).toBe('contractWorker');
    expect(maskValue('from18001To25000', 'monthlyIncome')).toBe('from18001To25000');
    expect(maskValue({ name: 'Ana Reyes', relation: 'parents' })).toBe('A*** R***, parents');
    expect(maskValue('eWallet', 'payoutMethod')).toBe('eWallet');
  });

  it('leaves a document reference clear (a file id, opened through the audited route), nothing that merely starts like one', () => {
    expect(maskValue('doc:5927e07b-50a5-4f9a-a345-da053a881c10', 'facePhoto')).toBe(
      'doc:5927e07b-50a5-4f9a-a345-da053a881c10',
    );
    expect(maskValue('doc: Juan Dela Cruz')).toBe('d*** J*** D*** C***');
  });
});

describe('name hash', () => {
  it('normalises case, accents and spaces', () => {
    expect(normalName('  María  DELA   Cruz ')).toBe('maria dela cruz');
  });
});
