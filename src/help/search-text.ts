/** Text as search compares it: lower case, without accents, spaces collapsed (`Ñ` finds `n`, `  BDO ` finds `bdo`). */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/gu, ' ').trim();
}
