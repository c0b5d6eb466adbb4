/**
 * Turns an uploaded identity image into the only bytes we keep: the real type is sniffed from the content (the
 * client's type and name are never trusted), the size and pixel count are bounded, and the image is re-encoded,
 * rotated upright by its EXIF orientation and stripped of every piece of metadata (an ID photo's GPS position and
 * camera serial must not be stored).
 */
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';

/** Largest upload accepted, in bytes; the upload route uses the same number for its multipart limit. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Largest decoded image accepted, in pixels: guards against decompression bombs (a small file, a huge bitmap). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Longer side of a stored photo, width of a stored signature, in pixels. */
export const MAX_OUTPUT_SIDE = 1600;
const JPEG_QUALITY = 85;

export type UploadKind = 'idFront' | 'idBack' | 'face' | 'signature' | 'feedbackScreenshot';

export interface PreparedImage {
  readonly data: Buffer;
  readonly contentType: 'image/jpeg' | 'image/png';
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
}

/**
 * FILE_TYPE_NOT_ALLOWED: not a JPEG, PNG, WebP (or HEIC where this sharp decodes it). FILE_TOO_LARGE: over
 * MAX_UPLOAD_BYTES or MAX_INPUT_PIXELS. PHOTO_PROBLEM: the right type but it cannot be decoded (truncated, corrupt):
 * the borrower's remedy is the same as for a bad photo, take it again.
 */
export type UploadErrorCode = 'FILE_TYPE_NOT_ALLOWED' | 'FILE_TOO_LARGE' | 'PHOTO_PROBLEM';

const HTTP_STATUS: Record<UploadErrorCode, 413 | 415 | 422> = {
  FILE_TOO_LARGE: 413,
  FILE_TYPE_NOT_ALLOWED: 415,
  PHOTO_PROBLEM: 422,
};

export class UploadError extends Error {
  /** The status the route should answer with `{ code, message }`. */
  readonly httpStatus: 413 | 415 | 422;
  constructor(
    readonly code: UploadErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
    this.httpStatus = HTTP_STATUS[code];
  }
}

const HEIF_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

/**
 * sharp's prebuilt libvips decodes AVIF but not HEVC-coded HEIC (patents); libvips lists the HEIF suffixes its
 * libheif can actually decode, so '.heic' appears only in builds that read iPhone photos.
 */
export function canDecodeHeic(): boolean {
  const { input } = sharp.format.heif;
  return input.buffer && Boolean(input.fileSuffix?.some((suffix) => suffix === '.heic' || suffix === '.heif'));
}

async function sniffAllowedType(input: Buffer): Promise<string> {
  const sniffed = await fileTypeFromBuffer(input);
  const mime = sniffed?.mime;
  if (mime === 'image/jpeg' || mime === 'image/png' || mime === 'image/webp') return mime;
  if (mime && HEIF_TYPES.has(mime) && canDecodeHeic()) return mime;
  throw new UploadError(
    'FILE_TYPE_NOT_ALLOWED',
    `Only JPEG, PNG or WebP${canDecodeHeic() ? ' or HEIC' : ''} images are accepted, got ${mime ?? 'an unknown type'}`,
  );
}

/** Checks, normalises and re-encodes one upload; throws UploadError for anything it will not store. */
export async function prepareUpload(input: Buffer, kind: UploadKind): Promise<PreparedImage> {
  if (input.length > MAX_UPLOAD_BYTES)
    throw new UploadError('FILE_TOO_LARGE', `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
  await sniffAllowedType(input);

  // The header alone tells the pixel count; refusing here is cheaper and clearer than failing mid-decode.
  let pixels: number;
  try {
    const { width, height } = await sharp(input, { limitInputPixels: false }).metadata();
    pixels = width * height;
  } catch {
    throw new UploadError('PHOTO_PROBLEM', 'The image cannot be read');
  }
  if (!(pixels > 0)) throw new UploadError('PHOTO_PROBLEM', 'The image cannot be read');
  if (pixels > MAX_INPUT_PIXELS)
    throw new UploadError('FILE_TOO_LARGE', `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);

  // No withMetadata/keepExif: sharp writes no EXIF, XMP, IPTC or ICC unless asked, and converts to sRGB.
  const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
  const encoded =
    kind === 'signature'
      ? pipeline.resize({ width: MAX_OUTPUT_SIDE, withoutEnlargement: true }).png({ compressionLevel: 9 })
      : pipeline
          .resize({ width: MAX_OUTPUT_SIDE, height: MAX_OUTPUT_SIDE, fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: JPEG_QUALITY });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: kind === 'signature' ? 'image/png' : 'image/jpeg',
      width: info.width,
      height: info.height,
      bytes: data.length,
    };
  } catch {
    throw new UploadError('PHOTO_PROBLEM', 'The image cannot be read');
  }
}
