/**
 * The profile tab's summary, preferences and feedback: the caller's own only, bad input refused with a catalogue
 * code, feedback validated by the form's own schema (at least 10 characters).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../db/test-database.ts';
import { coupons, customers, documents, feedback, messages } from '../db/tables.ts';
import { codeFor, login, newPhone, type Borrower } from '../testing/borrower.ts';
import { BANK_INFO, completeProfile, STANDARD_LOAN } from '../testing/loan-fixtures.ts';
import { caller, newKey } from '../testing/request.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';
import { eq, sql } from 'drizzle-orm';
import messagesConfig from '#config/messages.json' with { type: 'json' };

describe.each(databaseTargets())('the profile tab on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);
  const patch = (who: Borrower, payload: unknown) => call(who, 'PATCH', '/me/preferences', payload as object);
  const send = (who: Borrower, payload: unknown) => call(who, 'POST', '/feedback', payload as object);

  it('summarises a new borrower: masked phone, every step incomplete, no payout account, the registration coupon and messages', async () => {
    const a = await login(api);
    const res = await call(a, 'GET', '/me');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const me = res.json();
    // Exactly this: the middle three digits hidden (a random number may repeat them in its last four).
    expect(me.phoneMasked).toBe(`${a.phone.slice(0, 3)}***${a.phone.slice(-4)}`);
    expect(me).toMatchObject({
      preferences: { language: 'en', smsReminders: true, contactHours: null },
      profileComplete: false,
      payoutLocked: false,
      payoutAccount: null,
      usableCoupons: 1,
      unread: { notify: 2, activity: messagesConfig.announcements.length },
      openFeedback: 0,
    });
    expect(me.steps).toHaveLength(7);
    expect(me.steps.every((s: { state: string }) => s.state === 'incomplete')).toBe(true);
    // No limit before the profile is complete (home's answer): not the config's maximum.
    expect(me.creditLimitCentavos).toBeNull();
  });

  it('shows the completed steps, the masked payout account, usable coupons and unread messages; locks the payout step while a loan is open', async () => {
    const a = await login(api);
    await completeProfile(api.database.db, a.customerId, { workInfo: { monthlyIncome: 'upTo12000' } });
    const now = api.now();
    await api.database.db.insert(coupons).values([
      {
        customerId: a.customerId,
        definitionId: 'd',
        kind: 'repayment',
        appliesTo: 'repayment',
        amount: 100,
        state: 'unused',
        source: 't',
        issueKey: 'one',
        validFrom: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
      },
      {
        customerId: a.customerId,
        definitionId: 'd',
        kind: 'repayment',
        appliesTo: 'repayment',
        amount: 100,
        state: 'unused',
        source: 't',
        issueKey: 'old',
        validFrom: now,
        expiresAt: new Date(now.getTime() - 1000),
      },
    ]);
    await api.database.db.insert(messages).values({ customerId: a.customerId, template: 'welcome', params: {} });
    const me = (await call(a, 'GET', '/me')).json();
    expect(me.profileComplete).toBe(true);
    expect(me.steps.every((s: { state: string }) => s.state === 'complete')).toBe(true);
    expect(me.payoutAccount).toEqual({
      method: 'bank',
      label: BANK_INFO.bankCode,
      accountMasked: `******${BANK_INFO.accountNumber.slice(-4)}`,
    });
    // The platform coupon and the welcome and coupon messages of the registration, and the rows written above.
    expect(me.usableCoupons).toBe(2);
    expect(me.unread.notify).toBe(3);

    const applied = await call(a, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(applied.statusCode, applied.body).toBe(201);
    const during = (await call(a, 'GET', '/me')).json();
    expect(during.payoutLocked).toBe(true);
    expect(during.steps.find((s: { step: string }) => s.step === 'bankInfo').state).toBe('locked');
  });

  it('stores the language and the SMS reminders choice; refuses an unknown language or an empty change with a 4xx code', async () => {
    const a = await login(api);
    const fil = await patch(a, { language: 'fil' });
    expect(fil.statusCode, fil.body).toBe(200);
    expect(fil.json()).toEqual({ language: 'fil', smsReminders: true, contactHours: null });
    expect((await patch(a, { smsReminders: false })).json()).toEqual({
      language: 'fil',
      smsReminders: false,
      contactHours: null,
    });
    const [row] = await api.database.db.select().from(customers).where(eq(customers.id, a.customerId));
    expect(row).toMatchObject({ language: 'fil', smsReminders: false });
    expect((await call(a, 'GET', '/me')).json().preferences).toEqual({
      language: 'fil',
      smsReminders: false,
      contactHours: null,
    });
    // Consent to collection contact at other hours (docs/collections.md): kept with its time, withdrawn with null.
    const nights = { from: '21:00', to: '07:00' };
    expect((await patch(a, { contactHours: nights })).json()).toMatchObject({ contactHours: nights });
    const [consented] = await api.database.db.select().from(customers).where(eq(customers.id, a.customerId));
    expect(consented).toMatchObject({ contactFrom: '21:00', contactTo: '07:00' });
    expect(consented!.contactConsentAt).toBeInstanceOf(Date);
    expect((await patch(a, { contactHours: null })).json()).toMatchObject({ contactHours: null });
    for (const bad of [
      { language: 'fr' },
      {},
      { smsReminders: 'no' },
      { language: 'fil', admin: true },
      [],
      { contactHours: { from: '25:00', to: '07:00' } },
      { contactHours: { from: '21:00' } },
    ]) {
      const res = await patch(a, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(bad)).toBeLessThan(500);
      expect(res.json().code).toMatch(/^[A-Z_]+$/u);
    }
  });

  it('stores the language the app was read in at login, and refuses one the product does not offer', async () => {
    const phone = newPhone();
    const headers = { 'x-device-id': `dev-${randomBytes(6).toString('hex')}` };
    const remoteAddress = '10.9.8.7';
    await api.app.inject({ method: 'POST', url: '/api/v1/auth/sms-code', remoteAddress, headers, payload: { phone } });
    const refused = await api.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress,
      headers,
      payload: { phone, code: codeFor(api.outbox, phone), language: 'fr' },
    });
    expect(refused.statusCode).toBe(400);
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress,
      headers,
      payload: { phone, code: codeFor(api.outbox, phone), language: 'zh-CN' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { token, customerId } = res.json<{ token: string; customerId: string }>();
    const me = (
      await call(
        { headers: { authorization: `Bearer ${token}`, 'x-customer-id': customerId, ...headers } },
        'GET',
        '/me',
      )
    ).json();
    expect(me.preferences.language).toBe('zh-CN');
  });

  it('needs a session for every route', async () => {
    const bodies = {
      '/me/preferences': { language: 'fil' },
      '/feedback': { category: 'app', text: 'long enough text' },
    } as Record<string, object>;
    for (const [method, url] of [
      ['GET', '/me'],
      ['PATCH', '/me/preferences'],
      ['GET', '/feedback'],
      ['POST', '/feedback'],
    ] as const) {
      const res = await api.app.inject({
        method,
        url: `/api/v1${url}`,
        payload: method === 'GET' ? undefined : bodies[url],
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('refuses feedback of 9 characters with the field and rule, accepts 10, stores the text encrypted and acknowledges it', async () => {
    const a = await login(api);
    const short = await send(a, { category: 'app', text: '123456789' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ instancePath: '/text', keyword: 'minLength', params: { limit: 10 } })],
    });
    const ok = await send(a, { category: 'app', text: '1234567890' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      category: 'app',
      text: '1234567890',
      state: 'open',
      reply: null,
      hasScreenshot: false,
    });
    const list = (await call(a, 'GET', '/feedback')).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id: ok.json().id, state: 'open' });
    // Encrypted at rest: the column does not hold the text.
    const raw = (await api.database.db.execute(
      sql`select text from ${feedback} where id = ${ok.json().id}`,
    )) as unknown as { rows: { text: string }[] };
    expect(raw.rows[0]!.text).not.toContain('1234567890');
    const me = (await call(a, 'GET', '/me')).json();
    expect(me.openFeedback).toBe(1);
    // The registration's two messages, and the feedback's acknowledgement.
    expect(me.unread.notify).toBe(3);
  });

  it('refuses bad feedback with a 4xx code, never a 5xx', async () => {
    const a = await login(api);
    const inline = 'data:image/jpeg;base64,/9j/4AAQ';
    for (const bad of [
      {},
      { category: 'rant', text: 'long enough text' },
      { category: 'app', text: 42 },
      { category: 'app', text: 'x'.repeat(1001) },
      { category: 'app', text: 'long enough text', extra: 1 },
      { category: 'app', text: 'long enough text', screenshot: inline },
      { category: 'app', text: 'long enough text', screenshot: 'doc:nope' },
      [],
      'text',
    ]) {
      const res = await send(a, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(bad)).toBeLessThan(500);
    }
    expect((await call(a, 'GET', '/feedback')).json().items).toHaveLength(0);
  });

  it("keeps feedback to its author: B never sees A's, and A cannot attach B's screenshot", async () => {
    const a = await login(api);
    const b = await login(api);
    const [bDoc] = await api.database.db
      .insert(documents)
      .values({
        customerId: b.customerId,
        kind: 'feedbackScreenshot',
        storageKey: 'documents/x.jpg',
        contentType: 'image/jpeg',
        bytes: 1,
        width: 1,
        height: 1,
      })
      .returning();
    const [aDoc] = await api.database.db
      .insert(documents)
      .values({
        customerId: a.customerId,
        kind: 'feedbackScreenshot',
        storageKey: 'documents/y.jpg',
        contentType: 'image/jpeg',
        bytes: 1,
        width: 1,
        height: 1,
      })
      .returning();
    const [aId] = await api.database.db
      .insert(documents)
      .values({
        customerId: a.customerId,
        kind: 'idFront',
        storageKey: 'documents/z.jpg',
        contentType: 'image/jpeg',
        bytes: 1,
        width: 1,
        height: 1,
      })
      .returning();
    const stolen = await send(a, { category: 'app', text: 'see my screenshot', screenshot: `doc:${bDoc!.id}` });
    expect(stolen.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ instancePath: '/screenshot', keyword: 'document' })],
    });
    const wrongKind = await send(a, { category: 'app', text: 'see my screenshot', screenshot: `doc:${aId!.id}` });
    expect(wrongKind.statusCode).toBe(422);
    const mine = await send(a, { category: 'loan', text: 'see my screenshot', screenshot: `doc:${aDoc!.id}` });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().hasScreenshot).toBe(true);
    expect((await call(b, 'GET', '/feedback')).json().items).toEqual([]);
    expect((await call(a, 'GET', '/feedback')).json().items).toHaveLength(1);
    expect((await call(b, 'GET', '/me')).json().openFeedback).toBe(0);
  });
});
