/**
 * How a simulated gateway reaches the server, as a real one would over HTTP: POST `rawBody` to `path` with `headers`.
 * server/main.ts posts to the server's own listen address; the test API uses app.inject.
 */
export type Deliver = (path: string, headers: Readonly<Record<string, string>>, rawBody: string) => Promise<{ status: number }>;

/** Delivery over HTTP to `baseUrl` (the server's own address in server/main.ts). */
export function httpDeliver(baseUrl: string, timeoutMs = 10_000): Deliver {
  return async (path, headers, rawBody) => {
    const res = await fetch(new URL(path, baseUrl), { method: 'POST', headers, body: rawBody, signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return { status: res.status };
  };
}

/** Delay before the next delivery try after `attempts` failed ones: 2 s doubling, at most 10 minutes. */
export const redeliveryDelayMs = (attempts: number): number => Math.min(600_000, 2000 * 2 ** Math.max(0, attempts - 1));

/** A gateway gives up a callback after this many failed tries (the reconcile job still finds the result). */
export const MAX_DELIVERY_ATTEMPTS = 12;
