import { describe, expect, it } from 'vitest';
import type { FlowContent, FormContent } from '#domain/form-content.ts';
import workInfoSchema from '#forms/workInfo.schema.json' with { type: 'json' };
import workInfoUi from '#forms/workInfo.ui.json' with { type: 'json' };
import { historyKey, historyOf, historyReducer } from './history.ts';
import {
  addField,
  fieldOfPointer,
  fieldsOf,
  moveField,
  moveStep,
  removeField,
  setFieldText,
  setWidget,
} from './outline.ts';
import { importTextsCsv, textRows, textsCsv } from './texts-table.ts';
import { optionFields, widgetInfo, WIDGETS, widgetsFor, widgetsForField } from './widgets.ts';
import { engineWidgetMeta, rjsfWidgetMeta } from '#engine/widgets/widget-meta.ts';
import enStaff from '#locales/en/staff.json' with { type: 'json' };
import filStaff from '#locales/fil/staff.json' with { type: 'json' };
import zhStaff from '#locales/zh-CN/staff.json' with { type: 'json' };

const workInfo: FormContent = {
  schema: workInfoSchema as Record<string, unknown>,
  uiSchema: workInfoUi as Record<string, unknown>,
  texts: {
    en: { companyName: 'Company', options: { payCycle: { monthly: 'Monthly' } } },
    fil: { companyName: 'Kompanya' },
    zh: {},
  },
};

describe('the outline of a form', () => {
  it('lists the fields of every branch in ui:order order, with their texts keys and required', () => {
    const fields = fieldsOf(workInfo);
    expect(fields.map((f) => f.name)).toEqual(workInfoUi['ui:order']);
    expect(fields[0]).toMatchObject({
      name: 'employmentType',
      pointer: '/schema/properties/employmentType',
      required: true,
      widget: 'chips',
      keys: { title: 'workInfo.employmentType' },
    });
    expect(fields.find((f) => f.name === 'companyName')?.pointer).toMatch(/^\/schema\/(then|else|allOf)/u);
  });

  it('adds a field: property, required, propertyNames, ui:order, widget, and its titles in three languages', () => {
    const out = addField(workInfo, 'workInfo', {
      name: 'employerTin',
      type: 'string',
      required: true,
      widget: 'text',
      titles: { en: 'TIN', fil: 'TIN', zh: '税号' },
    });
    expect((out.schema['properties'] as Record<string, unknown>)['employerTin']).toEqual({
      title: 'workInfo.employerTin',
      type: 'string',
    });
    expect(out.schema['required']).toContain('employerTin');
    expect((out.schema['propertyNames'] as { enum: string[] }).enum).toContain('employerTin');
    expect((out.uiSchema['ui:order'] as string[]).at(-1)).toBe('employerTin');
    expect(out.texts.zh).toEqual({ employerTin: '税号' });
    expect(fieldsOf(out).at(-1)).toMatchObject({ name: 'employerTin', required: true, widget: 'text' });
    // The content it came from is left as it was (the undo history holds it).
    expect(fieldsOf(workInfo).some((f) => f.name === 'employerTin')).toBe(false);
  });

  it('removes a field everywhere and moves one up and down in ui:order', () => {
    const removed = removeField(workInfo, 'workInfo', 'companyName');
    expect(fieldsOf(removed).map((f) => f.name)).not.toContain('companyName');
    expect(JSON.stringify(removed.schema)).not.toContain('"companyName"');
    expect(removed.texts.en).toEqual({ options: { payCycle: { monthly: 'Monthly' } } });
    const moved = moveField(workInfo, 'yearsWorked', -1);
    expect((moved.uiSchema['ui:order'] as string[]).slice(0, 2)).toEqual(['yearsWorked', 'employmentType']);
    expect(moveField(workInfo, 'employmentType', -1)).toBe(workInfo);
  });

  it('writes a help text under a new key <form>.<field>Help and points a check at its field', () => {
    const out = setFieldText(workInfo, 'workInfo', 'companyName', 'help', 'fil', 'Pangalan ng kompanya');
    expect((out.uiSchema['companyName'] as Record<string, unknown>)['ui:help']).toBe('workInfo.companyNameHelp');
    expect(out.texts.fil).toEqual({ companyName: 'Kompanya', companyNameHelp: 'Pangalan ng kompanya' });
    expect(fieldOfPointer(out, 'workInfo', '/texts/zh/companyNameHelp')).toBe('companyName');
    expect(fieldOfPointer(out, 'workInfo', '/schema/then/properties/payday')).toBe('payday');
    const widget = setWidget(out, 'companyName', 'textarea', { rows: 3 });
    expect(widget.uiSchema['companyName']).toMatchObject({ 'ui:widget': 'textarea', 'ui:options': { rows: 3 } });
  });

  it('moves a step of the flow, each next following the new order', () => {
    const flow: FlowContent = {
      steps: [
        { step: 'a', schema: 'a', route: '/a', next: '/b' },
        { step: 'b', schema: 'b', route: '/b', next: '/c' },
        { step: 'c', schema: 'c', route: '/c', next: '/home' },
      ],
    };
    expect(moveStep(flow, 2, -1).steps.map((s) => [s.step, s.next])).toEqual([
      ['a', '/c'],
      ['c', '/b'],
      ['b', '/home'],
    ]);
  });
});

