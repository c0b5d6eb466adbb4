/**
 * The regular expressions of a form: every `pattern` and `patternProperties` key runs in the borrower's
 * browser and on the server (the same validator module), on text a stranger types. A pattern that can match one text
 * in many ways backtracks exponentially or polynomially on a text that almost matches (`^([a-z.,]+\s?)*$` took 17.8 s
 * on 28 characters and stopped the whole API), so the studio accepts only patterns it can prove run in linear time.
 *
 * The proof is redos-detector's (tjenkinson/redos-detector, an ECMA-262 analysis that never calls a pattern safe when
 * it is not): it counts the ways an input can be matched; a pattern is accepted when that count is bounded by
 * `MAX_SCORE` for every input and every starting position, so the engine's work is at most linear in the input. Its own
 * work is bounded by `MAX_STEPS`, which makes the verdict the same on every machine (a time limit would not); what it
 * cannot prove within them is refused, with a message that says how to write the pattern instead. Refusing at save
 * rather than running patterns on a linear-time engine keeps the validator module a plain module both sides import
 * (no RE2 in the borrower's bundle) and keeps JavaScript's pattern syntax, which the forms' authors know.
 */
import { isSafePattern } from 'redos-detector';
import { eachSubschema } from '../validation/prune-branches.ts';
import type { Json } from './schema-fields.ts';
import { check, pointer } from './types.ts';
import type { Check } from './types.ts';

/** The most ways one input may be matched: a few, as alternatives of a date or a phone number need. */
export const MAX_SCORE = 20;
/** The analysis' own budget (steps, not time: the same verdict on a busy machine as on an idle one). */
export const MAX_STEPS = 2000;
/** A form has at most this many patterns, each at most PATTERN_MAX_LENGTH characters. */
export const MAX_PATTERNS = 100;
export const PATTERN_MAX_LENGTH = 300;

/** Verdicts by pattern (a save checks the same patterns again): bounded, as staff can write any number of them. */
const verdicts = new Map<string, PatternVerdict>();

export type PatternVerdict = 'linear' | 'invalid' | 'unsafe';

/** Whether `pattern` compiles as ajv compiles it (the `u` flag) and runs in linear time. */
export function patternVerdict(pattern: string): PatternVerdict {
  const known = verdicts.get(pattern);
  if (known) return known;
  let verdict: PatternVerdict;
  try {
    new RegExp(pattern, 'u');
    const result = isSafePattern(pattern, { unicode: true, maxScore: MAX_SCORE, maxSteps: MAX_STEPS });
    verdict = result.safe ? 'linear' : 'unsafe';
  } catch {
    verdict = 'invalid';
  }
  if (verdicts.size >= 1000) verdicts.clear();
  verdicts.set(pattern, verdict);
  return verdict;
}

/** Every pattern of `schema` with where it is (JSON pointers under `/schema`), in document order. */
export function patternsOf(schema: Json): { pattern: string; path: string }[] {
  const found: { pattern: string; path: string }[] = [];
  eachSubschema(schema, (node, at) => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
    const object = node as Record<string, unknown>;
    if (typeof object['pattern'] === 'string') found.push({ pattern: object['pattern'], path: `/schema${at}/pattern` });
    const keyed = object['patternProperties'];
    if (keyed && typeof keyed === 'object' && !Array.isArray(keyed))
      for (const key of Object.keys(keyed))
        found.push({ pattern: key, path: `/schema${at}${pointer('patternProperties', key)}` });
  });
  return found;
}

/** The findings on a form schema's patterns: too many, too long, not a pattern, or not provably linear. */
export function checkPatterns(schema: Json): Check[] {
  const patterns = patternsOf(schema);
  if (patterns.length > MAX_PATTERNS)
    return [check('error', 'patternTooMany', '/schema', { count: patterns.length, max: MAX_PATTERNS })];
  const out: Check[] = [];
  for (const { pattern, path } of patterns) {
    if (pattern.length > PATTERN_MAX_LENGTH) {
      out.push(check('error', 'patternTooLong', path, { max: PATTERN_MAX_LENGTH }));
      continue;
    }
    const verdict = patternVerdict(pattern);
    if (verdict === 'invalid') out.push(check('error', 'patternInvalid', path, { pattern }));
    if (verdict === 'unsafe') out.push(check('error', 'patternUnsafe', path, { pattern }));
  }
  return out;
}
