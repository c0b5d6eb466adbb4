/** Every key in every language: a borrower must never see a raw key, and placeholders must match. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProductConfig } from '#config/types/product.ts';
import type { RoutesConfig } from '#config/types/routes.ts';

const LANGUAGES = ['en', 'fil', 'zh-CN'];
type Tree = { [key: string]: string | Tree | Tree[] | string[] };

function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      for (const [k, v] of flatten(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

const catalog = (lng: string, ns: string) =>
  flatten(JSON.parse(readFileSync(join('locales', lng, `${ns}.json`), 'utf8')) as Tree);
const namespaces = [
  ...new Set(LANGUAGES.flatMap((lng) => readdirSync(join('locales', lng)).map((f) => f.replace(/\.json$/, '')))),
].sort();
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('has the same namespaces in every language', () => {
    for (const lng of LANGUAGES) {
      expect(
        readdirSync(join('locales', lng))
          .map((f) => f.replace(/\.json$/, ''))
          .sort(),
        lng,
      ).toEqual(namespaces);
    }
  });

  describe.each(namespaces)('namespace %s', (ns) => {
    const en = catalog('en', ns);
    it.each(LANGUAGES)('%s has every key, no extra key, no empty text', (lng) => {
      const other = catalog(lng, ns);
      expect(
        [...en.keys()].filter((k) => !other.has(k)),
        `missing in ${lng}/${ns}`,
      ).toEqual([]);
      expect(
        [...other.keys()].filter((k) => !en.has(k)),
        `extra in ${lng}/${ns}`,
      ).toEqual([]);
      expect(
        [...other].filter(([, v]) => v.trim() === '').map(([k]) => k),
        `empty in ${lng}/${ns}`,
      ).toEqual([]);
    });
    it.each(LANGUAGES)('%s uses the same placeholders as English', (lng) => {
      const other = catalog(lng, ns);
      for (const [key, text] of en)
        expect(placeholders(other.get(key) ?? ''), `${lng}/${ns}:${key}`).toEqual(placeholders(text));
    });
  });

  it('titles every route and names every tab', () => {
    const routes = JSON.parse(readFileSync('config/routes.json', 'utf8')) as RoutesConfig;
    const common = catalog('en', 'common');
    for (const route of routes.routes)
      if (route.screen) expect(common.has(`routes.${route.name}`), route.name).toBe(true);
    for (const tab of routes.tabs) expect(common.has(`nav.${tab.id}`), tab.id).toBe(true);
  });

  it('writes no peso amount into a translation (amounts come from config)', () => {
    for (const lng of LANGUAGES) {
      for (const ns of namespaces) {
        for (const [key, text] of catalog(lng, ns))
          expect(/(₱|PHP)\s?\d/.test(text), `${lng}/${ns}:${key}`).toBe(false);
      }
    }
  });

  it('writes no product fact into a translation (names, numbers and contacts come from config)', () => {
    const product = JSON.parse(readFileSync('config/product.json', 'utf8')) as ProductConfig;
    const { lender, grievanceOfficer, customerService } = product;
    const facts = [
      product.displayName,
      product.supportEmail,
      product.hotline,
      product.webServiceEmail,
      product.website,
      ...Object.values(lender),
      ...Object.values(grievanceOfficer),
      ...customerService.channels.map((c) => c.value),
    ];
    for (const lng of LANGUAGES) {
      for (const ns of namespaces) {
        for (const [key, text] of catalog(lng, ns)) {
          expect(
            facts.filter((fact) => text.includes(fact)),
            `${lng}/${ns}:${key}`,
          ).toEqual([]);
        }
      }
    }
  });
});
