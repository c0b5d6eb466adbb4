/**
 * The staff password policy (NIST SP 800-63B): the passwords an outside review found accepted are refused, each with its reason,
 * and so are sequences, keyboard rows and a password made of the account's own e-mail or name; long passphrases pass,
 * with no composition rule.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '#server/errors.ts';
import { assertPasswordAllowed, passwordRefusal } from './password-policy.ts';

const maria = { email: 'maria.santos@lender.test', name: 'Maria Santos' };

describe('staff password policy', () => {
  it.each([
    ['password1234', 'common'],
    ['iloveyou2024!', 'common'],
    ['123456789012', 'common'],
    ['aaaaaaaaaaaa', 'repetitive'],
    ['abcabcabcabc', 'repetitive'],
    [' '.repeat(12), 'whitespace'],
    ['\t \u00a0'.repeat(4), 'whitespace'],
    ['abcdefghijkl', 'sequential'],
    ['qwertyuiopas', 'common'],
    ['Maria.Santos99', 'personal'],
    ['santos-manila-2026', 'personal'],
    ['eleven char', 'tooShort'],
  ] as const)('refuses %j (%s)', (password, reason) => {
    expect(passwordRefusal(password, maria)).toBe(reason);
  });

  it.each(['correct horse battery staple', 'Tag-init ang kape sa Baguio', 'k7mq-2xpd-9fhw-rt4c', 'twelve chars!'])(
    'accepts %j, without composition rules',
    (password) => {
      expect(passwordRefusal(password, maria)).toBeNull();
    },
  );

  it('answers PASSWORD_REFUSED with the reason and the least length', () => {
    let thrown: unknown;
    try {
      assertPasswordAllowed('password1234', maria);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({
      code: 'PASSWORD_REFUSED',
      status: 422,
      details: { reason: 'common', minLength: 12 },
    });
  });
});
