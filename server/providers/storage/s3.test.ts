/**
 * Against a local fake S3 (node:http on 127.0.0.1): it verifies the SigV4 signature the way S3 does, checks the
 * signed body hash, keeps objects in memory and answers 404 for missing keys. No network beyond this machine.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvalidStorageKeyError } from './file-storage.ts';
import { createS3Storage, S3StorageError, type S3StorageOptions } from './s3.ts';

const ACCESS_KEY = 'AKIDEXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
const REGION = 'ap-southeast-1';

interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
}

const objects = new Map<string, { body: Buffer; contentType: string }>();
const seen: SeenRequest[] = [];
let failNext = 0;
let server: Server;
let endpoint: string;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** Recomputes the AWS Signature Version 4 of a request; null when it is missing or wrong. */
function signatureProblem(request: IncomingMessage, body: Buffer): string | null {
  const authorization = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return 'no AWS4-HMAC-SHA256 Authorization header';
  const [, accessKey, date, region, signedHeaders, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const payloadHash = request.headers['x-amz-content-sha256'];
  if (typeof payloadHash !== 'string') return 'no x-amz-content-sha256 header';
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  if (accessKey !== ACCESS_KEY) return 'InvalidAccessKeyId';
  const amzDate = String(request.headers['x-amz-date']);
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date') || !names.includes('x-amz-content-sha256'))
    return 'unsigned required headers';
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const [path, query = ''] = (request.url ?? '').split('?');
  const canonicalRequest = [request.method, path, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date), region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex') === signature ? null : 'SignatureDoesNotMatch';
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = decodeURIComponent((request.url ?? '').split('?')[0] ?? '');
      seen.push({ method: request.method ?? '', path, headers: request.headers });
      if (failNext > 0) {
        failNext--;
        return response.writeHead(503).end('<Error><Code>SlowDown</Code></Error>');
      }
      const problem = signatureProblem(request, body);
      if (problem)
        return response
          .writeHead(problem === 'XAmzContentSHA256Mismatch' ? 400 : 403)
          .end(`<Error><Code>${problem}</Code></Error>`);
      const stored = objects.get(path);
      if (request.method === 'PUT') {
        if (request.headers['x-amz-server-side-encryption'] !== 'AES256')
          return response.writeHead(400).end('<Error><Code>EncryptionRequired</Code></Error>');
        objects.set(path, { body, contentType: String(request.headers['content-type']) });
        return response.writeHead(200).end();
      }
      if (request.method === 'GET') {
        if (!stored)
          return response
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<Error><Code>NoSuchKey</Code></Error>');
        return response.writeHead(200, { 'content-type': stored.contentType }).end(stored.body);
      }
      if (request.method === 'DELETE') {
        objects.delete(path);
        return response.writeHead(204).end();
      }
      return response.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  objects.clear();
  seen.length = 0;
  failNext = 0;
});

const options = (overrides: Partial<S3StorageOptions> = {}): S3StorageOptions => ({
  endpoint,
  bucket: 'pesoagad-uploads',
  region: REGION,
  accessKeyId: ACCESS_KEY,
  secretAccessKey: SECRET,
  ...overrides,
});
const KEY = 'documents/42/0b9f5d4e-7a1c-4c3e-9d2b-5f1e8a6c7d90.jpg';

describe('S3 storage', () => {
  it('puts, gets and deletes an object with signed requests, path style', async () => {
    const storage = createS3Storage(options());
    expect(storage.name).toBe('s3');
    const data = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await storage.put(KEY, data, 'image/jpeg');
    expect(objects.get(`/pesoagad-uploads/${KEY}`)).toEqual({ body: data, contentType: 'image/jpeg' });
    expect(await storage.get(KEY)).toEqual({ data, contentType: 'image/jpeg' });
    await storage.delete(KEY);
    expect(objects.size).toBe(0);
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      `PUT /pesoagad-uploads/${KEY}`,
      `GET /pesoagad-uploads/${KEY}`,
      `DELETE /pesoagad-uploads/${KEY}`,
    ]);
    for (const request of seen) {
      expect(request.headers.authorization).toMatch(
        new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/\\d{8}/${REGION}/s3/aws4_request`),
      );
      expect(request.headers['x-amz-content-sha256']).toBeDefined();
    }
  });

  it('asks for server-side encryption and signs the SHA-256 of the body, not UNSIGNED-PAYLOAD', async () => {
    const data = Buffer.from('a png, say');
    await createS3Storage(options()).put('signatures/42/s.png', data, 'image/png');
    const [put] = seen;
    expect(put?.headers['x-amz-server-side-encryption']).toBe('AES256');
    expect(put?.headers['x-amz-content-sha256']).toBe(sha256(data));
    expect(put?.headers.authorization).toMatch(
      /SignedHeaders=[^,]*x-amz-content-sha256[^,]*x-amz-server-side-encryption/,
    );
  });

  it('answers null for a missing key and accepts deleting one', async () => {
    const storage = createS3Storage(options());
    expect(await storage.get('documents/1/missing.jpg')).toBeNull();
    await expect(storage.delete('documents/1/missing.jpg')).resolves.toBeUndefined();
  });

  it('fails with the status when the store refuses the signature (wrong secret)', async () => {
    const storage = createS3Storage(options({ secretAccessKey: 'not-the-secret' }));
    const error: unknown = await storage.put(KEY, Buffer.from('x'), 'image/jpeg').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(S3StorageError);
    expect(error).toMatchObject({ code: 'STORAGE_FAILED', operation: 'PUT', status: 403 });
    await expect(storage.get(KEY)).rejects.toMatchObject({ operation: 'GET', status: 403 });
    expect(objects.size).toBe(0);
  });

  it('retries a 503 twice at most, then reports it', async () => {
    const storage = createS3Storage(options());
    failNext = 2;
    await storage.put(KEY, Buffer.from('x'), 'image/jpeg');
    expect(seen.length).toBe(3);
    seen.length = 0;
    failNext = 10;
    await expect(storage.get(KEY)).rejects.toMatchObject({ status: 503 });
    expect(seen.length).toBe(3);
  });

  it('keeps a path prefix of the endpoint', async () => {
    await createS3Storage(options({ endpoint: `${endpoint}/storage/` })).put(KEY, Buffer.from('x'), 'image/jpeg');
    expect(seen[0]?.path).toBe(`/storage/pesoagad-uploads/${KEY}`);
  });

  it('rejects bad keys before any request', async () => {
    const storage = createS3Storage(options());
    await expect(storage.put('../x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.put('a/b.jpg', Buffer.from('x'), 'text/html')).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.get('/etc/passwd.jpg')).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete('a/../b.jpg')).rejects.toThrow(InvalidStorageKeyError);
    expect(seen).toEqual([]);
  });
});
