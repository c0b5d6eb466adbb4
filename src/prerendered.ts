/**
 * Whether the markup the page came with (scripts/prerender.ts writes it into #root as `data-prerender="<language>
 * <path> <who>"`) is what this browser's first render draws: the same language, the same path, and drawn for a
 * signed-in borrower (`in`), a signed-out visitor (`out`) or anyone (`any`). Then the app hydrates it; otherwise it
 * draws the page itself over it.
 */
export function hydratable(root: HTMLElement, language: string, pathname: string, signedIn: boolean): boolean {
  const [lang, path, who] = (root.dataset['prerender'] ?? '').split(' ');
  return lang === language && path === pathname && (who === 'any' || (who === 'in') === signedIn);
}
