// The server imports the widget registry under node to check drafts: this suite runs in node (no jsdom).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { widgetRegistry } from './registry.ts';
import type { WidgetEntry } from './registry.ts';
import { engineFieldMeta, JSON_TYPES, rjsfWidgetMeta } from './widget-meta.ts';
import type { WidgetMeta } from './widget-meta.ts';

const entries = Object.entries(widgetRegistry as Record<string, WidgetEntry>);
const all: [string, WidgetMeta][] = [...entries, ...Object.entries(rjsfWidgetMeta), ...Object.entries(engineFieldMeta)];
const staff = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/staff.json`, 'utf8')) as Record<string, unknown>;
const text = (catalog: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], catalog);

describe('the widget registry', () => {
  it('loads under plain node (tsx, as the server runs), without CSS or component code', () => {
    const script =
      "const { widgetRegistry } = await import('./engine/widgets/registry.ts'); console.log(JSON.stringify(Object.entries(widgetRegistry).map(([n, e]) => [n, e.accepts, e.sensitive === true])));";
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    const read = JSON.parse(out) as [string, string[], boolean][];
    expect(read.map(([name]) => name)).toEqual(Object.keys(widgetRegistry));
    expect(read.find(([name]) => name === 'photo')).toEqual(['photo', ['string'], true]);
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

  it('flags the widgets that need a just-in-time notice: photos and contacts (NPC Circular 2022-02)', () => {
    const sensitive = all.filter(([, meta]) => meta.sensitive === true).map(([name]) => name);
    expect(sensitive.sort()).toEqual(['contactPicker', 'photo', 'pickContact']);
  });

  it('names in each entry the module its `load` fetches, so the bundle report finds the lazy ones', () => {
    const source = readFileSync('engine/widgets/registry.ts', 'utf8');
    // Chips and radios are bundled by web builds (registry.ts): every other widget is fetched.
    const lazy = entries.map(([name]) => name).filter((name) => name !== 'chips' && name !== 'radios');
    for (const name of lazy)
      expect(source, name).toMatch(new RegExp(`${name}: \\{\\s*load: \\(\\) => import\\('\\./[\\w-]+\\.tsx'\\)`));
  });

  it('accepts a photo option set of the seed and refuses a wrong capture', () => {
    const validate = new Ajv().compile(widgetRegistry.photo.options);
    expect(validate({ capture: 'environment', guidance: 'identity.idPhotoGuidance', documentKind: 'idFront' })).toBe(
      true,
    );
    expect(validate({ capture: 'front' })).toBe(false);
  });
});
