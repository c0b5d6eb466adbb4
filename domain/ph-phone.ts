/**
 * Philippine mobile numbers and the messaging/e-wallet accounts built on them (philippines.md, spec section 5).
 *
 * Every rule comes twice: a function for code, and a regular-expression SOURCE string for JSON Schema `pattern`.
 * A `*_PATTERN` matches the already-normalised value (what the normaliser returns); a `*_INPUT_PATTERN` matches what a
 * borrower may type once `stripPhoneSeparators` has run. Carrier prefixes are not checked: numbers are portable.
 */

/** Characters people put between digits: whitespace, dashes (ASCII and Unicode), periods and parentheses. */
const SEPARATORS = /[\s.()\-\u2010-\u2015\u2212]/gu;

/** Removes the separators people type or paste between digits ("0917-123 4567", "(0917) 123.4567"). */
export function stripPhoneSeparators(input: string): string {
  return input.replace(SEPARATORS, '');
}

/** The normalised Philippine mobile number: the 10-digit national number, starting with 9. */
export const PH_MOBILE_PATTERN = '^9\\d{9}$';

/** Accepted ways to write a Philippine mobile (after separators are removed): 9…, 09…, 639…, +639…. */
export const PH_MOBILE_INPUT_PATTERN = '^(?:\\+?63|0)?9\\d{9}$';

/** A Philippine mobile in E.164, the form we store. */
export const PH_MOBILE_E164_PATTERN = '^\\+639\\d{9}$';

const MOBILE_INPUT = new RegExp(PH_MOBILE_INPUT_PATTERN, 'u');

/** The 10-digit national number (`9XXXXXXXXX`) for any accepted way of writing a Philippine mobile, else null. */
export function normalizePhMobile(input: string): string | null {
  const compact = stripPhoneSeparators(input);
  return MOBILE_INPUT.test(compact) ? compact.slice(-10) : null;
}

/** True when `input` is a Philippine mobile written any accepted way. */
export function isPhMobile(input: string): boolean {
  return normalizePhMobile(input) !== null;
}

/** `+639XXXXXXXXX` for any accepted way of writing a Philippine mobile, else null. */
export function toE164(national: string): string | null {
  const normalized = normalizePhMobile(national);
  return normalized === null ? null : `+63${normalized}`;
}

/** Local display form `0917 123 4567` for any accepted way of writing a Philippine mobile, else null. */
export function formatPhMobile(national: string): string | null {
  const n = normalizePhMobile(national);
  return n === null ? null : `0${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
}

/** E-wallet (GCash, Maya) account number, normalised: the 10-digit form starting with 9. */
export const EWALLET_NUMBER_PATTERN = PH_MOBILE_PATTERN;

/** The spec's e-wallet rule, after separators are removed: 11 digits starting with 09, or 10 starting with 9. */
export const EWALLET_NUMBER_INPUT_PATTERN = '^0?9\\d{9}$';

const EWALLET_INPUT = new RegExp(EWALLET_NUMBER_INPUT_PATTERN, 'u');

/**
 * The 10-digit form of an e-wallet number, else null. Unlike a login phone, `+63…` is refused: the spec allows only
 * `09…` (11 digits) and `9…` (10 digits), which is what the GCash and Maya apps show.
 */
export function normalizeEwalletNumber(input: string): string | null {
  const compact = stripPhoneSeparators(input);
  return EWALLET_INPUT.test(compact) ? compact.slice(-10) : null;
}

/** True when `input` is an e-wallet number by the spec's rule (separators allowed). */
export function isEwalletNumber(input: string): boolean {
  return normalizeEwalletNumber(input) !== null;
}

/** WhatsApp number, normalised and as the spec writes it: 11 digits starting with 09. */
export const WHATSAPP_NUMBER_PATTERN = '^09\\d{9}$';

const WHATSAPP = new RegExp(WHATSAPP_NUMBER_PATTERN, 'u');

/** The 11-digit `09XXXXXXXXX` form of a WhatsApp number typed with or without separators, else null. */
export function normalizeWhatsAppNumber(input: string): string | null {
  const compact = stripPhoneSeparators(input);
  return WHATSAPP.test(compact) ? compact : null;
}

/** True when `input` is a WhatsApp number by the spec's rule ("starts with 09", 11 digits). */
export function isWhatsAppNumber(input: string): boolean {
  return normalizeWhatsAppNumber(input) !== null;
}

/** Viber number, normalised: Viber accounts are phone numbers, so the 10-digit national mobile. */
export const VIBER_NUMBER_PATTERN = PH_MOBILE_PATTERN;

/** Accepted ways to write a Viber number: the same as any Philippine mobile. */
export const VIBER_NUMBER_INPUT_PATTERN = PH_MOBILE_INPUT_PATTERN;

/** The 10-digit national form of a Viber number written any accepted way, else null. */
export function normalizeViberNumber(input: string): string | null {
  return normalizePhMobile(input);
}

/** True when `input` is a Philippine mobile written any accepted way (a Viber account). */
export function isViberNumber(input: string): boolean {
  return normalizeViberNumber(input) !== null;
}
