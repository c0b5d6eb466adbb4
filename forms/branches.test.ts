/**
 * The real forms' branches (engine/validation/prune-branches.ts): what a branch that does not apply asks for is
 * dropped, what applies is kept as typed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAjv } from '#engine/validation/create-ajv.ts';
import { branchTester, pruneToBranches } from '#engine/validation/prune-branches.ts';
import { vocabulary } from './vocabulary.ts';

const ajv = createAjv(vocabulary, { fragments: true });
const pruner = (name: string) => {
  const schema = JSON.parse(readFileSync(`forms/${name}.schema.json`, 'utf8')) as { $id: string };
  const test = branchTester(ajv, schema);
  return (data: unknown) => pruneToBranches(schema, data, test);
};

describe('branches of the real forms', () => {
  const employed = {
    employmentType: 'contractWorker',
    yearsWorked: 'oneToThree',
    monthlyIncome: 'from18001To25000',
    industry: 'bpo',
    payCycle: 'monthly',
    payday: '2026-03-15',
    companyName: 'Acme BPO',
    companyPhone: '09171234567',
    companyAddress: '1 Ayala Ave, Makati',
  };
  const student = {
    employmentType: 'student',
    schoolName: 'UP Diliman',
    major: 'Nursing',
    admissionDate: '2023-08-14',
    graduationDate: '2027-06-30',
  };

  it('workInfo: drops the school of an employed borrower and the company of a student; an unemployed one keeps only the type', () => {
    const workInfo = pruner('workInfo');
    expect(workInfo({ ...employed, schoolName: '<img src=x onerror=alert(1)>', admissionDate: '2023-02-30' })).toEqual(
      employed,
    );
    expect(workInfo({ ...student, companyName: '<b>x</b>', monthlyIncome: 'over30000' })).toEqual(student);
    expect(workInfo({ ...employed, ...student, employmentType: 'unemployed' })).toEqual({
      employmentType: 'unemployed',
    });
    expect(workInfo({ employmentType: 'student', bogus: 1 })).toEqual({ employmentType: 'student', bogus: 1 });
  });

  it('bankInfo: keeps only the fields of the chosen payout method', () => {
    const bankInfo = pruner('bankInfo');
    const payee = { payeeLastName: 'Dela Cruz', payeeFirstName: 'Juan', withdrawalPhone: '09171234567' };
    const bank = {
      payoutMethod: 'bank',
      bankCode: 'bdo',
      accountNumber: '1234567890',
      accountNumberConfirm: '1234567890',
      ...payee,
    };
    expect(
      bankInfo({ ...bank, eWalletProvider: 'gcash', eWalletNumber: '9'.repeat(2000), remittanceShop: 'lbc' }),
    ).toEqual(bank);
    const wallet = { payoutMethod: 'eWallet', eWalletProvider: 'gcash', eWalletNumber: '09171234567', ...payee };
    expect(bankInfo({ ...wallet, accountNumber: '1234567890' })).toEqual(wallet);
    const remittance = { payoutMethod: 'remittance', remittanceShop: 'lbc', ...payee };
    expect(bankInfo({ ...remittance, bankCode: 'bdo', eWalletNumber: '0917' })).toEqual(remittance);
  });

  it('identity: keeps the ID number, whose rule the ID type chooses, and every form without branches is left as it is', () => {
    const identity = {
      name: 'Juan Dela Cruz',
      birthDate: '1990-05-15',
      gender: 'male',
      idType: 'passport',
      idNumber: 'P1234567A',
      idPhotoFront: 'doc:x',
      facePhoto: 'doc:y',
    };
    expect(pruner('identity')(identity)).toEqual(identity);
    const contact = {
      email: 'a@b.ph',
      whatsApp: '09171234567',
      emergencyContacts: [{ name: 'A', phone: '09170000001', relation: 'parents' }],
      extra: 1,
    };
    expect(pruner('contact')(contact)).toEqual(contact);
  });
});
