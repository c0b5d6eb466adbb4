/**
 * Promises kept by key: the first call for a key makes one, later calls share it, and one that fails is forgotten
 * (the next call tries again). When `limit` are kept, all are forgotten before the next is kept: what is kept is
 * cheap to make again (a form's files, its checks, a validator module).
 */
export function promiseMemo<T>(limit = Number.POSITIVE_INFINITY): (key: string, make: () => Promise<T>) => Promise<T> {
  const kept = new Map<string, Promise<T>>();
  return (key, make) => {
    let found = kept.get(key);
    if (!found) {
      found = make();
      found.catch(() => kept.delete(key));
      if (kept.size >= limit) kept.clear();
      kept.set(key, found);
    }
    return found;
  };
}
