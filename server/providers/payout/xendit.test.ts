import { describe, expect, it } from 'vitest';
import bankInfoSchema from '#forms/bankInfo.schema.json' with { type: 'json' };
import {
  basicAuth,
  failure,
  json,
  refusedBaseUrl,
  runFakeGateway,
  type Recorded,
} from '#server/testing/fake-gateway.ts';
import { ProviderError } from '../provider-error.ts';
import {
  orderFailureCode,
  centavosToPesos,
  parsePayoutCallback,
  pesosToCentavos,
  XENDIT_FAILURE_OUTCOMES,
  type PayoutAccount,
  type PayoutRequest,
} from './payout-provider.ts';
import { createXenditPayouts, XENDIT_BANK_CHANNELS, XENDIT_WALLET_CHANNELS, xenditDestination } from './xendit.ts';

// A local stand-in for api.xendit.co (server/testing/fake-gateway.ts): keeps payouts by idempotency key (a repeat
// answers the first payout, as Xendit does). No real network.
let payouts = new Map<string, Record<string, unknown>>();
let serial = 0;

const secretKey = 'xnd_development_0123456789abcdefSECRET';
const expectedAuth = basicAuth(secretKey);

/** Xendit's behaviour for the routes the adapter uses; every test starts with no payout. */
const fake = runFakeGateway(
  (req: Recorded, res) => {
    if (req.authorization !== expectedAuth)
      return json(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });
    if (req.method === 'POST' && req.path === '/v2/payouts') {
      if (!req.idempotencyKey)
        return json(res, 400, { error_code: 'API_VALIDATION_ERROR', message: 'Idempotency-key is required' });
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
      return json(
        res,
        200,
        [...payouts.values()].filter((p) => p['reference_id'] === ref),
      );
    }
    if (req.method === 'GET' && req.path.startsWith('/v2/payouts/')) {
      const id = decodeURIComponent(req.path.slice('/v2/payouts/'.length));
      const payout = [...payouts.values()].find((p) => p['id'] === id);
      return payout
        ? json(res, 200, payout)
        : json(res, 404, { error_code: 'DATA_NOT_FOUND', message: 'Payout not found' });
    }
    json(res, 404, { error_code: 'NOT_FOUND', message: 'route' });
  },
  () => {
    payouts = new Map();
  },
);

