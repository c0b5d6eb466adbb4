/**
 * Person names as written on Philippine IDs: Latin letters with their accented forms (ñ, é, ü), spaces, period
 * (Ma., Jr.), hyphen (Lapu-Lapu) and apostrophe (O'Brien). No digits, no other scripts.
 */

/** Latin letters: ASCII, Latin-1 letters (not × ÷), Latin Extended-A/B, Latin Extended Additional. */
const LETTER = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u1E00-\\u1EFF';
const NAME_CHAR = `${LETTER}.'\\-`;

/** Most characters a name may have; long Filipino full names fit well within it. */
export const PERSON_NAME_MAX_LENGTH = 60;

/**
 * A normalised person name: 1-60 characters, words of letters, periods, hyphens and apostrophes separated by single
 * spaces, at least one letter, no leading or trailing space. (`u` flag; every allowed character is one code unit.)
 */
export const PERSON_NAME_PATTERN = `^(?=.{1,${PERSON_NAME_MAX_LENGTH}}$)(?=.*[${LETTER}])[${NAME_CHAR}]+(?: [${NAME_CHAR}]+)*$`;

const PERSON_NAME = new RegExp(PERSON_NAME_PATTERN, 'u');

/**
 * Trims, collapses runs of whitespace to one space, composes accents (NFC, so a typed "n" + combining tilde becomes
 * one "ñ") and turns typographic apostrophes into "'" (iPhone keyboards type ’ by default). Does not validate.
 */
export function normalizePersonName(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2018\u2019\u02BC]/gu, "'")
    .replace(/\s+/gu, ' ')
    .trim();
}

/** True when `text`, once normalised, is a person name as written on a Philippine ID. */
export function isPersonName(text: string): boolean {
  return PERSON_NAME.test(normalizePersonName(text));
}
