import { describe, expect, it } from 'vitest';
import {
  EWALLET_NUMBER_INPUT_PATTERN,
  EWALLET_NUMBER_PATTERN,
  PH_MOBILE_E164_PATTERN,
  PH_MOBILE_INPUT_PATTERN,
  PH_MOBILE_PATTERN,
  VIBER_NUMBER_INPUT_PATTERN,
  VIBER_NUMBER_PATTERN,
  WHATSAPP_NUMBER_PATTERN,
  formatPhMobile,
  isEwalletNumber,
  isPhMobile,
  isViberNumber,
  isWhatsAppNumber,
  normalizeEwalletNumber,
  normalizePhMobile,
  normalizeViberNumber,
  normalizeWhatsAppNumber,
  stripPhoneSeparators,
  toE164,
} from './ph-phone.ts';

/** Inputs shared by the pattern/function agreement checks: valid and invalid, normalised and not. */
const SAMPLES = [
  '9171234567',
  '09171234567',
  '639171234567',
  '+639171234567',
  '0917 123 4567',
  '0917-123-4567',
  '(0917) 123.4567',
  '+63 917 123 4567',
  '+63-917-123-4567',
  '917\u00a0123\u00a04567',
  '0917\u2013123\u20134567',
  '8171234567',
  '08171234567',
  '917123456',
  '91712345678',
  '091712345678',
  '63917123456',
  '+09171234567',
  '0639171234567',
  '+630917123456',
  '00639171234567',
  '917123456a',
  '９１７１２３４５６７',
  '',
  ' ',
];

const re = (source: string) => new RegExp(source, 'u');

describe('stripPhoneSeparators', () => {
  it('removes spaces, dashes, periods and parentheses and keeps digits and +', () => {
    expect(stripPhoneSeparators(' (0917) 123-45.67 ')).toBe('09171234567');
    expect(stripPhoneSeparators('+63 917\u2011123\u00a04567')).toBe('+639171234567');
    expect(stripPhoneSeparators('0917/123')).toBe('0917/123');
  });
});

describe('normalizePhMobile', () => {
  it('accepts 9…, 09…, 639… and +639… with any separators, returning the 10-digit national number', () => {
    for (const input of [
      '9171234567',
      '09171234567',
      '639171234567',
      '+639171234567',
      '(0917) 123.4567',
      '+63 917-123-4567',
    ]) {
      expect(normalizePhMobile(input), input).toBe('9171234567');
    }
    expect(isPhMobile('0999 888 7777')).toBe(true);
  });

  it('refuses numbers that do not start with 9, have the wrong length or carry junk', () => {
    for (const input of [
      '8171234567',
      '08171234567',
      '917123456',
      '91712345678',
      '+09171234567',
      '0639171234567',
      '+630917123456',
      '00639171234567',
      '917123456a',
      '',
      '９１７１２３４５６７',
    ]) {
      expect(normalizePhMobile(input), input).toBeNull();
    }
    expect(isPhMobile('6391712345')).toBe(false);
  });

  it('does not check carrier prefixes (numbers are portable)', () => {
    expect(normalizePhMobile('0900 000 0000')).toBe('9000000000');
    expect(normalizePhMobile('0999 999 9999')).toBe('9999999999');
  });
});

describe('toE164 and formatPhMobile', () => {
  it('turns any accepted form into E.164 and into the local display form', () => {
    expect(toE164('9171234567')).toBe('+639171234567');
    expect(toE164('0917 123 4567')).toBe('+639171234567');
    expect(toE164('+639171234567')).toBe('+639171234567');
    expect(formatPhMobile('9171234567')).toBe('0917 123 4567');
    expect(formatPhMobile('+63 998-765-4321')).toBe('0998 765 4321');
  });

  it('returns null for what is not a Philippine mobile', () => {
    expect(toE164('8171234567')).toBeNull();
    expect(formatPhMobile('12345')).toBeNull();
  });
});

