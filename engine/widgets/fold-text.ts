/**
 * Text folded for searching: lower case, accents and the tilde removed ("Parañaque" -> "paranaque",
 * "Ñ" -> "n"), spaces collapsed; so a borrower typing on a keyboard without ñ still finds the place.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The entries whose name contains every typed word, in their original order. */
export function filterByName<T extends { name: string }>(items: readonly T[], query: string): readonly T[] {
  const words = foldText(query).split(' ').filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((item) => {
    const name = foldText(item.name);
    return words.every((word) => name.includes(word));
  });
}
