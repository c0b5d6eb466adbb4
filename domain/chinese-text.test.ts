import { describe, expect, it } from 'vitest';
import { NO_CHINESE_PATTERN, hasChinese, stripChinese, stripChineseTyped } from './chinese-text.ts';

/** One character of each kind that must go, with its kind. */
const CHINESE: [string, string][] = [
  ['中', 'CJK Unified Ideograph U+4E2D'],
  ['\u4E00', 'first Unified Ideograph'],
  ['\u9FFF', 'last of the Unified Ideographs block'],
  ['\u3400', 'Extension A'],
  ['\u{20000}', 'Extension B (a surrogate pair)'],
  ['\u{2A6DF}', 'end of Extension B'],
  ['\u{2A700}', 'Extension C'],
  ['\u{30000}', 'Extension G'],
  ['\uF900', 'Compatibility Ideograph'],
  ['\u{2F800}', 'Compatibility Ideographs Supplement'],
  ['\u2F00', 'Kangxi radical'],
  ['\u31C0', 'CJK stroke'],
  ['\u3000', 'ideographic space'],
  ['。', 'ideographic full stop'],
  ['、', 'ideographic comma'],
  ['「', 'corner bracket'],
  ['《', 'double angle bracket'],
  ['，', 'full-width comma'],
  ['！', 'full-width exclamation mark'],
  ['（', 'full-width parenthesis'],
  ['：', 'full-width colon'],
  ['Ａ', 'full-width Latin letter'],
  ['１', 'full-width digit'],
  ['￥', 'full-width yen sign'],
  ['︰', 'CJK compatibility form'],
];

/** Text that must survive untouched. */
const KEPT = [
  'Juan Dela Cruz',
  'Santo Niño, Peña, ÑAÑO',
  'José María Gómez Ibáñez, Lápu-Lápu, Ü',
  "O'Brien – Sta. Cruz “quoted” ‘x’ … · —",
  '😀 👍🏽 👨‍👩‍👧 🇵🇭 ❤️ 🈶 ㊗️',
  '〰️ 〽️',
  'ひらがな カタカナ ｶﾀｶﾅ 한국어',
  '0917-123-4567 (Tel.) #5 @home 100% $1 ₱1,000.00',
  'tab\tand\nnew line',
  '',
];

describe('stripChinese', () => {
  it.each(CHINESE)('removes %s (%s)', (character) => {
    expect(stripChinese(`a${character}b`)).toBe('ab');
    expect(hasChinese(character)).toBe(true);
  });

  it('removes Chinese from mixed text and leaves the rest in place', () => {
    expect(stripChinese('张伟 Zhang Wei')).toBe(' Zhang Wei');
    expect(stripChinese('Makati，Metro Manila。')).toBe('MakatiMetro Manila');
    expect(stripChinese('Peña 𠀀街 😀')).toBe('Peña  😀');
  });

  it.each(KEPT)('keeps %j unchanged', (text) => {
    expect(stripChinese(text)).toBe(text);
    expect(hasChinese(text)).toBe(false);
  });

  it('never splits a surrogate pair of an emoji or leaves half of one of an ideograph', () => {
    const out = stripChinese('😀\u{20000}😀');
    expect(out).toBe('😀😀');
    expect(out).not.toMatch(/[\uD800-\uDFFF]/u);
  });
});

describe('stripChineseTyped (a field that refuses Chinese, as it is typed)', () => {
  it.each(CHINESE)('removes %s (%s) as stripChinese does', (character) => {
    expect(stripChineseTyped(`a${character}b`)).toBe('ab');
  });

  it.each(KEPT)('keeps %j unchanged', (text) => {
    expect(stripChineseTyped(text)).toBe(text);
  });

  it('leaves one space where a run between two words went, none before the first word', () => {
    expect(stripChineseTyped('Juan 张 Cruz')).toBe('Juan Cruz');
    expect(stripChineseTyped('Juan 张 伟 Cruz')).toBe('Juan Cruz');
    expect(stripChineseTyped('Peña 𠀀街 😀')).toBe('Peña 😀');
    expect(stripChineseTyped('张伟 Zhang Wei')).toBe('Zhang Wei');
    expect(stripChineseTyped('Juan张 Cruz')).toBe('Juan Cruz');
    expect(stripChineseTyped('Juan 张Cruz')).toBe('Juan Cruz');
  });

  it('takes the space before a run at the end, so the space typed before the next word is the only one', () => {
    expect(stripChineseTyped('Juan 张伟')).toBe('Juan');
    expect(`${stripChineseTyped('Juan 张')} Cruz`).toBe('Juan Cruz');
    expect(stripChineseTyped('Juan 张 ')).toBe('Juan ');
    expect(stripChineseTyped('张')).toBe('');
  });

  it('removes what stripChinese removes, and only whitespace besides', () => {
    for (const [c] of CHINESE) {
      const text = `Sta. Cruz ${c}${c} Makati ${c}`;
      expect(stripChineseTyped(text).replace(/\s/gu, '')).toBe(stripChinese(text).replace(/\s/gu, ''));
    }
  });
});

describe('NO_CHINESE_PATTERN agrees with hasChinese and stripChinese', () => {
  it('matches exactly the text that has no Chinese', () => {
    const re = new RegExp(NO_CHINESE_PATTERN, 'u');
    const samples = [...KEPT, ...CHINESE.map(([c]) => c), ...CHINESE.map(([c]) => `Juan ${c} Cruz`)];
    for (const sample of samples) {
      expect(re.test(sample), sample).toBe(!hasChinese(sample));
      expect(re.test(sample), sample).toBe(stripChinese(sample) === sample);
    }
    expect(re.test('Juan')).toBe(true);
    expect(re.test('Juan 中')).toBe(false);
  });
});