describe('the undo history', () => {
  it('undoes and redoes whole snapshots; a new edit drops what could be redone', () => {
    let h = historyOf(1);
    h = historyReducer(h, { type: 'apply', next: 2 });
    h = historyReducer(h, { type: 'apply', next: (n) => n + 1 });
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe(2);
    h = historyReducer(h, { type: 'redo' });
    expect(h.present).toBe(3);
    h = historyReducer(h, { type: 'undo' });
    h = historyReducer(h, { type: 'apply', next: 7 });
    expect(h).toEqual({ past: [1, 2], present: 7, future: [] });
    expect(historyReducer(h, { type: 'apply', next: 7 })).toBe(h);
  });

  it('reads Ctrl/Cmd+Z and Shift+Z', () => {
    const key = (k: string, o: Partial<KeyboardEvent> = {}) =>
      historyKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...o });
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('Z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(key('z')).toBeUndefined();
  });
});

describe('the texts as CSV', () => {
  it('exports key,en,fil,zh and imports the file back unchanged', () => {
    const csv = textsCsv(workInfo, 'workInfo');
    expect(csv.split('\r\n')[0]).toBe('key,en,fil,zh');
    expect(csv).toContain('workInfo.companyName,Company,Kompanya,');
    const back = importTextsCsv(workInfo, 'workInfo', csv);
    expect(back).toMatchObject({ ok: true, changed: 0 });
  });

  it('applies edited cells (commas and quotes kept) as one content', () => {
    const rows = textRows(workInfo, 'workInfo');
    expect(rows.find((r) => r.key === 'workInfo.options.payCycle.monthly')?.texts.en).toBe('Monthly');
    const csv = 'key,en,fil,zh\r\nworkInfo.companyName,"Company, or ""business""",Kompanya,公司\r\n';
    const result = importTextsCsv(workInfo, 'workInfo', csv);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.content.texts.en).toMatchObject({ companyName: 'Company, or "business"' });
      expect(result.content.texts.zh).toEqual({ companyName: '公司' });
      expect(result.changed).toBe(2);
    }
  });

  it('refuses the whole file for an unknown key, a malformed row or wrong columns', () => {
    const csv = 'key,en,fil,zh\nworkInfo.companyName,A,B,C\nworkInfo.nothing,A,B,C\nworkInfo.major,only two\n';
    const result = importTextsCsv(workInfo, 'workInfo', csv);
    expect(result).toEqual({
      ok: false,
      problems: [
        { row: 3, problem: 'malformed' },
        { row: 2, problem: 'unknownKey', key: 'workInfo.nothing' },
      ],
    });
    expect(importTextsCsv(workInfo, 'workInfo', 'name,en\nx,y\n')).toEqual({
      ok: false,
      problems: [{ row: 0, problem: 'columns' }],
    });
  });
});

