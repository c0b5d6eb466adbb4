import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '#locales/en/forms.json' with { type: 'json' };
import zh from '#locales/zh-CN/forms.json' with { type: 'json' };
import { fieldLabel, fieldValue, type ProfileTranslator } from './profile-text.ts';

async function translator(lng: string): Promise<ProfileTranslator> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: { en: { forms: en }, 'zh-CN': { forms: zh } },
    ns: ['forms'],
    defaultNS: 'staff',
    interpolation: { escapeValue: false },
  });
  return {
    t: (key, options) => i18n.t(key, options ?? {}),
    exists: (key) => i18n.exists(key),
    forms: () => i18n.getResourceBundle(lng, 'forms') as Record<string, unknown>,
  };
}

describe('profile fields as the borrower saw them', () => {
  it('labels a field with its form label, the step named through the flow (identityInfo -> identity)', async () => {
    const t = await translator('en');
    expect(fieldLabel(t, 'identityInfo', 'idType')).toBe('ID type');
    expect(fieldLabel(t, 'baseInfo', 'maritalStatus')).toBe('Marital status');
    expect(fieldLabel(t, 'baseInfo', 'notAField')).toBe('notAField');
  });

  it("shows an option code as its option text, in the staff member's language", async () => {
    expect(fieldValue(await translator('en'), 'identityInfo', 'idType', 'passport')).toBe('Passport');
    expect(fieldValue(await translator('zh-CN'), 'baseInfo', 'maritalStatus', 'married')).toBe(
      zh.baseInfo.options.maritalStatus.married,
    );
    expect(fieldLabel(await translator('zh-CN'), 'baseInfo', 'maritalStatus')).toBe(zh.baseInfo.maritalStatus);
  });

  it("fills an income band's amounts as pesos", async () => {
    expect(fieldValue(await translator('en'), 'workInfo', 'monthlyIncome', 'from12001To18000')).toBe(
      '₱12,001 to ₱18,000',
    );
  });

  it("names the option codes of a list the server masked and joined (the emergency contacts' relationships)", async () => {
    const joined = 'M*** S***, ••••••••22, parents; J*** R***, ••••••••23, siblings';
    expect(fieldValue(await translator('en'), 'contact', 'emergencyContacts', joined)).toBe(
      'M*** S***, ••••••••22, Parent; J*** R***, ••••••••23, Brother or sister',
    );
    expect(fieldValue(await translator('zh-CN'), 'contact', 'emergencyContacts', joined)).toContain(
      zh.contact.options.relation.parents,
    );
    expect(fieldValue(await translator('en'), 'addressInfo', 'address', '••••00, N*** C***')).toBeUndefined();
  });

  it('leaves masked and free values alone', async () => {
    const t = await translator('en');
    expect(fieldValue(t, 'identityInfo', 'name', 'J*** D***')).toBeUndefined();
    expect(fieldValue(t, 'identityInfo', 'idNumber', '•••••••67')).toBeUndefined();
    expect(fieldValue(t, 'baseInfo', 'maritalStatus', 'somethingElse')).toBeUndefined();
  });
});
