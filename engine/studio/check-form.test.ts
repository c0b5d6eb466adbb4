import { describe, expect, it } from 'vitest';
import { checkForm } from './check-form.ts';
import type { FormCheckContext } from './check-form.ts';
import { context, draft, FLOW, seedForm, type Loose } from '#tests/unit/studio-seed.ts';
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
  it('refuses a schema that is not a JSON Schema, naming the field and the keyword, in no words of ajv', () => {
    const form = draft('baseInfo');
    form.schema['type'] = 'objekt';
    expect(brief(checkForm('baseInfo', form, context))).toContainEqual({
      code: 'schemaValueType',
      path: '/schema/type',
      field: undefined,
    });
    const checks = checkForm('baseInfo', form, context);
    expect(checks.find((c) => c.code === 'studio.checks.schemaValueType')?.params).toEqual({
      where: '#',
      keyword: 'type',
    });
  });

  it('refuses a schema the product cannot compile: an unknown format or keyword (strict), saying which and where', () => {
    const form = draft('workInfo');
    form.schema['properties'].employmentType.format = 'ph-landline';
    const checks = checkForm('workInfo', form, context);
    expect(brief(checks)).toEqual([
      { code: 'unknownFormat', path: '/schema/properties/employmentType/format', field: 'employmentType' },
    ]);
    expect(checks[0]?.params).toMatchObject({
      where: '“employmentType” (#/properties/employmentType)',
      format: 'ph-landline',
    });
    expect(checks[0]?.params['formats']).toContain('date-time');
    const other = draft('workInfo');
    other.schema['properties'].employmentType.maxLenght = 3;
    const typo = checkForm('workInfo', other, context);
    expect(brief(typo)).toEqual([
      { code: 'unknownKeywordSuggest', path: '/schema/properties/employmentType/maxLenght', field: 'employmentType' },
    ]);
    expect(typo[0]?.params).toMatchObject({ keyword: 'maxLenght', suggestion: 'maxLength' });
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
    // The text names the field: the message's {{field}} has its value (it used to show a literal {{field}}).
    expect(found.map((c) => c.params['field'])).toEqual(['facePhoto', 'facePhoto', 'facePhoto']);
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

  it('refuses a file field whose files a save could not carry: a file larger than fits, a list without a cap', () => {
    const form = draft('baseInfo');
    const props = form.schema['properties'] as Loose;
    props['payslip'] = { type: 'string', format: 'data-url' };
    props['receipts'] = { type: 'array', items: { type: 'string', format: 'data-url' } };
    const notice = 'baseInfo.notice';
    form.uiSchema['payslip'] = { 'ui:options': { notice } };
    form.uiSchema['receipts'] = { 'ui:options': { notice, maxBytes: 10_000 } };
    form.uiSchema['ui:order'] = undefined;
    const fileChecks = (checks: Check[]) =>
      errors(checks)
        .filter((c) => /file/u.test(c.code))
        .map((c) => ({ code: c.code.replace('studio.checks.', ''), path: c.path, params: c.params }));
    // The widget's default (5 MB) for one, no maxItems for the other; 57,344 bytes of data URL is 43,008 of file.
    expect(fileChecks(checkForm('baseInfo', form, context))).toEqual([
      { code: 'fileTooLarge', path: '/uiSchema/payslip/ui:options', params: { field: 'payslip', bytes: '43008' } },
      { code: 'fileCountOpen', path: '/uiSchema/receipts/ui:options', params: { field: 'receipts', bytes: '43008' } },
    ]);
    // Five of 10 KB are too many; four fit, and so does one file of 43,008 bytes.
    props['receipts'] = { ...(props['receipts'] as Loose), maxItems: 5 };
    form.uiSchema['payslip'] = { 'ui:options': { notice, maxBytes: 43_008 } };
    expect(fileChecks(checkForm('baseInfo', form, context))).toEqual([
      { code: 'fileTooLarge', path: '/uiSchema/receipts/ui:options', params: { field: 'receipts', bytes: '8601' } },
    ]);
    props['receipts'] = { ...(props['receipts'] as Loose), maxItems: 4 };
    expect(fileChecks(checkForm('baseInfo', form, context))).toEqual([]);
    // A product that sets no limit has none checked.
    form.uiSchema['payslip'] = { 'ui:options': { notice } };
    expect(fileChecks(checkForm('baseInfo', form, { ...context, fileBytes: undefined }))).toEqual([]);
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

/** A small form of RJSF's kind, its texts defined in every language by `texts`. */
function rjsfForm(
  schema: Loose,
  uiSchema: Loose = {},
  texts: Loose = {},
): { schema: Loose; uiSchema: Loose; texts: Record<string, Loose> } {
  return { schema: { $id: 'probe.schema.json', ...schema }, uiSchema, texts: { en: texts, fil: texts, zh: texts } };
}

describe('checkForm on forms as RJSF users write them', () => {
  it('accepts ordinary draft-07: keywords without a type, union types, tuples, if alone, the standard formats', () => {
    const form = rjsfForm(
      {
        type: 'object',
        properties: {
          age: { type: 'integer', allOf: [{ minimum: 18 }] },
          nickname: { type: ['string', 'null'], maxLength: 20 },
          pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] },
          born: { type: 'string', format: 'date' },
          at: { type: 'string', format: 'date-time' },
          opens: { type: 'string', format: 'time' },
          mail: { type: 'string', format: 'email' },
          site: { type: 'string', format: 'uri' },
          scan: { type: 'string', format: 'data-url' },
        },
        if: { properties: { age: { const: 18 } } },
      },
      {
        site: { 'ui:widget': 'uri' },
        at: { 'ui:widget': 'date-time' },
        scan: { 'ui:options': { notice: 'probe.scanNotice', maxBytes: 40_000 } },
      },
    );
    const errors = checkForm('probe', form, context).filter(
      (c) => c.severity === 'error' && c.code !== 'studio.checks.missingText',
    );
    expect(errors).toEqual([]);
  });

  it("accepts a radio whose choices are oneOf consts, RJSF's class names RadioWidget and CheckboxesWidget, inline", () => {
    const form = rjsfForm(
      {
        type: 'object',
        properties: {
          mode: {
            type: 'string',
            oneOf: [
              { const: 'screen', title: 'probe.modes.screen' },
              { const: 'overlay', title: 'probe.modes.overlay' },
            ],
          },
          size: { type: 'string', enum: ['s', 'm'] },
          colours: { type: 'array', uniqueItems: true, items: { type: 'string', enum: ['red', 'blue'] } },
        },
      },
      {
        mode: { 'ui:widget': 'radio', 'ui:options': { inline: true } },
        size: { 'ui:widget': 'RadioWidget' },
        colours: { 'ui:widget': 'CheckboxesWidget' },
      },
      {
        modes: { screen: 'Screen', overlay: 'Overlay' },
        options: { size: { s: 'S', m: 'M' }, colours: { red: 'Red', blue: 'Blue' } },
      },
    );
    expect(checkForm('probe', form, context)).toEqual([]);
    // Without choices a radio still has nothing to show.
    form.schema['properties'].mode = { type: 'string' };
    expect(brief(checkForm('probe', form, context))).toEqual([
      { code: 'widgetNeedsEnum', path: '/uiSchema/mode/ui:widget', field: 'mode' },
    ]);
  });

  it("asks a text for the title of each oneOf / anyOf option, the uiSchema's ui:title of an option first", () => {
    const form = rjsfForm(
      {
        type: 'object',
        properties: {
          pay: {
            type: 'object',
            oneOf: [
              { title: 'probe.pay.bank', properties: { account: { type: 'string', title: 'probe.account' } } },
              { title: 'probe.pay.wallet', properties: { phone: { type: 'string', title: 'probe.phone' } } },
            ],
          },
        },
      },
      { pay: { oneOf: [{}, { 'ui:title': 'probe.pay.eWallet' }] } },
      { account: 'Account', phone: 'Phone' },
    );
    const missing = checkForm('probe', form, context).filter((c) => c.params['language'] === 'en');
    expect(missing.map((c) => [c.code, c.params['key'], c.field])).toEqual([
      ['studio.checks.missingText', 'probe.pay.bank', 'pay'],
      ['studio.checks.missingText', 'probe.pay.eWallet', 'pay'],
    ]);
  });

  it('reads ui:enumNames in its map form (value -> text key), the convention filling the values it leaves out', () => {
    const form = rjsfForm(
      { type: 'object', properties: { rating: { type: 'number', enum: [1, 2, 3] } } },
      { rating: { 'ui:enumNames': { '1': 'probe.terrible', '3': 'probe.great' } } },
      { terrible: 'Terrible' },
    );
    const missing = checkForm('probe', form, context).filter((c) => c.params['language'] === 'en');
    expect(missing.map((c) => [c.params['key'], c.path])).toEqual([
      ['probe.options.rating.2', '/texts/en/options/rating/2'],
      ['probe.great', '/texts/en/great'],
    ]);
  });

  it('keys option labels by the form, whatever the schema $id says (the step and the preview key them so)', () => {
    const form = rjsfForm({ type: 'object', properties: { size: { type: 'string', enum: ['s'] } } });
    delete form.schema['$id'];
    const keys = (found: Check[]) => [...new Set(found.map((c) => c.params['key']))];
    expect(keys(checkForm('probe', form, context))).toEqual(['probe.options.size.s']);
    form.schema['$id'] = 'other.schema.json';
    expect(keys(checkForm('probe', form, context))).toEqual(['probe.options.size.s']);
  });

  it('reads the titles of fixed items, of additional items and beside a $ref, as RJSF shows them', () => {
    const form = rjsfForm({
      type: 'object',
      definitions: { address: { type: 'object', properties: { city: { type: 'string' } } } },
      properties: {
        pair: {
          type: 'array',
          items: [{ type: 'string', title: 'probe.first' }, { type: 'number' }],
          additionalItems: { type: 'string', title: 'probe.more' },
        },
        billing: { title: 'probe.billing', $ref: '#/definitions/address' },
      },
    });
    const missing = checkForm('probe', form, context).filter((c) => c.params['language'] === 'en');
    expect(missing.map((c) => [c.params['key'], c.field])).toEqual([
      ['probe.first', 'pair'],
      ['probe.more', 'pair'],
      ['probe.billing', 'billing'],
    ]);
  });

  it('takes a boolean under a radio or a select, offering the shared yes and no as RJSF offers Yes and No', () => {
    const form = rjsfForm(
      { type: 'object', properties: { agree: { type: 'boolean' }, pick: { type: ['boolean', 'null'] } } },
      { agree: { 'ui:widget': 'radio' }, pick: { 'ui:widget': 'select' } },
    );
    expect(checkForm('probe', form, context)).toEqual([]);
    const shared = { ...context, shared: { ...context.shared, zh: { form: { yes: '是' } } } };
    expect(brief(checkForm('probe', form, shared))).toEqual([
      { code: 'missingSharedText', path: '/uiSchema/agree/ui:widget', field: 'agree' },
    ]);
    // Chips need choices of their own: a string without them still has none.
    form.schema['properties'].code = { type: 'string' };
    form.uiSchema['code'] = { 'ui:widget': 'chips' };
    expect(brief(checkForm('probe', form, context))).toEqual([
      { code: 'widgetNeedsEnum', path: '/uiSchema/code/ui:widget', field: 'code' },
    ]);
  });

  it('asks a notice of a file as of a photo, chosen by its format without any ui:widget, one file or a list', () => {
    const form = rjsfForm({
      type: 'object',
      properties: {
        payslip: { type: 'string', format: 'data-url' },
        receipts: { type: 'array', items: { type: 'string', format: 'data-url' } },
      },
    });
    expect(brief(checkForm('probe', form, context))).toEqual([
      { code: 'fileTooLarge', path: '/uiSchema/payslip/ui:options', field: 'payslip' },
      { code: 'noticeMissing', path: '/uiSchema/payslip', field: 'payslip' },
      { code: 'fileCountOpen', path: '/uiSchema/receipts/ui:options', field: 'receipts' },
      { code: 'noticeMissing', path: '/uiSchema/receipts', field: 'receipts' },
    ]);
    form.uiSchema = {
      payslip: { 'ui:options': { notice: 'probe.notice', accept: 'image/*,.pdf', maxBytes: 40_000 } },
      receipts: { 'ui:options': { notice: 'probe.notice', maxBytes: 0 } },
    };
    const texts = { notice: 'We keep it to check your income.' };
    expect(brief(checkForm('probe', { ...form, texts: { en: texts, fil: texts, zh: texts } }, context))).toEqual([
      { code: 'optionsInvalid', path: '/uiSchema/receipts/ui:options/maxBytes', field: 'receipts' },
    ]);
  });

  it('asks the texts of a shared option list once, however many fields name it (ui:options.optionList)', () => {
    const banks = Array.from({ length: 100 }, (_, i) => `bank${i}`);
    const properties = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`field${i}`, { type: 'string', enum: banks }]),
    );
    const uiSchema = Object.fromEntries(
      Object.keys(properties).map((name) => [name, { 'ui:options': { optionList: 'banks' } }]),
    );
    const form = rjsfForm({ type: 'object', properties }, uiSchema);
    const missing = checkForm('probe', form, context);
    // 100 texts in 3 languages, not 3,000: each text is the list's.
    expect(missing).toHaveLength(300);
    expect(new Set(missing.map((c) => c.params['key'])).size).toBe(100);
    expect(missing[0]?.path).toBe('/texts/en/options/banks/bank0');
    const texts = { options: { banks: Object.fromEntries(banks.map((b) => [b, b.toUpperCase()])) } };
    expect(checkForm('probe', { ...form, texts: { en: texts, fil: texts, zh: texts } }, context)).toEqual([]);
    form.uiSchema['field0']['ui:options'].optionList = 'two words';
    const invalid = checkForm('probe', { ...form, texts: { en: texts, fil: texts, zh: texts } }, context);
    expect(brief(invalid)[0]).toEqual({
      code: 'optionListInvalid',
      path: '/uiSchema/field0/ui:options/optionList',
      field: 'field0',
    });
  });
});

