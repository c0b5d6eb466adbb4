/** Default longest side, in pixels, of a photo after downscaling in the browser. */
export const MAX_PHOTO_SIDE = 1600;

export interface PixelSize {
  width: number;
  height: number;
}

/**
 * The size a `width` x `height` image is drawn at so that its longer side is at most `maxSide`, keeping the aspect
 * ratio; never enlarged. Sides are whole pixels, at least 1. Throws on a non-positive or non-finite size.
 */
export function fitWithin(width: number, height: number, maxSide: number = MAX_PHOTO_SIDE): PixelSize {
  for (const side of [width, height, maxSide]) {
    if (!Number.isFinite(side) || side <= 0)
      throw new RangeError(`invalid image size ${width}x${height} (max ${maxSide})`);
  }
  const longer = Math.max(width, height);
  if (longer <= maxSide) return { width: Math.round(width), height: Math.round(height) };
  const scale = maxSide / longer;
  // The longer side lands exactly on maxSide; the shorter one is rounded, never to 0.
  return width >= height
    ? { width: Math.round(maxSide), height: Math.max(1, Math.round(height * scale)) }
    : { width: Math.max(1, Math.round(width * scale)), height: Math.round(maxSide) };
}
