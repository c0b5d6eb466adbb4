/**
 * Identity documents as data (spec section 5, philippines.md). Each `pattern` is a regex source that matches the
 * NORMALISED number: `normalize.strip` (a regex source for one character, applied everywhere) removed, then upper-cased
 * when `normalize.uppercase` is set. All sources are meant for the `u` flag, as ajv compiles them.
 *
 * Order is the suggested order of a document picker: the national ID and the IDs most Filipino borrowers hold first,
 * the non-Philippine ones (from the spec's Indian template, off unless config switches them on) last.
 */

import { ID_EXAMPLES } from './ph-id-examples.ts';

/** How a typed ID number is normalised before its pattern is checked. */
export interface IdNormalization {
  /** Regex source matching ONE character to remove wherever it appears. */
  readonly strip: string;
  /** Upper-case letters after stripping (IDs printed in capitals but typed in lower case). */
  readonly uppercase: boolean;
}

/** One identity document the borrower can choose. */
export interface IdDocument {
  /** Stable camelCase key, used in schemas, config and i18n keys. */
  readonly id: string;
  /** Regex source matching the normalised number. */
  readonly pattern: string;
  readonly normalize: IdNormalization;
  /** Whether the card has a back side worth photographing (a passport's data page has none). */
  readonly hasBack: boolean;
  /** Whether it is a Philippine document. */
  readonly philippine: boolean;
  /** A made-up number written the way it is printed, for placeholders (domain/ph-id-examples.ts); it passes validation. */
  readonly example: string;
}

/** Whitespace and dashes (ASCII and Unicode), the separators printed or typed in ID numbers. */
export const ID_SEPARATOR = '[\\s\\-\\u2010-\\u2015\\u2212]';

const DIGITS_ONLY: IdNormalization = { strip: ID_SEPARATOR, uppercase: false };
const LETTERS_AND_DIGITS: IdNormalization = { strip: ID_SEPARATOR, uppercase: true };

/** Identity documents, in picker order. */
export const ID_DOCUMENTS = [
  // PhilSys Card Number (PCN), printed on the card. Never ask for the 12-digit PhilSys Number (PSN): it is
  // confidential under RA 11055; the 16-digit pattern refuses it.
  {
    id: 'philSys',
    pattern: '^\\d{16}$',
    normalize: DIGITS_ONLY,
    hasBack: true,
    philippine: true,
    example: ID_EXAMPLES.philSys,
  },
  // UMID: the Common Reference Number, printed "CRN-0111-1234567-8".
  {
    id: 'umid',
    pattern: '^CRN\\d{12}$',
    normalize: LETTERS_AND_DIGITS,
    hasBack: true,
    philippine: true,
    example: ID_EXAMPLES.umid,
  },
  // LTO licence number, e.g. A12-34-567890. Real numbers are a letter and 10 digits; the spec only says 11 letters
  // or digits, and we follow it so that no real variant is refused.
  {
    id: 'driversLicense',
    pattern: '^[A-Z0-9]{11}$',
    normalize: LETTERS_AND_DIGITS,
    hasBack: true,
    philippine: true,
    example: ID_EXAMPLES.driversLicense,
  },
  // Passport number: 9 letters or digits (P1234567A since 2016, EB1234567 before). The older letter + 7 digits
  // form (philippines.md, unconfirmed) is not accepted: such passports have expired (10-year validity).
  {
    id: 'passport',
    pattern: '^[A-Z0-9]{9}$',
    normalize: LETTERS_AND_DIGITS,
    hasBack: false,
    philippine: true,
    example: ID_EXAMPLES.passport,
  },
  { id: 'prc', pattern: '^\\d{7}$', normalize: DIGITS_ONLY, hasBack: true, philippine: true, example: ID_EXAMPLES.prc },
  {
    id: 'sss',
    pattern: '^\\d{10}$',
    normalize: DIGITS_ONLY,
    hasBack: false,
    philippine: true,
    example: ID_EXAMPLES.sss,
  },
  {
    id: 'philHealth',
    pattern: '^\\d{12}$',
    normalize: DIGITS_ONLY,
    hasBack: false,
    philippine: true,
    example: ID_EXAMPLES.philHealth,
  },
  // Pag-IBIG Membership ID (MID), the number on the Loyalty Card.
  {
    id: 'pagIbig',
    pattern: '^\\d{12}$',
    normalize: DIGITS_ONLY,
    hasBack: false,
    philippine: true,
    example: ID_EXAMPLES.pagIbig,
  },
  // TIN: 9 digits plus an optional 3-digit branch code. The spec says 9-12, so 10 and 11 pass too.
  {
    id: 'tin',
    pattern: '^\\d{9,12}$',
    normalize: DIGITS_ONLY,
    hasBack: false,
    philippine: true,
    example: ID_EXAMPLES.tin,
  },
  // Improved postal ID: PRN + 13 letters or digits (philippines.md marks this unconfirmed).
  {
    id: 'postalId',
    pattern: '^PRN[A-Z0-9]{13}$',
    normalize: LETTERS_AND_DIGITS,
    hasBack: true,
    philippine: true,
    example: ID_EXAMPLES.postalId,
  },
  // COMELEC Voter's Identification Number: 22-23 letters or digits (philippines.md marks this unconfirmed).
  {
    id: 'votersId',
    pattern: '^[A-Z0-9]{22,23}$',
    normalize: LETTERS_AND_DIGITS,
    hasBack: true,
    philippine: true,
    example: ID_EXAMPLES.votersId,
  },
  // Aadhaar: 12 digits, never starting with 0 or 1 (UIDAI). Its Verhoeff check digit is not checked.
  {
    id: 'aadhaar',
    pattern: '^[2-9]\\d{11}$',
    normalize: DIGITS_ONLY,
    hasBack: true,
    philippine: false,
    example: ID_EXAMPLES.aadhaar,
  },
  // PAN: the spec says "10 digits", but a real PAN is 5 letters, 4 digits, 1 letter (ABCPE1234F); we follow the real one.
  {
    id: 'pan',
    pattern: '^[A-Z]{5}\\d{4}[A-Z]$',
    normalize: LETTERS_AND_DIGITS,
    hasBack: false,
    philippine: false,
    example: ID_EXAMPLES.pan,
  },
] as const satisfies readonly IdDocument[];

/** The key of a known identity document. */
export type IdDocumentId = (typeof ID_DOCUMENTS)[number]['id'];

/** Outcome of `validateIdNumber`: the normalised number, or why it was refused. */
export type IdNumberResult =
  { ok: true; value: string } | { ok: false; code: 'ID_NUMBER_FORMAT' | 'ID_DOCUMENT_UNKNOWN' };

/** The document with this key, or undefined. */
export function findIdDocument(documentId: string): IdDocument | undefined {
  return ID_DOCUMENTS.find((document) => document.id === documentId);
}

/** Applies a document's normalisation (strip separators, maybe upper-case) without validating. */
export function normalizeIdNumber(document: IdDocument, input: string): string {
  const stripped = input.replace(new RegExp(document.normalize.strip, 'gu'), '');
  return document.normalize.uppercase ? stripped.toUpperCase() : stripped;
}

/** Normalises `input` for the document and checks it against the document's format. */
export function validateIdNumber(documentId: string, input: string): IdNumberResult {
  const document = findIdDocument(documentId);
  if (document === undefined) return { ok: false, code: 'ID_DOCUMENT_UNKNOWN' };
  const value = normalizeIdNumber(document, input);
  return new RegExp(document.pattern, 'u').test(value) ? { ok: true, value } : { ok: false, code: 'ID_NUMBER_FORMAT' };
}
