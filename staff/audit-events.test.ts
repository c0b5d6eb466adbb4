/**
 * The audit log screen names every event the server writes (locales/<lng>/staff.json audit.events; the locales suite
 * checks the other languages hold the same keys): the events are read from the server's code, so a new one without a
 * name fails here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

function writtenEvents(): string[] {
  const found = new Set<string>();
  for (const file of sources('server')) {
    const code = readFileSync(file, 'utf8');
    // `action: 'x'`, and `action: approve ? 'x' : 'y'` (both outcomes).
    for (const [, first, second] of code.matchAll(/action: (?:approve \? )?'([\w.-]+)'(?: : '([\w.-]+)')?/gu)) {
      for (const action of [first, second]) if (action) found.add(`staff.${action}`);
    }
    for (const [, event] of code.matchAll(/event: '([\w.-]+)'/gu)) if (event) found.add(event);
  }
  // The borrower's security events, declared as a union type.
  const union = /export type AuditEvent =([^;]+);/u.exec(readFileSync('server/services/audit.ts', 'utf8'))?.[1] ?? '';
  for (const [, event] of union.matchAll(/'([\w.-]+)'/gu)) if (event) found.add(event);
  return [...found].sort();
}

describe('audit event names', () => {
  it('has a name for every event the server writes', () => {
    const events = writtenEvents();
    expect(events).toEqual(
      expect.arrayContaining(['staff.deletion.executed', 'staff.coupon.grant-refused', 'retention.purged', 'otp.sent']),
    );
    const catalog = JSON.parse(readFileSync('locales/en/staff.json', 'utf8')) as {
      audit: { events: Record<string, unknown> };
    };
    const named = (event: string) =>
      typeof event
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], catalog.audit.events) ===
      'string';
    expect(events.filter((event) => !named(event))).toEqual([]);
  });
});
