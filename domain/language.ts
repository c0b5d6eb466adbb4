/**
 * The product's language for a browser's preferred languages, shared by the app (navigator.languages, src/i18n.ts)
 * and the server (Accept-Language, which page it sends: server/plugins/web-app.ts), so both pick the same one.
 */

/**
 * The first preferred language that maps to one the product offers: Filipino for fil or tl (Tagalog), Chinese for any
 * zh, else the tag's primary subtag as it is; undefined when none does.
 */
export function browserLanguage<L extends string>(preferred: readonly string[], offered: readonly L[]): L | undefined {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_;]/u)[0] ?? '';
    const code = primary === 'tl' || primary === 'fil' ? 'fil' : primary === 'zh' ? 'zh-CN' : primary;
    if ((offered as readonly string[]).includes(code)) return code as L;
  }
  return undefined;
}
