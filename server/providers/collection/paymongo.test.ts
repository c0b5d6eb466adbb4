import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../payout/payout-provider.ts';
import type { CollectionRequest } from './collection-provider.ts';
import { createPaymongoCollections, PAYMONGO_METHODS, paymongoReference } from './paymongo.ts';

// A local stand-in for api.paymongo.com: keeps payment intents by idempotency key (a repeat answers the first intent,
// as PayMongo does), records every request, and answers as `override` says when set. No real network.
interface Recorded {
  method: string;
  path: string;
  authorization: string;
  idempotencyKey: string | undefined;
  contentType: string;
  rawBody: string;
  body: unknown;
}
let requests: Recorded[] = [];
let override: ((req: Recorded, res: ServerResponse) => boolean) | null = null;
let intents = new Map<string, { data: { id: string; type: string; attributes: Record<string, unknown> } }>();
let serial = 0;

const secretKey = 'sk_test_0123456789abcdefSECRET';
const expectedAuth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const errors = (code: string, detail: string) => ({ errors: [{ code, detail }] });

function fakePaymongo(req: Recorded, res: ServerResponse): void {
  if (req.authorization !== expectedAuth) return json(res, 401, errors('api_key_invalid', 'API key is invalid.'));
  if (req.method === 'POST' && req.path === '/v1/payment_intents') {
    const known = req.idempotencyKey ? intents.get(req.idempotencyKey) : undefined;
    if (known) return json(res, 200, known);
    const attributes = (req.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
    serial += 1;
    const id = `pi_${String(serial).padStart(24, 'A')}`;
    const intent = {
      data: {
        id,
        type: 'payment_intent',
        attributes: {
          amount: attributes['amount'],
          capture_type: attributes['capture_type'],
          client_key: `${id}_client_abc`,
          currency: attributes['currency'],
          description: attributes['description'],
          livemode: false,
          statement_descriptor: 'PesoAgad',
          status: 'awaiting_payment_method',
          last_payment_error: null,
          payment_method_allowed: attributes['payment_method_allowed'],
          payments: [],
          next_action: null,
          payment_method_options: null,
          metadata: attributes['metadata'],
          setup_future_usage: null,
          created_at: 1_795_000_000,
          updated_at: 1_795_000_000,
        },
      },
    };
    if (req.idempotencyKey) intents.set(req.idempotencyKey, intent);
    return json(res, 200, intent);
  }
  if (req.method === 'GET' && req.path.startsWith('/v1/payment_intents/')) {
    const id = decodeURIComponent(req.path.slice('/v1/payment_intents/'.length));
    const intent = [...intents.values()].find((i) => i.data.id === id);
    return intent ? json(res, 200, intent) : json(res, 404, errors('resource_not_found', `No such payment_intent with id ${id}.`));
  }
  json(res, 404, errors('route_not_found', 'route'));
}

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
    requests.push(recorded);
    if (override?.(recorded, res)) return;
    fakePaymongo(recorded, res);
  });
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  requests = [];
  override = null;
  intents = new Map();
});

const request = (overrides: Partial<CollectionRequest> = {}): CollectionRequest => ({
  idempotencyKey: 'cust-1:9f2c1b7e-3d4a-4c5b-8e6f-0a1b2c3d4e5f',
  amountCentavos: 309_050,
  channel: 'eWallet',
  payer: { phone: '9171234567', name: 'Juan dela Cruz' },
  description: 'PA-000123 settle',
  expiresAt: new Date('2026-11-23T03:00:00Z'),
  metadata: { orderId: 'o-1', orderNo: 'PA-000123', kind: 'settle' },
  ...overrides,
});
const failure = (promise: Promise<unknown>): Promise<ProviderError> =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ProviderError);
      return error as ProviderError;
    },
  );