describe('e-wallet number (GCash, Maya)', () => {
  it('accepts 11 digits starting with 09 or 10 digits starting with 9, normalised to 10 digits', () => {
    expect(normalizeEwalletNumber('09171234567')).toBe('9171234567');
    expect(normalizeEwalletNumber('9171234567')).toBe('9171234567');
    expect(normalizeEwalletNumber('0917 123 4567')).toBe('9171234567');
    expect(isEwalletNumber('0917-123-4567')).toBe(true);
  });

  it('refuses other lengths, other leading digits and the +63 forms the spec does not allow', () => {
    for (const input of [
      '0817123456',
      '19171234567',
      '917123456',
      '091712345678',
      '639171234567',
      '+639171234567',
      '',
    ]) {
      expect(isEwalletNumber(input), input).toBe(false);
    }
  });
});

describe('WhatsApp number', () => {
  it('accepts 11 digits starting with 09, with separators', () => {
    expect(normalizeWhatsAppNumber('09171234567')).toBe('09171234567');
    expect(normalizeWhatsAppNumber('0917 123 4567')).toBe('09171234567');
    expect(isWhatsAppNumber('(0917) 123-4567')).toBe(true);
  });

  it('refuses numbers that do not start with 09 or are not 11 digits', () => {
    for (const input of [
      '9171234567',
      '+639171234567',
      '639171234567',
      '08171234567',
      '0917123456',
      '091712345678',
      '0917123456x',
    ]) {
      expect(isWhatsAppNumber(input), input).toBe(false);
    }
  });
});

describe('Viber number', () => {
  it('accepts a Philippine mobile in any accepted form and normalises it to the national number', () => {
    expect(normalizeViberNumber('+63 917 123 4567')).toBe('9171234567');
    expect(isViberNumber('09171234567')).toBe(true);
    expect(isViberNumber('9171234567')).toBe(true);
  });

  it('refuses what is not a Philippine mobile', () => {
    expect(isViberNumber('+1 415 555 0100')).toBe(false);
    expect(isViberNumber('0817 123 4567')).toBe(false);
  });
});

describe('pattern strings agree with their functions', () => {
  // A *_PATTERN matches v exactly when v is valid and already normalised; an *_INPUT_PATTERN matches the
  // separator-free input exactly when the normaliser accepts it.
  const cases: { name: string; pattern: string; normalize: (input: string) => string | null }[] = [
    { name: 'mobile', pattern: PH_MOBILE_PATTERN, normalize: normalizePhMobile },
    { name: 'e-wallet', pattern: EWALLET_NUMBER_PATTERN, normalize: normalizeEwalletNumber },
    { name: 'WhatsApp', pattern: WHATSAPP_NUMBER_PATTERN, normalize: normalizeWhatsAppNumber },
    { name: 'Viber', pattern: VIBER_NUMBER_PATTERN, normalize: normalizeViberNumber },
    { name: 'E.164', pattern: PH_MOBILE_E164_PATTERN, normalize: toE164 },
  ];

  it.each(cases)('$name pattern matches exactly the normalised valid values', ({ pattern, normalize }) => {
    for (const sample of SAMPLES) {
      expect(re(pattern).test(sample), sample).toBe(normalize(sample) === sample);
      const normalized = normalize(sample);
      if (normalized !== null) expect(re(pattern).test(normalized), normalized).toBe(true);
    }
  });

  it.each([
    { name: 'mobile', pattern: PH_MOBILE_INPUT_PATTERN, normalize: normalizePhMobile },
    { name: 'e-wallet', pattern: EWALLET_NUMBER_INPUT_PATTERN, normalize: normalizeEwalletNumber },
    { name: 'WhatsApp', pattern: WHATSAPP_NUMBER_PATTERN, normalize: normalizeWhatsAppNumber },
    { name: 'Viber', pattern: VIBER_NUMBER_INPUT_PATTERN, normalize: normalizeViberNumber },
  ])('$name input pattern accepts exactly what the normaliser accepts', ({ pattern, normalize }) => {
    for (const sample of SAMPLES) {
      expect(re(pattern).test(stripPhoneSeparators(sample)), sample).toBe(normalize(sample) !== null);
    }
  });

  it('the sample list holds both accepted and refused inputs for every rule', () => {
    for (const normalize of [normalizePhMobile, normalizeEwalletNumber, normalizeWhatsAppNumber]) {
      const accepted = SAMPLES.filter((s) => normalize(s) !== null).length;
      expect(accepted).toBeGreaterThan(0);
      expect(accepted).toBeLessThan(SAMPLES.length);
    }
  });
});
