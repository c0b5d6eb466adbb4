import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSamples } from '#forms/contact.samples.ts';
import { databaseTargets } from '../db/test-database.ts';
import { documents, profileSections } from '../db/tables.ts';
import { login } from '../testing/borrower.ts';
import { caller } from '../testing/request.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';

const base = { maritalStatus: 'single', education: 'college' };

describe.each(databaseTargets())('profiles on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);

  it('saves a step validated by the same rules as the form, normalised, and says where to resume', async () => {
    const a = await login(api);
    const empty = await api.app.inject({ method: 'GET', url: '/api/v1/profile', headers: a.headers });
    expect(empty.json()).toMatchObject({
      summary: { completed: [], complete: false, next: '/identityInfo' },
      sections: {},
    });
    const saved = await call(a, 'PUT', '/profile/baseInfo', base);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ completed: ['baseInfo'], next: '/identityInfo' });
    // The overview read before the save (and kept by this instance for a few seconds) is replaced by the save.
    const after = await api.app.inject({ method: 'GET', url: '/api/v1/profile', headers: a.headers });
    expect(after.json()).toMatchObject({
      summary: { completed: ['baseInfo'] },
      sections: { baseInfo: { data: base } },
    });
    expect(after.headers['cache-control']).toBe('no-store');
    const one = await api.app.inject({ method: 'GET', url: '/api/v1/profile/baseInfo', headers: a.headers });
    expect(one.json()).toMatchObject({ step: 'baseInfo', data: base });
    expect(one.headers['cache-control']).toBe('no-store');
  });

  it("reads a marital status of the old ten-choice list as today's status and children, stored or sent", async () => {
    const a = await login(api);
    // Stored by the previous version of the rules.
    await api.database.db.insert(profileSections).values({
      customerId: a.customerId,
      step: 'baseInfo',
      data: { maritalStatus: 'widowedWithChildren', education: 'college' },
      schemaVersion: '0000000000000000',
      updatedAt: new Date(),
    });
    const read = await api.app.inject({ method: 'GET', url: '/api/v1/profile', headers: a.headers });
    expect(read.json()).toMatchObject({
      summary: { completed: ['baseInfo'] },
      sections: { baseInfo: { data: { maritalStatus: 'widowed', children: 'yes', education: 'college' } } },
    });
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/v1/profile/baseInfo', headers: a.headers })).json(),
    ).toMatchObject({ data: { maritalStatus: 'widowed', children: 'yes' } });
    // Sent by an app still on the old form.
    const saved = await call(a, 'PUT', '/profile/baseInfo', {
      maritalStatus: 'marriedWithoutChildren',
      education: 'college',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/v1/profile/baseInfo', headers: a.headers })).json(),
    ).toMatchObject({ data: { maritalStatus: 'married', children: 'no', education: 'college' } });
  });

  it('refuses invalid data with the field, rule and values, as the form shows them', async () => {
    const a = await login(api);
    const res = await call(a, 'PUT', '/profile/baseInfo', { maritalStatus: 'complicated' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: expect.arrayContaining([expect.objectContaining({ instancePath: '/maritalStatus', keyword: 'enum' })]),
    });
  });

  it("runs the step checks: no emergency contact may have the borrower's own number", async () => {
    const a = await login(api);
    const contacts = structuredClone(contactSamples.valid[0]!.data) as { emergencyContacts: { phone: string }[] };
    contacts.emergencyContacts[1]!.phone = `0${a.phone}`;
    const res = await call(a, 'PUT', '/profile/contact', contacts);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ instancePath: '/emergencyContacts/1/phone', keyword: 'registeredPhone' })],
    });
  });

  it('keeps photos out of the profile: an inline image is refused, a document of another customer too', async () => {
    const a = await login(api);
    const b = await login(api);
    const [doc] = await api.database.db
      .insert(documents)
      .values({
        customerId: b.customerId,
        kind: 'idFront',
        storageKey: 'documents/x.jpg',
        contentType: 'image/jpeg',
        bytes: 1,
        width: 1,
        height: 1,
      })
      .returning();
    const identity = {
      name: 'Juan Dela Cruz',
      birthDate: '1990-05-15',
      gender: 'male',
      idType: 'passport',
      idNumber: 'P1234567A',
    };
    const inline = await call(a, 'PUT', '/profile/identityInfo', {
      ...identity,
      idPhotoFront: 'data:image/jpeg;base64,/9j/4AAQ',
      facePhoto: 'data:image/jpeg;base64,/9j/4AAQ',
    });
    expect(inline.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: expect.arrayContaining([expect.objectContaining({ instancePath: '/idPhotoFront', keyword: 'upload' })]),
    });
    const stolen = await call(a, 'PUT', '/profile/identityInfo', {
      ...identity,
      idPhotoFront: `doc:${doc!.id}`,
      facePhoto: `doc:${doc!.id}`,
    });
    expect(stolen.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: expect.arrayContaining([expect.objectContaining({ instancePath: '/idPhotoFront', keyword: 'document' })]),
    });
  });

  it('lets a borrower read and write only their own profile', async () => {
    const a = await login(api);
    const b = await login(api);
    await call(b, 'PUT', '/profile/baseInfo', base);
    // A's session with B's id is refused; A's own reads never show B's data.
    const asB = { ...a.headers, 'x-customer-id': b.customerId };
    for (const req of [
      { method: 'GET' as const, url: '/api/v1/profile' },
      { method: 'GET' as const, url: '/api/v1/profile/baseInfo' },
      {
        method: 'PUT' as const,
        url: '/api/v1/profile/baseInfo',
        payload: { maritalStatus: 'married', education: 'college' },
      },
    ]) {
      const res = await api.app.inject({ ...req, headers: asB });
      expect(res.statusCode, req.url).toBe(401);
    }
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/v1/profile/baseInfo', headers: a.headers })).json(),
    ).toMatchObject({ code: 'SECTION_EMPTY' });
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/v1/profile/baseInfo', headers: b.headers })).json(),
    ).toMatchObject({ data: base });
    expect((await api.app.inject({ method: 'GET', url: '/api/v1/profile' })).statusCode).toBe(401);
  });

  it('answers malformed, mistyped and oversized input with a 4xx and a code', async () => {
    const a = await login(api);
    const json = { ...a.headers, 'content-type': 'application/json' };
    const answers = [
      await api.app.inject({
        method: 'PUT',
        url: '/api/v1/profile/baseInfo',
        headers: json,
        payload: '{"maritalStatus": ',
      }),
      await api.app.inject({ method: 'PUT', url: '/api/v1/profile/baseInfo', headers: json, payload: '[1, 2]' }),
      await api.app.inject({ method: 'PUT', url: '/api/v1/profile/baseInfo', headers: json, payload: '"text"' }),
      await api.app.inject({ method: 'PUT', url: '/api/v1/profile/noSuchStep', headers: json, payload: '{}' }),
      await api.app.inject({
        method: 'PUT',
        url: '/api/v1/profile/baseInfo',
        headers: json,
        payload: JSON.stringify({ maritalStatus: 'x'.repeat(100_000) }),
      }),
      await api.app.inject({
        method: 'PUT',
        url: '/api/v1/profile/baseInfo',
        headers: { ...a.headers, 'content-type': 'text/plain' },
        payload: 'hello',
      }),
      await api.app.inject({
        method: 'PUT',
        url: '/api/v1/profile/baseInfo',
        headers: json,
        payload: JSON.stringify({ maritalStatus: { $gt: '' }, education: ['college'] }),
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json<{ code: string }>().code, res.body).toMatch(/^[A-Z_]+$/u);
    }
  });
});