describe('where a check points', () => {
  const check = (path: string, field?: string) => ({
    id: 'x',
    severity: 'error' as const,
    code: 'studio.checks.missingText',
    params: {},
    path,
    ...(field ? { field } : {}),
  });
  it('takes a missing title to its cell in the outline, another text to the translations table, a schema path to its field', async () => {
    const { targetOf } = await import('./checks.tsx');
    expect(targetOf(check('/texts/fil/companyName'), workInfo, 'form', 'workInfo')).toEqual({
      tab: 'outline',
      field: 'companyName',
      key: 'workInfo.companyName',
      lng: 'fil',
    });
    expect(targetOf(check('/texts/zh/options/payCycle/monthly'), workInfo, 'form', 'workInfo')).toEqual({
      tab: 'texts',
      key: 'workInfo.options.payCycle.monthly',
      lng: 'zh',
    });
    expect(targetOf(check('/schema/then/properties/payday'), workInfo, 'form', 'workInfo')).toEqual({
      tab: 'outline',
      field: 'payday',
    });
    expect(targetOf(check('/schema'), workInfo, 'form', 'workInfo')).toEqual({ tab: 'json' });
  });
});

describe('the widgets the outline offers', () => {
  it("are the engine's registry and RJSF's built-in widgets, each named by a text of every staff language", () => {
    // RJSF's aliases of a widget (`date-time` for `datetime`, `RadioWidget` for `radio`) are offered once, by the first name.
    const aliases = ['date-time', 'CheckboxesWidget', 'RadioWidget'];
    expect(WIDGETS.map((w) => w.name)).toEqual([
      ...Object.keys(rjsfWidgetMeta).filter((name) => !aliases.includes(name)),
      ...Object.keys(engineWidgetMeta),
    ]);
    for (const locale of [enStaff, filStaff, zhStaff]) {
      const names = (locale as { studio: { widgets: Record<string, string> } }).studio.widgets;
      for (const w of WIDGETS)
        expect(names[w.displayName.replace('studio.widgets.', '')], `${w.name}`).toEqual(expect.any(String));
    }
  });

  it('offers a new field only widgets of its type that need no enum, an enum field those showing its options', () => {
    const boolean = widgetsFor('boolean').map((w) => w.name);
    expect(boolean).toContain('checkbox');
    expect(boolean).not.toContain('chips');
    expect(widgetsFor('string').map((w) => w.name)).toEqual(
      expect.arrayContaining(['text', 'textarea', 'otp', 'photo', 'signature']),
    );
    expect(widgetsFor('string').map((w) => w.name)).not.toContain('address');
    expect(widgetsForField('enum').map((w) => w.name)).toEqual(
      expect.arrayContaining(['radio', 'chips', 'radios', 'picker']),
    );
    expect(widgetsForField('object').map((w) => w.name)).toEqual(['contactPicker', 'address']);
  });

  it("turns a widget's options schema into the outline's small form", () => {
    expect(optionFields(widgetInfo('photo')!)).toEqual([
      { name: 'capture', kind: 'choice', values: ['environment', 'user'] },
      { name: 'guidance', kind: 'string' },
      { name: 'quality', kind: 'number' },
      { name: 'maxSide', kind: 'number' },
      { name: 'documentKind', kind: 'string' },
    ]);
    expect(optionFields(widgetInfo('otp')!)).toEqual([{ name: 'length', kind: 'number' }]);
    expect(optionFields(widgetInfo('text')!)).toEqual([]);
    expect(widgetInfo('photo')).toMatchObject({ displayName: 'studio.widgets.photo', sensitive: true });
  });
});
