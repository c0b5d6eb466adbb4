/**
 * The product's validation vocabulary for `createAjv` (engine/validation): the Philippine formats of domain/ as
 * named formats, and the normalisers that turn what a borrower types into the form those formats describe.
 * Formats match NORMALISED values (domain's `*_PATTERN`), so a schema pairs a format with its normaliser:
 * `{ "type": "string", "normalize": "phMobile", "format": "ph-mobile" }`.
 * Tests (vocabulary.test.ts) hold every normaliser to the domain function it mirrors.
 */
import product from '#config/product.json' with { type: 'json' };
import type { ProductConfig } from '#config/types/product.ts';
import type { Normalizer, ValidationVocabulary } from '#engine/validation/vocabulary.ts';
import { ISO_DATE_PATTERN } from '#domain/calendar-date.ts';
import { NO_CHINESE_PATTERN } from '#domain/chinese-text.ts';
import { FACEBOOK_USERNAME_PATTERN } from '#domain/facebook-username.ts';
import { PERSON_NAME_PATTERN } from '#domain/person-name.ts';
import { ID_DOCUMENTS } from '#domain/ph-ids.ts';
import {
  EWALLET_NUMBER_PATTERN,
  PH_MOBILE_PATTERN,
  VIBER_NUMBER_PATTERN,
  WHATSAPP_NUMBER_PATTERN,
} from '#domain/ph-phone.ts';
import { postalCodePattern } from '#domain/postal-code.ts';

/** One character domain's stripChinese removes, taken from NO_CHINESE_PATTERN (`^[^<class>]*$`). */
function chineseCharacter(): string {
  const match = /^\^\[\^(.+)\]\*\$$/u.exec(NO_CHINESE_PATTERN);
  if (match === null) throw new Error('NO_CHINESE_PATTERN is no longer ^[^...]*$: update forms/vocabulary.ts');
  return `[${match[1]}]`;
}

/** The separators domain's stripPhoneSeparators removes (held to it code point by code point in the test). */
export const PHONE_SEPARATOR = '[\\s.()\\-\\u2010-\\u2015\\u2212]';

const strip = (pattern: string) => ({ replace: pattern, with: '' });
const trim = strip('^\\s+|\\s+$');
const phoneSeparators = strip(PHONE_SEPARATOR);

const mobile: Normalizer = [phoneSeparators, strip('^(?:\\+?63|0)(?=9\\d{9}$)')];

/** Email: local part and a dotted domain of letters, digits and hyphens (ajv-formats' "fast" rule, TLD required). */
export const EMAIL_PATTERN =
  "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";

const idFormats = Object.fromEntries(ID_DOCUMENTS.map((doc) => [`id-${doc.id}`, doc.pattern]));
const idNormalizers = Object.fromEntries(
  ID_DOCUMENTS.map((doc): [string, Normalizer] => [
    `id-${doc.id}`,
    doc.normalize.uppercase ? [strip(doc.normalize.strip), { case: 'upper' }] : [strip(doc.normalize.strip)],
  ]),
);

/** What of the product config the vocabulary reads. */
export type VocabularySettings = Pick<ProductConfig, 'postalCodeDigits'>;

/**
 * The vocabulary for a product config: pure, so another product (or a test's alternate config) gets its own rules
 * from its own file. Every rule that depends on configuration (today the postal code's digit count) is read here.
 */
export function vocabularyFor(settings: VocabularySettings): ValidationVocabulary {
  return {
    formats: {
      'ph-mobile': PH_MOBILE_PATTERN,
      'ph-ewallet': EWALLET_NUMBER_PATTERN,
      'ph-whatsapp': WHATSAPP_NUMBER_PATTERN,
      viber: VIBER_NUMBER_PATTERN,
      'facebook-username': FACEBOOK_USERNAME_PATTERN,
      'person-name': PERSON_NAME_PATTERN,
      'iso-date': ISO_DATE_PATTERN,
      email: EMAIL_PATTERN,
      'postal-code': postalCodePattern(settings.postalCodeDigits),
      ...idFormats,
    },
    normalizers: {
      noChinese: [strip(chineseCharacter())],
      trim: [trim],
      phMobile: mobile,
      viber: mobile,
      ewallet: [phoneSeparators, strip('^0(?=9\\d{9}$)')],
      whatsApp: [phoneSeparators],
      /** Spaces, dots, brackets and dashes typed between digit groups (bank account numbers). */
      separators: [phoneSeparators],
      facebookUsername: [trim, strip('^@'), { case: 'lower' }],
      personName: [
        { unicode: 'NFC' },
        { replace: '[\\u2018\\u2019\\u02BC]', with: "'" },
        { replace: '\\s+', with: ' ' },
        trim,
      ],
      email: [trim],
      ...idNormalizers,
    },
  };
}

/** The vocabulary every schema in forms/ is compiled with (build), and validated with (server): config/product.json's. */
export const vocabulary: ValidationVocabulary = vocabularyFor(product as ProductConfig);
