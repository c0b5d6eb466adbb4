import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { canDecodeHeic, MAX_UPLOAD_BYTES, prepareUpload, UploadError, type UploadErrorCode } from './images.ts';

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/** Left half red, right half blue: shows where the pixels went after a rotation. */
async function twoColours(width: number, height: number): Promise<Sharp> {
  const blue = await solid(width / 2, height, '#0000ff')
    .png()
    .toBuffer();
  return solid(width, height, '#ff0000').composite([{ input: blue, left: width / 2, top: 0 }]);
}

async function pixel(data: Buffer, left: number, top: number): Promise<number[]> {
  const raw = await sharp(data).extract({ left, top, width: 1, height: 1 }).raw().toBuffer();
  return [...raw];
}

async function uploadError(promise: Promise<unknown>): Promise<UploadErrorCode> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadError);
  return (error as UploadError).code;
}

describe('prepareUpload', () => {
  it('rotates by the EXIF orientation and strips every piece of metadata, GPS included', async () => {
    const input = await (
      await twoColours(400, 200)
    )
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Juan Dela Cruz', Make: 'PhoneCo' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '14/1 35/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '120/1 59/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes('Juan Dela Cruz')).toBe(true);
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer, tag 0x8825
    expect(before.xmp).toBeDefined();

    const out = await prepareUpload(input, 'idFront');
    const after = await sharp(out.data).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(out.data.includes('Juan Dela Cruz')).toBe(false);
    // Orientation 6 means "turn 90 degrees clockwise to view": the stored left (red) half ends up on top.
    expect([out.width, out.height]).toEqual([200, 400]);
    const [r, , b] = await pixel(out.data, 100, 50);
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(60);
    const [r2, , b2] = await pixel(out.data, 100, 350);
    expect(r2).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
  });

  it('drops an embedded colour profile too', async () => {
    const input = await solid(600, 400, '#808080').withIccProfile('p3').jpeg().toBuffer();
    expect((await sharp(input).metadata()).icc).toBeDefined();
    const out = await prepareUpload(input, 'idBack');
    expect((await sharp(out.data).metadata()).icc).toBeUndefined();
  });

  it('scales a 4000x3000 photo to 1600 on the longer side, as JPEG', async () => {
    const input = await solid(4000, 3000, '#6688aa').jpeg({ quality: 95 }).toBuffer();
    const out = await prepareUpload(input, 'face');
    expect(out).toMatchObject({ contentType: 'image/jpeg', width: 1600, height: 1200, bytes: out.data.length });
    const meta = await sharp(out.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 1200]);
  });

  it('scales a portrait photo by its height and never enlarges a small one', async () => {
    const tall = await prepareUpload(await solid(1500, 3000, '#abcdef').png().toBuffer(), 'idFront');
    expect([tall.width, tall.height]).toEqual([800, 1600]);
    const small = await prepareUpload(await solid(640, 480, '#abcdef').webp().toBuffer(), 'idBack');
    expect([small.contentType, small.width, small.height]).toEqual(['image/jpeg', 640, 480]);
  });

  it('keeps a signature as PNG with its transparency, at most 1600 wide', async () => {
    const stroke = await sharp({
      create: { width: 1800, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const input = await sharp({
      create: { width: 2400, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: stroke, left: 300, top: 380 }])
      .png()
      .toBuffer();
    const out = await prepareUpload(input, 'signature');
    expect(out).toMatchObject({ contentType: 'image/png', width: 1600 });
    expect(out.height).toBeCloseTo(533, -1);
    const meta = await sharp(out.data).metadata();
    expect([meta.format, meta.hasAlpha, meta.channels]).toEqual(['png', true, 4]);
    expect((await pixel(out.data, 10, 10))[3]).toBe(0); // background still transparent
    expect((await pixel(out.data, 800, 266))[3]).toBe(255); // the stroke still opaque
  });

  it('sniffs the type from the bytes: text named .jpg, SVG, GIF and empty input are refused', async () => {
    const notImages = [
      Buffer.from('This is a text file renamed to photo.jpg\n'.repeat(20)),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      await solid(20, 20, '#ffffff').gif().toBuffer(),
      Buffer.alloc(0),
    ];
    for (const input of notImages)
      expect(await uploadError(prepareUpload(input, 'idFront'))).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('accepts HEIC only where this sharp can decode it', async () => {
    // An ISO-BMFF 'ftyp' box with the heic brand: enough for the sniffer, not a decodable image.
    const ftyp = Buffer.alloc(32);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypheic', 4, 'latin1');
    ftyp.write('mif1heic', 16, 'latin1');
    const code = await uploadError(prepareUpload(ftyp, 'face'));
    expect(code).toBe(canDecodeHeic() ? 'PHOTO_PROBLEM' : 'FILE_TYPE_NOT_ALLOWED');
  });

  it('refuses more than 10 MB before looking at the content, and accepts exactly 10 MB of something', async () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    expect(await uploadError(prepareUpload(Buffer.alloc(11 * 1024 * 1024, 0xff), 'idFront'))).toBe('FILE_TOO_LARGE');
    expect(await uploadError(prepareUpload(Buffer.alloc(MAX_UPLOAD_BYTES), 'idFront'))).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('refuses a decompression bomb: a small file of more than 40 megapixels', async () => {
    const bomb = await solid(8000, 6000, '#000000').png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(await uploadError(prepareUpload(bomb, 'idFront'))).toBe('FILE_TOO_LARGE');
  });

  it('answers PHOTO_PROBLEM for a truncated JPEG', async () => {
    const whole = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    expect(await uploadError(prepareUpload(whole.subarray(0, Math.floor(whole.length / 2)), 'idFront'))).toBe(
      'PHOTO_PROBLEM',
    );
  });

  it('gives each code the HTTP status the route answers with', () => {
    expect(new UploadError('FILE_TOO_LARGE', 'x').httpStatus).toBe(413);
    expect(new UploadError('FILE_TYPE_NOT_ALLOWED', 'x').httpStatus).toBe(415);
    expect(new UploadError('PHOTO_PROBLEM', 'x').httpStatus).toBe(422);
  });
});
