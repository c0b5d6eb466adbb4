/**
 * Test helper for screen namespaces: reads `locales/<lng>/<ns>.json` for every product language, and checks a
 * screen's namespace holds no number and no product fact (those come from config, interpolated). Keys and
 * placeholders agreeing across languages is checked for every namespace by tests/unit/locales.test.ts.
 */
import { product, type Language } from '../config.ts';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' });

/** Flat `a.b.c -> text` view of a catalog. */
export function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

/** The flattened catalog of `ns` in every product language. */
export function readCatalogs(ns: string): Record<Language, Record<string, string>> {
  const entries = product.languages.map((lng) => {
    const catalog = files[`../../locales/${lng}/${ns}.json`];
    if (!catalog) throw new Error(`missing catalog locales/${lng}/${ns}.json`);
    return [lng, flatten(catalog)] as const;
  });
  return Object.fromEntries(entries) as Record<Language, Record<string, string>>;
}

/** The `{{name}}` placeholders of a text, sorted and unique. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? ''))].sort();
}

/** Product facts that must never be typed into a translation. */
export function productFacts(): string[] {
  const { displayName, supportEmail, hotline, website, lender, grievanceOfficer, customerService } = product;
  return [
    displayName,
    supportEmail,
    hotline,
    website,
    ...Object.values(lender),
    ...Object.values(grievanceOfficer),
    customerService.opens,
    customerService.closes,
    ...customerService.channels.map((c) => c.value),
  ];
}

/** Problems found in a namespace; empty when all is well. */
export function catalogProblems(ns: string): string[] {
  const catalogs = readCatalogs(ns);
  const problems: string[] = [];
  const facts = productFacts();
  for (const lng of product.languages) {
    for (const [key, text] of Object.entries(catalogs[lng])) {
      if (text.trim() === '') problems.push(`${lng}/${ns}: ${key} is empty`);
      if (/\d/.test(text)) problems.push(`${lng}/${ns}: ${key} has a number typed in; interpolate it from config`);
      for (const fact of facts)
        if (text.includes(fact)) problems.push(`${lng}/${ns}: ${key} contains the product fact "${fact}"`);
    }
  }
  return problems;
}