const bankAccount: PayoutAccount = {
  method: 'bank',
  bankCode: 'bdo',
  accountNumber: '001234567890',
  holderName: 'Juan Santos dela Cruz',
  phone: '9171234567',
};
const request = (overrides: Partial<PayoutRequest> = {}): PayoutRequest => ({
  idempotencyKey: '5b0a3c1e-7a43-4f4e-9d52-6c1b2a3d4e5f',
  referenceId: '5b0a3c1e-7a43-4f4e-9d52-6c1b2a3d4e5f',
  amountCentavos: 712_345,
  account: bankAccount,
  description: 'Loan PA-000123',
  ...overrides,
});
describe('Xendit payouts adapter', () => {
  it('posts the payout with basic auth, the Idempotency-key and the documented body; answers the payout as pending', async () => {
    const provider = createXenditPayouts({ secretKey, baseUrl: fake.baseUrl });
    expect(provider.name).toBe('xendit');
    const result = await provider.createPayout(request());
    expect(result).toEqual({
      providerRef: 'disb-000000000000000000000001',
      referenceId: request().referenceId,
      providerStatus: 'ACCEPTED',
      status: 'pending',
      outcome: null,
      failureCode: null,
      amountCentavos: 712_345,
      currency: 'PHP',
    });

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
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
    const provider = createXenditPayouts({ secretKey, baseUrl: fake.baseUrl });
    const first = await provider.createPayout(request());
    const again = await provider.createPayout(request());
    expect(again).toEqual(first);
    expect(payouts.size).toBe(1);
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual([request().idempotencyKey, request().idempotencyKey]);
  });

  it('resolves a 409 duplicate key by looking the payout up by its reference id', async () => {
    const provider = createXenditPayouts({ secretKey, baseUrl: fake.baseUrl });
    const first = await provider.createPayout(request());
    fake.setOverride((req, res) => {
      if (req.method !== 'POST') return false;
      json(res, 409, { error_code: 'DUPLICATE_ERROR', message: 'Idempotency key has been used before' });
      return true;
    });
    await expect(provider.createPayout(request())).resolves.toEqual(first);
    expect(fake.requests.at(-1)?.method).toBe('GET');
    expect(fake.requests.at(-1)?.path).toBe(`/v2/payouts?reference_id=${request().referenceId}`);
    expect(fake.requests.at(-1)?.authorization).toBe(expectedAuth);

    // Xendit may still hold a payout it does not list yet: never a failure (another account would be paid too).
    payouts.clear();
    const lost = await failure(provider.createPayout(request()));
    expect(lost.value).toEqual({
      code: 'XENDIT_DUPLICATE_UNRESOLVED',
      retryable: true,
      detail: `reference ${request().referenceId}`,
    });
  });

  it('resolves DUPLICATE_TRANSACTION_ERROR by the lookup whatever HTTP status carries it', async () => {
    const provider = createXenditPayouts({ secretKey, baseUrl: fake.baseUrl });
    const first = await provider.createPayout(request());
    for (const status of [400, 422, 500]) {
      fake.setOverride((req, res) => {
        if (req.method !== 'POST') return false;
        json(res, status, { error_code: 'DUPLICATE_TRANSACTION_ERROR', message: 'The transaction already exists' });
        return true;
      });
      await expect(provider.createPayout(request())).resolves.toEqual(first);
      expect(fake.requests.at(-1)?.path).toBe(`/v2/payouts?reference_id=${request().referenceId}`);
    }
  });

  it("tells the borrower to fix their details for Xendit's INVALID_DESTINATION, and that the account cannot take it otherwise", () => {
    expect(orderFailureCode('INVALID_DESTINATION')).toBe('PAYOUT_ACCOUNT_INVALID');
    for (const code of ['REJECTED_BY_CHANNEL', 'DESTINATION_MAXIMUM_LIMIT', null])
      expect(orderFailureCode(code)).toBe('DISBURSEMENT_ACCOUNT_UNAVAILABLE');
  });

  it('sends e-wallet payouts to PH_GCASH / PH_PAYMAYA with the mobile number in its 09 form', async () => {
    const provider = createXenditPayouts({ secretKey, baseUrl: fake.baseUrl });
    await provider.createPayout(
      request({
        idempotencyKey: 'k-gcash',
        referenceId: 'r-gcash',
        account: {
          method: 'eWallet',
          eWalletProvider: 'gcash',
          eWalletNumber: '9177654321',
          holderName: 'Juan dela Cruz',
          phone: '9171234567',
        },
      }),
    );
    await provider.createPayout(
      request({
        idempotencyKey: 'k-maya',
        referenceId: 'r-maya',
        account: {
          method: 'eWallet',
          eWalletProvider: 'maya',
          eWalletNumber: '9181112222',
          holderName: 'Ana Reyes',
          phone: '9181112222',
        },
      }),
    );
    expect(fake.requests.map((r) => (r.body as { channel_code: string }).channel_code)).toEqual([
      'PH_GCASH',
      'PH_PAYMAYA',
    ]);
    expect(fake.requests.map((r) => (r.body as { channel_properties: unknown }).channel_properties)).toEqual([
      { account_number: '09177654321', account_holder_name: 'Juan dela Cruz' },
      { account_number: '09181112222', account_holder_name: 'Ana Reyes' },
    ]);
  });

  it('refuses a remittance pick-up without calling Xendit (not supported, not retryable)', async () => {
    const error = await failure(
      createXenditPayouts({ secretKey, baseUrl: fake.baseUrl }).createPayout(
        request({
          account: {
            method: 'remittance',
            remittanceShop: 'cebuanaLhuillier',
            holderName: 'Juan dela Cruz',
            phone: '9171234567',
          },
        }),
      ),
    );
    expect(error.value).toEqual({
      code: 'XENDIT_CHANNEL_UNSUPPORTED',
      retryable: false,
      detail: 'remittance cebuanaLhuillier',
    });
    expect(fake.requests).toEqual([]);
  });

  it('refuses a non-integer or non-positive amount without calling Xendit', async () => {
    const provider = createXenditPayouts({ secretKey, baseUrl: fake.baseUrl });
    for (const amountCentavos of [0, -100, 100.5, Number.NaN]) {
      const error = await failure(provider.createPayout(request({ amountCentavos })));
      expect([error.code, error.retryable]).toEqual(['PROVIDER_INVALID_REQUEST', false]);
    }
    expect(fake.requests).toEqual([]);
  });

  it("turns a 4xx into a non-retryable error with Xendit's error code, never the secret key", async () => {
    fake.setOverride((_req, res) => {
      json(res, 400, { error_code: 'API_VALIDATION_ERROR', message: `Invalid account for key ${secretKey}` });
      return true;
    });
    const error = await failure(createXenditPayouts({ secretKey, baseUrl: fake.baseUrl }).createPayout(request()));
    expect(error.value).toEqual({
      code: 'PROVIDER_REFUSED',
      retryable: false,
      detail: 'xendit HTTP 400 API_VALIDATION_ERROR',
    });
    expect(JSON.stringify(error.value) + error.message).not.toContain(secretKey);
  });

  it('turns a bad key (401) into a non-retryable error', async () => {
    const error = await failure(
      createXenditPayouts({ secretKey: 'xnd_development_wrong', baseUrl: fake.baseUrl }).createPayout(request()),
    );
    expect(error.value).toEqual({
      code: 'PROVIDER_UNAUTHORIZED',
      retryable: false,
      detail: 'xendit HTTP 401 INVALID_API_KEY',
    });
  });

  it('treats a 5xx and a 429 as retryable', async () => {
    fake.setOverride((_req, res) => {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<h1>Service Unavailable</h1>');
      return true;
    });
    const unavailable = await failure(
      createXenditPayouts({ secretKey, baseUrl: fake.baseUrl }).createPayout(request()),
    );
    expect(unavailable.value).toEqual({ code: 'PROVIDER_UNAVAILABLE', retryable: true, detail: 'xendit HTTP 503' });

    fake.setOverride((_req, res) => {
      json(res, 429, { error_code: 'RATE_LIMIT_EXCEEDED', message: 'slow down' });
      return true;
    });
    const limited = await failure(createXenditPayouts({ secretKey, baseUrl: fake.baseUrl }).getPayout('disb-1'));
    expect(limited.value).toEqual({
      code: 'PROVIDER_UNAVAILABLE',
      retryable: true,
      detail: 'xendit HTTP 429 RATE_LIMIT_EXCEEDED',
    });
  });

  it('times out on a server that never answers, as a retryable error', async () => {
    fake.setOverride(() => true); // hangs; afterAll closes the connection
    const error = await failure(
      createXenditPayouts({ secretKey, baseUrl: fake.baseUrl, timeoutMs: 200 }).createPayout(request()),
    );
    expect(error.retryable).toBe(true);
    expect(error.value).toEqual({ code: 'PROVIDER_TIMEOUT', retryable: true, detail: 'xendit POST /v2/payouts' });
  });

  it('treats a refused connection as a retryable network error', async () => {
    const error = await failure(
      createXenditPayouts({ secretKey, baseUrl: await refusedBaseUrl() }).getPayout('disb-1'),
    );
    expect(error.value).toEqual({ code: 'PROVIDER_NETWORK', retryable: true, detail: 'xendit GET /v2/payouts/disb-1' });
  });

  it('refuses a 2xx that is not a payout, or pays another amount, as non-retryable', async () => {
    fake.setOverride((_req, res) => {
      json(res, 200, { message: 'ok' });
      return true;
    });
    expect(
      (await failure(createXenditPayouts({ secretKey, baseUrl: fake.baseUrl }).createPayout(request()))).code,
    ).toBe('PROVIDER_BAD_RESPONSE');

    fake.setOverride((req, res) => {
      json(res, 200, {
        id: 'disb-x',
        reference_id: (req.body as { reference_id: string }).reference_id,
        status: 'ACCEPTED',
        amount: 7123.4,
      });
      return true;
    });
    const mismatch = await failure(createXenditPayouts({ secretKey, baseUrl: fake.baseUrl }).createPayout(request()));
    expect([mismatch.code, mismatch.retryable]).toEqual(['PROVIDER_AMOUNT_MISMATCH', false]);

    fake.setOverride((req, res) => {
      json(res, 200, {
        id: 'disb-x',
        reference_id: (req.body as { reference_id: string }).reference_id,
        status: 'ACCEPTED',
        amount: 7123.45,
        currency: 'USD',
      });
      return true;
    });
    expect(
      (await failure(createXenditPayouts({ secretKey, baseUrl: fake.baseUrl }).createPayout(request()))).code,
    ).toBe('PROVIDER_AMOUNT_MISMATCH');
  });

  it('reads a payout back and maps Xendit statuses and failure codes; null for an unknown id', async () => {
    const provider = createXenditPayouts({ secretKey, baseUrl: fake.baseUrl });
    const created = await provider.createPayout(request());
    const stored = payouts.get(request().idempotencyKey)!;
    // Xendit "Payout Status Lifecycle" and the failure codes of the payouts v2 reference: status, code -> ours.
    const cases: [string, string | undefined, string, string | null][] = [
      ['ACCEPTED', undefined, 'pending', null],
      ['PENDING_COMPLIANCE_ASSESSMENT', undefined, 'pending', null],
      ['REQUESTED', undefined, 'pending', null],
      ['SUCCEEDED', undefined, 'succeeded', null],
      ['COMPLIANCE_REJECTED', undefined, 'failed', 'staff'],
      ['CANCELLED', undefined, 'failed', 'staff'],
      ['REVERSED', undefined, 'reversed', 'fix_account'],
      ['FAILED', 'INSUFFICIENT_BALANCE', 'failed', 'retry'],
      ['FAILED', 'TEMPORARY_TRANSFER_ERROR', 'failed', 'retry'],
      ['FAILED', 'INVALID_DESTINATION', 'failed', 'fix_account'],
      ['FAILED', 'REJECTED_BY_CHANNEL', 'failed', 'fix_account'],
      ['FAILED', 'DESTINATION_MAXIMUM_LIMIT', 'failed', 'fix_account'],
      ['FAILED', 'TRANSFER_ERROR', 'failed', 'staff'],
      ['FAILED', 'UNKNOWN_BANK_NETWORK_ERROR', 'failed', 'staff'],
      ['FAILED', 'SOMETHING_NEW', 'failed', 'staff'],
      ['FAILED', undefined, 'failed', 'staff'],
    ];
    for (const [status, failureCode, ours, outcome] of cases) {
      stored['status'] = status;
      if (failureCode) stored['failure_code'] = failureCode;
      else delete stored['failure_code'];
      await expect(provider.getPayout(created.providerRef), `${status} ${failureCode ?? ''}`).resolves.toEqual({
        ...created,
        providerStatus: status,
        status: ours,
        outcome,
        failureCode: failureCode ?? null,
      });
    }
    expect(Object.keys(XENDIT_FAILURE_OUTCOMES).sort()).toEqual(
      cases
        .map((c) => c[1])
        .filter((c): c is string => c !== undefined && c !== 'SOMETHING_NEW')
        .sort(),
    );
    const get = fake.requests.at(-1);
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
    const provider = createXenditPayouts({ secretKey, baseUrl: fake.baseUrl });
    expect(JSON.stringify(provider)).not.toContain(secretKey);
    expect(Object.values(provider)).not.toContain(secretKey);
  });
});

