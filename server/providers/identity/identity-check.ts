/**
 * Identity checks behind one small interface: the default (deterministic.ts) is a local image-quality gate, a real
 * KYC or face-match provider implements the same two calls. The web app maps the codes to the spec's messages:
 * PHOTO_PROBLEM 'Photo problem, retake', FACE_CHECK_FAILED 'Facial recognition failed, retry'.
 */
import type { PreparedImage } from '../../services/images.ts';

export type CheckFailureReason = 'too-small' | 'blurry' | 'too-dark' | 'too-bright' | 'no-face';

export type CheckResult = { ok: true } | { ok: false; code: 'PHOTO_PROBLEM' | 'FACE_CHECK_FAILED'; reason: CheckFailureReason };

export interface IdentityChecker {
  readonly name: string;
  /** An ID document photo, either side; failures carry PHOTO_PROBLEM. */
  checkDocument(image: PreparedImage, side: 'front' | 'back'): Promise<CheckResult>;
  /** A live face photo, compared with the ID's front where the provider can; failures carry FACE_CHECK_FAILED. */
  checkFace(face: PreparedImage, idFront?: PreparedImage): Promise<CheckResult>;
}
