import { describe, expect, it } from 'vitest';
import { PERSON_NAME_MAX_LENGTH, PERSON_NAME_PATTERN, isPersonName, normalizePersonName } from './person-name.ts';

const VALID = [
  'Juan',
  'Juan Dela Cruz',
  'Ma. Cristina Santos-Reyes',
  'José Rizal Jr.',
  'Santo Niño',
  'ÑAÑO',
  "O'Brien",
  'D’Angelo',
  'Zoë Ünal',
  'Nguyễn',
  'J',
  '  Juan   Dela\tCruz  ',
  'Pen\u0303a',
  'A'.repeat(PERSON_NAME_MAX_LENGTH),
];

const INVALID = [
  '',
  '   ',
  '.',
  "-'.",
  'Juan 2nd',
  'Juan_Cruz',
  'Juan@Cruz',
  'Juan, Cruz',
  '张伟',
  'Juan 张',
  'Иван',
  'Juan 😀',
  'Juan×Cruz',
  'A'.repeat(PERSON_NAME_MAX_LENGTH + 1),
];

describe('isPersonName', () => {
  it('accepts letters (ñ and accents included), spaces, periods, hyphens and apostrophes, up to 60 characters', () => {
    for (const name of VALID) expect(isPersonName(name), name).toBe(true);
  });

  it('refuses empty or letterless text, digits, other symbols, other scripts, emoji and over-long names', () => {
    for (const name of INVALID) expect(isPersonName(name), name).toBe(false);
  });

  it('counts the length after trimming', () => {
    expect(isPersonName(`   ${'A'.repeat(PERSON_NAME_MAX_LENGTH)}   `)).toBe(true);
  });
});

describe('normalizePersonName', () => {
  it('trims, collapses whitespace, composes accents and straightens apostrophes', () => {
    expect(normalizePersonName('  Juan \t Dela   Cruz ')).toBe('Juan Dela Cruz');
    expect(normalizePersonName('Pen\u0303a')).toBe('Peña');
    expect(normalizePersonName('D’Angelo')).toBe("D'Angelo");
  });
});

describe('PERSON_NAME_PATTERN agrees with isPersonName', () => {
  it('matches exactly the names that are valid and already normalised', () => {
    const re = new RegExp(PERSON_NAME_PATTERN, 'u');
    for (const sample of [...VALID, ...INVALID, 'Peña', ' Juan', 'Juan  Cruz']) {
      expect(re.test(sample), sample).toBe(isPersonName(sample) && normalizePersonName(sample) === sample);
    }
    expect(re.test('Santo Niño')).toBe(true);
    expect(re.test('Juan  Cruz')).toBe(false);
  });
});