describe('Xendit payout callbacks', () => {
  it("reads payout.succeeded, payout.failed and payout.reversed with the payout's amount and currency", () => {
    const body = (event: string, status: string, failureCode?: string) => ({
      event,
      business_id: 'b',
      created: '2026-11-22T03:00:00.000Z',
      data: {
        id: 'disb-1',
        reference_id: 'ref-1',
        status,
        amount: 7123.45,
        currency: 'PHP',
        ...(failureCode && { failure_code: failureCode }),
      },
    });
    const facts = { providerRef: 'disb-1', referenceId: 'ref-1', amountCentavos: 712_345, currency: 'PHP' };
    expect(parsePayoutCallback(body('payout.succeeded', 'SUCCEEDED'))).toEqual({
      ...facts,
      providerStatus: 'SUCCEEDED',
      status: 'succeeded',
      outcome: null,
      failureCode: null,
    });
    expect(parsePayoutCallback(body('payout.failed', 'FAILED', 'INSUFFICIENT_BALANCE'))).toMatchObject({
      status: 'failed',
      outcome: 'retry',
      failureCode: 'INSUFFICIENT_BALANCE',
    });
    expect(parsePayoutCallback(body('payout.failed', 'COMPLIANCE_REJECTED'))).toMatchObject({
      status: 'failed',
      outcome: 'staff',
    });
    expect(parsePayoutCallback(body('payout.reversed', 'REVERSED'))).toMatchObject({
      status: 'reversed',
      outcome: 'fix_account',
    });
    expect(parsePayoutCallback({ data: { id: 'disb-1', status: 'SUCCEEDED' } })).toBeNull();
    expect(parsePayoutCallback(null)).toBeNull();
  });
});

