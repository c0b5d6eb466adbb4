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

const CHINESE_GLOBAL = /* @__PURE__ */ new RegExp(`[${CHINESE_CLASS}]`, 'gu');
const CHINESE_ANY = /* @__PURE__ */ new RegExp(`[${CHINESE_CLASS}]`, 'u');

/** `text` with every Chinese character (ideographs, CJK punctuation, IME full-width forms) removed, nothing else. */
export function stripChinese(text: string): string {
  return text.replace(CHINESE_GLOBAL, '');
}

/**
 * A run of Chinese characters (and the spaces between them), with the whitespace on either side (one character each).
 * The regular expressions are marked pure: a bundle that uses one of the functions here carries only its own.
 */
const CHINESE_RUN = /* @__PURE__ */ new RegExp(`(\\s?)[${CHINESE_CLASS}](?:\\s*[${CHINESE_CLASS}])*(\\s?)`, 'gu');

/**
 * `text` as a field that refuses Chinese shows it while it is typed: `stripChinese`, and no space doubled or left
 * dangling where a run went. Between two spaces one stays ("Juan 张 Cruz" reads "Juan Cruz"); at the start the space
 * after it goes ("张伟 Juan" reads "Juan"); at the end, where the borrower is typing, the space before it goes too
 * ("Juan 张" reads "Juan"), so the space typed next, before the next word, is the only one.
 */
export function stripChineseTyped(text: string): string {
  return text.replace(CHINESE_RUN, (run: string, before: string, after: string, at: number) =>
    before && after ? before : at === 0 || at + run.length === text.length ? '' : before + after,
  );
}

/** True when `text` holds at least one character `stripChinese` would remove. */
export function hasChinese(text: string): boolean {
  return CHINESE_ANY.test(text);
}
