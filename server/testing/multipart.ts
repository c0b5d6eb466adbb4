/** A document upload as a browser sends it to POST /api/v1/documents: a multipart body with `kind` and `file`. */
import { randomBytes } from 'node:crypto';

export function documentUpload(kind: string, file: Buffer, options: { readonly filename?: string; readonly type?: string } = {}): { body: Buffer<ArrayBuffer>; contentType: string } {
  const { filename = 'photo.jpg', type = 'image/jpeg' } = options;
  const boundary = `----test${randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
