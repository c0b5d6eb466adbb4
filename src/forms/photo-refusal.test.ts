import { describe, expect, it } from 'vitest';
import en from '#locales/en/forms.json' with { type: 'json' };
import { ApiError } from '../api/client.ts';
import { photoRefusalKeys } from './profile-sync.ts';

const exists = (key: string): boolean => {
  let node: unknown = en;
  for (const part of key.split('.'))
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string';
};

describe('a refused photo explains itself', () => {
  it('gives what failed and what to change for every code and reason the identity check answers', () => {
    for (const code of ['PHOTO_PROBLEM', 'FACE_CHECK_FAILED', 'ID_PHOTO_UNCLEAR', 'AUTH_INFO_PROBLEM']) {
      for (const reason of ['too-small', 'blurry', 'too-dark', 'too-bright', 'no-face', 'not-an-id', 'face-mismatch']) {
        expect(photoRefusalKeys(new ApiError(code, 422, undefined, { reason }), exists)).toEqual([
          `photoRefused.${code}`,
          `photoRefused.reason.${reason}`,
        ]);
      }
    }
  });

  it('falls back to the general photo message for an unknown code or reason', () => {
    expect(photoRefusalKeys(new ApiError('SOMETHING_NEW', 422, undefined, { reason: 'moon-phase' }), exists)).toEqual([
      'photoRefused.PHOTO_PROBLEM',
    ]);
  });
});
