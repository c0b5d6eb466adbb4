/** Sample answers to the contact step, valid and invalid, shared by the schema test and the compiled-validator test. */

/** One sample: a short name and the data as a borrower might submit it. */
export interface ContactSample {
  readonly name: string;
  readonly data: unknown;
}

const contacts = [
  { name: 'Maria  Santos', phone: '0918-111-2222', relation: 'parents' },
  { name: 'Jose O\u2019Brien', phone: '+639181112223', relation: 'siblings' },
  { name: 'Ana \u674E Reyes', phone: '9181112224', relation: 'friends' },
];

const full = {
  email: ' Juan.Cruz@Example.ph ',
  whatsApp: '0917 123 4567',
  viber: '+63 917 765 4321',
  facebookUsername: '@Juan.DelaCruz',
  emergencyContacts: contacts,
};

const withContact = (index: number, change: Record<string, unknown>) => ({
  ...full,
  emergencyContacts: contacts.map((c, i) => (i === index ? { ...c, ...change } : c)),
});

/** Samples by verdict. */
export const contactSamples: { readonly valid: readonly ContactSample[]; readonly invalid: readonly ContactSample[] } =
  {
    valid: [
      { name: 'every field, typed with separators and prefixes', data: full },
      { name: 'required fields only', data: { email: 'a@b.ph', whatsApp: '09171234567', emergencyContacts: contacts } },
    ],
    invalid: [
      { name: 'nothing', data: {} },
      { name: 'not an object', data: [] },
      { name: 'same phone written two ways', data: withContact(1, { phone: '0918 111 2222' }) },
      { name: 'WhatsApp without the 0', data: { ...full, whatsApp: '9171234567' } },
      { name: 'e-mail without a domain dot', data: { ...full, email: 'juan@example' } },
      { name: 'Facebook username too short', data: { ...full, facebookUsername: 'abc' } },
      { name: 'Viber not a Philippine mobile', data: { ...full, viber: '0817 123 4567' } },
      { name: 'relation not in the list', data: withContact(2, { relation: 'boss' }) },
      { name: 'contact name with digits', data: withContact(0, { name: 'Maria 2' }) },
      { name: 'contact name only Chinese', data: withContact(0, { name: '\u674E\u660E' }) },
      { name: 'two contacts', data: { ...full, emergencyContacts: contacts.slice(0, 2) } },
      { name: 'an unknown field', data: { ...full, nickname: 'JC' } },
    ],
  };
