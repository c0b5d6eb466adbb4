import { describe, expect, it } from 'vitest';
import en from '#locales/en/a2hs.json';
import fil from '#locales/fil/a2hs.json';
import zh from '#locales/zh-CN/a2hs.json';
import { BROWSER_IDS, stepDetailKey, stepKey, stepsFor, TROUBLESHOOTING_TIPS } from './browsers.ts';

const catalogs = { en, fil, 'zh-CN': zh } as Record<string, unknown>;

/** Every leaf of a catalog as dotted key -> string. */
function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
    return out;
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(catalogs).map(([lng, catalog]) => [lng, flatten(catalog)]));

describe('a2hs catalogs', () => {
  const enKeys = [...flat['en']!.keys()].sort();

  it.each(['en', 'fil', 'zh-CN'])('%s writes no amounts (they come from config)', (lng) => {
    for (const [key, text] of flat[lng]!) {
      expect(text, `${lng}:${key}`).not.toMatch(/₱|PHP|\b200\b|80,?000/);
    }
  });

  it('has the text of every step, browser and tip', () => {
    for (const browser of BROWSER_IDS) {
      expect(flat['en']!.has(`browsers.${browser}`)).toBe(true);
      for (const step of stepsFor(browser)) {
        expect(flat['en']!.has(stepKey(browser, step)), stepKey(browser, step)).toBe(true);
        expect(flat['en']!.has(stepDetailKey(browser, step)), stepDetailKey(browser, step)).toBe(true);
      }
    }
    for (const tip of TROUBLESHOOTING_TIPS) {
      expect(flat['en']!.has(`guide.tips.${tip}.title`)).toBe(true);
      expect(flat['en']!.has(`guide.tips.${tip}.body`)).toBe(true);
    }
  });

  it('has no step text for steps the data does not list', () => {
    const known = new Set(BROWSER_IDS.flatMap((b) => stepsFor(b).flatMap((s) => [stepKey(b, s), stepDetailKey(b, s)])));
    const stepTexts = enKeys.filter((k) => k.startsWith('steps.') || k.startsWith('details.'));
    expect(stepTexts.filter((k) => !known.has(k))).toEqual([]);
  });
});
