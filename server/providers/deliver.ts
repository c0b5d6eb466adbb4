/**
 * How a simulated gateway reaches the server, as a real one would over HTTP: POST `rawBody` to `path` with `headers`.
 * server/main.ts posts to the server's own listen address; the test API uses app.inject.
 */
export type Deliver = (
  path: string,
  headers: Readonly<Record<string, string>>,
  rawBody: string,
) => Promise<{ status: number }>;

/** Delivery over HTTP to `baseUrl` (the server's own address in server/main.ts). */
export function httpDeliver(baseUrl: string, timeoutMs = 10_000): Deliver {
  return async (path, headers, rawBody) => {
    const res = await fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers,
      body: rawBody,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    return { status: res.status };
  };
}

/** Delay before the next delivery try after `attempts` failed ones: 2 s doubling, at most 10 minutes. */
export const redeliveryDelayMs = (attempts: number): number => Math.min(600_000, 2000 * 2 ** Math.max(0, attempts - 1));

/** A gateway gives up a callback after this many failed tries (the reconcile job still finds the result). */
export const MAX_DELIVERY_ATTEMPTS = 12;

/**
 * One callback attempt: `deliver` it and say how the gateway's row changes: delivered (no more tries), or due again
 * after the backoff, or given up after MAX_DELIVERY_ATTEMPTS (`attempts` counts the tries before this one).
 */
export async function attemptDelivery(
  deliver: Deliver,
  call: { path: string; headers: Readonly<Record<string, string>>; body: string },
  attempts: number,
  at: Date,
): Promise<{ deliverAt: Date | null; deliveredAt?: Date }> {
  let status: number;
  try {
    ({ status } = await deliver(call.path, call.headers, call.body));
  } catch {
    status = 0;
  }
  if (status >= 200 && status < 300) return { deliverAt: null, deliveredAt: at };
  return { deliverAt: attempts >= MAX_DELIVERY_ATTEMPTS ? null : new Date(at.getTime() + redeliveryDelayMs(attempts)) };
}

/**
 * The gateway's delivery worker: `flush` runs `deliverDue` (never two at once; a flush during one waits for it and
 * runs again), `start` every `pollMs`, `stop` waits for the running one. Once started, `wake(delayMs)` also runs it
 * when a callback the gateway just planned is due, so the poll only has to find redeliveries and another instance's
 * callbacks and can be slow.
 */
export function deliveryWorker(deliverDue: () => Promise<number>) {
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<number> | undefined;
  const wakes = new Set<NodeJS.Timeout>();
  const run = (): Promise<number> => {
    flushing ??= deliverDue().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };
  const flush = async (): Promise<number> => {
    if (flushing) await flushing.catch(() => undefined);
    return run();
  };
  return {
    flush,
    start(pollMs: number): void {
      if (timer) return;
      timer = setInterval(() => void run().catch(() => undefined), pollMs);
      timer.unref();
    },
    /** A delivery pass in `delayMs` (and a little: the row is written by then), if the worker is started. */
    wake(delayMs: number): void {
      if (!timer) return;
      const t = setTimeout(
        () => {
          wakes.delete(t);
          void flush().catch(() => undefined);
        },
        Math.min(3_600_000, Math.max(0, delayMs) + 10),
      );
      t.unref();
      wakes.add(t);
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      for (const t of wakes) clearTimeout(t);
      wakes.clear();
      await flushing?.catch(() => undefined);
    },
  };
}
