/**
 * For the adapter tests: a local HTTP stand-in for a gateway (api.xendit.co, api.paymongo.com, api.semaphore.co,
 * graph.facebook.com) that records every request and answers with `handler`, or with `override` when it is set and
 * returns true. No real network. `runFakeGateway` runs one for the tests of the file or block it is called in.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { parseJson } from '../providers/gateway-http.ts';
import { ProviderError } from '../providers/provider-error.ts';

export interface Recorded {
  method: string;
  /** The path with its query. */
  path: string;
  authorization: string;
  idempotencyKey: string | undefined;
  contentType: string;
  rawBody: string;
  /** The body read as JSON (undefined when there is none, or it is not JSON). */
  body: unknown;
  /** The body read as a form (application/x-www-form-urlencoded). */
  form: URLSearchParams;
}

export type Handler = (req: Recorded, res: ServerResponse) => void;

export const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** Basic auth as both gateways take it: the secret key as user name, empty password. */
export const basicAuth = (secretKey: string): string => `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

export function fakeGateway(handler: Handler) {
  const fake = {
    requests: [] as Recorded[],
    override: null as ((req: Recorded, res: ServerResponse) => boolean) | null,
    baseUrl: '',
    async start(): Promise<void> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    /** Answers with `override` first (until the next reset): true when it answered. */
    setOverride(override: ((req: Recorded, res: ServerResponse) => boolean) | null): void {
      fake.override = override;
    },
    reset(): void {
      fake.requests = [];
      fake.override = null;
    },
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const key = req.headers['idempotency-key'];
      const recorded: Recorded = {
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        idempotencyKey: typeof key === 'string' ? key : undefined,
        contentType: req.headers['content-type'] ?? '',
        rawBody,
        body: rawBody ? parseJson(rawBody) : undefined,
        form: new URLSearchParams(rawBody),
      };
      fake.requests.push(recorded);
      if (fake.override?.(recorded, res)) return;
      handler(recorded, res);
    });
  });
  return fake;
}

/**
 * fakeGateway(handler) for the tests of the file or describe block it is called in: listening before the first,
 * closed after the last, and reset before each (its requests and override, then the test's own state by `reset`).
 */
export function runFakeGateway(handler: Handler, reset: () => void = () => undefined): ReturnType<typeof fakeGateway> {
  const fake = fakeGateway(handler);
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.reset();
    reset();
  });
  return fake;
}

/** The base URL of a port nobody listens on (a refused connection). */
export async function refusedBaseUrl(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** The ProviderError a call rejects with (the test fails when it resolves or rejects with something else). */
export const failure = (promise: Promise<unknown>): Promise<ProviderError> =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ProviderError);
      return error as ProviderError;
    },
  );
