import { describe, expect, it } from 'vitest';
import type { ValidationError } from '#engine/validation/compiled-validator.ts';
import { formErrorKey, formT, keyWithValues, splitKey, withWidgetOptions } from '#forms/form-text.ts';
import { ageCheck, registeredPhoneCheck } from '#domain/step-checks.ts';
import { stepUi } from './step-ui.ts';

const error = (keyword: string, params: Record<string, unknown> = {}, instancePath = ''): ValidationError => ({
  keyword,
  params,
  instancePath,
  schemaPath: '#',
});

describe('form text keys', () => {
  const known = new Set([
    'contact.errors.contactPhone.format',
    'identity.errors.idNumber.sss',
    'addressInfo.errors.detailedAddress.minLength',
  ]);
  const errorKey = formErrorKey({ exists: (key) => known.has(key) });

  it("uses the field's own message when the catalog has one, else the general one, with the error's values", () => {
    expect(errorKey(error('format', { format: 'ph-mobile' }), { title: 'contact.contactPhone' })).toBe(
      'contact.errors.contactPhone.format?format=ph-mobile',
    );
    expect(errorKey(error('minLength', { limit: 5 }), { title: 'addressInfo.detailedAddress' })).toBe(
      'addressInfo.errors.detailedAddress.minLength?limit=5',
    );
    expect(errorKey(error('required', { missingProperty: 'email' }), { title: 'contact.email' })).toBe(
      'errors.required?missingProperty=email',
    );
    expect(errorKey(error('maxLength', { limit: 3 }), undefined)).toBe('errors.maxLength?limit=3');
  });

  it('gives an ID number the rule of its document', () => {
    expect(errorKey(error('format', { format: 'id-sss' }), { title: 'identity.idNumber' })).toBe(
      'identity.errors.idNumber.sss',
    );
  });

  it('carries values in the key and hands them, with product numbers and income-band amounts, to i18next', () => {
    expect(splitKey(keyWithValues('errors.minLength', { limit: 3, skip: { no: 1 } }))).toEqual({
      key: 'errors.minLength',
      values: { limit: '3' },
    });
    const calls: [string, Record<string, unknown>][] = [];
    const t = formT({ t: (key, options) => (calls.push([key, options]), key), exists: () => true });
    t('errors.minLength?limit=3');
    t('workInfo.options.monthlyIncome.from12001To18000');
    expect(calls[0]).toEqual([
      'errors.minLength',
      expect.objectContaining({ ns: 'forms', limit: '3', postalCodeDigits: expect.any(Number) as number }),
    ]);
    expect(calls[1]?.[1]).toMatchObject({ min: '₱12,001', max: '₱18,000' });
  });

  it("gives the engine's widgets their label keys and extra options, keeping what the uiSchema sets", () => {
    const load = () => Promise.resolve([]);
    const ui = withWidgetOptions(
      {
        a: { 'ui:widget': 'address', 'ui:field': 'widget' },
        b: { 'ui:widget': 'photo', 'ui:options': { labels: { take: 'own.key' }, capture: 'user' } },
        c: { 'ui:widget': 'chips' },
      },
      { address: { loadLevel: load } },
    );
    expect(ui['a']['ui:options']).toMatchObject({ loadLevel: load, labels: { province: 'widgets.address.province' } });
    expect(ui['b']['ui:options']).toMatchObject({
      capture: 'user',
      labels: { take: 'own.key', retake: 'widgets.photo.retake' },
    });
    expect(ui['c']['ui:options']).toBeUndefined();
  });
});

describe('step checks', () => {
  const ctx = { today: '2026-11-22', registeredPhone: '9171234567', age: { min: 18, max: 65 } };

  it("refuses an age outside the product's range and a birth date after today, accepts the bounds", () => {
    const check = ageCheck(ctx);
    expect(check({ birthDate: '2008-11-22' })).toEqual([]); // 18 today
    expect(check({ birthDate: '2008-11-23' })).toEqual([
      expect.objectContaining({ instancePath: '/birthDate', keyword: 'age' }),
    ]);
    expect(check({ birthDate: '1960-11-23' })).toEqual([]); // 65, turning 66 tomorrow
    expect(check({ birthDate: '1960-11-22' })).toHaveLength(1); // 66 today
    expect(check({ birthDate: '2027-01-01' })).toHaveLength(1);
    expect(check({ birthDate: 'not a date' })).toEqual([]); // the schema's error
  });

  it("refuses the borrower's own number as an emergency contact", () => {
    const check = registeredPhoneCheck(ctx);
    const errors = check({ emergencyContacts: [{ phone: '9181111111' }, { phone: '9171234567' }] });
    expect(errors).toEqual([
      expect.objectContaining({ instancePath: '/emergencyContacts/1/phone', keyword: 'registeredPhone' }),
    ]);
    expect(
      registeredPhoneCheck({ ...ctx, registeredPhone: undefined })({ emergencyContacts: [{ phone: '9171234567' }] }),
    ).toEqual([]);
  });

  it('shows the derived age and a placeholder written like the chosen document', () => {
    const ui = stepUi(
      'identity',
      { birthDate: {}, idNumber: { 'ui:placeholder': 'identity.idNumberPlaceholder' } },
      { birthDate: '1990-05-15', idType: 'sss' },
      '2026-11-22',
    );
    expect(ui['birthDate']['ui:help']).toBe('identity.ageIs?age=36');
    expect(ui['idNumber']['ui:placeholder']).toMatch(/^identity\.idNumberPlaceholder\?example=/u);
    expect(
      stepUi('identity', { idNumber: { 'ui:placeholder': 'identity.idNumberPlaceholder' } }, {}, '2026-11-22')[
        'idNumber'
      ],
    ).toEqual({});
  });
});
