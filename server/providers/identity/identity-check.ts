/**
 * Identity checks behind one small interface: the default (deterministic.ts) is a local image-quality gate, a real
 * KYC or face-match provider implements the same calls. The web app maps the codes to the spec's messages, shown
 * under the photo concerned with what to change (the reason): PHOTO_PROBLEM 'Photo problem, retake' and
 * FACE_CHECK_FAILED 'Facial recognition failed, retry' when a photo is uploaded; ID_PHOTO_UNCLEAR 'Identity
 * verification fails: ID photo unclear' and AUTH_INFO_PROBLEM 'Authentication info problem' when the identity step
 * is saved (services/documents.ts verifyStep).
 */
import type { PreparedImage } from '#server/services/images.ts';

/**
 * Why a photo was refused, what the borrower should change: too small, blurry, too dark, too bright (glare, an
 * overexposed photo), no face in it; when a step is saved, a photo in the ID fields that is not an ID photo, or a face
 * that does not match the ID's photo.
 */
export type CheckFailureReason =
  'too-small' | 'blurry' | 'too-dark' | 'too-bright' | 'no-face' | 'not-an-id' | 'face-mismatch';

export type CheckResult =
  { ok: true } | { ok: false; code: 'PHOTO_PROBLEM' | 'FACE_CHECK_FAILED'; reason: CheckFailureReason };

export type MatchResult = { ok: true } | { ok: false; code: 'AUTH_INFO_PROBLEM'; reason: CheckFailureReason };

export interface IdentityChecker {
  readonly name: string;
  /** An ID document photo, either side; failures carry PHOTO_PROBLEM. */
  checkDocument(image: PreparedImage, side: 'front' | 'back'): Promise<CheckResult>;
  /** A live face photo, compared with the ID's front where the provider can; failures carry FACE_CHECK_FAILED. */
  checkFace(face: PreparedImage, idFront?: PreparedImage): Promise<CheckResult>;
  /** When the identity step is saved: whether the face photo and the ID's front show the same person. */
  matchFace(face: PreparedImage, idFront: PreparedImage): Promise<MatchResult>;
}
