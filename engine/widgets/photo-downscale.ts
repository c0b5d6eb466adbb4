import { fitWithin } from './photo-size.ts';

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  release: () => void;
}

/** Decodes with createImageBitmap (EXIF orientation applied) or, where it is missing or fails, an HTMLImageElement. */
async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    } catch {
      // Older Safari rejects some options or formats; the <img> path below still decodes them.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('PHOTO_DECODE_FAILED'));
      image.src = url;
    });
    return {
      source: image,
      width: image.naturalWidth,
      height: image.naturalHeight,
      release: () => URL.revokeObjectURL(url),
    };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

/**
 * Downscales an image file in the browser so that its longer side is at most `maxSide` pixels and re-encodes it as
 * JPEG at `quality` (0..1); returns a `data:image/jpeg;base64,...` URL. Rejects with `Error('PHOTO_DECODE_FAILED')`
 * when the file is not a readable image and `Error('PHOTO_ENCODE_FAILED')` when no canvas is available.
 */
export async function downscaleToJpeg(file: Blob, maxSide: number, quality: number): Promise<string> {
  const decoded = await decode(file);
  try {
    const size = fitWithin(decoded.width, decoded.height, maxSide);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('PHOTO_ENCODE_FAILED');
    context.drawImage(decoded.source, 0, 0, size.width, size.height);
    const url = canvas.toDataURL('image/jpeg', quality);
    if (!url.startsWith('data:image/jpeg')) throw new Error('PHOTO_ENCODE_FAILED');
    return url;
  } finally {
    decoded.release();
  }
}
