import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileStorage, readStorageSettings } from './index.ts';

const S3_ENV = {
  STORAGE_PROVIDER: 's3',
  S3_ENDPOINT: 'https://s3.ap-southeast-1.amazonaws.com',
  S3_BUCKET: 'pesoagad-uploads',
  S3_REGION: 'ap-southeast-1',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('storage settings', () => {
  it('defaults to local disk under ./data/uploads', () => {
    expect(readStorageSettings({})).toEqual({
      settings: { provider: 'local', uploadDir: resolve('data/uploads') },
      problems: [],
    });
    expect(readStorageSettings({ STORAGE_PROVIDER: 'local', UPLOAD_DIR: '/srv/uploads' }).settings).toEqual({
      provider: 'local',
      uploadDir: '/srv/uploads',
    });
  });

  it('reads S3 settings, path style by default', () => {
    expect(readStorageSettings(S3_ENV)).toEqual({
      settings: {
        provider: 's3',
        endpoint: S3_ENV.S3_ENDPOINT,
        bucket: 'pesoagad-uploads',
        region: 'ap-southeast-1',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
      problems: [],
    });
    expect(readStorageSettings({ ...S3_ENV, S3_FORCE_PATH_STYLE: 'false' }).settings).toMatchObject({
      forcePathStyle: false,
    });
  });

  it('names every missing S3 variable at once', () => {
    const { settings, problems } = readStorageSettings({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'pesoagad-uploads' });
    expect(settings).toBeUndefined();
    expect(problems).toHaveLength(4);
    for (const name of ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(problems.some((problem) => problem.startsWith(`${name} is required when STORAGE_PROVIDER=s3`))).toBe(true);
    }
  });

  it('refuses an unknown provider and malformed S3 values', () => {
    expect(readStorageSettings({ STORAGE_PROVIDER: 'gcs' }).problems).toEqual([
      'STORAGE_PROVIDER must be one of local, s3, got "gcs"',
    ]);
    const { problems } = readStorageSettings({
      ...S3_ENV,
      S3_ENDPOINT: 'ftp://files',
      S3_BUCKET: 'Bad_Bucket',
      S3_FORCE_PATH_STYLE: 'yes',
    });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/);
    expect(problems.join('\n')).toMatch(/S3_BUCKET must be a valid bucket name/);
    expect(problems.join('\n')).toMatch(/S3_FORCE_PATH_STYLE must be true or false/);
    expect(problems.join('\n')).not.toContain('secret');
  });

  it('creates the configured storage', () => {
    expect(createFileStorage({ provider: 'local', uploadDir: '/tmp/never-written' }).name).toBe('local-disk');
    const s3 = readStorageSettings(S3_ENV).settings;
    expect(s3 && createFileStorage(s3).name).toBe('s3');
  });
});
