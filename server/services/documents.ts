/**
 * Identity documents, face photos and signatures: received as bytes, sniffed, size-limited and re-encoded
 * (services/images.ts: no metadata, no GPS, at most 1600 px), checked (the identity checker), stored in file storage
 * under a key of their owner, and recorded. Only their owner can fetch them; the browser never holds a storage key.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { documents } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { IdentityChecker } from '../providers/identity/identity-check.ts';
import type { FileStorage } from '../providers/storage/file-storage.ts';
import { audit } from './audit.ts';
import { prepareUpload, UploadError, type PreparedImage, type UploadKind } from './images.ts';

export const DOCUMENT_KINDS = ['idFront', 'idBack', 'face', 'signature', 'feedbackScreenshot'] as const satisfies readonly UploadKind[];

export interface DocumentDeps {
  readonly db: Database;
  readonly storage: FileStorage;
  readonly checker: IdentityChecker;
}

export function createDocumentService({ db, storage, checker }: DocumentDeps) {
  /** The caller's latest ID front, for the face comparison a real provider makes. */
  async function latestIdFront(customerId: string): Promise<PreparedImage | undefined> {
    const [row] = await db.select().from(documents).where(and(eq(documents.customerId, customerId), eq(documents.kind, 'idFront'))).orderBy(desc(documents.createdAt)).limit(1);
    if (!row) return undefined;
    const file = await storage.get(row.storageKey);
    return file ? { data: file.data, contentType: row.contentType as PreparedImage['contentType'], width: row.width, height: row.height, bytes: row.bytes } : undefined;
  }

  return {
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
        const result = kind === 'face' ? await checker.checkFace(image, await latestIdFront(customerId)) : await checker.checkDocument(image, kind === 'idBack' ? 'back' : 'front');
        if (!result.ok) {
          await audit(db, { event: 'document.refused', customerId, ip, detail: { kind, code: result.code, reason: result.reason } });
          throw new ApiError(result.code, { reason: result.reason });
        }
      }
      const id = randomUUID();
      const storageKey = `documents/${customerId}/${id}.${image.contentType === 'image/png' ? 'png' : 'jpg'}`;
      await storage.put(storageKey, image.data, image.contentType);
      await db.insert(documents).values({ id, customerId, kind, storageKey, contentType: image.contentType, bytes: image.bytes, width: image.width, height: image.height, check: { provider: checker.name, ok: true } });
      await audit(db, { event: 'document.uploaded', customerId, ip, detail: { kind, id } });
      return { id, ref: `doc:${id}`, kind, contentType: image.contentType, width: image.width, height: image.height };
    },

    /** The bytes of one of the caller's documents; another customer's is NOT_FOUND, as if it did not exist. */
    async read(customerId: string, id: string) {
      const [row] = await db.select().from(documents).where(and(eq(documents.id, id), eq(documents.customerId, customerId)));
      if (!row) throw new ApiError('NOT_FOUND');
      const file = await storage.get(row.storageKey);
      if (!file) throw new ApiError('NOT_FOUND');
      return { data: file.data, contentType: row.contentType };
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
