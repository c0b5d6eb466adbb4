import { documentAnswer } from '#api-contract/documents.ts';
import { ApiError } from '../errors.ts';
import { callerOf } from '../plugins/auth.ts';
import { uploadFailure, uploads } from '../plugins/multipart.ts';
import { DOCUMENT_KINDS, type DocumentService } from '../services/documents.ts';
import { MAX_UPLOAD_BYTES, type UploadKind } from '../services/images.ts';
import { routeGroup } from './route-group.ts';

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** The stored image's bytes (re-encoded at upload: JPEG, or PNG for a signature). */
const image = { schema: { type: 'string', format: 'binary' } } as const;
const imageAnswer = { description: 'The image', content: { 'image/jpeg': image, 'image/png': image } } as const;

/** Uploads by multipart (`kind` field, then one `file`), and the owner's download: the caller's own, never cached. */
export const documentRoutes = routeGroup<{ documents: DocumentService }>(
  { access: 'session', noStore: true },
  async (app, { documents }) => {
    await app.register(uploads, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, fieldSize: 64, parts: 3 },
    });

    app.post(
      '/documents',
      {
        // Room for the file limit to answer first, with FILE_TOO_LARGE.
        bodyLimit: MAX_UPLOAD_BYTES * 2,
        schema: {
          tags: ['documents'],
          operationId: 'uploadDocument',
          summary: 'Upload an ID photo (front or back), a face photo or a signature',
          description:
            "multipart/form-data: a `kind` field (idFront, idBack, face, signature, feedbackScreenshot) before one `file`. The image is sniffed, re-encoded without metadata and checked; use the answer's `ref` (doc:<id>) in the identity step.",
          consumes: ['multipart/form-data'],
          response: { 201: documentAnswer },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        if (!request.isMultipart()) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
        let kind: UploadKind | undefined;
        let data: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field' && part.fieldname === 'kind') {
              const value = String(part.value);
              if (!(DOCUMENT_KINDS as readonly string[]).includes(value)) throw new ApiError('INVALID_INPUT');
              kind = value as UploadKind;
            } else if (part.type === 'file' && part.fieldname === 'file') {
              data = await part.toBuffer();
              if (part.file.truncated) throw new ApiError('FILE_TOO_LARGE');
            } else if (part.type === 'file') {
              part.file.resume();
            }
          }
        } catch (error) {
          throw uploadFailure(error);
        }
        if (!kind || !data) throw new ApiError('INVALID_INPUT');
        const saved = await documents.upload(caller.customerId, kind, data, request.ip);
        return reply.status(201).send(saved);
      },
    );

    app.get(
      '/documents/:id',
      {
        schema: {
          tags: ['documents'],
          operationId: 'getDocument',
          summary: "One of the caller's own documents (image bytes)",
          params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: UUID } } },
          response: { 200: imageAnswer },
        },
      },
      async (request, reply) => {
        const file = await documents.read(callerOf(request).customerId, (request.params as { id: string }).id);
        return reply
          .header('content-type', file.contentType)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.data);
      },
    );
  },
);
