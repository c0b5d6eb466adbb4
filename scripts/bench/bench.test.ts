import { describe, expect, it } from 'vitest';
import { functionTimes, packageOf } from './cpu-profile.ts';
import { percentile, summarize } from './stats.ts';
import { visibleFieldCount } from './step-size.ts';
import { STOCK_WIDGET_ALIASES, stockUiSchema } from './stock-ui.ts';

describe('bench helpers', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(summarize([3, 1, 2])).toEqual({ count: 3, p50: 2, p95: 3, max: 3, mean: 2 });
    expect(summarize([]).p95).toBeNaN();
  });

  it('counts the fields a form shows at most at once: arrays by minItems, the larger branch, custom fields as one', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        list: { type: 'array', minItems: 3, items: { $ref: '#/definitions/item' } },
        address: { type: 'object', properties: { x: { type: 'string' }, y: { type: 'string' } } },
      },
      definitions: { item: { type: 'object', properties: { n: { type: 'string' }, p: { type: 'string' } } } },
      if: { properties: { a: { const: 'x' } } },
      then: { properties: { b: { type: 'string' }, c: { type: 'string' } } },
      else: { properties: { d: { type: 'string' } } },
      allOf: [
        { if: { properties: { a: { const: 'y' } } }, then: { properties: { a: { type: 'string' }, e: { type: 'string' } } } },
        { if: { properties: { a: { const: 'z' } } }, then: { properties: { f: {}, g: {}, h: {} } } },
      ],
    };
    // a + 3 x 2 + address 2 + max(then 2, else 1) + max(allOf: e 1, f g h 3)
    expect(visibleFieldCount(schema)).toBe(1 + 6 + 2 + 2 + 3);
    expect(visibleFieldCount(schema, { address: { 'ui:field': 'widget', 'ui:widget': 'address' } })).toBe(1 + 6 + 1 + 2 + 3);
  });

  it('keeps only the widgets and fields stock RJSF knows in the stock uiSchema', () => {
    const stripped: string[] = [];
    const ui = {
      'ui:order': ['a', 'b'],
      a: { 'ui:widget': 'chips', 'ui:options': { inputType: 'tel' } },
      b: { 'ui:widget': 'textarea' },
      c: { 'ui:field': 'widget', 'ui:widget': 'address' },
      list: { items: { p: { 'ui:widget': 'radio' }, q: { 'ui:widget': 'photo' } } },
    };
    expect(stockUiSchema(ui, new Set(STOCK_WIDGET_ALIASES), new Set(['SchemaField']), stripped)).toEqual({
      'ui:order': ['a', 'b'],
      a: { 'ui:options': { inputType: 'tel' } },
      b: { 'ui:widget': 'textarea' },
      c: {},
      list: { items: { p: { 'ui:widget': 'radio' }, q: {} } },
    });
    expect(stripped).toEqual(['root.a: ui:widget=chips', 'root.c: ui:field=widget', 'root.c: ui:widget=address', 'root.list.items.q: ui:widget=photo']);
  });

  it('splits a CPU profile into self and inclusive time per function', () => {
    const frame = (functionName: string) => ({ functionName, url: 'http://x/app.js', lineNumber: 0 });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 4] },
        { id: 2, callFrame: frame('outer'), children: [3] },
        { id: 3, callFrame: frame('inner') },
        { id: 4, callFrame: frame('(idle)') },
      ],
      samples: [2, 3, 3, 4],
      timeDeltas: [0, 1000, 2000, 3000],
    };
    const { busyMs, functions } = functionTimes(profile);
    expect(busyMs).toBe(6);
    expect(functions.find((f) => f.fn.startsWith('outer'))).toMatchObject({ selfMs: 1, totalMs: 6 });
    expect(functions.find((f) => f.fn.startsWith('inner'))).toMatchObject({ selfMs: 5, totalMs: 5 });
  });

  it('names the package or repo folder of a source file', () => {
    expect(packageOf('/r/node_modules/@rjsf/utils/lib/schema/retrieveSchema.js')).toBe('@rjsf/utils');
    expect(packageOf('/r/node_modules/.cache/x/node_modules/react-dom/cjs/a.js')).toBe('react-dom');
    expect(packageOf('/r/engine/form/stand-ins/equals.ts')).toBe('engine/form/stand-ins');
    expect(packageOf('/r/schemas/compiled/contact.js')).toBe('schemas/compiled');
  });
});
