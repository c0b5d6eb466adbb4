/** A document upload as a browser sends it to POST /api/v1/documents: a multipart body with `kind` and `file`. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { headersOf, type Who } from './request.ts';
import type { TestApi } from './test-api.ts';

/** The file part's name and type (default photo.jpg, image/jpeg). */
export interface DocumentFile {
  readonly filename?: string;
  readonly type?: string;
}

export function documentUpload(
  kind: string,
  file: Buffer,
  options: DocumentFile = {},
): { body: Buffer<ArrayBuffer>; contentType: string } {
  const { filename = 'photo.jpg', type = 'image/jpeg' } = options;
  const boundary = `----test${randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs `file` to /api/v1/documents as a document of `kind`, as `who`; the answer. */
export function postDocument(api: TestApi, who: Who, kind: string, file: Buffer, options: DocumentFile = {}) {
  const { body, contentType } = documentUpload(kind, file, options);
  return api.app.inject({
    method: 'POST',
    url: '/api/v1/documents',
    headers: { ...headersOf(who), 'content-type': contentType },
    payload: body,
  });
}

/** postDocument of a document the API stores (201, or the test fails): its id and its `doc:<id>` ref. */
export async function uploadDocument(
  api: TestApi,
  who: Who,
  kind: string,
  file: Buffer,
  options: DocumentFile = {},
): Promise<{ id: string; ref: string }> {
  const res = await postDocument(api, who, kind, file, options);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; ref: string }>();
}
