/**
 * The differences between two versions of any content, for review ("what changed since the published version"):
 * one Change per added, removed or changed value at a JSON pointer, in document order (the keys of `a` as they come,
 * then those only `b` has; list items in order), so the same two versions always give the same list. Lists are
 * matched by their longest common run of equal items, so one enum value inserted is one `added`, not every later
 * item `changed`; an item replaced in place is diffed inside. Small enough to write: no library. Pure.
 */
import { escape } from './schema-fields.ts';
import type { Change } from './types.ts';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => equal(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && equal(a[k], b[k]));
  }
  return false;
}

/** Index pairs of a longest common subsequence of equal items. */
function commonRun(a: readonly unknown[], b: readonly unknown[]): [number, number][] {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i]![j] = equal(a[i], b[j]) ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let [i, j] = [0, 0];
  while (i < a.length && j < b.length) {
    if (equal(a[i], b[j])) pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

function diffList(a: readonly unknown[], b: readonly unknown[], at: string, out: Change[]): void {
  let [i, j] = [0, 0];
  for (const [mi, mj] of [...commonRun(a, b), [a.length, b.length] as [number, number]]) {
    // Between two matches: items replaced in place are diffed inside, the rest removed or added.
    while (i < mi && j < mj) diff(a[i++], b[j], `${at}/${j++}`, out);
    while (i < mi) out.push({ path: `${at}/${i}`, kind: 'removed', before: a[i++] });
    while (j < mj) out.push({ path: `${at}/${j}`, kind: 'added', after: b[j++] });
    i = mi + 1;
    j = mj + 1;
  }
}

function diff(a: unknown, b: unknown, at: string, out: Change[]): void {
  if (equal(a, b)) return;
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(a)) {
      const path = `${at}/${escape(key)}`;
      if (!(key in b)) out.push({ path, kind: 'removed', before: a[key] });
      else diff(a[key], b[key], path, out);
    }
    for (const key of Object.keys(b))
      if (!(key in a)) out.push({ path: `${at}/${escape(key)}`, kind: 'added', after: b[key] });
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    diffList(a, b, at, out);
    return;
  }
  out.push({ path: at, kind: 'changed', before: a, after: b });
}

/** The changes from `a` to `b` (any JSON), at JSON pointers, in a stable order. */
export function diffContent(a: unknown, b: unknown): Change[] {
  const out: Change[] = [];
  diff(a, b, '', out);
  return out;
}
