import { randomInt } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openText, isTextEnvelope } from '#server/crypto/envelope.ts';
import { ENCRYPTED_COLUMNS } from '#server/crypto/reencrypt.ts';
import { bindFacebook } from '#server/testing/facebook.ts';
import {
  auditLog,
  couponGrants,
  customers,
  deletionRequests,
  documents,
  jobs,
  loanEvents,
  loanOrders,
  otpChallenges,
  payments,
  payouts,
  onboardingVisits,
  profileSections,
  staffAccounts,
  staffNotes,
} from '#server/db/tables.ts';
import { TEST_KEYRING, databaseTargets } from '#server/db/test-database.ts';
import { idCard, portrait } from '#server/providers/identity/test-images.ts';
import type { FileStorage } from '#server/providers/storage/file-storage.ts';
import { SESSION_CACHE_MS } from '#server/services/auth.ts';
import { smsText } from '#server/services/sms-text.ts';
import { createDeletionService } from '#server/services/staff/deletion.ts';
import { ERASE_FILES, deletionJobs } from '#server/services/staff/deletion-jobs.ts';
import { borrowerWithProfile, device, login, newPhone, testAddress, type Borrower } from '#server/testing/borrower.ts';
import { completeSections, STANDARD_LOAN } from '#server/testing/loan-fixtures.ts';
import { uploadDocument } from '#server/testing/multipart.ts';
import { caller, newKey } from '#server/testing/request.ts';
import { addTestStaff, type TestStaff } from '#server/testing/staff.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');
const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);
const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe.each(databaseTargets())('account deletion on %s', (kind) => {
  let api: TestApi;
  let cs: TestStaff;
  let cs2: TestStaff;
  let supervisor: TestStaff;
  /** The customer the erasure test erased with a settled loan: the purge test ends their retention. */
  let erasedWithLoan: string | undefined;
  beforeAll(async () => {
    api = await testApi(kind);
    cs = await addTestStaff(api.database.db, 'customerService');
    cs2 = await addTestStaff(api.database.db, 'customerService');
    supervisor = await addTestStaff(api.database.db, 'supervisor');
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);
  /** Uploads a document of `b`'s: its `doc:<id>` ref. */
  const upload = async (b: Borrower, kindName: string, file: Buffer, type?: string) =>
    (await uploadDocument(api, b, kindName, file, { filename: 'f', type })).ref;

  /**
   * Every text of every row of every table, the simulated gateways' too (server/providers/simulated/tables.ts),
   * encrypted columns decrypted.
   */
  async function everything(): Promise<string> {
    const db = api.database.db;
    const tables = (await db.execute(
      sql`select table_schema, table_name from information_schema.tables where table_schema in ('public', 'simulated') and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_schema: string; table_name: string }[] };
    const texts: string[] = [];
    for (const { table_schema: schema, table_name: table } of tables.rows) {
      const rows = (await db.execute(
        sql`select t::text as row from ${sql.identifier(schema)}.${sql.identifier(table)} t`,
      )) as unknown as { rows: { row: string }[] };
      texts.push(...rows.rows.map((r) => r.row));
    }
    expect(tables.rows.map((t) => `${t.table_schema}.${t.table_name}`)).toEqual(
      expect.arrayContaining([
        'public.customers',
        'public.profile_sections',
        'public.loan_orders',
        'public.audit_log',
        'simulated.payouts',
        'simulated.collections',
      ]),
    );
    for (const c of ENCRYPTED_COLUMNS) {
      const column = c.json ? sql`(${sql.identifier(c.column)} #>> '{}')` : sql.identifier(c.column);
      const rows = (await db.execute(
        sql`select ${column} as value from ${sql.identifier(c.table)} where ${sql.identifier(c.column)} is not null`,
      )) as unknown as { rows: { value: string }[] };
      for (const { value } of rows.rows)
        texts.push(isTextEnvelope(value) ? openText(TEST_KEYRING, value, c.place) : value);
    }
    return texts.join('\n');
  }

  it('refuses a request while an order is open, and again at approval when one was opened since (the request stays pending)', async () => {
    const b = await borrowerWithProfile(api);
    const early = await call(cs, 'POST', `/staff/customers/${b.customerId}/deletion-requests`, {
      verification: 'registeredPhoneCallback',
    });
    expect(early.statusCode, early.body).toBe(201);
    const request = early.json<{ id: string }>();
    const applied = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(applied.statusCode, applied.body).toBe(201);

    const approve = await call(supervisor, 'POST', `/staff/deletion-requests/${request.id}/decision`, {
      approve: true,
    });
    expect(approve.json(), approve.body).toMatchObject({ code: 'LOAN_OPEN' });
    expect((await call(cs, 'GET', `/staff/customers/${b.customerId}/deletion-requests`)).json()).toMatchObject({
      total: 1,
      items: [{ id: request.id, state: 'pending' }],
    });
    expect((await call(b, 'GET', '/me')).statusCode).toBe(200);

    const refused = await call(supervisor, 'POST', `/staff/deletion-requests/${request.id}/decision`, {
      approve: false,
      refusalCode: 'LOAN_OPEN',
    });
    expect(refused.json(), refused.body).toMatchObject({
      state: 'refused',
      refusalCode: 'LOAN_OPEN',
      decidedBy: { id: supervisor.id },
    });
    expect(
      (
        await call(supervisor, 'POST', `/staff/deletion-requests/${request.id}/decision`, {
          approve: false,
          refusalCode: 'OTHER',
        })
      ).json(),
    ).toMatchObject({ code: 'REQUEST_STATE' });
    // A new request while the order is open.
    expect(
      (
        await call(cs, 'POST', `/staff/customers/${b.customerId}/deletion-requests`, {
          verification: 'registeredPhoneCallback',
        })
      ).json(),
    ).toMatchObject({ code: 'LOAN_OPEN' });
    // Permissions: customer service does not decide, a supervisor does not open.
    expect(
      (
        await call(cs, 'POST', `/staff/deletion-requests/${request.id}/decision`, {
          approve: false,
          refusalCode: 'OTHER',
        })
      ).json(),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      (
        await call(supervisor, 'POST', `/staff/customers/${b.customerId}/deletion-requests`, {
          verification: 'registeredPhoneCallback',
        })
      ).json(),
    ).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('erases every personal value of a customer with a settled loan, files and all, and keeps the loan records', async () => {
    const db = api.database.db;
    const phone = newPhone();
    const b = await login(api, phone);
    const card = await sharp(idCard()).jpeg({ quality: 90 }).toBuffer();
    const face = await sharp(portrait()).jpeg({ quality: 90 }).toBuffer();
    const idFront = await upload(b, 'idFront', card);
    const facePhoto = await upload(b, 'face', face);

    // Personal values of this customer only (other suites' fixtures share the default ones).
    const first = capital(letters(8));
    const last = capital(letters(9));
    const personal = {
      phone,
      name: `${first} ${last}`,
      birthDate: '1987-03-21',
      idNumber: `P${digits(7)}B`,
      detailedAddress: `${digits(3)} ${capital(letters(10))} Street`,
      email: `${letters(10)}@example.ph`,
      whatsApp: `09${digits(9)}`,
      contactName: `${capital(letters(7))} ${capital(letters(7))}`,
      contactPhone: `9${digits(9)}`,
      accountNumber: digits(12),
      payeeFirstName: capital(letters(9)),
      payeeLastName: capital(letters(10)),
      withdrawalPhone: `9${digits(9)}`,
      companyName: `${capital(letters(10))} Trading`,
      feedbackText: `The app ${letters(12)} froze on the bill page`,
      noteText: `Called back ${letters(12)} about the bill`,
      grantReason: `Goodwill ${letters(12)} after a complaint`,
      requestNote: `Asked by phone ${letters(12)}`,
      facebookId: `1${digits(14)}`,
      facebookName: `${capital(letters(8))} ${capital(letters(8))}`,
    };
    const sections = completeSections({
      identityInfo: {
        name: personal.name,
        birthDate: personal.birthDate,
        idType: 'passport',
        idNumber: personal.idNumber,
        idPhotoFront: idFront,
        facePhoto,
      },
      workInfo: { companyName: personal.companyName },
      bankInfo: {
        accountNumber: personal.accountNumber,
        accountNumberConfirm: personal.accountNumber,
        payeeFirstName: personal.payeeFirstName,
        payeeLastName: personal.payeeLastName,
        payeeMiddleName: 'Santos',
        withdrawalPhone: personal.withdrawalPhone,
      },
    });
    sections['addressInfo'] = { ...sections['addressInfo'], detailedAddress: personal.detailedAddress };
    sections['contact'] = {
      email: personal.email,
      whatsApp: personal.whatsApp,
      emergencyContacts: [
        { name: personal.contactName, phone: personal.contactPhone, relation: 'parents' },
        { name: 'Jose Reyes', phone: `9${digits(9)}`, relation: 'siblings' },
        { name: 'Ana Reyes', phone: `9${digits(9)}`, relation: 'friends' },
      ],
    };
    await db.insert(profileSections).values(
      Object.entries(sections).map(([step, data]) => ({
        customerId: b.customerId,
        step,
        data,
        schemaVersion: 'fixture',
      })),
    );

    // A loan applied, approved, signed, disbursed and settled through the simulated gateways.
    const applied = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(applied.statusCode, applied.body).toBe(201);
    const orderId = applied.json<{ id: string }>().id;
    api.advance(61);
    await api.runDueJobs();
    expect(
      (await call(b, 'POST', `/loans/${orderId}/accept`, { agreePrivacy: true, agreeAgreement: true })).json(),
    ).toMatchObject({ state: 'withdrawable' });
    const signature = await upload(b, 'signature', await sharp(portrait()).png().toBuffer(), 'image/png');
    expect((await call(b, 'POST', '/signature', { signature })).json()).toMatchObject({ signed: true });
    expect((await call(b, 'POST', `/loans/${orderId}/withdraw`, {}, newKey())).json()).toMatchObject({
      state: 'disbursing',
    });
    await api.settle();
    const pay = await call(b, 'POST', `/loans/${orderId}/payments`, { kind: 'settle', channel: 'otc' }, newKey());
    expect(pay.statusCode, pay.body).toBe(201);
    await api.settle();
    expect((await call(b, 'GET', `/loans/${orderId}`)).json()).toMatchObject({ state: 'settled' });

    // Feedback with a screenshot, a staff note, a coupon grant.
    const screenshot = await upload(b, 'feedbackScreenshot', card);
    const sent = await call(b, 'POST', '/feedback', { category: 'app', text: personal.feedbackText, screenshot });
    expect(sent.statusCode, sent.body).toBe(201);
    await db.insert(staffNotes).values({ customerId: b.customerId, orderId, staffId: cs.id, text: personal.noteText });
    await db.insert(couponGrants).values({
      customerId: b.customerId,
      definitionId: 'goodwill200',
      amount: 20000,
      reason: personal.grantReason,
      state: 'pending',
      requestedBy: cs.id,
    });

    // A Facebook account bound through the simulated Facebook Login.
    const bound = await bindFacebook(api.app, b.headers, { id: personal.facebookId, name: personal.facebookName });
    expect(bound.json(), bound.body).toMatchObject({ facebook: { bound: true, name: personal.facebookName } });

    // What the app reported of a step for the onboarding funnel.
    expect(
      (await call(b, 'POST', '/profile/steps/baseInfo/visits', { formVersion: 1, errors: ['maritalStatus'] }))
        .statusCode,
    ).toBe(204);

    const before = await everything();
    for (const [what, value] of Object.entries(personal))
      if (what !== 'requestNote') expect(before, what).toContain(value);
    const customerFiles = () =>
      filesUnder(api.uploadDir)
        .map((f) => relative(api.uploadDir, f))
        .filter((f) => f.includes(b.customerId));
    expect(customerFiles()).toHaveLength(4);

    // Customer service opens the request; a second one is refused while it is pending.
    const opened = await call(cs, 'POST', `/staff/customers/${b.customerId}/deletion-requests`, {
      verification: 'smsCodeToRegisteredPhone',
      note: personal.requestNote,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const request = opened.json<{ id: string }>();
    expect(request).toMatchObject({
      customerId: b.customerId,
      state: 'pending',
      verification: 'smsCodeToRegisteredPhone',
      requestedBy: { id: cs.id, name: 'Test customerService' },
      decidedBy: null,
    });
    expect(
      (
        await call(cs2, 'POST', `/staff/customers/${b.customerId}/deletion-requests`, {
          verification: 'smsCodeToRegisteredPhone',
        })
      ).json(),
    ).toMatchObject({ code: 'REQUEST_STATE' });
    expect(
      (await call(cs, 'POST', `/staff/customers/${b.customerId}/deletion-requests`, { verification: 'aHunch' })).json(),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    const pending = (await call(supervisor, 'GET', '/staff/deletion-requests?state=pending')).json<{
      items: { id: string; customer: { nameMasked: string; phoneMasked: string } }[];
      total: number;
    }>();
    expect(pending.items.map((i) => i.id)).toContain(request.id);
    // Who it is about, masked: the name's initials and the phone's last two digits, nothing more.
    expect(pending.items.find((i) => i.id === request.id)!.customer).toEqual({
      nameMasked: `${first[0]}*** ${last[0]}***`,
      phoneMasked: `${'•'.repeat(8)}${phone.slice(-2)}`,
    });
    expect((await call(b, 'GET', '/me')).statusCode).toBe(200);

    // The requester made supervisor still cannot approve their own request.
    await db.update(staffAccounts).set({ role: 'supervisor' }).where(eq(staffAccounts.id, cs.id));
    expect(
      (await call(cs, 'POST', `/staff/deletion-requests/${request.id}/decision`, { approve: true })).json(),
    ).toMatchObject({ code: 'SAME_PERSON' });
    await db.update(staffAccounts).set({ role: 'customerService' }).where(eq(staffAccounts.id, cs.id));
    expect(
      (await call(supervisor, 'POST', `/staff/deletion-requests/${request.id}/decision`, { approve: false })).json(),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });

    const executed = await call(supervisor, 'POST', `/staff/deletion-requests/${request.id}/decision`, {
      approve: true,
    });
    expect(executed.statusCode, executed.body).toBe(200);
    expect(executed.json()).toMatchObject({
      state: 'executed',
      decidedBy: { id: supervisor.id, name: 'Test supervisor' },
      refusalCode: null,
    });
    expect(executed.json<{ retainUntil: string }>().retainUntil).toMatch(/^20\d\d-\d\d-\d\d$/u);
    expect(
      (await call(supervisor, 'POST', `/staff/deletion-requests/${request.id}/decision`, { approve: true })).json(),
    ).toMatchObject({ code: 'REQUEST_STATE' });

    // No personal value anywhere in the database, decrypted or not; no file of the customer in storage.
    const after = await everything();
    for (const [what, value] of Object.entries(personal)) expect(after, what).not.toContain(value);
    expect(after).not.toContain(`+63${phone}`);
    expect(customerFiles()).toEqual([]);
    expect(await db.select().from(onboardingVisits).where(eq(onboardingVisits.customerId, b.customerId))).toEqual([]);

    // The loan records stay, without identity; the customer row without a phone.
    erasedWithLoan = b.customerId;
    const [customer] = await db.select().from(customers).where(eq(customers.id, b.customerId));
    expect(customer).toMatchObject({ smsReminders: false });
    expect(customer!.phone).toMatch(/^erased:h1\./u);
    expect(customer!.erasedAt).not.toBeNull();
    expect(after).toContain(orderId);

    // The last SMS went to the number in the borrower's language.
    const lastSms = api.outbox.lastTo(`+63${phone}`)?.text ?? '';
    expect(lastSms).toBe(smsText('en', 'accountDeleted', { product: lastSms.split(':')[0]! }));

    // The audit log: requested, approved and executed, by whom; counts only.
    const events = await db.select().from(auditLog).where(eq(auditLog.customerId, b.customerId));
    const staffEvents = events.filter((e) => e.event.startsWith('staff.deletion.')).map((e) => [e.event, e.staffId]);
    expect(staffEvents).toEqual([
      ['staff.deletion.requested', cs.id],
      ['staff.deletion.approved', supervisor.id],
      ['staff.deletion.executed', supervisor.id],
    ]);
    expect(events.find((e) => e.event === 'staff.deletion.executed')?.detail).toMatchObject({
      requestId: request.id,
      profileSections: 7,
      documents: 4,
      feedback: 1,
      staffNotes: 1,
      loanOrders: 1,
    });
    expect(events.every((e) => e.phone === null)).toBe(true);
    const [row] = await db.select().from(deletionRequests).where(eq(deletionRequests.id, request.id));
    expect(row).toMatchObject({ note: null, state: 'executed' });

    // The old token is refused (after this instance's session cache); the same number starts a new, empty account.
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 50));
    expect((await call(b, 'GET', '/me')).statusCode).toBe(401);
    const again = await login(api, phone);
    expect(again.customerId).not.toBe(b.customerId);
    expect((await call(again, 'GET', '/loans')).json()).toMatchObject({ orders: [] });
    expect(await db.select().from(profileSections).where(eq(profileSections.customerId, again.customerId))).toEqual([]);
    expect(
      (
        await call(cs, 'POST', `/staff/customers/${b.customerId}/deletion-requests`, {
          verification: 'smsCodeToRegisteredPhone',
        })
      ).json(),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lets one of two concurrent approvals win; the other finds the request decided', async () => {
    const b = await login(api);
    const supervisor2 = await addTestStaff(api.database.db, 'supervisor');
    const request = (
      await call(cs, 'POST', `/staff/customers/${b.customerId}/deletion-requests`, {
        verification: 'idDocumentVideoCall',
      })
    ).json<{ id: string }>();
    const answers = await Promise.all(
      [supervisor, supervisor2].map((s) =>
        call(s, 'POST', `/staff/deletion-requests/${request.id}/decision`, { approve: true }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(
      answers
        .map((a) => {
          const body = a.json<{ state?: string; code?: string }>();
          return body.code ?? body.state;
        })
        .sort(),
    ).toEqual(['REQUEST_STATE', 'executed']);
    const executed = await api.database.db.select().from(auditLog).where(eq(auditLog.event, 'staff.deletion.executed'));
    expect(executed.filter((e) => e.customerId === b.customerId)).toHaveLength(1);
  });

  it("keeps counting the erased number's SMS codes of the day against its daily limit", async () => {
    const phone = newPhone();
    const b = await login(api, phone);
    // Nine more codes today (ten with the login's): the daily limit is reached.
    await api.database.db
      .insert(otpChallenges)
      .values(Array.from({ length: 9 }, () => ({ phone, codeHash: 'x', createdAt: api.now(), expiresAt: api.now() })));
    const request = (
      await call(cs, 'POST', `/staff/customers/${b.customerId}/deletion-requests`, {
        verification: 'idDocumentVideoCall',
      })
    ).json<{ id: string }>();
    expect(
      (await call(supervisor, 'POST', `/staff/deletion-requests/${request.id}/decision`, { approve: true })).json(),
    ).toMatchObject({ state: 'executed' });
    expect(await api.database.db.select().from(otpChallenges).where(eq(otpChallenges.phone, phone))).toEqual([]);
    const sent = await api.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sms-code',
      remoteAddress: testAddress(),
      headers: device(),
      payload: { phone },
    });
    expect(sent.json(), sent.body).toMatchObject({ code: 'SMS_DAILY_LIMIT' });
  });

  it("still executes when the storage fails to delete a file: the erasure's own job deletes it once the store answers", async () => {
    const db = api.database.db;
    const b = await login(api);
    const ref = await upload(b, 'idFront', await sharp(idCard()).jpeg({ quality: 90 }).toBuffer());
    const [doc] = await db
      .select()
      .from(documents)
      .where(eq(documents.id, ref.replace(/^doc:/u, '')));
    const onDisk = () => filesUnder(api.uploadDir).filter((f) => f.includes(b.customerId));
    expect(onDisk()).toHaveLength(1);
    const tries: string[] = [];
    const logged: Record<string, unknown>[] = [];
    const failing: FileStorage = {
      name: 'failing',
      put: async () => undefined,
      get: async () => null,
      delete: async (k) => {
        tries.push(k);
        throw new Error('store down');
      },
    };
    const service = createDeletionService({
      db,
      now: api.now,
      sms: api.outbox,
      storage: failing,
      productName: 'Test',
      log: (_message, detail) => logged.push(detail),
    });
    const opened = await service.open(
      { sessionId: 'x', staffId: cs.id, role: 'customerService', email: cs.email, name: 'cs', pending: [] },
      b.customerId,
      { verification: 'idDocumentVideoCall' },
      '127.0.0.1',
    );
    const decided = await service.decide(
      { sessionId: 'y', staffId: supervisor.id, role: 'supervisor', email: supervisor.email, name: 'sup', pending: [] },
      opened.id,
      { approve: true },
      '127.0.0.1',
    );
    expect(decided.state).toBe('executed');
    expect(tries).toEqual([doc!.storageKey]);
    expect(logged).toEqual([expect.objectContaining({ requestId: opened.id, failed: 1 })]);
    expect(await db.select().from(documents).where(eq(documents.customerId, b.customerId))).toEqual([]);
    expect(onDisk()).toHaveLength(1);

    // The job the erasure enqueued in its transaction: a store still down fails it (to run again later)...
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${ERASE_FILES}:${opened.id}`));
    expect(job).toMatchObject({ kind: ERASE_FILES, payload: { keys: [doc!.storageKey] }, doneAt: null });
    const claimed = {
      id: job!.id,
      kind: job!.kind,
      key: job!.key,
      payload: job!.payload as Record<string, unknown>,
      attempts: 1,
    };
    await expect(deletionJobs({ db, storage: failing, now: api.now }).handlers[ERASE_FILES]!(claimed)).rejects.toThrow(
      /1 of 1/u,
    );
    expect(onDisk()).toHaveLength(1);
    // ...and the server's runner, with the store answering, deletes the file and is done with it.
    await api.runDueJobs();
    expect(onDisk()).toEqual([]);
    const [done] = await db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(done!.doneAt).not.toBeNull();
  });

  it('purges the kept loan records once the retention period has ended, once', async () => {
    const db = api.database.db;
    // The customer erased with a settled loan above: the order is kept until retain_until.
    const [request] = await db.select().from(deletionRequests).where(eq(deletionRequests.customerId, erasedWithLoan!));
    const kept = await db.select().from(loanOrders).where(eq(loanOrders.customerId, erasedWithLoan!));
    expect(kept).toHaveLength(1);
    const purge = deletionJobs({ db, storage: api.storage, now: api.now }).purgeExpired;
    // The day before the end: nothing goes.
    const untilDay = (day: string) => (Date.parse(`${day}T00:00:00+08:00`) - api.now().getTime()) / 1000;
    api.advance(untilDay(request!.retainUntil!) - 3600);
    expect(await purge()).toBe(0);
    expect(await db.select().from(loanOrders).where(eq(loanOrders.customerId, erasedWithLoan!))).toHaveLength(1);
    // From that day on, the daily job deletes the order with its events, payouts and payments.
    api.advance(4 * 3600);
    await api.runDueJobs();
    expect(await db.select().from(loanOrders).where(eq(loanOrders.customerId, erasedWithLoan!))).toEqual([]);
    expect(await db.select().from(loanEvents).where(eq(loanEvents.orderId, kept[0]!.id))).toEqual([]);
    expect(await db.select().from(payments).where(eq(payments.orderId, kept[0]!.id))).toEqual([]);
    expect(await db.select().from(payouts).where(eq(payouts.orderId, kept[0]!.id))).toEqual([]);
    const purged = await db.select().from(auditLog).where(eq(auditLog.event, 'retention.purged'));
    expect(purged.filter((e) => e.customerId === erasedWithLoan)).toEqual([
      expect.objectContaining({ detail: { requestId: request!.id, retainUntil: request!.retainUntil, loanOrders: 1 } }),
    ]);
    // Run again: nothing left to do, nothing written.
    expect(await purge()).toBe(0);
    expect(
      (await db.select().from(auditLog).where(eq(auditLog.event, 'retention.purged'))).filter(
        (e) => e.customerId === erasedWithLoan,
      ),
    ).toHaveLength(1);
  });
});
