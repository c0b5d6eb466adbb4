/** The part of autocannon 9 (no types of its own) that the api benchmark uses. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      connections?: number;
      /** Seconds. */
      duration?: number;
      pipelining?: number;
      /** Seconds before a request counts as a timeout (default 10). */
      timeout?: number;
      title?: string;
    }

    /** A histogram's figures: average/mean/stddev/min/max and the percentiles p0_001 ... p99_999. */
    interface Stats {
      readonly average: number;
      readonly mean: number;
      readonly stddev: number;
      readonly min: number;
      readonly max: number;
      readonly total?: number;
      readonly p50: number;
      readonly p90: number;
      readonly p97_5: number;
      readonly p99: number;
      readonly [percentile: string]: number | undefined;
    }

    interface Result {
      readonly url: string;
      readonly connections: number;
      readonly pipelining: number;
      /** Seconds the run really took. */
      readonly duration: number;
      readonly samples: number;
      readonly errors: number;
      readonly timeouts: number;
      readonly mismatches: number;
      readonly non2xx: number;
      readonly resets: number;
      readonly '1xx': number;
      readonly '2xx': number;
      readonly '3xx': number;
      readonly '4xx': number;
      readonly '5xx': number;
      readonly statusCodeStats: Record<string, { count: number }>;
      /** Milliseconds, whole numbers (the histogram's resolution), of 2xx answers. */
      readonly latency: Stats & { readonly totalCount: number };
      /** Requests per second, one sample a second. */
      readonly requests: Stats & { readonly sent: number };
      /** Bytes per second. */
      readonly throughput: Stats;
    }

    /** A running benchmark: an event emitter ('response': client, statusCode, bytes, ms) and a promise of the result. */
    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