describe('PayMongo collections adapter', () => {
  it('creates a payment intent in centavos with basic auth and the Idempotency-Key; answers its id and a reference', async () => {
    const provider = createPaymongoCollections({ secretKey, baseUrl });
    expect(provider.name).toBe('paymongo');
    const result = await provider.createPayment(request());
    const reference = paymongoReference(request().idempotencyKey);
    expect(reference).toMatch(/^[A-HJ-NP-Z2-9]{12}$/u);
    expect(result).toEqual({ providerRef: 'pi_AAAAAAAAAAAAAAAAAAAAAAA1', reference, checkoutUrl: null, status: 'pending', amountCentavos: 309_050, failureCode: null });

    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/payment_intents');
    expect(sent?.authorization).toBe(expectedAuth);
    expect(sent?.idempotencyKey).toBe(request().idempotencyKey);
    expect(sent?.contentType).toMatch(/^application\/json/u);
    expect(sent?.body).toEqual({
      data: {
        attributes: {
          amount: 309_050,
          currency: 'PHP',
          payment_method_allowed: ['gcash', 'paymaya', 'grab_pay', 'shopee_pay', 'qrph'],
          capture_type: 'automatic',
          description: 'PA-000123 settle',
          metadata: { orderId: 'o-1', orderNo: 'PA-000123', kind: 'settle', reference },
        },
      },
    });
    // An integer number of centavos on the wire.
    expect(sent?.rawBody).toContain('"amount":309050,');
  });

  it('offers the bank methods for a bank payment and refuses over-the-counter without calling PayMongo', async () => {
    const provider = createPaymongoCollections({ secretKey, baseUrl });
    await provider.createPayment(request({ channel: 'bank' }));
    expect((requests[0]?.body as { data: { attributes: { payment_method_allowed: string[] } } }).data.attributes.payment_method_allowed).toEqual(PAYMONGO_METHODS.bank);

    requests = [];
    const error = await failure(provider.createPayment(request({ idempotencyKey: 'other', channel: 'otc' })));
    expect(error.message).toBe('PAYMONGO_CHANNEL_UNSUPPORTED:otc');
    expect(error.retryable).toBe(false);
    expect(requests).toEqual([]);
  });

  it('answers a repeat with the same idempotency key with the same intent and reference', async () => {
    const provider = createPaymongoCollections({ secretKey, baseUrl });
    const first = await provider.createPayment(request());
    const again = await provider.createPayment(request());
    expect(again).toEqual(first);
    expect(intents.size).toBe(1);
    const other = await provider.createPayment(request({ idempotencyKey: 'cust-1:another-key' }));
    expect(other.providerRef).not.toBe(first.providerRef);
    expect(other.reference).not.toBe(first.reference);
  });

  it('passes on the checkout URL when the intent has a redirect', async () => {
    override = (req, res) => {
      if (req.method !== 'POST') return false;
      json(res, 200, {
        data: {
          id: 'pi_redirect',
          type: 'payment_intent',
          attributes: {
            amount: 309_050,
            currency: 'PHP',
            status: 'awaiting_next_action',
            last_payment_error: null,
            next_action: { type: 'redirect', redirect: { url: 'https://secure-authentication.paymongo.com/sources?id=src_1', return_url: 'https://pesoagad.example/pay' } },
            metadata: { reference: 'PAYMONGOREF1' },
          },
        },
      });
      return true;
    };
    await expect(createPaymongoCollections({ secretKey, baseUrl }).createPayment(request())).resolves.toEqual({
      providerRef: 'pi_redirect',
      reference: 'PAYMONGOREF1',
      checkoutUrl: 'https://secure-authentication.paymongo.com/sources?id=src_1',
      status: 'pending',
      amountCentavos: 309_050,
      failureCode: null,
    });
  });

  it('refuses an intent for another amount, a non-integer amount, and a 2xx that is not an intent', async () => {
    const provider = createPaymongoCollections({ secretKey, baseUrl });
    for (const amountCentavos of [0, 100.5, -1]) expect((await failure(provider.createPayment(request({ amountCentavos })))).message).toBe('PAYMONGO_AMOUNT_INVALID');
    expect(requests).toEqual([]);

    override = (_req, res) => {
      json(res, 200, { data: { id: 'pi_x', type: 'payment_intent', attributes: { amount: 309_000, status: 'awaiting_payment_method' } } });
      return true;
    };
    const mismatch = await failure(provider.createPayment(request()));
    expect(mismatch.message).toBe('PAYMONGO_AMOUNT_MISMATCH');
    expect(mismatch.retryable).toBe(false);

    override = (_req, res) => {
      json(res, 200, { data: { id: 'pi_x', attributes: { amount: '3090.50', status: 'awaiting_payment_method' } } });
      return true;
    };
    expect((await failure(provider.createPayment(request()))).message).toBe('PAYMONGO_BAD_RESPONSE');
  });

  it('turns a 4xx into a non-retryable error with PayMongo\'s error code, never the secret key', async () => {
    override = (_req, res) => {
      json(res, 400, errors('parameter_below_minimum', `The minimum value for the amount is 2000. (${secretKey})`));
      return true;
    };
    const error = await failure(createPaymongoCollections({ secretKey, baseUrl }).createPayment(request()));
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('PAYMONGO_HTTP_400:parameter_below_minimum');
    expect(error.message).not.toContain(secretKey);

    override = null;
    const unauthorized = await failure(createPaymongoCollections({ secretKey: 'sk_test_wrong', baseUrl }).getPayment('pi_1'));
    expect(unauthorized.retryable).toBe(false);
    expect(unauthorized.message).toBe('PAYMONGO_HTTP_401:api_key_invalid');
  });

  it('treats a 5xx and a 429 as retryable', async () => {
    override = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad Gateway</h1>');
      return true;
    };
    const bad = await failure(createPaymongoCollections({ secretKey, baseUrl }).createPayment(request()));
    expect(bad.retryable).toBe(true);
    expect(bad.message).toBe('PAYMONGO_HTTP_502');

    override = (_req, res) => {
      json(res, 429, errors('rate_limit_exceeded', 'Too many requests.'));
      return true;
    };
    const limited = await failure(createPaymongoCollections({ secretKey, baseUrl }).getPayment('pi_1'));
    expect(limited.retryable).toBe(true);
    expect(limited.message).toBe('PAYMONGO_HTTP_429:rate_limit_exceeded');
  });

  it('times out on a server that never answers, as a retryable error', async () => {
    override = () => true; // hangs; afterAll closes the connection
    const started = Date.now();
    const error = await failure(createPaymongoCollections({ secretKey, baseUrl, timeoutMs: 200 }).createPayment(request()));
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('PAYMONGO_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('treats a refused connection as a retryable network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(createPaymongoCollections({ secretKey, baseUrl: `http://127.0.0.1:${port}` }).getPayment('pi_1'));
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('PAYMONGO_NETWORK');
  });

  it('reads an intent back and maps PayMongo statuses; null for an unknown id', async () => {
    const provider = createPaymongoCollections({ secretKey, baseUrl });
    const created = await provider.createPayment(request());
    const attributes = intents.get(request().idempotencyKey)!.data.attributes;
    const cases: [string, unknown, string, string | null][] = [
      ['awaiting_payment_method', null, 'pending', null],
      ['awaiting_next_action', null, 'pending', null],
      ['processing', null, 'pending', null],
      ['succeeded', null, 'paid', null],
      ['awaiting_payment_method', { failed_code: 'insufficient_funds', failed_message: 'Not enough balance.', payment: 'pay_1' }, 'failed', 'insufficient_funds'],
      ['awaiting_payment_method', { failed_message: 'Declined.' }, 'failed', 'payment_failed'],
      ['cancelled', null, 'failed', 'cancelled'],
    ];
    for (const [status, lastError, ours, failureCode] of cases) {
      attributes['status'] = status;
      attributes['last_payment_error'] = lastError;
      await expect(provider.getPayment(created.providerRef)).resolves.toEqual({ ...created, status: ours, failureCode });
    }
    const get = requests.at(-1);
    expect(get?.method).toBe('GET');
    expect(get?.path).toBe(`/v1/payment_intents/${created.providerRef}`);
    expect(get?.authorization).toBe(expectedAuth);
    expect(get?.idempotencyKey).toBeUndefined();

    await expect(provider.getPayment('pi_unknown')).resolves.toBeNull();
  });

  it('refuses an empty secret key and does not expose the key on the provider object', () => {
    expect(() => createPaymongoCollections({ secretKey: '' })).toThrow('PAYMONGO_SECRET_KEY_MISSING');
    const provider = createPaymongoCollections({ secretKey, baseUrl });
    expect(JSON.stringify(provider)).not.toContain(secretKey);
    expect(Object.values(provider)).not.toContain(secretKey);
  });
});
