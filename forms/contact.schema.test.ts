/**
 * The contact step (spec section 5). Not here: "differ from the registered phone", which is not in this form; the
 * server (or the flow) checks it against the borrower's account.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAjv } from '#engine/validation/create-ajv.ts';
import { contactSamples } from './contact.samples.ts';
import { vocabulary } from './vocabulary.ts';

const schema = JSON.parse(readFileSync('forms/contact.schema.json', 'utf8')) as Record<string, unknown>;
const validate = createAjv(vocabulary).compile(schema);
const sample = (name: string) =>
  structuredClone([...contactSamples.valid, ...contactSamples.invalid].find((s) => s.name === name)!.data);
const errorsOf = (data: unknown) =>
  validate(data) ? [] : (validate.errors ?? []).map((e) => [e.instancePath, e.keyword, e.params]);

describe('contact schema', () => {
  it('accepts what a borrower types and stores it normalised', () => {
    const data = sample('every field, typed with separators and prefixes');
    expect(errorsOf(data)).toEqual([]);
    expect(data).toEqual({
      email: 'Juan.Cruz@Example.ph',
      whatsApp: '09171234567',
      viber: '9177654321',
      facebookUsername: 'juan.delacruz',
      emergencyContacts: [
        { name: 'Maria Santos', phone: '9181112222', relation: 'parents' },
        { name: "Jose O'Brien", phone: '9181112223', relation: 'siblings' },
        { name: 'Ana Reyes', phone: '9181112224', relation: 'friends' },
      ],
    });
  });

  it('requires e-mail, WhatsApp and the emergency contacts; Viber and Facebook are optional', () => {
    expect(errorsOf({})).toEqual([
      ['', 'required', { missingProperty: 'email' }],
      ['', 'required', { missingProperty: 'whatsApp' }],
      ['', 'required', { missingProperty: 'emergencyContacts' }],
    ]);
    expect(errorsOf(sample('required fields only'))).toEqual([]);
  });

  it('refuses two emergency contacts with the same number, however it is written', () => {
    expect(errorsOf(sample('same phone written two ways'))).toEqual([
      ['/emergencyContacts/1', 'uniqueBy', { property: '/phone', i: 0, j: 1 }],
    ]);
  });

  it.each([
    ['WhatsApp without the 0', '/whatsApp', 'format', { format: 'ph-whatsapp' }],
    ['e-mail without a domain dot', '/email', 'format', { format: 'email' }],
    ['Facebook username too short', '/facebookUsername', 'format', { format: 'facebook-username' }],
    ['Viber not a Philippine mobile', '/viber', 'format', { format: 'viber' }],
    ['contact name with digits', '/emergencyContacts/0/name', 'format', { format: 'person-name' }],
    ['contact name only Chinese', '/emergencyContacts/0/name', 'format', { format: 'person-name' }],
    ['two contacts', '/emergencyContacts', 'minItems', { limit: 3 }],
    ['an unknown field', '', 'additionalProperties', { additionalProperty: 'nickname' }],
  ])('%s -> %s %s', (name, path, keyword, params) => {
    expect(errorsOf(sample(name))).toEqual([[path, keyword, params]]);
  });

  it('offers the spec relations only', () => {
    const [path, keyword, params] = errorsOf(sample('relation not in the list'))[0] ?? [];
    expect([path, keyword]).toEqual(['/emergencyContacts/2/relation', 'enum']);
    expect(params).toEqual({
      allowedValues: ['parents', 'spouse', 'children', 'siblings', 'friends', 'relatives', 'other'],
    });
  });

  it('keeps texts out of the schema: every title is an i18n key', () => {
    const titles = JSON.stringify(schema).match(/"title":"[^"]*"/gu) ?? [];
    expect(titles.length).toBeGreaterThan(5);
    for (const title of titles) expect(title).toMatch(/^"title":"contact\.[a-zA-Z.]+"$/u);
  });
});
