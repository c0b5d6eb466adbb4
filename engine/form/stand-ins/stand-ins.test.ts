/**
 * The browser build replaces three of RJSF's dependencies (vite.config.ts): each stand-in must answer as the library
 * does on what forms and schemas hold.
 */
import { createCustomEqual as libraryEqual } from 'fast-equals';
import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import { createCustomEqual } from './equals.ts';
import uri from './uri.ts';

describe('uri stand-in (fast-uri)', () => {
  const cases: [string, string][] = [
    ['contact.schema.json', '#/definitions/emergencyContact'],
    ['https://example.com/schemas/a.json', 'b.json'],
    ['https://example.com/schemas/a.json', '../c.json#/x'],
    ['https://example.com/schemas/a.json', '#anchor'],
    ['https://example.com/schemas/', 'https://other.org/d.json'],
    ['urn:example:root', '#/definitions/x'],
    ['a/b/c.json', '../d.json'],
  ];

  it.each(cases)('resolves %s + %s like fast-uri', (base, ref) => {
    expect(uri.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });

  it('compares URIs like fast-uri', () => {
    const pairs: [string, string][] = [
      ['https://example.com/a.json', 'https://example.com/a.json'],
      ['https://EXAMPLE.com/a.json', 'https://example.com/a.json'],
      ['https://example.com/a.json', 'https://example.com/b.json'],
      ['contact.schema.json', 'contact.schema.json'],
      ['contact.schema.json', 'identity.schema.json'],
    ];
    for (const [a, b] of pairs) expect(uri.equal(a, b), `${a} ${b}`).toBe(fastUri.equal(a, b));
  });
});

describe('equals stand-in (fast-equals)', () => {
  const options = {
    circular: true,
    createCustomConfig: () => ({ areFunctionsEqual: (_a: unknown, b: unknown) => typeof b === 'function' }),
  };
  const ours = createCustomEqual(options);
  const theirs = libraryEqual(options);

  /** A random value of the kinds form data and schemas hold, from a seeded generator. */
  function sample(seed: number, depth = 0): unknown {
    let state = seed;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const make = (d: number): unknown => {
      const kind = Math.floor(next() * (d > 2 ? 6 : 9));
      switch (kind) {
        case 0:
          return Math.floor(next() * 3);
        case 1:
          return ['a', 'b', ''][Math.floor(next() * 3)];
        case 2:
          return next() < 0.5;
        case 3:
          return null;
        case 4:
          return undefined;
        case 5:
          return Number.NaN;
        case 6:
          return Array.from({ length: Math.floor(next() * 3) }, () => make(d + 1));
        case 7:
          return Object.fromEntries(
            Array.from({ length: Math.floor(next() * 3) }, (_, i) => [`k${Math.floor(next() * 3) + i}`, make(d + 1)]),
          );
        default:
          return new Date(Math.floor(next() * 3));
      }
    };
    return make(depth);
  }

  it('agrees with fast-equals on 3000 random pairs (and on each value with a deep copy of itself)', () => {
    let equalPairs = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const a = sample(seed);
      const b = sample(seed % 7 === 0 ? seed : seed + 1);
      expect(ours(a, b), JSON.stringify([a, b])).toBe(theirs(a, b));
      if (theirs(a, b)) equalPairs++;
      const copy = a instanceof Date ? new Date(a) : structuredClone(a);
      expect(ours(a, copy)).toBe(theirs(a, copy));
    }
    expect(equalPairs).toBeGreaterThan(100);
  });

  it('treats any two functions as equal and follows circular references', () => {
    expect(ours({ f: () => 1 }, { f: () => 2 })).toBe(theirs({ f: () => 1 }, { f: () => 2 }));
    const a: Record<string, unknown> = { x: 1 };
    a['self'] = a;
    const b: Record<string, unknown> = { x: 1 };
    b['self'] = b;
    expect(ours(a, b)).toBe(true);
    expect(ours(new Map([[1, { a: 1 }]]), new Map([[1, { a: 1 }]]))).toBe(
      theirs(new Map([[1, { a: 1 }]]), new Map([[1, { a: 1 }]])),
    );
    expect(ours(new Set([1, 2]), new Set([2, 1]))).toBe(theirs(new Set([1, 2]), new Set([2, 1])));
  });
});
