import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import bankInfoSchema from '../../../schemas/bankInfo.schema.json' with { type: 'json' };
import { ProviderError, type PayoutAccount, type PayoutRequest } from './payout-provider.ts';
import { centavosToPesos, pesosToCentavos } from './payout-provider.ts';
import { createXenditPayouts, XENDIT_BANK_CHANNELS, XENDIT_WALLET_CHANNELS, xenditDestination } from './xendit.ts';

// A local stand-in for api.xendit.co: keeps payouts by idempotency key (a repeat answers the first payout, as Xendit
// does), records every request, and answers as `override` says when set. No real network.
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
let payouts = new Map<string, Record<string, unknown>>();
let serial = 0;

const secretKey = 'xnd_development_0123456789abcdefSECRET';
const expectedAuth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** Xendit's behaviour for the routes the adapter uses. */
function fakeXendit(req: Recorded, res: ServerResponse): void {
  if (req.authorization !== expectedAuth) return json(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });
  if (req.method === 'POST' && req.path === '/v2/payouts') {
    if (!req.idempotencyKey) return json(res, 400, { error_code: 'API_VALIDATION_ERROR', message: 'Idempotency-key is required' });
    const known = payouts.get(req.idempotencyKey);
    if (known) return json(res, 200, known);
    const b = req.body as Record<string, unknown>;
    serial += 1;
    const payout = {
      id: `disb-${String(serial).padStart(24, '0')}`,
      amount: b['amount'],
      channel_code: b['channel_code'],
      currency: b['currency'],
      description: b['description'],
      reference_id: b['reference_id'],
      status: 'ACCEPTED',
      created: '2026-11-22T03:00:00.000Z',
      updated: '2026-11-22T03:00:00.000Z',
      estimated_arrival_time: '2026-11-22T03:15:00.000Z',
      business_id: '6018306aa16ad90cb3c43ba7',
      channel_properties: b['channel_properties'],
    };
    payouts.set(req.idempotencyKey, payout);
    return json(res, 200, payout);
  }
  if (req.method === 'GET' && req.path.startsWith('/v2/payouts?reference_id=')) {
    const ref = decodeURIComponent(req.path.slice('/v2/payouts?reference_id='.length));
    return json(res, 200, [...payouts.values()].filter((p) => p['reference_id'] === ref));
  }
  if (req.method === 'GET' && req.path.startsWith('/v2/payouts/')) {
    const id = decodeURIComponent(req.path.slice('/v2/payouts/'.length));
    const payout = [...payouts.values()].find((p) => p['id'] === id);
    return payout ? json(res, 200, payout) : json(res, 404, { error_code: 'DATA_NOT_FOUND', message: 'Payout not found' });
  }
  json(res, 404, { error_code: 'NOT_FOUND', message: 'route' });
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
    fakeXendit(recorded, res);
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
  payouts = new Map();
});