describe('checkForm on ui:definitions (the settings of the fields a $ref reaches)', () => {
  const schema = {
    type: 'object',
    definitions: {
      note: { type: 'string' },
      person: { type: 'object', properties: { name: { type: 'string' }, photo: { type: 'string' } } },
    },
    properties: {
      first: { $ref: '#/definitions/note' },
      second: { $ref: '#/definitions/note' },
      people: { type: 'array', items: { $ref: '#/definitions/person' } },
    },
  };

  it('checks an entry as the settings of every field it reaches: its widget, once, where the entry names it', () => {
    const form = rjsfForm(schema, { 'ui:definitions': { '#/definitions/note': { 'ui:widget': 'stars' } } });
    expect(brief(checkForm('probe', form, context))).toEqual([
      { code: 'unknownWidget', path: '/uiSchema/ui:definitions/#~1definitions~1note/ui:widget', field: 'first' },
    ]);
    // A field's own widget wins over the entry's (RJSF merges the field's settings over it).
    form.uiSchema['first'] = { 'ui:widget': 'textarea' };
    form.uiSchema['second'] = { 'ui:widget': 'textarea' };
    expect(checkForm('probe', form, context)).toEqual([]);
  });

  it("checks an entry's options against its widget, and a field's options against the entry's widget", () => {
    const form = rjsfForm(schema, {
      'ui:definitions': { '#/definitions/note': { 'ui:widget': 'otp', 'ui:options': { length: 40 } } },
      second: { 'ui:options': { length: 'six' } },
    });
    expect(brief(checkForm('probe', form, context))).toEqual([
      {
        code: 'optionsInvalid',
        path: '/uiSchema/ui:definitions/#~1definitions~1note/ui:options/length',
        field: 'first',
      },
      { code: 'optionsInvalid', path: '/uiSchema/second/ui:options/length', field: 'second' },
    ]);
  });

  it('reads the texts an entry gives, reaches the fields inside it, and a notice on the field covers its widget', () => {
    const form = rjsfForm(schema, {
      'ui:definitions': {
        '#/definitions/note': { 'ui:title': 'probe.note', 'ui:placeholder': 'probe.hint' },
        '#/definitions/person': { photo: { 'ui:widget': 'photo' } },
      },
      people: { items: { 'ui:options': { notice: 'probe.why' } } },
    });
    const found = checkForm('probe', form, context);
    expect([...new Set(found.map((c) => c.params['key']))]).toEqual(['probe.note', 'probe.hint', 'probe.why']);
    expect(found.some((c) => c.code === 'studio.checks.noticeMissing')).toBe(false);
    delete form.uiSchema['people'];
    expect(brief(checkForm('probe', form, context)).filter((c) => c.code === 'noticeMissing')).toEqual([
      { code: 'noticeMissing', path: '/uiSchema/ui:definitions/#~1definitions~1person/photo', field: 'photo' },
    ]);
  });

  it('reads an option title an entry gives to an alternative reached by a $ref', () => {
    const form = rjsfForm(
      {
        type: 'object',
        definitions: { bank: { type: 'object', properties: { account: { type: 'string', title: 'probe.account' } } } },
        properties: { pay: { type: 'object', oneOf: [{ $ref: '#/definitions/bank' }] } },
      },
      { 'ui:definitions': { '#/definitions/bank': { 'ui:title': 'probe.bank' } } },
      { account: 'Account' },
    );
    expect(checkForm('probe', form, context).filter((c) => c.params['language'] === 'en')).toEqual([
      expect.objectContaining({ path: '/texts/en/bank', params: { key: 'probe.bank', language: 'en' } }),
    ]);
  });

  it('warns of an entry no field uses and refuses one that is not an object of settings', () => {
    const form = rjsfForm(schema, {
      'ui:definitions': { '#/definitions/nothing': { 'ui:widget': 'stars' }, '#/definitions/note': 'textarea' },
    });
    expect(brief(checkForm('probe', form, context))).toEqual([
      { code: 'uiDefinitionsInvalid', path: '/uiSchema/ui:definitions/#~1definitions~1note' },
      { code: 'uiDefinitionUnused', path: '/uiSchema/ui:definitions/#~1definitions~1nothing' },
    ]);
    expect(checkForm('probe', form, context)[1]).toMatchObject({
      severity: 'warning',
      params: { ref: '#/definitions/nothing' },
    });
    form.uiSchema['ui:definitions'] = ['textarea'];
    expect(brief(checkForm('probe', form, context))).toEqual([
      { code: 'uiDefinitionsInvalid', path: '/uiSchema/ui:definitions' },
    ]);
  });
});
