/**
 * Personal data at rest (docs/security.md): after a whole borrower journey through the API (register, every
 * information step, ID and face photos and a signature uploaded, apply, approval, terms, withdrawal and payout), a dump
 * of every table of the production schema as text and of the upload folder holds no name, birth date, ID number,
 * account number or photo in the clear. The simulated gateways' tables (the `simulated` schema,
 * server/providers/simulated/tables.ts) are left out: they stand for the gateway's own systems, which must know the
 * account it pays.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../db/test-database.ts';
import { idCard, portrait } from '../providers/identity/test-images.ts';
import { login } from '../testing/borrower.ts';
import { completeSections, STANDARD_LOAN } from '../testing/loan-fixtures.ts';
import { uploadDocument } from '../testing/multipart.ts';
import { caller, newKey } from '../testing/request.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';

const SECRETS = {
  name: 'Marites Villanueva',
  birthDate: '1987-03-21',
  idNumber: 'Q7654321Z',
  accountNumber: '118822334455',
  payeeLastName: 'Villanueva',
  companyName: 'Lakambini Outsourcing Corp.',
  emergencyName: 'Perlita Magbanua',
};
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe.each(databaseTargets())('personal data at rest on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it('a dump of every table and of the upload folder shows no personal value and no photo in the clear', async () => {
    const b = await login(api);
    const call = caller(api);

    const idFront = await uploadDocument(api, b, 'idFront', await sharp(idCard()).jpeg({ quality: 90 }).toBuffer(), {
      filename: 'f.jpg',
    });
    const face = await uploadDocument(api, b, 'face', await sharp(portrait()).jpeg({ quality: 90 }).toBuffer(), {
      filename: 'f.jpg',
    });
    const signatureSvg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240"><rect width="600" height="240" fill="white"/><path d="M40 180 C 120 20, 220 220, 320 80 S 500 60, 560 160" stroke="black" stroke-width="6" fill="none"/></svg>';
    const signature = await uploadDocument(
      api,
      b,
      'signature',
      await sharp(Buffer.from(signatureSvg)).png().toBuffer(),
      { filename: 'f.png', type: 'image/png' },
    );

    const sections = completeSections({
      identityInfo: {
        name: SECRETS.name,
        birthDate: SECRETS.birthDate,
        idType: 'passport',
        idNumber: SECRETS.idNumber,
        idPhotoFront: idFront.ref,
        facePhoto: face.ref,
      },
      workInfo: { companyName: SECRETS.companyName },
      bankInfo: {
        accountNumber: SECRETS.accountNumber,
        accountNumberConfirm: SECRETS.accountNumber,
        payeeLastName: SECRETS.payeeLastName,
        payeeFirstName: 'Marites',
        payeeMiddleName: 'Santos',
      },
    });
    (sections['contact'] as { emergencyContacts: { name: string }[] }).emergencyContacts[0]!.name =
      SECRETS.emergencyName;
    for (const [step, data] of Object.entries(sections)) {
      const res = await call(b, 'PUT', `/profile/${step}`, data);
      expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
    }
    const identity = await call(b, 'GET', '/profile/identityInfo');
    expect(identity.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      name: SECRETS.name,
      idNumber: SECRETS.idNumber,
    });

    const applied = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(applied.statusCode, applied.body).toBe(201);
    const orderId = applied.json<{ id: string }>().id;
    api.advance(61);
    await api.runDueJobs();
    expect(
      (await call(b, 'POST', `/loans/${orderId}/accept`, { agreePrivacy: true, agreeAgreement: true })).statusCode,
    ).toBe(200);
    const signed = await call(b, 'POST', '/signature', { signature: signature.ref });
    expect(signed.statusCode, signed.body).toBe(200);
    const withdrawn = await call(b, 'POST', `/loans/${orderId}/withdraw`, {}, newKey());
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await api.settle();
    expect((await call(b, 'GET', `/loans/${orderId}`)).json<{ state: string }>().state).toBe('repaying');

    // The owner still gets the photo back, decrypted.
    const photo = await call(b, 'GET', `/api/v1/documents/${face.id}`.replace('/api/v1', ''));
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.subarray(0, 3)).toEqual(JPEG);

    // The dump: every row of every table of the production schema, as PostgreSQL prints it.
    const tables = (
      (await api.database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )) as unknown as { rows: { table_name: string }[] }
    ).rows.map((row) => row.table_name);
    expect(tables).toEqual(
      expect.arrayContaining(['profile_sections', 'payouts', 'loan_orders', 'audit_log', 'documents']),
    );
    const dump: string[] = [];
    for (const table of tables) {
      const rows = (
        (await api.database.db.execute(sql`select t::text as line from ${sql.identifier(table)} t`)) as unknown as {
          rows: { line: string }[];
        }
      ).rows;
      dump.push(...rows.map((row) => `${table}: ${row.line}`));
    }
    const text = dump.join('\n');
    expect(text).toContain('v1.test1.'); // the encrypted values are there
    for (const [what, value] of Object.entries(SECRETS)) {
      const found = dump.filter((line) => line.toLowerCase().includes(value.toLowerCase()));
      expect(found, `${what} in the clear`).toEqual([]);
    }
    // The account number is in the gateway's own table: the journey did reach the payout.
    const gateway = (
      (await api.database.db.execute(sql`select account_number from simulated.payouts`)) as unknown as {
        rows: { account_number: string }[];
      }
    ).rows;
    expect(gateway.map((row) => row.account_number)).toContain(SECRETS.accountNumber);

    // The upload folder: three files, none a JPEG or PNG, none holding a JFIF marker.
    const files = filesUnder(api.uploadDir);
    expect(files).toHaveLength(3);
    for (const file of files) {
      const bytes = readFileSync(file);
      expect(bytes.subarray(0, 3).equals(JPEG), file).toBe(false);
      expect(bytes.includes(PNG), file).toBe(false);
      expect(bytes.includes(Buffer.from('JFIF')), file).toBe(false);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('PAENC');
    }
  }, 180_000);
});
