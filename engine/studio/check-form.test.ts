import { describe, expect, it } from 'vitest';
import { checkForm } from './check-form.ts';
import type { FormCheckContext } from './check-form.ts';
import { context, draft, FLOW, seedForm } from '#tests/unit/studio-seed.ts';
import type { Check } from './types.ts';

const errors = (checks: Check[]) => checks.filter((c) => c.severity === 'error');
const brief = (checks: Check[]) =>
  checks.map((c) => ({ code: c.code.replace('studio.checks.', ''), path: c.path, field: c.field }));

describe('checkForm on the seed', () => {
  it.each(FLOW.steps.map((s) => s.schema))('passes %s with no error and no warning', (name) => {
    expect(checkForm(name, seedForm(name), context)).toEqual([]);
  });

  it('has the 7 steps of config/flow.json', () => {
    expect(FLOW.steps).toHaveLength(7);
  });
});

describe('checkForm on broken drafts', () => {
  it('refuses a schema that is not a JSON Schema', () => {
    const form = draft('baseInfo');
    form.schema['type'] = 'objekt';
    expect(brief(checkForm('baseInfo', form, context))).toContainEqual({
      code: 'schemaInvalid',
      path: '/schema',
      field: undefined,
    });
  });

  it('refuses a schema the product cannot compile: an unknown format or keyword (strict)', () => {
    const form = draft('workInfo');
    form.schema['properties'].employmentType.format = 'ph-landline';
    const checks = checkForm('workInfo', form, context);
    expect(checks.map((c) => c.code)).toContain('studio.checks.schemaCompile');
    expect(checks.find((c) => c.code === 'studio.checks.schemaCompile')?.params['message']).toMatch(/ph-landline/);
    const other = draft('workInfo');
    other.schema['properties'].employmentType.maxLenght = 3;
    expect(checkForm('workInfo', other, context).map((c) => c.code)).toContain('studio.checks.schemaCompile');
  });

  it('points a missing own text at /texts/<lng>/<key path>, in each language it lacks', () => {
    const form = draft('workInfo');
    delete form.texts['fil']!['companyName'];
    expect(brief(checkForm('workInfo', form, context))).toEqual([
      { code: 'missingText', path: '/texts/fil/companyName', field: 'companyName' },
    ]);
    const check = checkForm('workInfo', form, context)[0];
    expect(check?.params).toEqual({ key: 'workInfo.companyName', language: 'fil' });
    expect(check?.id).toBe('missingText:/texts/fil/companyName');
  });

  it('asks an option label for a new enum value, by the forms convention <form>.options.<field>.<value>', () => {
    const form = draft('workInfo');
    form.schema['then'].properties.yearsWorked.enum.push('overTen');
    expect(brief(checkForm('workInfo', form, context))).toEqual(
      ['en', 'fil', 'zh'].map((lng) => ({
        code: 'missingText',
        path: `/texts/${lng}/options/yearsWorked/overTen`,
        field: 'yearsWorked',
      })),
    );
  });

  it('counts an empty text as missing', () => {
    const form = draft('baseInfo');
    form.texts['zh']!['education'] = '  ';
    expect(brief(checkForm('baseInfo', form, context))).toEqual([
      { code: 'missingText', path: '/texts/zh/education', field: 'education' },
    ]);
  });

  it('reads placeholders, guidance, notices, item titles, labels and ui:enumNames as text keys', () => {
    const form = draft('identity');
    form.uiSchema['idNumber']['ui:placeholder'] = 'identity.noSuchPlaceholder';
    form.uiSchema['facePhoto']['ui:options'].guidance = 'identity.noSuchGuidance';
    form.uiSchema['gender']['ui:enumNames'] = ['identity.options.gender.male', 'identity.noSuchFemale'];
    const paths = checkForm('identity', form, context).map((c) => c.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/texts/en/noSuchPlaceholder', '/texts/fil/noSuchGuidance', '/texts/zh/noSuchFemale']),
    );
    const contact = draft('contact');
    contact.uiSchema['emergencyContacts']['ui:options'].itemTitles[2] = 'contact.contactRoles.fourth';
    contact.uiSchema['emergencyContacts'].items['ui:options'].labels.pick = 'contact.pickOne';
    expect(checkForm('contact', contact, context).map((c) => c.path)).toEqual(
      expect.arrayContaining(['/texts/en/contactRoles/fourth', '/texts/en/pickOne']),
    );
  });

  it('points a shared key missing from the catalog where it is used (staff cannot add shared texts)', () => {
    const form = draft('identity');
    form.uiSchema['facePhoto']['ui:options'].notice = 'notice.face';
    const found = checkForm('identity', form, context).filter((c) => c.code === 'studio.checks.missingSharedText');
    expect(found.map((c) => [c.path, c.params['language']])).toEqual([
      ['/uiSchema/facePhoto/ui:options/notice', 'en'],
      ['/uiSchema/facePhoto/ui:options/notice', 'fil'],
      ['/uiSchema/facePhoto/ui:options/notice', 'zh'],
    ]);
    expect(new Set(found.map((c) => c.id)).size).toBe(3);
  });

  it("needs the product's widget labels (widgets.<widget>.<label>) of every widget a form uses", () => {
    const ctx: FormCheckContext = {
      ...context,
      shared: { ...context.shared, fil: { ...context.shared['fil'], widgets: {} } },
    };
    const found = checkForm('identity', seedForm('identity'), ctx).filter(
      (c) => c.code === 'studio.checks.missingSharedText',
    );
    expect(found.map((c) => c.params['key'])).toEqual([
      'widgets.photo.take',
      'widgets.photo.retake',
      'widgets.photo.preview',
      'widgets.photo.processing',
      'widgets.photo.failed',
    ]);
  });

  it('refuses a widget or a field that is not registered', () => {
    const form = draft('baseInfo');
    form.uiSchema['education']['ui:widget'] = 'stars';
    form.uiSchema['children']['ui:field'] = 'grid';
    expect(brief(errors(checkForm('baseInfo', form, context)))).toEqual([
      { code: 'unknownField', path: '/uiSchema/children/ui:field', field: 'children' },
      { code: 'unknownWidget', path: '/uiSchema/education/ui:widget', field: 'education' },
    ]);
  });

  it('refuses a widget that does not take the value of its field, or needs an enum it lacks', () => {
    const form = draft('workInfo');
    form.uiSchema['companyName'] = { 'ui:widget': 'address' };
    form.uiSchema['companyAddress'] = { 'ui:widget': 'chips' };
    const checks = checkForm('workInfo', form, context);
    expect(brief(checks)).toEqual([
      { code: 'widgetType', path: '/uiSchema/companyName/ui:widget', field: 'companyName' },
      { code: 'widgetNeedsEnum', path: '/uiSchema/companyAddress/ui:widget', field: 'companyAddress' },
    ]);
    expect(checks[0]?.params).toEqual({ field: 'companyName', widget: 'address', type: 'string' });
  });

  it('refuses the widget field without a widget', () => {
    const form = draft('addressInfo');
    delete form.uiSchema['address']['ui:widget'];
    expect(brief(checkForm('addressInfo', form, context))).toEqual([
      { code: 'fieldNeedsWidget', path: '/uiSchema/address/ui:field', field: 'address' },
    ]);
  });

  it('refuses a widget that reads the address book (SEC MC 18)', () => {
    const ctx: FormCheckContext = {
      ...context,
      widgets: { ...context.widgets, contactList: { ...context.widgets['contactPicker']!, readsAddressBook: true } },
    };
    const form = draft('addressInfo');
    form.uiSchema['address'] = {
      'ui:field': 'widget',
      'ui:widget': 'contactList',
      'ui:options': { notice: 'notice.contacts' },
    };
    // (Its labels, widgets.contactList.*, are missing from the catalog too.)
    const checks = checkForm('addressInfo', form, ctx).filter((c) => c.code !== 'studio.checks.missingSharedText');
    expect(brief(checks)).toEqual([{ code: 'addressBook', path: '/uiSchema/address/ui:widget', field: 'address' }]);
  });

  it("checks options against the widget's options schema, and its labels against its labels", () => {
    const form = draft('identity');
    form.uiSchema['facePhoto']['ui:options'].capture = 'front';
    form.uiSchema['idPhotoBack']['ui:options'].captur = 'user';
    form.uiSchema['idPhotoFront']['ui:options'].labels = { take: 'widgets.photo.take', shoot: 'widgets.photo.take' };
    expect(brief(checkForm('identity', form, context))).toEqual(
      [
        { code: 'optionsInvalid', path: '/uiSchema/idPhotoFront/ui:options/labels/shoot', field: 'idPhotoFront' },
        { code: 'optionsInvalid', path: '/uiSchema/idPhotoBack/ui:options/captur', field: 'idPhotoBack' },
        { code: 'optionsInvalid', path: '/uiSchema/facePhoto/ui:options/capture', field: 'facePhoto' },
      ].map((c, i) => (i === 0 ? { ...c, code: 'labelUnknown' } : c)),
    );
    expect(checkForm('identity', form, context)[0]?.severity).toBe('warning');
  });

  it('needs a just-in-time notice on every sensitive field; a notice covers the sensitive fields of its widget right after it', () => {
    const form = draft('identity');
    delete form.uiSchema['idPhotoFront']['ui:options'].notice;
    expect(brief(checkForm('identity', form, context))).toEqual([
      { code: 'noticeMissing', path: '/uiSchema/idPhotoFront', field: 'idPhotoFront' },
      { code: 'noticeMissing', path: '/uiSchema/idPhotoBack', field: 'idPhotoBack' },
    ]);
    const apart = draft('identity');
    apart.uiSchema['ui:order'] = [
      'name',
      'birthDate',
      'idPhotoFront',
      'gender',
      'idType',
      'idNumber',
      'idPhotoBack',
      'facePhoto',
    ];
    expect(brief(checkForm('identity', apart, context))).toEqual([
      { code: 'noticeMissing', path: '/uiSchema/idPhotoBack', field: 'idPhotoBack' },
    ]);
  });

  it('accepts the notice of a list for the contact cards in it, and needs one there', () => {
    const form = draft('contact');
    delete form.uiSchema['emergencyContacts']['ui:options'].notice;
    expect(brief(checkForm('contact', form, context))).toEqual([
      { code: 'noticeMissing', path: '/uiSchema/emergencyContacts/items', field: 'emergencyContacts' },
    ]);
    const own = draft('contact');
    delete own.uiSchema['emergencyContacts']['ui:options'].notice;
    own.uiSchema['emergencyContacts'].items['ui:options'].notice = 'notice.contacts';
    expect(checkForm('contact', own, context)).toEqual([]);
  });

  it('needs ui:order to list every field once and nothing else; one `*` stands for the rest', () => {
    const form = draft('workInfo');
    form.uiSchema['ui:order'] = [
      'employmentType',
      'employmentType',
      'salary',
      ...form.uiSchema['ui:order'].slice(1, -1),
    ];
    expect(brief(checkForm('workInfo', form, context))).toEqual([
      { code: 'orderDuplicate', path: '/uiSchema/ui:order/1', field: 'employmentType' },
      { code: 'orderUnknown', path: '/uiSchema/ui:order/2', field: 'salary' },
      { code: 'orderMissing', path: '/uiSchema/ui:order', field: 'graduationDate' },
    ]);
    const two = draft('workInfo');
    two.uiSchema['ui:order'] = ['employmentType'];
    const missing = checkForm('workInfo', two, context);
    expect(missing).toHaveLength(12);
    expect(new Set(missing.map((c) => c.id)).size).toBe(12);
    const star = draft('workInfo');
    star.uiSchema['ui:order'] = ['employmentType', '*'];
    expect(checkForm('workInfo', star, context)).toEqual([]);
    star.uiSchema['ui:order'] = ['*', 'employmentType', '*'];
    expect(brief(checkForm('workInfo', star, context))).toEqual([
      { code: 'orderWildcards', path: '/uiSchema/ui:order', field: undefined },
    ]);
    const nested = draft('contact');
    nested.uiSchema['emergencyContacts'].items['ui:order'] = ['name', 'phone'];
    expect(brief(checkForm('contact', nested, context))).toEqual([
      { code: 'orderMissing', path: '/uiSchema/emergencyContacts/items/ui:order', field: 'relation' },
    ]);
  });

  it('warns of uiSchema entries for fields the schema lacks', () => {
    const form = draft('baseInfo2');
    form.uiSchema['loanReason'] = { 'ui:widget': 'chips' };
    const checks = checkForm('baseInfo2', form, context);
    expect(brief(checks)).toEqual([{ code: 'uiUnknownProperty', path: '/uiSchema/loanReason', field: 'loanReason' }]);
    expect(checks[0]?.severity).toBe('warning');
  });

  it('gives checks stable ids', () => {
    const form = draft('baseInfo2');
    form.uiSchema['loanPurpose']['ui:widget'] = 'stars';
    expect(checkForm('baseInfo2', form, context).map((c) => c.id)).toEqual([
      'unknownWidget:/uiSchema/loanPurpose/ui:widget',
    ]);
  });
});
