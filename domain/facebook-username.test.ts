import { describe, expect, it } from 'vitest';
import { FACEBOOK_USERNAME_PATTERN, isFacebookUsername, normalizeFacebookUsername } from './facebook-username.ts';

const VALID = [
  'juan.delacruz',
  'JuanDelaCruz',
  '@maria.santos88',
  'abcde',
  'a1234',
  '12345a',
  'j.d.c.99',
  ` ${'a'.repeat(50)} `,
];
const INVALID = [
  'abcd',
  'a.b.',
  '.juan.delacruz',
  'juan.delacruz.',
  'juan..delacruz',
  '1234567',
  '123.456',
  'juan_delacruz',
  'juan-delacruz',
  'juan delacruz',
  'juañ.delacruz',
  'juan.com',
  'juan.net.ph',
  '@@juandc',
  'a'.repeat(51),
  '',
];

describe('Facebook username', () => {
  it('accepts letters, digits and periods, at least 5 and at most 50 characters, in any case', () => {
    for (const input of VALID) expect(isFacebookUsername(input), input).toBe(true);
  });

  it('refuses short, long, digit-only, badly placed periods, other characters and domain extensions', () => {
    for (const input of INVALID) expect(isFacebookUsername(input), input).toBe(false);
  });

  it('normalises to lower case without a leading @ or surrounding spaces', () => {
    expect(normalizeFacebookUsername('  @Juan.DelaCruz ')).toBe('juan.delacruz');
    expect(normalizeFacebookUsername('juan.community')).toBe('juan.community');
  });

  it('the pattern matches exactly the normalised valid usernames', () => {
    const re = new RegExp(FACEBOOK_USERNAME_PATTERN, 'u');
    for (const sample of [...VALID, ...INVALID, 'juan.delacruz', 'abcde']) {
      expect(re.test(sample), sample).toBe(normalizeFacebookUsername(sample) === sample);
    }
    expect(re.test('juan.delacruz')).toBe(true);
    expect(re.test('JuanDelaCruz')).toBe(false);
  });
});
