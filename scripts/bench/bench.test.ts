import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CompiledValidator } from '#engine/validation/compiled-validator.ts';
import {
  cpuTicksBetween,
  envSeconds,
  LatencyHistogram,
  percent,
  perSecond,
  procStatTicks,
  ratio,
  runProblems,
  verdict,
} from './api-figures.ts';
import { functionTimes, packageOf } from './cpu-profile.ts';
import { percentile, summarize } from './stats.ts';
import { visibleFieldCount } from './step-size.ts';
import { STOCK_WIDGET_ALIASES, stockUiSchema } from './stock-ui.ts';
import { WIDE_FIELDS, wideStep, wideValue, writeWideStep } from './wide-step.ts';

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
        {
          if: { properties: { a: { const: 'y' } } },
          then: { properties: { a: { type: 'string' }, e: { type: 'string' } } },
        },
        { if: { properties: { a: { const: 'z' } } }, then: { properties: { f: {}, g: {}, h: {} } } },
      ],
    };
    // a + 3 x 2 + address 2 + max(then 2, else 1) + max(allOf: e 1, f g h 3)
    expect(visibleFieldCount(schema)).toBe(1 + 6 + 2 + 2 + 3);
    expect(visibleFieldCount(schema, { address: { 'ui:field': 'widget', 'ui:widget': 'address' } })).toBe(
      1 + 6 + 1 + 2 + 3,
    );
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
    expect(stripped).toEqual([
      'root.a: ui:widget=chips',
      'root.c: ui:field=widget',
      'root.c: ui:widget=address',
      'root.list.items.q: ui:widget=photo',
    ]);
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
    expect(packageOf('/r/forms/compiled/contact.js')).toBe('forms/compiled');
  });

  it('takes latency percentiles in 10 µs buckets, the upper edge of the bucket, slow ones at their maximum', () => {
    const histogram = new LatencyHistogram();
    expect(histogram.percentile(50)).toBeNaN();
    for (let i = 1; i <= 98; i += 1) histogram.record(0.123);
    histogram.record(4.5);
    histogram.record(2500);
    histogram.record(-1);
    expect(histogram.count).toBe(100);
    expect(histogram.percentile(50)).toBe(0.13);
    expect(histogram.percentile(99)).toBe(4.51);
    expect(histogram.percentile(100)).toBe(2500);
    expect(histogram.max).toBe(2500);
    expect(histogram.mean).toBeCloseTo((98 * 0.123 + 4.5 + 2500) / 100, 6);
  });

  it('compares profile with hello: ratio, percentage, verdict against the target', () => {
    expect(ratio(4_000, 10_000)).toBe(0.4);
    expect(ratio(1, 3)).toBe(0.3333);
    expect(ratio(5, 0)).toBeNaN();
    expect(ratio(Number.NaN, 10)).toBeNaN();
    expect(percent(0.41234)).toBe('41.2 %');
    expect(percent(Number.NaN)).toBe('-');
    expect(perSecond(12_345.6)).toBe('12,346');
    expect(verdict(0.4, 0.4)).toBe('MET');
    expect(verdict(0.3999, 0.4)).toBe('MISSED');
    expect(verdict(Number.NaN, 0.4)).toBe('SKIPPED');
  });

  it('fails a run on answers other than 2xx, errors and timeouts', () => {
    const ok = { non2xx: 0, errors: 0, timeouts: 0, statusCodeStats: { '200': { count: 10 } } };
    expect(runProblems(ok)).toEqual([]);
    expect(
      runProblems({
        non2xx: 3,
        errors: 1,
        timeouts: 2,
        statusCodeStats: { '200': { count: 7 }, '401': { count: 2 }, '429': { count: 1 } },
      }),
    ).toEqual(['3 non-2xx answers (2 x 401, 1 x 429)', '1 errors', '2 timeouts']);
    expect(envSeconds('3.5', 10)).toBe(3.5);
    expect(envSeconds(undefined, 10)).toBe(10);
    expect(envSeconds('', 10)).toBe(10);
    expect(envSeconds('-1', 10)).toBe(10);
    expect(envSeconds('ten', 10)).toBe(10);
  });

  it('reads the CPU ticks of a process from /proc/<pid>/stat and sums what processes spent between two readings', () => {
    const stat = '4242 (postgres: bench (x) idle) S 1 4242 4242 0 -1 4194560 900 0 0 0 153 47 0 0 20 0 1 0 123 0 0';
    expect(procStatTicks(stat)).toBe(200);
    expect(procStatTicks('garbage')).toBeUndefined();
    const before = new Map([
      [1, 100],
      [2, 50],
      [3, 10],
    ]);
    const after = new Map([
      [1, 160],
      [2, 50],
      [4, 30],
    ]);
    // pid 1: +60, pid 2: +0, pid 3 ended (lost), pid 4 new: +30
    expect(cpuTicksBetween(before, after)).toBe(90);
  });
});

describe('the generated 60-field step (wide60)', () => {
  it('has 60 fields of four kinds, every other one required, a value to type for each, and a validator that compiles', async () => {
    const { schema, uiSchema } = wideStep();
    const fields = Object.keys(schema['properties'] as Record<string, unknown>);
    expect(fields).toHaveLength(WIDE_FIELDS);
    expect(schema['required']).toHaveLength(WIDE_FIELDS / 2);
    for (const name of fields) expect(wideValue(name), name).toBeTruthy();
    expect(uiSchema['widePhone02']).toEqual({ 'ui:options': { inputType: 'tel' } });
    // Under the repo: the compiled module imports ajv's runtime helpers from node_modules.
    const cache = fileURLToPath(new URL('../../node_modules/.cache/bench/', import.meta.url));
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, 'wide-step-test-'));
    try {
      const files = writeWideStep(dir);
      const { default: validate } = (await import(pathToFileURL(files.validate).href)) as {
        default: CompiledValidator;
      };
      expect(validate({})).toBe(false);
      expect(validate.errors?.filter((e) => e.keyword === 'required')).toHaveLength(WIDE_FIELDS / 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
