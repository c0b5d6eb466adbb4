/**
 * What a staff password may be (NIST SP 800-63B §3.1.1.2): at least MIN_PASSWORD_LENGTH characters, no composition
 * rules, and none that is easy to guess. Checked wherever a password is set: the first administrator (CLI), a change
 * by the owner, the owner's own password after a temporary one. The guessing model is zxcvbn-ts with its common
 * dictionaries (passwords from breach corpora, common words and names, keyboard rows), run here only: it never
 * enters the console's or the borrower's bundle. A password is refused (PASSWORD_REFUSED, `reason` saying why) when it
 * is only spaces, contains the account's e-mail name or a part of its name, or would fall to fewer than 10^8 guesses
 * (zxcvbn's score 3): repetitive (`aaaaaaaaaaaa`), sequential (`abcdefghijkl`, `qwertyuiopas`), or common or breached
 * (`password1234`). No network look-up: the lists are local.
 */
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ApiError } from '#server/errors.ts';
import { MIN_PASSWORD_LENGTH } from './passwords.ts';

/** Why a password is refused (locales/<lng>/errors.json PASSWORD_REFUSED_<reason>). */
export type PasswordRefusal =
  | 'tooShort'
  | 'whitespace'
  | 'personal'
  | 'repetitive'
  | 'sequential'
  | 'common'
  /** The same as the password it replaces (server/services/staff/self-service.ts). */
  | 'reused';

/** The least zxcvbn score accepted: 3 is at least 10^8 guesses, beyond an online attack under the sign-in lockout. */
const MIN_SCORE = 3;
/** A part of the e-mail or name this long or longer may not appear in the password. */
const MIN_PERSONAL_PART = 4;

let factory: ZxcvbnFactory | undefined;
/** Built on first use: the dictionaries take a moment to load. */
const zxcvbn = () => (factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

const WARNING_REASON: Readonly<Record<string, PasswordRefusal>> = {
  simpleRepeat: 'repetitive',
  extendedRepeat: 'repetitive',
  sequences: 'sequential',
  straightRow: 'sequential',
  keyPattern: 'sequential',
  userInputs: 'personal',
};

function reasonOf(result: ZxcvbnResult): PasswordRefusal {
  const warning = result.feedback.warning;
  if (warning && WARNING_REASON[warning]) return WARNING_REASON[warning];
  const patterns = new Set(result.sequence.map((match) => match.pattern));
  if (patterns.has('repeat')) return 'repetitive';
  if (patterns.has('sequence') || patterns.has('spatial')) return 'sequential';
  return 'common';
}

/** The parts of an account's e-mail name and name a password may not contain (lower case). */
function personalParts(context: { email: string; name: string }): string[] {
  const local = context.email.split('@')[0] ?? '';
  const parts = [local, ...`${local} ${context.name}`.split(/[\s._+-]+/u)];
  return [...new Set(parts.map((part) => part.normalize('NFKC').toLowerCase()))].filter(
    (part) => part.length >= MIN_PERSONAL_PART,
  );
}

/** Why `password` may not be the password of the account `context`, or null when it may. */
export function passwordRefusal(password: string, context: { email: string; name: string }): PasswordRefusal | null {
  const text = password.normalize('NFKC');
  if ([...text].length < MIN_PASSWORD_LENGTH) return 'tooShort';
  if (text.trim() === '') return 'whitespace';
  const lower = text.toLowerCase();
  const personal = personalParts(context);
  if (personal.some((part) => lower.includes(part))) return 'personal';
  const result = zxcvbn().check(text, personal);
  return result.score >= MIN_SCORE ? null : reasonOf(result);
}

/** Throws PASSWORD_REFUSED (details: `reason`, `minLength`) unless `password` may be the account's. */
export function assertPasswordAllowed(password: string, context: { email: string; name: string }): void {
  const reason = passwordRefusal(password, context);
  if (reason) throw new ApiError('PASSWORD_REFUSED', { reason, minLength: MIN_PASSWORD_LENGTH });
}
