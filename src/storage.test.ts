// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initChannel, readStorage, STORAGE, writeStorage } from './storage.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('storage', () => {
  it('sets the session channel to H5 unless one is set', () => {
    initChannel();
    expect(sessionStorage.getItem(STORAGE.channel)).toBe('H5');
    sessionStorage.setItem(STORAGE.channel, 'FB');
    initChannel();
    expect(sessionStorage.getItem(STORAGE.channel)).toBe('FB');
  });

  it('keeps working when the browser refuses storage', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('QuotaExceededError');
    });
    expect(() => writeStorage('local', STORAGE.language, 'fil')).not.toThrow();
    spy.mockRestore();
    expect(readStorage('local', STORAGE.language)).toBeNull();
  });
});
