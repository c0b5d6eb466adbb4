import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('keeps a value for its time to live, then forgets it', () => {
    let now = 0;
    const cache = new TtlCache<string>(1000, 10, () => now);
    cache.set('a', 'x');
    now = 999;
    expect(cache.get('a')).toBe('x');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the oldest entry when full, and deletes by key or by value', () => {
    const cache = new TtlCache<number>(1000, 2, () => 0);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
    cache.deleteWhere((v) => v === 2);
    cache.delete('c');
    expect([cache.get('b'), cache.get('c')]).toEqual([undefined, undefined]);
  });
});
