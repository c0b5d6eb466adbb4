/**
 * Identity documents, face photos and signatures: received as bytes, sniffed, size-limited and re-encoded
 * (services/images.ts: no metadata, no GPS, at most 1600 px), checked (the identity checker), stored in file storage
 * under a key of their owner, and recorded. Only their owner can fetch them; the browser never holds a storage key.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { documents } from '../db/tables.ts';
import { ApiError } from '../errors.ts';
import type { IdentityChecker } from '../providers/identity/identity-check.ts';
import type { FileStorage } from '../providers/storage/file-storage.ts';
import { audit } from './audit.ts';
import { prepareUpload, UploadError, type PreparedImage, type UploadKind } from './images.ts';

export const DOCUMENT_KINDS = [
  'idFront',
  'idBack',
  'face',
  'signature',
  'feedbackScreenshot',
] as const satisfies readonly UploadKind[];

/** A document a step refers to: where (JSON pointer), which, and the kind its field asks for (the uiSchema's documentKind). */
export interface StepDocumentRef {
  readonly path: string;
  readonly id: string;
  readonly kind: string;
}

export interface DocumentDeps {
  readonly db: Database;
  readonly storage: FileStorage;
  readonly checker: IdentityChecker;
}

export function createDocumentService({ db, storage, checker }: DocumentDeps) {
  /** The caller's latest ID front, for the face comparison a real provider makes. */
  async function latestIdFront(customerId: string): Promise<PreparedImage | undefined> {
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.customerId, customerId), eq(documents.kind, 'idFront')))
      .orderBy(desc(documents.createdAt))
      .limit(1);
    if (!row) return undefined;
    const file = await storage.get(row.storageKey);
    return file
      ? {
          data: file.data,
          contentType: row.contentType as PreparedImage['contentType'],
          width: row.width,
          height: row.height,
          bytes: row.bytes,
        }
      : undefined;
  }

  async function imageOf(row: typeof documents.$inferSelect): Promise<PreparedImage | undefined> {
    const file = await storage.get(row.storageKey);
    return file
      ? {
          data: file.data,
          contentType: row.contentType as PreparedImage['contentType'],
          width: row.width,
          height: row.height,
          bytes: row.bytes,
        }
      : undefined;
  }

  /** Whether the current checker passed this document when it was uploaded. */
  const passedNow = (row: typeof documents.$inferSelect): boolean => {
    const check = row.check as { provider?: unknown; ok?: unknown } | null;
    return check?.provider === checker.name && check.ok === true;
  };

  return {
    /**
     * The identity check of a step being saved, over the documents it refers to (the caller's own; others are the
     * profile's `document` errors): an ID field holding something else than an ID photo, or an ID photo the current
     * checker has not passed (uploaded before it was configured) and now refuses, is ID_PHOTO_UNCLEAR; a face field
     * holding no face photo, or one refused now, FACE_CHECK_FAILED; a face that does not match the ID's front,
     * AUTH_INFO_PROBLEM. Each names the field (`field`, a JSON pointer) and the `reason`, so the borrower retakes
     * that photo. Nothing is stored on a refusal.
     */
    async verifyStep(customerId: string, refs: readonly StepDocumentRef[]): Promise<void> {
      const checked = refs.filter((ref) => ref.kind === 'idFront' || ref.kind === 'idBack' || ref.kind === 'face');
      if (checked.length === 0) return;
      const rows = await db
        .select()
        .from(documents)
        .where(
          and(
            eq(documents.customerId, customerId),
            inArray(
              documents.id,
              checked.map((r) => r.id),
            ),
          ),
        );
      const byId = new Map(rows.map((row) => [row.id, row]));
      const refuse = async (
        code: 'ID_PHOTO_UNCLEAR' | 'FACE_CHECK_FAILED' | 'AUTH_INFO_PROBLEM',
        ref: StepDocumentRef,
        reason: string,
      ): Promise<never> => {
        await audit(db, {
          event: 'step.identity-refused',
          customerId,
          detail: { code, field: ref.path, reason, document: ref.id },
        });
        throw new ApiError(code, { field: ref.path, reason });
      };
      let face: { ref: StepDocumentRef; row: typeof documents.$inferSelect } | undefined;
      let front: typeof documents.$inferSelect | undefined;
      for (const ref of checked) {
        const row = byId.get(ref.id);
        if (!row) continue;
        const isFace = ref.kind === 'face';
        if (row.kind !== ref.kind && !(!isFace && (row.kind === 'idFront' || row.kind === 'idBack'))) {
          await refuse(isFace ? 'FACE_CHECK_FAILED' : 'ID_PHOTO_UNCLEAR', ref, isFace ? 'no-face' : 'not-an-id');
        }
        if (!passedNow(row)) {
          const image = await imageOf(row);
          if (image) {
            const result = isFace
              ? await checker.checkFace(image)
              : await checker.checkDocument(image, ref.kind === 'idBack' ? 'back' : 'front');
            if (!result.ok) await refuse(isFace ? 'FACE_CHECK_FAILED' : 'ID_PHOTO_UNCLEAR', ref, result.reason);
            await db
              .update(documents)
              .set({ check: { provider: checker.name, ok: true } })
              .where(eq(documents.id, row.id));
          }
        }
        if (isFace) face = { ref, row };
        else if (ref.kind === 'idFront') front = row;
      }
      if (face && front) {
        const [faceImage, frontImage] = [await imageOf(face.row), await imageOf(front)];
        if (faceImage && frontImage) {
          const match = await checker.matchFace(faceImage, frontImage);
          if (!match.ok) await refuse(match.code, face.ref, match.reason);
        }
      }
    },

    async upload(customerId: string, kind: UploadKind, input: Buffer, ip: string) {
      let image: PreparedImage;
      try {
        image = await prepareUpload(input, kind);
      } catch (error) {
        if (error instanceof UploadError) {
          await audit(db, { event: 'document.refused', customerId, ip, detail: { kind, code: error.code } });
          throw new ApiError(error.code);
        }
        throw error;
      }
      // ID and face photos are checked; a signature or a feedback screenshot is any clear image.
      if (kind !== 'signature' && kind !== 'feedbackScreenshot') {
        const result =
          kind === 'face'
            ? await checker.checkFace(image, await latestIdFront(customerId))
            : await checker.checkDocument(image, kind === 'idBack' ? 'back' : 'front');
        if (!result.ok) {
          await audit(db, {
            event: 'document.refused',
            customerId,
            ip,
            detail: { kind, code: result.code, reason: result.reason },
          });
          throw new ApiError(result.code, { reason: result.reason });
        }
      }
      const id = randomUUID();
      const storageKey = `documents/${customerId}/${id}.${image.contentType === 'image/png' ? 'png' : 'jpg'}`;
      await storage.put(storageKey, image.data, image.contentType);
      await db.insert(documents).values({
        id,
        customerId,
        kind,
        storageKey,
        contentType: image.contentType,
        bytes: image.bytes,
        width: image.width,
        height: image.height,
        check: { provider: checker.name, ok: true },
      });
      await audit(db, { event: 'document.uploaded', customerId, ip, detail: { kind, id } });
      return { id, ref: `doc:${id}`, kind, contentType: image.contentType, width: image.width, height: image.height };
    },

    /** The bytes of one of the caller's documents; another customer's is NOT_FOUND, as if it did not exist. */
    async read(customerId: string, id: string) {
      const [row] = await db
        .select()
        .from(documents)
        .where(and(eq(documents.id, id), eq(documents.customerId, customerId)));
      if (!row) throw new ApiError('NOT_FOUND');
      const file = await storage.get(row.storageKey);
      if (!file) throw new ApiError('NOT_FOUND');
      return { data: file.data, contentType: row.contentType };
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
