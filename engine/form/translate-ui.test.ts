import { optionsList } from '@rjsf/utils';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { prefixedOptionKey } from './form-text.ts';
import { translateUi } from './translate-ui.ts';

const TEXTS: Record<string, string> = {
  'f.mode': 'Blend mode',
  'f.modes.screen': 'Screen',
  'f.modes.overlay': 'Overlay',
  'f.pay.bank': 'Bank transfer',
  'f.pay.wallet': 'E-wallet',
  'f.pay.ewallet': 'GCash or Maya',
  'f.terrible': 'Terrible',
  'f.great': 'Great',
  'f.options.rating.2': 'Fair',
  'f.options.banks.bdo': 'BDO Unibank',
  'f.options.banks.bpi': 'BPI',
};
const asked: string[] = [];
const t = (key: string) => (asked.push(key), TEXTS[key] ?? `!${key}`);
const optionKey = prefixedOptionKey('f');

describe('translateUi', () => {
  it('gives the titles of oneOf const options as text where RJSF reads them, for radios and selects', () => {
    const schema: RJSFSchema = {
      type: 'string',
      title: 'f.mode',
      oneOf: [
        { const: 'screen', title: 'f.modes.screen' },
        { const: 'overlay', title: 'f.modes.overlay' },
      ],
    };
    const ui = translateUi(schema, { 'ui:widget': 'radio' }, 'mode', t, optionKey);
    expect(optionsList(schema, ui)?.map((o) => o.label)).toEqual(['Screen', 'Overlay']);
    expect(ui['ui:title']).toBe('Blend mode');
  });

  it('names the alternatives of an anyOf by their texts, and the chosen one translates its title once', () => {
    const schema: RJSFSchema = {
      type: 'object',
      anyOf: [
        { title: 'f.pay.bank', properties: { account: { type: 'string' } } },
        { title: 'f.pay.wallet', properties: { phone: { type: 'string' } } },
      ],
    };
    const ui = translateUi(
      schema,
      { 'ui:description': 'f.help', anyOf: [{}, { 'ui:title': 'f.pay.ewallet' }] },
      'pay',
      t,
      optionKey,
    );
    const options = ui['anyOf'] as Record<string, unknown>[];
    expect(options.map((o) => o['ui:title'])).toEqual(['Bank transfer', 'GCash or Maya']);
    // RJSF renders the chosen option with its uiSchema: its title is translated from the key, not from the text.
    asked.length = 0;
    const inner = translateUi(schema.anyOf![1] as RJSFSchema, options[1], 'pay', t, optionKey);
    expect(inner['ui:title']).toBe('GCash or Maya');
    expect(asked).toEqual(['f.pay.ewallet']);
    expect(inner).not.toHaveProperty('ui:titleKey');
    // Without a uiSchema per option each option keeps the field's own, as RJSF gives it.
    const plain = translateUi(schema, { 'ui:widget': 'radios' }, 'pay', t, optionKey);
    expect(plain['anyOf']).toEqual([
      { 'ui:widget': 'radios', 'ui:titleKey': 'f.pay.bank', 'ui:title': 'Bank transfer' },
      { 'ui:widget': 'radios', 'ui:titleKey': 'f.pay.wallet', 'ui:title': 'E-wallet' },
    ]);
  });

  it('reads ui:enumNames in its map form, the option convention filling the values it leaves out', () => {
    const schema: RJSFSchema = { type: 'number', enum: [1, 2, 3] };
    const ui = translateUi(schema, { 'ui:enumNames': { '1': 'f.terrible', '3': 'f.great' } }, 'rating', t, optionKey);
    expect(optionsList(schema, ui)?.map((o) => o.label)).toEqual(['Terrible', 'Fair', 'Great']);
  });

  it("labels a field's options from the shared list it names (ui:options.optionList), defined once", () => {
    const schema: RJSFSchema = { type: 'string', enum: ['bdo', 'bpi'] };
    for (const field of ['salaryBank', 'loanBank']) {
      const ui = translateUi(schema, { 'ui:options': { optionList: 'banks' } }, field, t, optionKey);
      expect(optionsList(schema, ui)?.map((o) => o.label)).toEqual(['BDO Unibank', 'BPI']);
    }
  });
});
