/**
 * For the adapter tests: a local HTTP stand-in for a gateway (api.xendit.co, api.paymongo.com) that records every
 * request and answers with `handler`, or with `override` when it is set and returns true. No real network.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { ProviderError } from './provider-error.ts';

export interface Recorded {
  method: string;
  path: string;
  authorization: string;
  idempotencyKey: string | undefined;
  contentType: string;
  rawBody: string;
  body: unknown;
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
        body: rawBody ? (JSON.parse(rawBody) as unknown) : undefined,
      };
      fake.requests.push(recorded);
      if (fake.override?.(recorded, res)) return;
      handler(recorded, res);
    });
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
