import { describe, expect, it } from 'vitest';
import { clientNetwork, slidingCount, windowStart } from './rate-limit.ts';

describe('sliding-window count', () => {
  const at = (iso: string) => new Date(iso);

  it('counts the previous bucket for the part of it still inside the window', () => {
    expect(windowStart(at('2026-01-01T10:07:30Z'), 600)).toEqual(at('2026-01-01T10:00:00Z'));
    // 2.5 of 10 minutes into the bucket: three quarters of the previous one still count.
    expect(slidingCount(4, 20, at('2026-01-01T10:02:30Z'), 600)).toBe(4 + 15);
    expect(slidingCount(4, 20, at('2026-01-01T10:00:00Z'), 600)).toBe(24);
  });

  it('does not start again at a bucket boundary: 30 events just before it still count just after', () => {
    const before = slidingCount(30, 0, at('2026-01-01T10:09:59Z'), 600);
    const after = slidingCount(1, 30, at('2026-01-01T10:10:01Z'), 600);
    expect(before).toBe(30);
    expect(after).toBeGreaterThan(30);
  });
});

describe('client network', () => {
  it('counts IPv4 by address, IPv4-mapped as IPv4, and IPv6 by its /64', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('1::2:3:4:5:1.2.3.4')).toBe('1:0:2:3::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });
});