describe('Xendit channel codes', () => {
  const branch = (method: string) =>
    bankInfoSchema.allOf.find((b) => b.if.properties.payoutMethod.const === method)?.then.properties as
      Record<string, { enum?: string[] }> | undefined;
  const bankIds = branch('bank')?.['bankCode']?.enum ?? [];
  const walletIds = branch('eWallet')?.['eWalletProvider']?.enum ?? [];
  const shopIds = branch('remittance')?.['remittanceShop']?.enum ?? [];

  it('reads the ids from forms/bankInfo.schema.json', () => {
    expect(bankIds.length).toBeGreaterThan(20);
    expect(walletIds).toEqual(['gcash', 'maya']);
    expect(shopIds.length).toBeGreaterThan(0);
  });

  it('has a PH_* channel code for every bank of the schema, and none for banks the schema lost', () => {
    const missing = bankIds.filter((id) => !XENDIT_BANK_CHANNELS[id]);
    expect(missing, 'bank ids of bankInfo.schema.json without a Xendit channel code (XENDIT_BANK_CHANNELS)').toEqual(
      [],
    );
    expect(Object.keys(XENDIT_BANK_CHANNELS).sort()).toEqual([...bankIds].sort());
    for (const code of Object.values(XENDIT_BANK_CHANNELS)) expect(code).toMatch(/^PH_[A-Z0-9_]+$/u);
    expect(new Set(Object.values(XENDIT_BANK_CHANNELS)).size, 'two banks share a channel code').toBe(bankIds.length);
  });

  it.each(bankIds)('maps bank %s', (bankCode) => {
    const { channelCode, accountNumber } = xenditDestination({
      method: 'bank',
      bankCode,
      accountNumber: '1234567890',
      holderName: 'A B',
      phone: '9171234567',
    });
    expect(channelCode).toBe(XENDIT_BANK_CHANNELS[bankCode]);
    expect(accountNumber).toBe('1234567890');
  });

  it('has a channel code for every e-wallet of the schema', () => {
    expect(Object.keys(XENDIT_WALLET_CHANNELS).sort()).toEqual([...walletIds].sort());
    expect(
      walletIds.map(
        (eWalletProvider) =>
          xenditDestination({
            method: 'eWallet',
            eWalletProvider,
            eWalletNumber: '9171234567',
            holderName: 'A B',
            phone: '9171234567',
          }).channelCode,
      ),
    ).toEqual(['PH_GCASH', 'PH_PAYMAYA']);
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
    expect((error as ProviderError).value).toEqual({
      code: 'XENDIT_CHANNEL_UNSUPPORTED',
      retryable: false,
      detail: `remittance ${remittanceShop}`,
    });
  });

  it('refuses an unknown bank or wallet, or an account without a number', () => {
    const refusal = (account: PayoutAccount) => {
      try {
        xenditDestination(account);
      } catch (error) {
        return (error as ProviderError).value;
      }
      return null;
    };
    expect(
      refusal({ method: 'bank', bankCode: 'nowhere', accountNumber: '1234567890', holderName: 'A', phone: '9' }),
    ).toEqual({ code: 'XENDIT_CHANNEL_UNSUPPORTED', retryable: false, detail: 'bank nowhere' });
    expect(
      refusal({
        method: 'eWallet',
        eWalletProvider: 'shopeePay',
        eWalletNumber: '9171234567',
        holderName: 'A',
        phone: '9',
      }),
    ).toEqual({ code: 'XENDIT_CHANNEL_UNSUPPORTED', retryable: false, detail: 'eWallet shopeePay' });
    expect(refusal({ method: 'bank', bankCode: 'bdo', holderName: 'A', phone: '9' })).toMatchObject({
      code: 'XENDIT_ACCOUNT_INCOMPLETE',
      retryable: false,
    });
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
    const wire: [number, string][] = [
      [1_005, '10.05'],
      [2_675, '26.75'],
      [1_000_001, '10000.01'],
      [999_999_999, '9999999.99'],
      [12_345_678_901, '123456789.01'],
      [1_010, '10.1'],
    ];
    for (const [c, text] of wire) expect(JSON.stringify(centavosToPesos(c))).toBe(text);
  });

  it('round-trips every amount in a wide range', () => {
    for (let c = 1; c <= 200_000; c += 7)
      expect(pesosToCentavos(JSON.parse(JSON.stringify(centavosToPesos(c))))).toBe(c);
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
