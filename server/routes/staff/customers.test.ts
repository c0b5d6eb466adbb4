import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataKeys } from '#server/crypto/data-keys.ts';
import { encryptClearRows } from '#server/crypto/reencrypt.ts';
import { auditLog, couponGrants } from '#server/db/tables.ts';
import { databaseTargets } from '#server/db/test-database.ts';
import { idCard } from '#server/providers/identity/test-images.ts';
import { borrowerWithProfile, login, type Borrower } from '#server/testing/borrower.ts';
import { STANDARD_LOAN } from '#server/testing/loan-fixtures.ts';
import { uploadDocument } from '#server/testing/multipart.ts';
import { caller, newKey } from '#server/testing/request.ts';
import { addTestStaff, type TestStaff } from '#server/testing/staff.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';

describe.each(databaseTargets())('staff customer service on %s', (kind) => {
  let api: TestApi;
  let cs: TestStaff;
  let cs2: TestStaff;
  let supervisor: TestStaff;
  let underwriter: TestStaff;
  let b: Borrower;
  beforeAll(async () => {
    api = await testApi(kind);
    cs = await addTestStaff(api.database.db, 'customerService');
    cs2 = await addTestStaff(api.database.db, 'customerService');
    supervisor = await addTestStaff(api.database.db, 'supervisor');
    underwriter = await addTestStaff(api.database.db, 'underwriter');
    b = await borrowerWithProfile(api, {
      identityInfo: {
        name: 'Maria Clara Reyés',
        idNumber: `P${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}A`,
      },
    });
    // The fixture writes rows as an old release would: start-up fills their keyed hashes (the name's included).
    await encryptClearRows(api.database.db, dataKeys());
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);
  /** A search as the console sends it: POST /customers/search, the query in the body. */
  const found = async (who: TestStaff, search: { by: string; q: string }) => {
    const res = await call(who, 'POST', '/staff/customers/search', search);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: { id: string; nameMasked: string }[]; total: number }>().items.map((i) => i.id);
  };

  it('finds a customer by phone (any prefix), name (normalised), order number and ID number; the query is audited as its keyed hash', async () => {
    const national = b.phone.replace(/^(?:\+?63|0)/u, '');
    expect(await found(cs, { by: 'phone', q: `+63${national}` })).toContain(b.customerId);
    expect(await found(cs, { by: 'phone', q: `0${national}` })).toContain(b.customerId);
    expect(await found(cs, { by: 'name', q: '  maria   CLARA reyes ' })).toEqual([b.customerId]);
    expect(await found(cs, { by: 'name', q: 'Maria' })).toEqual([]);
    const profile = await api.database.db.query.profileSections.findFirst({
      where: (t, { and, eq: e }) => and(e(t.customerId, b.customerId), e(t.step, 'identityInfo')),
    });
    const idNumber = (profile!.data as { idNumber: string }).idNumber;
    expect(await found(cs, { by: 'idNumber', q: idNumber.toLowerCase() })).toEqual([b.customerId]);
    const searches = await api.database.db.select().from(auditLog).where(eq(auditLog.event, 'staff.customer.searched'));
    expect(searches).toHaveLength(5);
    for (const s of searches) {
      expect(s.staffId).toBe(cs.id);
      expect(JSON.stringify(s.detail)).not.toMatch(/maria|reyes|\d{6}/iu);
      expect(s.detail).toMatchObject({ queryHash: expect.stringMatching(/^h1\.test1\./u) });
    }
    // The same phone written two ways is one value; a name found once and a name not found are two.
    const [byPlus, byZero, byName, byPart, byId] = searches.map(
      (s) => s.detail as { queryHash: string; count: number },
    );
    expect(byPlus!.queryHash).toBe(byZero!.queryHash);
    expect(byName!.queryHash).not.toBe(byPart!.queryHash);
    expect([byName!.count, byPart!.count, byId!.count]).toEqual([1, 0, 1]);
    // The old way, the query in the URL, is gone.
    expect((await call(cs, 'GET', `/staff/customers?by=phone&q=0${national}`)).statusCode).toBe(404);
  });

  it("finds who searched for a value: the auditor's value hashed as the searches were, the lookup audited", async () => {
    const national = b.phone.replace(/^(?:\+?63|0)/u, '');
    await found(cs2, { by: 'phone', q: `0${national.slice(0, 3)} ${national.slice(3)}` });
    const auditor = await addTestStaff(api.database.db, 'supervisor');
    const lookup = async (by: string, value: string) => {
      const res = await call(auditor, 'POST', '/staff/audit/search', { by, value });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: { event: string; staffId: string }[]; total: number }>().items;
    };
    const whoSearched = (items: { event: string; staffId: string }[]) =>
      items.filter((i) => i.event === 'staff.customer.searched').map((i) => i.staffId);
    // Newest first: cs2's search, then cs's two of the first test.
    expect(whoSearched(await lookup('phone', `+63 ${national}`))).toEqual([cs2.id, cs.id, cs.id]);
    expect(whoSearched(await lookup('name', 'Maria Clara Reyes'))).toEqual([cs.id]);
    expect(whoSearched(await lookup('phone', '9000000000'))).toEqual([]);
    // A phone's digits looked for as an ID number are another value.
    expect(whoSearched(await lookup('idNumber', national))).toEqual([]);
    // The auditor's lookups are audited with the same hash, so a later lookup of the value shows them too (the first
    // one, by phone), and the rows never hold the value.
    const traced = await lookup('phone', national);
    expect(traced.filter((i) => i.event === 'staff.audit.searched').map((i) => i.staffId)).toEqual([auditor.id]);
    const rows = await api.database.db.select().from(auditLog).where(eq(auditLog.staffId, auditor.id));
    expect(rows.map((r) => r.event)).toEqual(Array(5).fill('staff.audit.searched'));
    expect(JSON.stringify(rows.map((r) => r.detail))).not.toContain(national);
    // The value travels in the body only, and the lookup is for those who read the audit log.
    expect((await call(auditor, 'POST', '/staff/audit/search', { by: 'email', value: 'x' })).statusCode).toBe(400);
    expect((await call(cs, 'POST', '/staff/audit/search', { by: 'phone', value: national })).statusCode).toBe(403);
  });

  it('finds by order number, case-insensitive', async () => {
    const res = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(res.statusCode, res.body).toBe(201);
    const orderNo = res.json<{ orderNo: string }>().orderNo;
    expect(await found(cs, { by: 'order', q: orderNo.toLowerCase() })).toEqual([b.customerId]);
  });

  it('shows the customer masked; unmasking answers the clear values and audits the field names only', async () => {
    const view = await call(underwriter, 'GET', `/staff/customers/${b.customerId}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.body).not.toContain('Maria');
    expect(view.body).not.toContain(b.phone.slice(-7));
    const identity = view
      .json<{ profile: { step: string; fields: { key: string; value: string }[] }[] }>()
      .profile.find((s) => s.step === 'identityInfo')!;
    expect(identity.fields).toContainEqual({ key: 'name', value: 'M*** C*** R***' });
    const denied = await call(cs, 'GET', '/staff/reviews');
    expect(denied.statusCode).toBe(403);

    const unmask = await call(cs, 'POST', `/staff/customers/${b.customerId}/unmask`, {
      fields: ['phone', 'identityInfo.name'],
    });
    expect(unmask.statusCode, unmask.body).toBe(200);
    expect(unmask.json()).toEqual({
      values: [
        { field: 'phone', value: b.phone },
        { field: 'identityInfo.name', value: 'Maria Clara Reyés' },
      ],
    });
    const [row] = await api.database.db.select().from(auditLog).where(eq(auditLog.event, 'staff.customer.unmasked'));
    expect(row).toMatchObject({
      staffId: cs.id,
      customerId: b.customerId,
      detail: { fields: ['phone', 'identityInfo.name'] },
    });
    expect(JSON.stringify(row!.detail)).not.toContain('Maria');

    const again = await call(cs, 'GET', `/staff/customers/${b.customerId}`);
    const looked = again.json<{ lookedAtBy: { staffName: string; action: string }[] }>().lookedAtBy;
    expect(looked.map((l) => l.action)).toEqual(expect.arrayContaining(['customer.viewed', 'customer.unmasked']));
  });

  it("serves a document's bytes with its type, no-store, audited", async () => {
    const card = await sharp(idCard()).jpeg({ quality: 90 }).toBuffer();
    const { id } = await uploadDocument(api, b, 'idFront', card);
    const res = await call(underwriter, 'GET', `/staff/customers/${b.customerId}/documents/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//u);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
    const [row] = await api.database.db.select().from(auditLog).where(eq(auditLog.event, 'staff.document.viewed'));
    expect(row).toMatchObject({
      staffId: underwriter.id,
      customerId: b.customerId,
      detail: { documentId: id, kind: 'idFront' },
    });
    const other = await login(api);
    expect((await call(underwriter, 'GET', `/staff/customers/${other.customerId}/documents/${id}`)).statusCode).toBe(
      404,
    );
  });

  it('writes notes shown in the customer view', async () => {
    const res = await call(cs, 'POST', `/staff/customers/${b.customerId}/notes`, { text: 'Called about the due date' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ text: 'Called about the due date', staffName: 'Test customerService' });
    const view = await call(cs, 'GET', `/staff/customers/${b.customerId}`);
    expect(view.json<{ notes: { text: string }[] }>().notes[0]!.text).toBe('Called about the due date');
    expect((await call(cs, 'POST', `/staff/customers/${b.customerId}/notes`, { text: '' })).statusCode).toBe(400);
  });

  it('answers feedback once; the borrower gets the reply message', async () => {
    const sent = await call(b, 'POST', '/feedback', { category: 'app', text: 'The app is slow at night' });
    expect(sent.statusCode, sent.body).toBe(201);
    const inbox = await call(cs, 'GET', '/staff/feedback?state=open');
    const item = inbox
      .json<{ items: { id: string; text: string; customerId: string }[] }>()
      .items.find((i) => i.customerId === b.customerId)!;
    expect(item.text).toBe('The app is slow at night');
    const reply = await call(cs, 'POST', `/staff/feedback/${item.id}/reply`, { text: 'Thank you, we are on it' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ state: 'answered', reply: 'Thank you, we are on it' });
    const twice = await call(cs, 'POST', `/staff/feedback/${item.id}/reply`, { text: 'again' });
    expect(twice.json()).toMatchObject({ code: 'REQUEST_STATE' });
    const messages = await call(b, 'GET', '/messages?tab=notify');
    expect(messages.json<{ messages: { template: string }[] }>().messages.map((m) => m.template)).toContain(
      'feedbackReplied',
    );
    const [row] = await api.database.db.select().from(auditLog).where(eq(auditLog.event, 'staff.feedback.replied'));
    expect(row).toMatchObject({ staffId: cs.id, customerId: b.customerId });
  });

  it('grants a small coupon at once; a large one waits for a supervisor, never its requester', async () => {
    const small = await call(cs, 'POST', `/staff/customers/${b.customerId}/coupon-grants`, {
      definitionId: 'cash20',
      reason: 'Apology for the delay',
    });
    expect(small.statusCode, small.body).toBe(201);
    expect(small.json()).toMatchObject({ state: 'issued', couponId: expect.any(String) });
    const mine = await call(b, 'GET', '/coupons');
    expect(mine.body).toContain(small.json<{ couponId: string }>().couponId);

    const large = await call(cs, 'POST', `/staff/customers/${b.customerId}/coupon-grants`, {
      definitionId: 'goodwill200',
      reason: 'Long outage',
    });
    expect(large.json()).toMatchObject({ state: 'pending', couponId: null });
    const grantId = large.json<{ id: string }>().id;
    expect((await call(cs, 'POST', `/staff/coupon-grants/${grantId}/decision`, { approve: true })).statusCode).toBe(
      403,
    );
    const list = await call(supervisor, 'GET', '/staff/coupon-grants?state=pending');
    expect(list.json<{ items: { id: string }[] }>().items.map((i) => i.id)).toContain(grantId);
    // The approvals list names the customer masked and the requester by name.
    const row = list
      .json<{
        items: { id: string; customer: { nameMasked: string; phoneMasked: string }; requestedByName: string }[];
      }>()
      .items.find((i) => i.id === grantId)!;
    expect(row).toMatchObject({
      customer: { nameMasked: 'M*** C*** R***', phoneMasked: expect.stringMatching(/^•+\d\d$/u) },
      requestedByName: 'Test customerService',
    });
    const [one, two] = await Promise.all([
      call(supervisor, 'POST', `/staff/coupon-grants/${grantId}/decision`, { approve: true }),
      call(supervisor, 'POST', `/staff/coupon-grants/${grantId}/decision`, { approve: false }),
    ]);
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([200, 409]);
    const decided = [one!, two!].find((r) => r.statusCode === 200)!.json<{ state: string; couponId: string | null }>();
    if (decided.state === 'issued') expect((await call(b, 'GET', '/coupons')).body).toContain(decided.couponId!);
    const unknown = await call(cs, 'POST', `/staff/customers/${b.customerId}/coupon-grants`, {
      definitionId: 'welcomePlatform',
      reason: 'x',
    });
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a supervisor deciding their own grant (SAME_PERSON)', async () => {
    const own = await addTestStaff(api.database.db, 'supervisor');
    // A supervisor cannot grant; a grant by customer service decided by another customer-service member is refused by role.
    const large = await call(cs2, 'POST', `/staff/customers/${b.customerId}/coupon-grants`, {
      definitionId: 'goodwill200',
      reason: 'Outage',
    });
    const grantId = large.json<{ id: string }>().id;
    await api.database.db.update(couponGrants).set({ requestedBy: own.id }).where(eq(couponGrants.id, grantId));
    const res = await call(own, 'POST', `/staff/coupon-grants/${grantId}/decision`, { approve: true });
    expect(res.json()).toMatchObject({ code: 'SAME_PERSON' });
  });

  it('every staff audit row names the staff member and the customer (searches and lists: the staff member)', async () => {
    const rows = await api.database.db.select().from(auditLog).where(like(auditLog.event, 'staff.%'));
    const noCustomer = /^staff\.(?:customer\.searched|access\.refused|audit\.searched|.*listed)$/u;
    for (const r of rows) {
      expect(r.staffId).toBeTruthy();
      if (!noCustomer.test(r.event)) expect(r.customerId, r.event).toBeTruthy();
    }
  });
});
