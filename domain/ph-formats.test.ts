import { describe, expect, it } from 'vitest';
import * as formats from './ph-formats.ts';

const patterns = Object.entries(formats).filter(
  (entry): entry is [string, string] => entry[0].endsWith('_PATTERN') && typeof entry[1] === 'string',
);

describe('ph-formats public face', () => {
  it('exports the pattern of every rule', () => {
    expect(patterns.map(([name]) => name).sort()).toEqual(
      [
        'EWALLET_NUMBER_INPUT_PATTERN',
        'EWALLET_NUMBER_PATTERN',
        'FACEBOOK_USERNAME_PATTERN',
        'ISO_DATE_PATTERN',
        'NO_CHINESE_PATTERN',
        'PERSON_NAME_PATTERN',
        'PH_MOBILE_E164_PATTERN',
        'PH_MOBILE_INPUT_PATTERN',
        'PH_MOBILE_PATTERN',
        'PH_POSTAL_CODE_PATTERN',
        'VIBER_NUMBER_INPUT_PATTERN',
        'VIBER_NUMBER_PATTERN',
        'WHATSAPP_NUMBER_PATTERN',
      ].sort(),
    );
  });

  it.each(patterns)('%s is anchored at both ends and compiles with the u flag, as ajv compiles it', (_name, source) => {
    expect(source.startsWith('^')).toBe(true);
    expect(source.endsWith('$')).toBe(true);
    expect(() => new RegExp(source, 'u')).not.toThrow();
  });

  it('exports the functions the engine and the server use', () => {
    const functions = [
      formats.normalizePhMobile,
      formats.toE164,
      formats.formatPhMobile,
      formats.normalizeEwalletNumber,
      formats.isWhatsAppNumber,
      formats.isViberNumber,
      formats.isFacebookUsername,
      formats.postalCodePattern,
      formats.validateIdNumber,
      formats.stripChinese,
      formats.hasChinese,
      formats.ageOn,
      formats.manilaToday,
      formats.isPersonName,
    ];
    for (const fn of functions) expect(typeof fn).toBe('function');
    expect(formats.ID_DOCUMENTS.length).toBe(13);
  });
});
