/**
 * A small per-instance cache whose entries live `ttlMs` at most (and at most `max` of them, oldest dropped first).
 * The database stays the system of record: a change made through this instance deletes its entry at once, and a
 * change made through another instance is seen here within `ttlMs`.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.clock()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, until: this.clock() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Deletes every entry whose value matches. */
  deleteWhere(match: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key);
  }
}
