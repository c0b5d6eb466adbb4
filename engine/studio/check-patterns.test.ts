import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkPatterns, MAX_PATTERNS, patternsOf, patternVerdict } from './check-patterns.ts';

/** The borrower's forms (those the studio edits, and the rest of forms/). */
const schemaFiles = readdirSync('forms')
  .filter((f) => f.endsWith('.schema.json'))
  .map((f) => `forms/${f}`);

describe('the patterns a form may hold', () => {
  it('refuses the pattern that froze the API, and the classic exponential and polynomial shapes', () => {
    for (const pattern of [
      '^([a-zA-Z0-9.,]+\\s?)*$',
      '^(a+)+$',
      '^(a|a)*$',
      '^(a|aa)*b$',
      '^(\\w|\\d)+$',
      '^[a-z]*[a-z0-9]*$',
      '^\\s*\\s*$',
      '[a-z]*x',
      '^(?:[a-z]+\\.)*[a-z]+@example\\.ph$',
      '^[A-Za-z ]+( [A-Za-z]+)*$',
    ])
      expect(patternVerdict(pattern), pattern).toBe('unsafe');
  });

  it('accepts the patterns product staff write: fixed formats, bounded classes, alternatives', () => {
    for (const pattern of [
      '^[A-Za-z][A-Za-z0-9_-]{0,63}$',
      '^\\+63[0-9 ]{9,14}$',
      '^([01][0-9]|2[0-3]):[0-5][0-9]$',
      '^(/|https://)',
      '^\\d{10,16}$',
      "^[A-Za-zÑñ .'-]{1,60}$",
      '^[0-9]{4}-[0-9]{4}-[0-9]{4}$',
      '^[A-Za-z0-9., ]{1,120}$',
      '^09[0-9]{9}$',
    ])
      expect(patternVerdict(pattern), pattern).toBe('linear');
  });

  it("accepts every pattern of the repository's own borrower forms", () => {
    const all = schemaFiles.flatMap((file) =>
      patternsOf(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>).map((p) => ({ ...p, file })),
    );
    expect(all.length).toBeGreaterThan(0);
    for (const { pattern, file } of all) expect(patternVerdict(pattern), `${file}: ${pattern}`).toBe('linear');
  });

  it('finds patterns wherever a subschema can hold one, and not in data (const, enum, default)', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string', pattern: '^(a+)+$' },
        pattern: { type: 'string', const: 'x' },
        list: { type: 'array', items: { type: 'string', pattern: '^[a-z]{1,3}$' } },
      },
      patternProperties: { '^x-[a-z]{1,9}$': { type: 'string' } },
      oneOf: [{ properties: { b: { pattern: '^b$' } } }],
      if: { properties: { c: { pattern: '^c$' } } },
      definitions: { d: { pattern: '^d$' } },
      default: { pattern: '^(a+)+$' },
      examples: [{ pattern: '^(a+)+$' }],
    };
    expect(patternsOf(schema).map((p) => p.path)).toEqual([
      '/schema/patternProperties/^x-[a-z]{1,9}$',
      '/schema/properties/a/pattern',
      '/schema/properties/list/items/pattern',
      '/schema/oneOf/0/properties/b/pattern',
      '/schema/if/properties/c/pattern',
      '/schema/definitions/d/pattern',
    ]);
    expect(checkPatterns(schema)).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'studio.checks.patternUnsafe',
        path: '/schema/properties/a/pattern',
        params: { pattern: '^(a+)+$' },
      }),
    ]);
  });

  it('refuses a pattern that is not one, a very long one, and too many of them', () => {
    expect(checkPatterns({ pattern: '^[a-' })).toEqual([
      expect.objectContaining({ code: 'studio.checks.patternInvalid' }),
    ]);
    expect(checkPatterns({ pattern: `^${'a'.repeat(400)}$` })).toEqual([
      expect.objectContaining({ code: 'studio.checks.patternTooLong' }),
    ]);
    const many = Object.fromEntries(
      Array.from({ length: MAX_PATTERNS + 1 }, (_, i) => [`f${i}`, { type: 'string', pattern: '^a$' }]),
    );
    expect(checkPatterns({ properties: many })).toEqual([
      expect.objectContaining({
        code: 'studio.checks.patternTooMany',
        params: { count: MAX_PATTERNS + 1, max: MAX_PATTERNS },
      }),
    ]);
  });
});
