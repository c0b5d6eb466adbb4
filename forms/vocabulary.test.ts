/** Each normaliser and format of the vocabulary against the domain function it mirrors. */
import { describe, expect, it } from 'vitest';
import { createAjv } from '#engine/validation/create-ajv.ts';
import { hasChinese, stripChinese } from '#domain/chinese-text.ts';
import { normalizeFacebookUsername } from '#domain/facebook-username.ts';
import { normalizePersonName } from '#domain/person-name.ts';
import { ID_DOCUMENTS, validateIdNumber } from '#domain/ph-ids.ts';
import {
  normalizeEwalletNumber,
  normalizePhMobile,
  normalizeViberNumber,
  normalizeWhatsAppNumber,
  stripPhoneSeparators,
} from '#domain/ph-phone.ts';
import product from '#config/product.json' with { type: 'json' };
import { vocabulary } from './vocabulary.ts';

const ajv = createAjv(vocabulary);
/** Normalises `input` with `normalize` and checks `format`: the normalised value when valid, else null. */
function check(normalize: string, format: string, input: string): string | null {
  const data = { v: input };
  const ok = ajv.compile({ type: 'object', properties: { v: { type: 'string', normalize, format } } })(data);
  return ok ? data.v : null;
}
function normalizeOnly(normalize: string, input: string): string {
  const data = { v: input };
  ajv.compile({ type: 'object', properties: { v: { type: 'string', normalize } } })(data);
  return data.v;
}

const phones = [
  '0917 123 4567',
  '(0917) 123.4567',
  '+63 917-123-4567',
  '639171234567',
  '9171234567',
  '09171234567',
  '0817 123 4567',
  '917123456',
  '+1 917 123 4567',
  '0917\u2013123\u20134567',
  '',
];

describe('vocabulary mirrors domain', () => {
  it.each(phones)('phone %j: ph-mobile, viber, ewallet and WhatsApp agree with domain', (input) => {
    expect(check('phMobile', 'ph-mobile', input)).toBe(normalizePhMobile(input));
    expect(check('viber', 'viber', input)).toBe(normalizeViberNumber(input));
    expect(check('ewallet', 'ph-ewallet', input)).toBe(normalizeEwalletNumber(input));
    expect(check('whatsApp', 'ph-whatsapp', input)).toBe(normalizeWhatsAppNumber(input));
  });

  it('strips the same phone separators as domain, for every BMP character', () => {
    const all = Array.from({ length: 0xd800 }, (_, c) => String.fromCharCode(c)).join('');
    expect(normalizeOnly('whatsApp', all)).toBe(stripPhoneSeparators(all));
    expect(normalizeOnly('separators', all)).toBe(stripPhoneSeparators(all));
  });

  it('strips the same Chinese characters as domain (noChinese)', () => {
    for (const text of ['李明 Reyes', '，！？（）Ａ１', 'Peña 〰 〽 😀 한국 カナ', '\u{20000}x\u{3FFFF}', '。、「」']) {
      expect(normalizeOnly('noChinese', text)).toBe(stripChinese(text));
      expect(hasChinese(normalizeOnly('noChinese', text))).toBe(false);
    }
  });

  it.each(['@Juan.DelaCruz', ' juan.cruz ', 'abc', 'juan..cruz', 'juan.com', '12345'])('facebook %j', (input) => {
    expect(check('facebookUsername', 'facebook-username', input)).toBe(normalizeFacebookUsername(input));
  });

  it.each(['  Maria   Santos ', 'Jose O\u2019Brien', 'Pen\u0303a', 'Maria 2', 'Ma. Lapu-Lapu Jr.'])(
    'person name %j',
    (input) => {
      expect(normalizeOnly('personName', input)).toBe(normalizePersonName(input));
    },
  );

  it.each(ID_DOCUMENTS.map((d) => [d.id, d.example] as const))(
    'ID %s: its example passes, as in domain',
    (id, example) => {
      const result = validateIdNumber(id, example);
      expect(check(`id-${id}`, `id-${id}`, example)).toBe(result.ok ? result.value : null);
      expect(check(`id-${id}`, `id-${id}`, `${example}X9`)).toBe(null);
    },
  );

  it('takes the postal code digits from config', () => {
    const digits = product.postalCodeDigits;
    expect(check('trim', 'postal-code', ' ' + '1'.repeat(digits) + ' ')).toBe('1'.repeat(digits));
    expect(check('trim', 'postal-code', '1'.repeat(digits + 1))).toBe(null);
  });

  it.each([
    ['a@b.ph', true],
    ['Juan.Cruz+loan@mail.example.com', true],
    ['juan@example', false],
    ['juan', false],
    ['a b@c.ph', false],
  ] as const)('email %s -> %s', (input, ok) => expect(check('email', 'email', input) !== null).toBe(ok));

  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
  ] as const)('iso-date %s -> %s', (input, ok) => {
    expect(ajv.compile({ type: 'string', format: 'iso-date' })(input)).toBe(ok);
  });
});
