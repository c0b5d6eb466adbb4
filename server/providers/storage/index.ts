/**
 * File storage chosen by settings: STORAGE_PROVIDER=local (default, UPLOAD_DIR) or s3 (S3_* variables). Settings are
 * checked once at start and every problem is reported, like server/settings.ts.
 */
import { resolve } from 'node:path';
import type { FileStorage } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { createS3Storage, type S3StorageOptions } from './s3.ts';

export type StorageSettings =
  { provider: 'local'; uploadDir: string } | ({ provider: 's3' } & Required<Omit<S3StorageOptions, 'timeoutMs'>>);

const PROVIDERS = ['local', 's3'] as const;

const S3_VARIABLES = {
  S3_ENDPOINT: 'the service URL, e.g. https://s3.ap-southeast-1.amazonaws.com or http://127.0.0.1:9000 for MinIO',
  S3_BUCKET: 'the bucket that holds uploads',
  S3_REGION: 'the bucket region, e.g. ap-southeast-1 (us-east-1 for most S3-compatible stores)',
  S3_ACCESS_KEY_ID: 'the access key id',
  S3_SECRET_ACCESS_KEY: 'the secret access key',
} as const;

/** Reads and checks the storage settings; returns the problems instead of throwing so main can print them all. */
export function readStorageSettings(env: NodeJS.ProcessEnv): { settings?: StorageSettings; problems: string[] } {
  const provider = env['STORAGE_PROVIDER'] || 'local';
  if (provider === 'local')
    return { settings: { provider, uploadDir: resolve(env['UPLOAD_DIR'] || './data/uploads') }, problems: [] };
  if (provider !== 's3')
    return { problems: [`STORAGE_PROVIDER must be one of ${PROVIDERS.join(', ')}, got "${provider}"`] };

  const problems: string[] = [];
  const value = (name: keyof typeof S3_VARIABLES): string => {
    const set = env[name]?.trim() ?? '';
    if (!set) problems.push(`${name} is required when STORAGE_PROVIDER=s3: ${S3_VARIABLES[name]}`);
    return set;
  };
  const endpoint = value('S3_ENDPOINT');
  const bucket = value('S3_BUCKET');
  const region = value('S3_REGION');
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (endpoint && !isHttpUrl(endpoint))
    problems.push(`S3_ENDPOINT must be an http:// or https:// URL, got "${endpoint}"`);
  if (bucket && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    problems.push(`S3_BUCKET must be a valid bucket name (3-63 of a-z, 0-9, '.', '-'), got "${bucket}"`);
  const pathStyle = env['S3_FORCE_PATH_STYLE'] || 'true';
  if (pathStyle !== 'true' && pathStyle !== 'false')
    problems.push(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  if (problems.length) return { problems };
  return {
    settings: {
      provider,
      endpoint,
      bucket,
      region,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: pathStyle === 'true',
    },
    problems,
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash && !url.username;
  } catch {
    return false;
  }
}

export function createFileStorage(settings: StorageSettings): FileStorage {
  if (settings.provider === 'local') return createLocalDiskStorage(settings.uploadDir);
  const { provider: _provider, ...options } = settings;
  return createS3Storage(options);
}
