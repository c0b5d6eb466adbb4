/**
 * Pure helpers of the api benchmark (no I/O): a latency histogram finer than autocannon's (whole milliseconds), the
 * profile/hello ratio, the target verdict and number formatting for the table.
 */

/** Latencies in 10 µs buckets from 0 to 1 s; slower ones land in one overflow bucket (their maximum is kept). */
export class LatencyHistogram {
  static readonly BUCKET_MS = 0.01;
  static readonly BUCKETS = 100_000;
  private readonly counts = new Uint32Array(LatencyHistogram.BUCKETS + 1);
  private total = 0;
  private sum = 0;
  private largest = 0;

  record(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    const index = Math.min(Math.floor(ms / LatencyHistogram.BUCKET_MS), LatencyHistogram.BUCKETS);
    this.counts[index] = (this.counts[index] ?? 0) + 1;
    this.total += 1;
    this.sum += ms;
    if (ms > this.largest) this.largest = ms;
  }

  get count(): number {
    return this.total;
  }

  get mean(): number {
    return this.total === 0 ? Number.NaN : this.sum / this.total;
  }

  get max(): number {
    return this.total === 0 ? Number.NaN : this.largest;
  }

  /**
   * The nearest-rank percentile `p` (0-100), as the upper edge of its bucket (so at most 10 µs above the true value),
   * or the maximum when it falls in the overflow bucket.
   */
  percentile(p: number): number {
    if (this.total === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil((p / 100) * this.total));
    let seen = 0;
    for (let i = 0; i < this.counts.length; i += 1) {
      seen += this.counts[i] ?? 0;
      if (seen >= rank)
        return i === LatencyHistogram.BUCKETS
          ? this.largest
          : Math.round((i + 1) * LatencyHistogram.BUCKET_MS * 100) / 100;
    }
    return this.largest;
  }
}

/** `part / whole`, rounded to 4 decimals; NaN when either is not a positive finite number. */
export function ratio(part: number, whole: number): number {
  if (!(Number.isFinite(part) && Number.isFinite(whole)) || part < 0 || whole <= 0) return Number.NaN;
  return Math.round((part / whole) * 10_000) / 10_000;
}

/** A ratio as a percentage with one decimal ("41.3 %"), or "-" when unknown. */
export function percent(value: number): string {
  return Number.isFinite(value) ? `${(value * 100).toFixed(1)} %` : '-';
}

/** Requests per second for a table: whole numbers with thousands separators ("12,345"), or "-". */
export function perSecond(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '-';
}

/** Milliseconds with two decimals (latencies on loopback are often below 1 ms), or "-". */
export function ms2(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : '-';
}

/** The verdict on a ratio against a minimum: MET, MISSED, or SKIPPED when the ratio could not be measured. */
export function verdict(value: number, minimum: number): 'MET' | 'MISSED' | 'SKIPPED' {
  if (!Number.isFinite(value)) return 'SKIPPED';
  return value >= minimum ? 'MET' : 'MISSED';
}

/** What made a run fail: answers other than 2xx, connection errors, timeouts (autocannon's counters). */
export function runProblems(result: {
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly statusCodeStats: Record<string, { count: number }>;
}): string[] {
  const problems: string[] = [];
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${count} x ${code}`)
      .join(', ');
    problems.push(`${result.non2xx} non-2xx answers (${codes})`);
  }
  if (result.errors > 0) problems.push(`${result.errors} errors`);
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`);
  return problems;
}

/** A positive number of seconds from the environment, or the fallback. */
export function envSeconds(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * The CPU time (clock ticks) processes spent between two readings by process id: a process only in `after` started in
 * between and counts whole; one only in `before` ended in between and its last part is lost (not counted).
 */
export function cpuTicksBetween(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += Math.max(0, now - (before.get(pid) ?? 0));
  return ticks;
}

/** utime + stime (clock ticks) from the text of /proc/<pid>/stat, or undefined when it is not one. */
export function procStatTicks(stat: string): number | undefined {
  // The command name (field 2) is in parentheses and may contain spaces: count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) && fields.length > 12 ? utime + stime : undefined;
}

/** A URL without its password, for the output. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}
