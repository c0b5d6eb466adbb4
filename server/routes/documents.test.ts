import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../db/test-database.ts';
import { idCard, portrait } from '../providers/identity/test-images.ts';
import { login } from '../testing/borrower.ts';
import { postDocument } from '../testing/multipart.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';

describe.each(databaseTargets())('documents on %s', (kind) => {
  let api: TestApi;
  let card: Buffer;
  let face: Buffer;
  beforeAll(async () => {
    api = await testApi(kind);
    card = await sharp(idCard())
      .jpeg({ quality: 90 })
      .withMetadata({ exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 35/1 0/1' } } })
      .toBuffer();
    face = await sharp(portrait()).jpeg({ quality: 90 }).toBuffer();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('stores an ID photo re-encoded without metadata, for its owner only, usable in the identity step', async () => {
    const a = await login(api);
    const b = await login(api);
    const res = await postDocument(api, a, 'idFront', card);
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<{ id: string; ref: string }>();
    expect(saved.ref).toBe(`doc:${saved.id}`);
    const own = await api.app.inject({ method: 'GET', url: `/api/v1/documents/${saved.id}`, headers: a.headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(own.rawPayload).metadata()).exif).toBeUndefined();
    // B cannot fetch A's document, with B's own session or with A's id.
    expect(
      (await api.app.inject({ method: 'GET', url: `/api/v1/documents/${saved.id}`, headers: b.headers })).statusCode,
    ).toBe(404);
    expect(
      (
        await api.app.inject({
          method: 'GET',
          url: `/api/v1/documents/${saved.id}`,
          headers: { ...b.headers, 'x-customer-id': a.customerId },
        })
      ).statusCode,
    ).toBe(401);
    expect((await api.app.inject({ method: 'GET', url: `/api/v1/documents/${saved.id}` })).statusCode).toBe(401);

    const faceRes = await postDocument(api, a, 'face', face);
    expect(faceRes.statusCode, faceRes.body).toBe(201);
    const identity = {
      name: 'Juan Dela Cruz',
      birthDate: '1990-05-15',
      gender: 'male',
      idType: 'passport',
      idNumber: 'P1234567A',
      idPhotoFront: saved.ref,
      facePhoto: faceRes.json<{ ref: string }>().ref,
    };
    const put = await api.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/identityInfo',
      headers: a.headers,
      payload: identity,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ completed: string[] }>().completed).toContain('identityInfo');
  });

  it('refuses what is not a usable photo with the catalogue code', async () => {
    const a = await login(api);
    const blurred = await sharp(idCard()).blur(8).jpeg().toBuffer();
    const uniform = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const cases: [string, Buffer, string, number, string][] = [
      ['idFront', blurred, 'image/jpeg', 422, 'PHOTO_PROBLEM'],
      ['face', uniform, 'image/jpeg', 422, 'FACE_CHECK_FAILED'],
      ['idFront', Buffer.from('%PDF-1.7 not an image'), 'image/jpeg', 415, 'FILE_TYPE_NOT_ALLOWED'],
      ['passport', card, 'image/jpeg', 400, 'INVALID_INPUT'],
      ['idFront', Buffer.alloc(11 * 1024 * 1024, 1), 'image/jpeg', 413, 'FILE_TOO_LARGE'],
    ];
    for (const [kindName, file, type, status, code] of cases) {
      const res = await postDocument(api, a, kindName, file, { filename: 'x.jpg', type });
      expect([res.statusCode, res.json<{ code: string }>().code], `${kindName} ${code}`).toEqual([status, code]);
    }
    const json = await api.app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers: { ...a.headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('refuses an identity step whose photos the identity check refuses, naming the photo to retake', async () => {
    const a = await login(api);
    const front = (await postDocument(api, a, 'idFront', card)).json<{ ref: string }>().ref;
    const ownFace = (await postDocument(api, a, 'face', face)).json<{ ref: string }>().ref;
    // The ID card's picture sent again as the face: it passes the face photo's quality gate, not the match.
    const cardAsFace = await postDocument(api, a, 'face', card);
    expect(cardAsFace.statusCode, cardAsFace.body).toBe(201);
    const identity = {
      name: 'Juan Dela Cruz',
      birthDate: '1990-05-15',
      gender: 'male',
      idType: 'passport',
      idNumber: 'P1234567A',
    };
    const put = (payload: Record<string, unknown>) =>
      api.app.inject({
        method: 'PUT',
        url: '/api/v1/profile/identityInfo',
        headers: a.headers,
        payload: { ...identity, ...payload },
      });
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ idPhotoFront: ownFace, facePhoto: ownFace }, 'ID_PHOTO_UNCLEAR', '/idPhotoFront', 'not-an-id'],
      [{ idPhotoFront: front, facePhoto: front }, 'FACE_CHECK_FAILED', '/facePhoto', 'no-face'],
      [
        { idPhotoFront: front, facePhoto: cardAsFace.json<{ ref: string }>().ref },
        'AUTH_INFO_PROBLEM',
        '/facePhoto',
        'face-mismatch',
      ],
    ];
    for (const [photos, code, field, reason] of cases) {
      const res = await put(photos);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json<Record<string, unknown>>()).toMatchObject({ code, field, reason });
    }
    const profile = await api.app.inject({ method: 'GET', url: '/api/v1/profile', headers: a.headers });
    expect(profile.json<{ summary: { completed: string[] } }>().summary.completed).not.toContain('identityInfo');
    expect((await put({ idPhotoFront: front, facePhoto: ownFace })).statusCode).toBe(200);
  });
});
