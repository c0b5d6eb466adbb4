/**
 * The default identity checker: deterministic image-quality checks with sharp, no machine learning, no network.
 *
 * What it does: rejects photos that are too small, too dark, too bright or blurry, and "face" photos that are nearly
 * uniform (a covered lens, a blank wall). What it does NOT do: it does not find a document or a face in the picture,
 * read the ID, detect liveness or spoofing, or compare the face with the ID's photo (`idFront` is ignored by
 * checkFace; matchFace refuses only a face photo that is the ID photo itself, the same picture sent twice). A sharp,
 * well-lit photo of a wall passes as a document. It is a quality gate in front of human review; a real KYC or
 * face-match provider plugs in behind the same IdentityChecker interface.
 *
 * Sharpness is the variance of the Laplacian on a greyscale copy scaled to ANALYSIS_SIDE (so the number does not
 * depend on the upload's resolution), after a 3x3 median that keeps edges but removes sensor noise (noise would
 * otherwise make a blurred photo look sharp). The thresholds were calibrated on the synthetic images of
 * deterministic.test.ts, not on real photos: a text-like 1200x760 ID card scores about 1350, blurred with sigma 1.5
 * about 490, sigma 3 about 85, sigma 8 about 6 (about 47 with strong sensor noise); a smooth synthetic face scores
 * about 74 and about 10 blurred. They are deliberately lenient, because a false rejection costs a borrower another
 * try while a poor photo still meets review. Tune them with real, consented photos before relying on them.
 */
import sharp from 'sharp';
import type { PreparedImage } from '#server/services/images.ts';
import type { CheckFailureReason, CheckResult, IdentityChecker, MatchResult } from './identity-check.ts';

export interface QualityThresholds {
  /** Shorter side in pixels below which the photo is too small to read. */
  minShortSide: number;
  /** Variance of the Laplacian below which the photo is blurry. */
  minSharpness: number;
  /** Mean luminance (0-255) bounds. */
  minMean: number;
  maxMean: number;
  /** Standard deviation of luminance below which a face photo shows nothing (faces only). */
  minStdev: number;
}

export const DOCUMENT_THRESHOLDS: QualityThresholds = {
  minShortSide: 480,
  minSharpness: 60,
  minMean: 40,
  maxMean: 230,
  minStdev: 0,
};
// A face has far less fine detail than printed text, hence the lower sharpness bar.
export const FACE_THRESHOLDS: QualityThresholds = {
  minShortSide: 320,
  minSharpness: 15,
  minMean: 40,
  maxMean: 230,
  minStdev: 6,
};

const ANALYSIS_SIDE = 800;
const LAPLACIAN = { width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], scale: 1, offset: 128 };

export interface ImageMeasures {
  width: number;
  height: number;
  mean: number;
  stdev: number;
  sharpness: number;
}

/** Luminance mean and spread, and the variance of the Laplacian, of one prepared image. */
export async function measureImage(image: PreparedImage): Promise<ImageMeasures> {
  const grey = await sharp(image.data)
    .greyscale()
    .resize({ width: ANALYSIS_SIDE, height: ANALYSIS_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: grey.info.width, height: grey.info.height, channels: 1 as const } };
  const [luminance] = (await sharp(grey.data, raw).stats()).channels;
  // stats() reads a pipeline's input, not its output: the Laplacian is materialised first, then measured.
  const laplacian = await sharp(grey.data, raw).median(3).convolve(LAPLACIAN).raw().toBuffer();
  const [edges] = (await sharp(laplacian, raw).stats()).channels;
  if (!luminance || !edges) throw new Error('sharp returned no channel statistics');
  return {
    width: image.width,
    height: image.height,
    mean: luminance.mean,
    stdev: luminance.stdev,
    sharpness: edges.stdev ** 2,
  };
}

/** The first quality problem of a photo, or null; exposure comes before blur because a dark photo also has few edges. */
export function findProblem(
  measures: ImageMeasures,
  limits: QualityThresholds,
  checkUniform: boolean,
): CheckFailureReason | null {
  if (Math.min(measures.width, measures.height) < limits.minShortSide) return 'too-small';
  if (checkUniform && measures.stdev < limits.minStdev) return 'no-face';
  if (measures.mean < limits.minMean) return 'too-dark';
  if (measures.mean > limits.maxMean) return 'too-bright';
  if (measures.sharpness < limits.minSharpness) return 'blurry';
  return null;
}

export function createDeterministicIdentityChecker(
  thresholds: { document: QualityThresholds; face: QualityThresholds } = {
    document: DOCUMENT_THRESHOLDS,
    face: FACE_THRESHOLDS,
  },
): IdentityChecker {
  return {
    name: 'deterministic',
    async checkDocument(image): Promise<CheckResult> {
      const reason = findProblem(await measureImage(image), thresholds.document, false);
      return reason ? { ok: false, code: 'PHOTO_PROBLEM', reason } : { ok: true };
    },
    async checkFace(face): Promise<CheckResult> {
      const reason = findProblem(await measureImage(face), thresholds.face, true);
      return reason ? { ok: false, code: 'FACE_CHECK_FAILED', reason } : { ok: true };
    },
    // Uploads are re-encoded deterministically, so the same picture sent as ID and as face has the same bytes.
    async matchFace(face, idFront): Promise<MatchResult> {
      return face.data.equals(idFront.data)
        ? { ok: false, code: 'AUTH_INFO_PROBLEM', reason: 'face-mismatch' }
        : { ok: true };
    },
  };
}
