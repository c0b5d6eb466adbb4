/**
 * Test and bench fixtures for loans: a complete profile written straight into the database (every section valid by
 * its step's rules, so the profile service counts it complete), a signature document and the application most tests
 * make.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { documents, profileSections } from '../db/tables.ts';

/** The application most tests make: ₱3,000 of the standard cash loan for 30 days, within a first limit. */
export const STANDARD_LOAN = { productId: 'cash', subProductId: 'standard', principalCentavos: 300000, termDays: 30 };

export const BANK_INFO = {
  payoutMethod: 'bank',
  bankCode: 'bdo',
  accountNumber: '001234567890',
  accountNumberConfirm: '001234567890',
  payeeLastName: 'dela Cruz',
  payeeFirstName: 'Juan',
  payeeMiddleName: 'Santos',
  withdrawalPhone: '9171234567',
} as const;

export const WORK_INFO = {
  employmentType: 'contractWorker',
  yearsWorked: 'oneToThree',
  monthlyIncome: 'from18001To25000',
  industry: 'bpo',
  payCycle: 'biWeekly',
  payday: '2026-06-15',
  companyName: 'Acme BPO Inc.',
  companyPhone: '9171234567',
  companyAddress: '8th Floor, Cyber One, Eastwood City, Quezon City',
} as const;

export interface ProfileOverrides {
  readonly identityInfo?: Record<string, unknown>;
  readonly workInfo?: Record<string, unknown>;
  readonly bankInfo?: Record<string, unknown>;
}

/** Every step of config/flow.json, valid. */
export function completeSections(overrides: ProfileOverrides = {}): Record<string, Record<string, unknown>> {
  const doc = `doc:${randomUUID()}`;
  return {
    identityInfo: {
      name: 'Juan dela Cruz',
      birthDate: '1990-05-17',
      gender: 'male',
      idType: 'passport',
      idNumber: 'P1234567A',
      idPhotoFront: doc,
      facePhoto: doc,
      ...overrides.identityInfo,
    },
    baseInfo: { maritalStatus: 'single', education: 'college' },
    baseInfo2: { loanPurpose: 'dailyExpense' },
    addressInfo: {
      address: {
        provinceCode: '1380000000',
        provinceName: 'NCR, City of Manila, First District',
        cityCode: '1380601000',
        cityName: 'Tondo I/II',
        barangayCode: '1380601001',
        barangayName: 'Barangay 1',
      },
      detailedAddress: '123 Rizal Ave. Blk 4 Lot 5',
      postalCode: '1012',
    },
    contact: {
      email: 'juan.cruz@example.ph',
      whatsApp: '09171234567',
      emergencyContacts: [
        { name: 'Maria Santos', phone: '9181112222', relation: 'parents' },
        { name: 'Jose Reyes', phone: '9181112223', relation: 'siblings' },
        { name: 'Ana Reyes', phone: '9181112224', relation: 'friends' },
      ],
    },
    workInfo: { ...WORK_INFO, ...overrides.workInfo },
    bankInfo: { ...BANK_INFO, ...overrides.bankInfo },
  };
}

/** Writes a complete profile for `customerId` (schemaVersion 'fixture': the rules are checked on read). */
export async function completeProfile(
  db: Database,
  customerId: string,
  overrides: ProfileOverrides = {},
): Promise<void> {
  const rows = Object.entries(completeSections(overrides)).map(([step, data]) => ({
    customerId,
    step,
    data,
    schemaVersion: 'fixture',
  }));
  await db.insert(profileSections).values(rows).onConflictDoNothing();
}

/** A signature document of `customerId` (as POST /documents records it), answered as its `doc:<id>` ref. */
export async function signatureDocument(db: Database, customerId: string): Promise<string> {
  const [doc] = await db
    .insert(documents)
    .values({
      customerId,
      kind: 'signature',
      storageKey: `documents/${customerId}/sig.png`,
      contentType: 'image/png',
      bytes: 1,
      width: 1,
      height: 1,
    })
    .returning();
  return `doc:${doc!.id}`;
}
