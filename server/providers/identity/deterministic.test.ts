import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareUpload, type PreparedImage } from '#server/services/images.ts';
import {
  createDeterministicIdentityChecker,
  DOCUMENT_THRESHOLDS,
  FACE_THRESHOLDS,
  measureImage,
} from './deterministic.ts';
import { idCard, portrait } from './test-images.ts';

/** Camera-like sensor noise over an image, so a blurred photo is not unrealistically smooth. */
async function withNoise(image: Sharp, sigma: number): Promise<Buffer> {
  const { width, height } = await image.clone().metadata();
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma } },
  })
    .png()
    .toBuffer();
  return sharp(await image.png().toBuffer())
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const photo = async (image: Sharp | Buffer, kind: 'idFront' | 'face' = 'idFront'): Promise<PreparedImage> =>
  prepareUpload(Buffer.isBuffer(image) ? image : await image.jpeg({ quality: 90 }).toBuffer(), kind);

const checker = createDeterministicIdentityChecker();

describe('deterministic identity checker: documents', () => {
  it('passes a sharp, well-lit ID photo, front and back', async () => {
    const card = await photo(await withNoise(sharp(idCard()), 6));
    expect(await checker.checkDocument(card, 'front')).toEqual({ ok: true });
    expect(await checker.checkDocument(card, 'back')).toEqual({ ok: true });
  });

  it('calls a heavily blurred ID blurry, with or without sensor noise', async () => {
    for (const blurred of [
      await photo(sharp(idCard()).blur(8)),
      await photo(await withNoise(sharp(idCard()).blur(8), 20)),
    ]) {
      expect(await checker.checkDocument(blurred, 'front')).toEqual({
        ok: false,
        code: 'PHOTO_PROBLEM',
        reason: 'blurry',
      });
    }
  });

  it('keeps the blur threshold well clear of both sharp and blurred photos', async () => {
    const sharpScore = (await measureImage(await photo(await withNoise(sharp(idCard()), 6)))).sharpness;
    const blurredScore = (await measureImage(await photo(await withNoise(sharp(idCard()).blur(8), 20)))).sharpness;
    expect(sharpScore).toBeGreaterThan(DOCUMENT_THRESHOLDS.minSharpness * 10);
    expect(blurredScore).toBeLessThan(DOCUMENT_THRESHOLDS.minSharpness);
    // A slightly soft photo (sigma 1.5) is still readable and must pass.
    expect(await checker.checkDocument(await photo(sharp(idCard()).blur(1.5)), 'front')).toEqual({ ok: true });
  });

  it('calls an underexposed ID too dark and an overexposed one too bright', async () => {
    const dark = await photo(sharp(idCard()).linear(0.15, 0));
    expect(await checker.checkDocument(dark, 'front')).toEqual({
      ok: false,
      code: 'PHOTO_PROBLEM',
      reason: 'too-dark',
    });
    const bright = await photo(sharp(idCard()).linear(0.3, 200));
    expect(await checker.checkDocument(bright, 'back')).toEqual({
      ok: false,
      code: 'PHOTO_PROBLEM',
      reason: 'too-bright',
    });
  });

  it('calls a photo with a shorter side under 480 px too small, even when sharp', async () => {
    const tiny = await photo(sharp(idCard(600, 380)));
    expect(await checker.checkDocument(tiny, 'front')).toEqual({
      ok: false,
      code: 'PHOTO_PROBLEM',
      reason: 'too-small',
    });
    const justEnough = await photo(sharp(idCard(758, 480)));
    expect(await checker.checkDocument(justEnough, 'front')).toEqual({ ok: true });
  });
});

describe('deterministic identity checker: faces', () => {
  it('passes a sharp, well-lit face photo, with or without the ID front', async () => {
    const face = await photo(await withNoise(sharp(portrait()), 6), 'face');
    expect(await checker.checkFace(face)).toEqual({ ok: true });
    expect(await checker.checkFace(face, await photo(sharp(idCard())))).toEqual({ ok: true });
  });

  it('answers no-face for a nearly uniform picture, dark or light', async () => {
    for (const colour of ['#7f7f7f', '#050505', '#f4f4f4']) {
      const blank = await photo(
        sharp({ create: { width: 720, height: 960, channels: 3, background: colour } }),
        'face',
      );
      expect(await checker.checkFace(blank)).toEqual({ ok: false, code: 'FACE_CHECK_FAILED', reason: 'no-face' });
    }
  });

  it('answers blurry, too-dark and too-small with FACE_CHECK_FAILED', async () => {
    const blurred = await photo(await withNoise(sharp(portrait()).blur(8), 8), 'face');
    expect(await checker.checkFace(blurred)).toEqual({ ok: false, code: 'FACE_CHECK_FAILED', reason: 'blurry' });
    const dark = await photo(sharp(portrait()).linear(0.2, 0), 'face');
    expect(await checker.checkFace(dark)).toEqual({ ok: false, code: 'FACE_CHECK_FAILED', reason: 'too-dark' });
    const small = await photo(sharp(portrait()).resize(240, 320), 'face');
    expect(await checker.checkFace(small)).toEqual({ ok: false, code: 'FACE_CHECK_FAILED', reason: 'too-small' });
    expect(FACE_THRESHOLDS.minShortSide).toBe(320);
  });
});
