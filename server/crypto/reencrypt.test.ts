/** The start-up step (clear rows from before encryption) and the key rotation, on the databases of the suites. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../db/database.ts';
import { auditLog, customers, documents, loanOrders, profileSections } from '../db/tables.ts';
import { databaseTargets, TEST_KEYRING, testDatabase } from '../db/test-database.ts';
import { createEncryptedStorage } from '../providers/storage/encrypted.ts';
import { createLocalDiskStorage } from '../providers/storage/local-disk.ts';
import { setDataKeys } from './data-keys.ts';
import { keyIdOfFile } from './envelope.ts';
import { Keyring } from './keyring.ts';
import { idNumberHashes, phoneHashes } from './lookup-hashes.ts';
import { encryptClearRows, rotateDataKeys } from './reencrypt.ts';

const IDENTITY = { name: 'Rosa Lim', birthDate: '1991-02-03', idType: 'umid', idNumber: '0111-2222333-4' };
const ACCOUNT = { method: 'bank', accountNumber: '5566778899', holderName: 'Rosa Lim' };

describe.each(databaseTargets())('encryption of stored rows on %s', (kind) => {
  let open: OpenDatabase;
  const raw = async (query: ReturnType<typeof sql>) =>
    ((await open.db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows;
  beforeAll(async () => {
    setDataKeys(TEST_KEYRING);
    open = await testDatabase(kind);
  }, 120_000);
  afterAll(async () => {
    setDataKeys(TEST_KEYRING);
    await open?.close();
  });

  it('encrypts rows written in the clear before encryption, fills their keyed hashes, and is idempotent', async () => {
    const [customer] = await open.db.insert(customers).values({ phone: '9170000001' }).returning();
    const id = customer!.id;
    // As an install from before migration 0004 left them: clear jsonb and text.
    await open.db.execute(
      sql`insert into profile_sections (customer_id, step, data, schema_version) values (${id}, 'identityInfo', ${JSON.stringify(IDENTITY)}::jsonb, 'v'), (${id}, 'baseInfo', '{"maritalStatus":"single"}'::jsonb, 'v')`,
    );
    await open.db.execute(
      sql`insert into loan_orders (customer_id, order_no, product_id, sub_product_id, state, principal, term_days, quote, total_term_days, payout_account) values (${id}, ${`PA${randomBytes(4).toString('hex')}`}, 'cash', 'standard', 'repaying', 300000, 30, '{}'::jsonb, 30, ${JSON.stringify(ACCOUNT)}::jsonb)`,
    );
    await open.db.execute(
      sql`insert into audit_log (event, customer_id, phone) values ('login.succeeded', ${id}, '9170000001')`,
    );
    // Clear rows still read through the column types.
    expect(
      (await open.db.select().from(profileSections).where(eq(profileSections.customerId, id))).find(
        (row) => row.step === 'identityInfo',
      )?.data,
    ).toEqual(IDENTITY);

    const changed = await encryptClearRows(open.db, TEST_KEYRING);
    expect(changed).toMatchObject({
      'profile_sections.data': 2,
      'loan_orders.payout_account': 1,
      'audit_log.phone': 1,
      'payouts.account': 0,
    });
    const dump = JSON.stringify(
      await raw(
        sql`select (select json_agg(p) from profile_sections p) as p, (select json_agg(o.payout_account) from loan_orders o) as o, (select json_agg(a.phone) from audit_log a) as a`,
      ),
    );
    for (const value of ['Rosa Lim', '1991-02-03', '0111-2222333-4', '5566778899', '9170000001'])
      expect(dump).not.toContain(value);
    // Same values through the app's reads; hashes findable.
    const sections = await open.db.select().from(profileSections).where(eq(profileSections.customerId, id));
    expect(sections.find((row) => row.step === 'identityInfo')?.data).toEqual(IDENTITY);
    expect((await open.db.select().from(loanOrders).where(eq(loanOrders.customerId, id)))[0]?.payoutAccount).toEqual(
      ACCOUNT,
    );
    expect(
      await open.db
        .select({ id: profileSections.customerId })
        .from(profileSections)
        .where(inArray(profileSections.idNumberHash, idNumberHashes(TEST_KEYRING, 'umid', '011122223334'))),
    ).toEqual([{ id }]);
    expect(
      (
        await open.db
          .select()
          .from(auditLog)
          .where(inArray(auditLog.phoneHash, phoneHashes(TEST_KEYRING, '+639170000001')))
      )[0]?.phone,
    ).toBe('9170000001');

    expect(Object.values(await encryptClearRows(open.db, TEST_KEYRING)).every((count) => count === 0)).toBe(true);
  });

  it('rotates every value, keyed hash and file to the current key; then the old key can go; a missing key stops the start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rotate-'));
    const disk = createLocalDiskStorage(dir);
    const [customer] = await open.db.insert(customers).values({ phone: '9170000002' }).returning();
    const id = customer!.id;
    await open.db
      .insert(profileSections)
      .values({ customerId: id, step: 'identityInfo', data: IDENTITY, schemaVersion: 'v' });
    await open.db.insert(auditLog).values({ event: 'logout', customerId: id, phone: '9170000002' });
    await createEncryptedStorage(disk, TEST_KEYRING).put(
      `documents/${id}/a.jpg`,
      Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]),
      'image/jpeg',
    );
    await disk.put(`documents/${id}/plain.jpg`, Buffer.from([0xff, 0xd8, 0xff, 4, 5, 6]), 'image/jpeg');
    await open.db.insert(documents).values(
      [`a`, `plain`].map((name) => ({
        customerId: id,
        kind: 'idFront',
        storageKey: `documents/${id}/${name}.jpg`,
        contentType: 'image/jpeg',
        bytes: 6,
        width: 1,
        height: 1,
      })),
    );
    await encryptClearRows(open.db, TEST_KEYRING);

    const nextKey = { id: 'next', secret: randomBytes(32) };
    const next = new Keyring([nextKey, { id: 'test1', secret: Buffer.alloc(32, 7) }]);
    setDataKeys(next);
    const report = await rotateDataKeys(open.db, next, createEncryptedStorage(disk, next));
    expect(report.rows['profile_sections.data']).toBeGreaterThanOrEqual(1);
    expect(report.files).toEqual({ resealed: 2, current: 0, missing: 0 });
    expect((await rotateDataKeys(open.db, next, createEncryptedStorage(disk, next))).files).toEqual({
      resealed: 0,
      current: 2,
      missing: 0,
    });
    const left = await raw(
      sql`select count(*)::int as n from profile_sections where data #>> '{}' not like 'v1.next.%' or (step = 'identityInfo' and id_number_hash not like 'h1.next.%')`,
    );
    expect(Number(left[0]!['n'])).toBe(0);
    expect(
      Number(
        (
          await raw(
            sql`select count(*)::int as n from audit_log where phone not like 'v1.next.%' or phone_hash not like 'h1.next.%'`,
          )
        )[0]!['n'],
      ),
    ).toBe(0);
    expect(keyIdOfFile(readFileSync(join(dir, 'documents', id, 'plain.jpg')))).toBe('next');

    // Without the old key everything still reads; a keyring without the current one refuses to start, naming the key.
    const onlyNext = new Keyring([nextKey]);
    setDataKeys(onlyNext);
    expect((await open.db.select().from(profileSections).where(eq(profileSections.customerId, id)))[0]?.data).toEqual(
      IDENTITY,
    );
    expect((await createEncryptedStorage(disk, onlyNext).get(`documents/${id}/plain.jpg`))?.data).toEqual(
      Buffer.from([0xff, 0xd8, 0xff, 4, 5, 6]),
    );
    await expect(encryptClearRows(open.db, TEST_KEYRING)).rejects.toMatchObject({
      code: 'DATA_KEY_UNKNOWN',
      keyId: 'next',
    });
  });
});
