/**
 * Any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Backblaze B2, DigitalOcean Spaces) through signed
 * fetch calls (aws4fetch, SigV4). Objects are written with server-side encryption (SSE-S3, AES256) and a signed
 * SHA-256 of the body, so the store rejects a body changed in transit. The secret never leaves the server.
 */
import { ProviderError } from '../provider-error.ts';
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { assertPutArguments, assertValidKey, contentTypeOfKey, type FileStorage } from './file-storage.ts';

export interface S3StorageOptions {
  /** Base URL of the service, e.g. https://s3.ap-southeast-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** true: <endpoint>/<bucket>/<key> (MinIO and most compatibles); false: <bucket>.<endpoint host>/<key>. */
  forcePathStyle?: boolean;
  /** Per request, in milliseconds (default 15 s). */
  timeoutMs?: number;
}

/**
 * A failed call to the store: the providers' error value (../provider-error.ts) with code STORAGE_FAILED, retryable
 * for HTTP 5xx and 429; `status` is the HTTP status it answered with.
 */
export class S3StorageError extends ProviderError {
  override readonly name: string = 'S3StorageError';
  constructor(
    readonly operation: 'PUT' | 'GET' | 'DELETE',
    readonly status: number,
    key: string,
  ) {
    super('STORAGE_FAILED', status >= 500 || status === 429, `S3 ${operation} ${key} failed with HTTP ${status}`);
  }
}

export function createS3Storage(options: S3StorageOptions): FileStorage {
  const { endpoint, bucket, region, accessKeyId, secretAccessKey, forcePathStyle = true, timeoutMs = 15_000 } = options;
  // Two retries on 5xx and 429 (aws4fetch retries ten times by default: too long for an upload request).
  const client = new AwsClient({ accessKeyId, secretAccessKey, region, service: 's3', retries: 2 });
  const base = new URL(endpoint);
  const basePath = base.pathname.replace(/\/+$/, '');
  const urlOf = (key: string): string => {
    const url = new URL(base);
    if (forcePathStyle) url.pathname = `${basePath}/${encodeURIComponent(bucket)}/${key}`;
    else {
      url.hostname = `${bucket}.${base.hostname}`;
      url.pathname = `${basePath}/${key}`;
    }
    return url.toString();
  };
  const send = (key: string, init: RequestInit): Promise<Response> =>
    client.fetch(urlOf(key), { ...init, signal: AbortSignal.timeout(timeoutMs) });

  return {
    name: 's3',

    async put(key, data, contentType) {
      assertPutArguments(key, contentType);
      const response = await send(key, {
        method: 'PUT',
        body: new Uint8Array(data), // a copy on its own ArrayBuffer, the body type fetch accepts
        headers: {
          'content-type': contentType,
          'x-amz-content-sha256': createHash('sha256').update(data).digest('hex'),
          'x-amz-server-side-encryption': 'AES256',
        },
      });
      await response.body?.cancel();
      if (!response.ok) throw new S3StorageError('PUT', response.status, key);
    },

    async get(key) {
      assertValidKey(key);
      const response = await send(key, { method: 'GET' });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new S3StorageError('GET', response.status, key);
      }
      const data = Buffer.from(await response.arrayBuffer());
      return { data, contentType: response.headers.get('content-type') ?? contentTypeOfKey(key) };
    },

    async delete(key) {
      assertValidKey(key);
      const response = await send(key, { method: 'DELETE' });
      await response.body?.cancel();
      // S3 answers 204 for a missing key too; some compatibles answer 404.
      if (!response.ok && response.status !== 404) throw new S3StorageError('DELETE', response.status, key);
    },
  };
}