const bankAccount: PayoutAccount = { method: 'bank', bankCode: 'bdo', accountNumber: '001234567890', holderName: 'Juan Santos dela Cruz', phone: '9171234567' };
const request = (overrides: Partial<PayoutRequest> = {}): PayoutRequest => ({
  idempotencyKey: '5b0a3c1e-7a43-4f4e-9d52-6c1b2a3d4e5f',
  referenceId: '5b0a3c1e-7a43-4f4e-9d52-6c1b2a3d4e5f',
  amountCentavos: 712_345,
  account: bankAccount,
  description: 'Loan PA-000123',
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

describe('Xendit payouts adapter', () => {
  it('posts the payout with basic auth, the Idempotency-key and the documented body; answers the payout as pending', async () => {
    const provider = createXenditPayouts({ secretKey, baseUrl });
    expect(provider.name).toBe('xendit');
    const result = await provider.createPayout(request());
    expect(result).toEqual({ providerRef: 'disb-000000000000000000000001', referenceId: request().referenceId, status: 'pending', failureCode: null });

    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v2/payouts');
    expect(sent?.authorization).toBe(expectedAuth);
    expect(sent?.idempotencyKey).toBe(request().idempotencyKey);
    expect(sent?.contentType).toMatch(/^application\/json/u);
    expect(sent?.body).toEqual({
      reference_id: request().referenceId,
      channel_code: 'PH_BDO',
      channel_properties: { account_number: '001234567890', account_holder_name: 'Juan Santos dela Cruz' },
      amount: 7123.45,
      description: 'Loan PA-000123',
      currency: 'PHP',
    });
    // The amount is a JSON number with the centavos as decimals, exactly.
    expect(sent?.rawBody).toContain('"amount":7123.45,');
  });

  it('answers a repeat with the same idempotency key with the same payout (one payout at Xendit)', async () => {
    const provider = createXenditPayouts({ secretKey, baseUrl });
    const first = await provider.createPayout(request());
    const again = await provider.createPayout(request());
    expect(again).toEqual(first);
    expect(payouts.size).toBe(1);
    expect(requests.map((r) => r.idempotencyKey)).toEqual([request().idempotencyKey, request().idempotencyKey]);
  });

  it('resolves a 409 duplicate key by looking the payout up by its reference id', async () => {
    const provider = createXenditPayouts({ secretKey, baseUrl });
    const first = await provider.createPayout(request());
    override = (req, res) => {
      if (req.method !== 'POST') return false;
      json(res, 409, { error_code: 'DUPLICATE_ERROR', message: 'Idempotency key has been used before' });
      return true;
    };
    await expect(provider.createPayout(request())).resolves.toEqual(first);
    expect(requests.at(-1)?.method).toBe('GET');
    expect(requests.at(-1)?.path).toBe(`/v2/payouts?reference_id=${request().referenceId}`);
    expect(requests.at(-1)?.authorization).toBe(expectedAuth);

    payouts.clear();
    const lost = await failure(provider.createPayout(request()));
    expect(lost.message).toBe('XENDIT_DUPLICATE_UNRESOLVED');
    expect(lost.retryable).toBe(false);
  });

  it('sends e-wallet payouts to PH_GCASH / PH_PAYMAYA with the mobile number in its 09 form', async () => {
    const provider = createXenditPayouts({ secretKey, baseUrl });
    await provider.createPayout(request({ idempotencyKey: 'k-gcash', referenceId: 'r-gcash', account: { method: 'eWallet', eWalletProvider: 'gcash', eWalletNumber: '9177654321', holderName: 'Juan dela Cruz', phone: '9171234567' } }));
    await provider.createPayout(request({ idempotencyKey: 'k-maya', referenceId: 'r-maya', account: { method: 'eWallet', eWalletProvider: 'maya', eWalletNumber: '9181112222', holderName: 'Ana Reyes', phone: '9181112222' } }));
    expect(requests.map((r) => (r.body as { channel_code: string }).channel_code)).toEqual(['PH_GCASH', 'PH_PAYMAYA']);
    expect(requests.map((r) => (r.body as { channel_properties: unknown }).channel_properties)).toEqual([
      { account_number: '09177654321', account_holder_name: 'Juan dela Cruz' },
      { account_number: '09181112222', account_holder_name: 'Ana Reyes' },
    ]);
  });

  it('refuses a remittance pick-up without calling Xendit (not supported, not retryable)', async () => {
    const error = await failure(
      createXenditPayouts({ secretKey, baseUrl }).createPayout(request({ account: { method: 'remittance', remittanceShop: 'cebuanaLhuillier', holderName: 'Juan dela Cruz', phone: '9171234567' } })),
    );
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('XENDIT_CHANNEL_UNSUPPORTED:remittance:cebuanaLhuillier');
    expect(requests).toEqual([]);
  });

  it('refuses a non-integer or non-positive amount without calling Xendit', async () => {
    const provider = createXenditPayouts({ secretKey, baseUrl });
    for (const amountCentavos of [0, -100, 100.5, Number.NaN]) {
      const error = await failure(provider.createPayout(request({ amountCentavos })));
      expect(error.message).toBe('PAYOUT_AMOUNT_INVALID');
      expect(error.retryable).toBe(false);
    }
    expect(requests).toEqual([]);
  });

  it('turns a 4xx into a non-retryable error with Xendit\'s error code, never the secret key', async () => {
    override = (_req, res) => {
      json(res, 400, { error_code: 'API_VALIDATION_ERROR', message: `Invalid account for key ${secretKey}` });
      return true;
    };
    const error = await failure(createXenditPayouts({ secretKey, baseUrl }).createPayout(request()));
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('XENDIT_HTTP_400:API_VALIDATION_ERROR');
    expect(error.message).not.toContain(secretKey);
  });

  it('turns a bad key (401) into a non-retryable error', async () => {
    const error = await failure(createXenditPayouts({ secretKey: 'xnd_development_wrong', baseUrl }).createPayout(request()));
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('XENDIT_HTTP_401:INVALID_API_KEY');
  });

  it('treats a 5xx and a 429 as retryable', async () => {
    override = (_req, res) => {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<h1>Service Unavailable</h1>');
      return true;
    };
    const unavailable = await failure(createXenditPayouts({ secretKey, baseUrl }).createPayout(request()));
    expect(unavailable.retryable).toBe(true);
    expect(unavailable.message).toBe('XENDIT_HTTP_503');

    override = (_req, res) => {
      json(res, 429, { error_code: 'RATE_LIMIT_EXCEEDED', message: 'slow down' });
      return true;
    };
    const limited = await failure(createXenditPayouts({ secretKey, baseUrl }).getPayout('disb-1'));
    expect(limited.retryable).toBe(true);
    expect(limited.message).toBe('XENDIT_HTTP_429:RATE_LIMIT_EXCEEDED');
  });

  it('times out on a server that never answers, as a retryable error', async () => {
    override = () => true; // hangs; afterAll closes the connection
    const started = Date.now();
    const error = await failure(createXenditPayouts({ secretKey, baseUrl, timeoutMs: 200 }).createPayout(request()));
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('XENDIT_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('treats a refused connection as a retryable network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(createXenditPayouts({ secretKey, baseUrl: `http://127.0.0.1:${port}` }).getPayout('disb-1'));
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('XENDIT_NETWORK');
  });

  it('refuses a 2xx that is not a payout, or pays another amount, as non-retryable', async () => {
    override = (_req, res) => {
      json(res, 200, { message: 'ok' });
      return true;
    };
    expect((await failure(createXenditPayouts({ secretKey, baseUrl }).createPayout(request()))).message).toBe('XENDIT_BAD_RESPONSE');

    override = (req, res) => {
      json(res, 200, { id: 'disb-x', reference_id: (req.body as { reference_id: string }).reference_id, status: 'ACCEPTED', amount: 7123.4 });
      return true;
    };
    const mismatch = await failure(createXenditPayouts({ secretKey, baseUrl }).createPayout(request()));
    expect(mismatch.message).toBe('XENDIT_AMOUNT_MISMATCH');
    expect(mismatch.retryable).toBe(false);
  });

  it('reads a payout back and maps Xendit statuses and failure codes; null for an unknown id', async () => {
    const provider = createXenditPayouts({ secretKey, baseUrl });
    const created = await provider.createPayout(request());
    const stored = payouts.get(request().idempotencyKey)!;
    const cases: [string, string | undefined, string][] = [
      ['ACCEPTED', undefined, 'pending'],
      ['REQUESTED', undefined, 'pending'],
      ['SUCCEEDED', undefined, 'succeeded'],
      ['FAILED', 'INVALID_DESTINATION', 'failed'],
      ['CANCELLED', undefined, 'failed'],
      ['REVERSED', 'REJECTED_BY_CHANNEL', 'failed'],
    ];
    for (const [status, failureCode, ours] of cases) {
      stored['status'] = status;
      if (failureCode) stored['failure_code'] = failureCode;
      else delete stored['failure_code'];
      await expect(provider.getPayout(created.providerRef)).resolves.toEqual({ providerRef: created.providerRef, referenceId: request().referenceId, status: ours, failureCode: failureCode ?? null });
    }
    const get = requests.at(-1);
    expect(get?.method).toBe('GET');
    expect(get?.path).toBe(`/v2/payouts/${created.providerRef}`);
    expect(get?.authorization).toBe(expectedAuth);
    expect(get?.idempotencyKey).toBeUndefined();

    await expect(provider.getPayout('disb-unknown')).resolves.toBeNull();
  });

  it('refuses an empty secret key', () => {
    expect(() => createXenditPayouts({ secretKey: ' ' })).toThrow('XENDIT_SECRET_KEY_MISSING');
  });

  it('does not expose the secret key on the provider object', () => {
    const provider = createXenditPayouts({ secretKey, baseUrl });
    expect(JSON.stringify(provider)).not.toContain(secretKey);
    expect(Object.values(provider)).not.toContain(secretKey);
  });
});

describe('Xendit channel codes', () => {
  const branch = (method: string) => bankInfoSchema.allOf.find((b) => b.if.properties.payoutMethod.const === method)?.then.properties as Record<string, { enum?: string[] }> | undefined;
  const bankIds = branch('bank')?.['bankCode']?.enum ?? [];
  const walletIds = branch('eWallet')?.['eWalletProvider']?.enum ?? [];
  const shopIds = branch('remittance')?.['remittanceShop']?.enum ?? [];

  it('reads the ids from schemas/bankInfo.schema.json', () => {
    expect(bankIds.length).toBeGreaterThan(20);
    expect(walletIds).toEqual(['gcash', 'maya']);
    expect(shopIds.length).toBeGreaterThan(0);
  });

  it('has a PH_* channel code for every bank of the schema, and none for banks the schema lost', () => {
    const missing = bankIds.filter((id) => !XENDIT_BANK_CHANNELS[id]);
    expect(missing, 'bank ids of bankInfo.schema.json without a Xendit channel code (XENDIT_BANK_CHANNELS)').toEqual([]);
    expect(Object.keys(XENDIT_BANK_CHANNELS).sort()).toEqual([...bankIds].sort());
    for (const code of Object.values(XENDIT_BANK_CHANNELS)) expect(code).toMatch(/^PH_[A-Z0-9_]+$/u);
    expect(new Set(Object.values(XENDIT_BANK_CHANNELS)).size, 'two banks share a channel code').toBe(bankIds.length);
  });

  it.each(bankIds)('maps bank %s', (bankCode) => {
    const { channelCode, accountNumber } = xenditDestination({ method: 'bank', bankCode, accountNumber: '1234567890', holderName: 'A B', phone: '9171234567' });
    expect(channelCode).toBe(XENDIT_BANK_CHANNELS[bankCode]);
    expect(accountNumber).toBe('1234567890');
  });

  it('has a channel code for every e-wallet of the schema', () => {
    expect(Object.keys(XENDIT_WALLET_CHANNELS).sort()).toEqual([...walletIds].sort());
    expect(walletIds.map((eWalletProvider) => xenditDestination({ method: 'eWallet', eWalletProvider, eWalletNumber: '9171234567', holderName: 'A B', phone: '9171234567' }).channelCode)).toEqual(['PH_GCASH', 'PH_PAYMAYA']);
  });

  it.each(shopIds)('refuses remittance shop %s as not supported, not retryable', (remittanceShop) => {
    const error = (() => {
      try {
        xenditDestination({ method: 'remittance', remittanceShop, holderName: 'A B', phone: '9171234567' });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).retryable).toBe(false);
    expect((error as ProviderError).message).toBe(`XENDIT_CHANNEL_UNSUPPORTED:remittance:${remittanceShop}`);
  });

  it('refuses an unknown bank or wallet, or an account without a number', () => {
    expect(() => xenditDestination({ method: 'bank', bankCode: 'nowhere', accountNumber: '1234567890', holderName: 'A', phone: '9' })).toThrow('XENDIT_CHANNEL_UNSUPPORTED:bank:nowhere');
    expect(() => xenditDestination({ method: 'eWallet', eWalletProvider: 'shopeePay', eWalletNumber: '9171234567', holderName: 'A', phone: '9' })).toThrow('XENDIT_CHANNEL_UNSUPPORTED:eWallet:shopeePay');
    expect(() => xenditDestination({ method: 'bank', bankCode: 'bdo', holderName: 'A', phone: '9' })).toThrow('XENDIT_ACCOUNT_INCOMPLETE');
  });
});

describe('centavos and Xendit pesos', () => {
  it('turns integer centavos into pesos with 2 decimals exactly', () => {
    expect(centavosToPesos(1)).toBe(0.01);
    expect(centavosToPesos(10)).toBe(0.1);
    expect(centavosToPesos(100)).toBe(1);
    expect(centavosToPesos(111)).toBe(1.11);
    expect(centavosToPesos(712_345)).toBe(7123.45);
    expect(centavosToPesos(5_000_000)).toBe(50000);
    // Where float division drifts, the wire still shows the exact decimals.
    const wire: [number, string][] = [[1_005, '10.05'], [2_675, '26.75'], [1_000_001, '10000.01'], [999_999_999, '9999999.99'], [12_345_678_901, '123456789.01'], [1_010, '10.1']];
    for (const [c, text] of wire) expect(JSON.stringify(centavosToPesos(c))).toBe(text);
  });

  it('round-trips every amount in a wide range', () => {
    for (let c = 1; c <= 200_000; c += 7) expect(pesosToCentavos(JSON.parse(JSON.stringify(centavosToPesos(c))))).toBe(c);
    expect(pesosToCentavos(centavosToPesos(9_007_199_254_740))).toBe(9_007_199_254_740);
  });

  it('parses Xendit amounts strictly', () => {
    expect(pesosToCentavos(7123.45)).toBe(712_345);
    expect(pesosToCentavos(10)).toBe(1000);
    expect(pesosToCentavos(0.1)).toBe(10);
    expect(pesosToCentavos(10.005)).toBeNull();
    expect(pesosToCentavos(0.1 + 0.2)).toBeNull();
    expect(pesosToCentavos(-1)).toBeNull();
    expect(pesosToCentavos('10.00')).toBeNull();
    expect(pesosToCentavos(Number.POSITIVE_INFINITY)).toBeNull();
    expect(pesosToCentavos(1e21)).toBeNull();
  });
});
