// The server imports the widgets' metadata under node to check drafts: this suite runs in node (no jsdom).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { engineWidgets, widgetLoaders } from './registry.ts';
import { widgetLabelKeys } from './widget-label-keys.ts';
import { engineFieldMeta, engineWidgetMeta, JSON_TYPES, rjsfWidgetMeta } from './widget-meta.ts';
import type { WidgetMeta } from './widget-meta.ts';

const entries = Object.entries(engineWidgetMeta);
const all: [string, WidgetMeta][] = [...entries, ...Object.entries(rjsfWidgetMeta), ...Object.entries(engineFieldMeta)];
const staff = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/staff.json`, 'utf8')) as Record<string, unknown>;
const text = (catalog: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], catalog);

describe('the widget registry', () => {
  it('has its metadata apart from the React loaders: loaded under plain node (tsx, as the server runs), it reaches no component, CSS or React module', () => {
    const script = [
      "import { registerHooks } from 'node:module';",
      'const seen = [];',
      'registerHooks({ resolve(s, c, next) { const r = next(s, c); seen.push(r.url); return r; } });',
      "const { engineWidgetMeta } = await import('./engine/widgets/widget-meta.ts');",
      'console.log(JSON.stringify({ meta: Object.entries(engineWidgetMeta).map(([n, e]) => [n, e.accepts, e.sensitive === true]), seen }));',
    ].join('\n');
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    const read = JSON.parse(out) as { meta: [string, string[], boolean][]; seen: string[] };
    expect(read.meta.map(([name]) => name)).toEqual(Object.keys(engineWidgetMeta));
    expect(read.meta.find(([name]) => name === 'photo')).toEqual(['photo', ['string'], true]);
    const reached = read.seen.filter((url) => !url.startsWith('node:'));
    expect(reached.some((url) => url.endsWith('/engine/widgets/widget-meta.ts'))).toBe(true);
    expect(reached.filter((url) => /\.(tsx|css)$|\/react\/|registry\.ts$|@rjsf/u.test(url))).toEqual([]);
  });

  it('has one name list: metadata, labels and components name the same widgets', () => {
    const names = Object.keys(widgetLabelKeys).sort();
    expect(Object.keys(engineWidgetMeta).sort()).toEqual(names);
    expect(Object.keys(engineWidgets).sort()).toEqual(names);
    for (const [name, meta] of entries)
      expect(meta.labels, name).toEqual(widgetLabelKeys[name as keyof typeof widgetLabelKeys]);
  });

  it.each(all)('declares the metadata of %s', (name, meta) => {
    expect(meta.displayName).toMatch(/^studio\.widgets\.\w+$/);
    expect(meta.accepts.length).toBeGreaterThan(0);
    expect(meta.accepts.every((type) => (JSON_TYPES as readonly string[]).includes(type))).toBe(true);
    expect(new Set(meta.labels).size).toBe(meta.labels.length);
    expect(meta.readsAddressBook).not.toBe(true);
    for (const lng of ['en', 'fil', 'zh-CN'])
      expect(text(staff(lng), meta.displayName), `${name} ${lng}`).toBeTypeOf('string');
  });

  it.each(all)('has a valid JSON Schema of the options of %s', (_name, meta) => {
    const ajv = new Ajv({ strict: true });
    expect(ajv.validateSchema(meta.options)).toBe(true);
    expect(() => ajv.compile(meta.options)).not.toThrow();
  });

  it('flags the widgets that need a just-in-time notice: photos, files and contacts (NPC Circular 2022-02)', () => {
    const sensitive = all.filter(([, meta]) => meta.sensitive === true).map(([name]) => name);
    expect(sensitive.sort()).toEqual(['contactPicker', 'file', 'photo', 'pickContact']);
  });

  it('names in each loader the module it fetches, so the bundle report finds the lazy ones', async () => {
    const source = readFileSync('engine/widgets/registry.ts', 'utf8');
    const { lazyWidgetFiles } = await import('#scripts/bundle-report.ts');
    const found = lazyWidgetFiles();
    expect([...found.keys()].sort()).toEqual(Object.keys(widgetLoaders).sort());
    for (const [name, file] of found) {
      const relative = posix.relative('engine/widgets', file);
      expect(source, name).toContain(`import('${relative.startsWith('.') ? relative : `./${relative}`}')`);
      expect(Object.keys(await import(`#${file}`)).length, name).toBeGreaterThan(0);
      expect(readFileSync(file, 'utf8').length, file).toBeGreaterThan(0);
    }
  });

  it('accepts a photo option set of the seed and refuses a wrong capture', () => {
    const validate = new Ajv().compile(engineWidgetMeta.photo.options);
    expect(validate({ capture: 'environment', guidance: 'identity.idPhotoGuidance', documentKind: 'idFront' })).toBe(
      true,
    );
    expect(validate({ capture: 'front' })).toBe(false);
  });
});
