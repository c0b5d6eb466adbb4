/**
 * "Chinese characters are stripped from inputs marked no-chinese" (spec section 5). What counts as Chinese here:
 * - Han ideographs: CJK Unified Ideographs (U+4E00-9FFF), Extension A (U+3400-4DBF), Extensions B to I and the
 *   Compatibility Ideographs Supplement (all of planes 2 and 3, U+20000-3FFFF, which hold only ideographs),
 *   CJK Compatibility Ideographs (U+F900-FAFF), and the radicals, strokes and description characters they are built
 *   from (U+2E80-2FFF, U+31C0-31EF);
 * - CJK Symbols and Punctuation (U+3000-303F: 。、「」《》, the ideographic space), except U+3030 〰 and U+303D 〽,
 *   which are emoji;
 * - the forms Chinese input methods type: full-width ASCII and brackets (U+FF01-FF60, e.g. ，！？（）：Ａ１),
 *   full-width signs (U+FFE0-FFE6, e.g. ￥), vertical and CJK compatibility punctuation (U+FE10-FE1F, U+FE30-FE4F).
 * Everything else stays: Latin letters with accents (ñ, é), Japanese kana, Korean Hangul, emoji, curly quotes.
 */

/** Regex character-class body (without brackets) of the characters treated as Chinese. Needs the `u` flag. */
const CHINESE_CLASS =
  '\\u2E80-\\u2FFF\\u3000-\\u302F\\u3031-\\u303C\\u303E\\u303F\\u31C0-\\u31EF\\u3400-\\u4DBF\\u4E00-\\u9FFF' +
  '\\uF900-\\uFAFF\\uFE10-\\uFE1F\\uFE30-\\uFE4F\\uFF01-\\uFF60\\uFFE0-\\uFFE6\\u{20000}-\\u{3FFFF}';

/** Text without any Chinese character (regex source for the `u` flag, as ajv compiles patterns). */
export const NO_CHINESE_PATTERN = `^[^${CHINESE_CLASS}]*$`;

const CHINESE_GLOBAL = new RegExp(`[${CHINESE_CLASS}]`, 'gu');
const CHINESE_ANY = new RegExp(`[${CHINESE_CLASS}]`, 'u');

/** `text` with every Chinese character (ideographs, CJK punctuation, IME full-width forms) removed, nothing else. */
export function stripChinese(text: string): string {
  return text.replace(CHINESE_GLOBAL, '');
}

/** True when `text` holds at least one character `stripChinese` would remove. */
export function hasChinese(text: string): boolean {
  return CHINESE_ANY.test(text);
}
