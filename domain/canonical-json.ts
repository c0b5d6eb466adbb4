/**
 * Canonical JSON: every object's keys sorted, so equal content gives equal text whatever the key order (request
 * hashes of idempotency keys, comparing form contents).
 */
export function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** JSON text of `value` with every object's keys sorted. */
export const canonicalJson = (value: unknown): string => JSON.stringify(sortedKeys(value));
