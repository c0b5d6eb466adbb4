import { describe, expect, it } from 'vitest';
import {
  basicAuth,
  failure,
  json,
  refusedBaseUrl,
  runFakeGateway,
  type Recorded,
} from '#server/testing/fake-gateway.ts';
import {
  parseCollectionEvent,
  parseCollectionExpiry,
  type CollectionMethod,
  type CollectionRequest,
} from './collection-provider.ts';
import { createPaymongoCollections, PAYMONGO_CHANNEL_METHODS } from './paymongo.ts';

// A local stand-in for api.paymongo.com (server/testing/fake-gateway.ts) that follows the Payment Intent workflow
// of PayMongo's "Accepting a Payment": an intent has nothing to pay with until a payment method is attached; the
// attach answers `awaiting_next_action` with a redirect URL (e-wallets, online banking, which need a `return_url`) or
// a QR image (QR Ph); a failed attempt puts the intent back to `awaiting_payment_method` with `last_payment_error`.
type Intent = { data: { id: string; type: string; attributes: Record<string, unknown> } };
let intents = new Map<string, Intent>();
let methods = new Map<string, { type: string; details?: unknown; billing?: unknown }>();
let serial = 0;

const secretKey = 'sk_test_0123456789abcdefSECRET';
const expectedAuth = basicAuth(secretKey);
const returnUrl = 'https://pesoagad.example/pay/return';
const errors = (code: string, detail: string) => ({ errors: [{ code, detail }] });
const QR = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const byId = (id: string) => [...intents.values()].find((i) => i.data.id === id);

const fake = runFakeGateway(
  (req: Recorded, res) => {
    if (req.authorization !== expectedAuth) return json(res, 401, errors('api_key_invalid', 'API key is invalid.'));
    const attach = /^\/v1\/payment_intents\/([^/]+)\/attach$/u.exec(req.path);
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
            status: 'awaiting_payment_method',
            last_payment_error: null,
            payment_method_allowed: attributes['payment_method_allowed'],
            payments: [],
            next_action: null,
            metadata: attributes['metadata'],
            created_at: 1_795_000_000,
            updated_at: 1_795_000_000,
          },
        },
      };
      intents.set(req.idempotencyKey ?? id, intent);
      return json(res, 200, intent);
    }
    if (req.method === 'POST' && req.path === '/v1/payment_methods') {
      const attributes = (req.body as { data: { attributes: { type: string; details?: unknown; billing?: unknown } } })
        .data.attributes;
      serial += 1;
      const id = `pm_${serial}`;
      methods.set(id, attributes);
      return json(res, 200, { data: { id, type: 'payment_method', attributes: { ...attributes, livemode: false } } });
    }
    if (req.method === 'POST' && attach) {
      const intent = byId(decodeURIComponent(attach[1]!));
      if (!intent) return json(res, 404, errors('resource_not_found', 'No such payment_intent.'));
      const a = intent.data.attributes;
      const { payment_method: methodId, return_url: back } = (
        req.body as { data: { attributes: { payment_method?: string; return_url?: string } } }
      ).data.attributes;
      const method = methods.get(methodId ?? '');
      if (!method) return json(res, 400, errors('resource_not_found', 'No such payment_method.'));
      if (!(a['payment_method_allowed'] as string[]).includes(method.type))
        return json(res, 400, errors('payment_method_not_allowed', 'Not allowed for this intent.'));
      if (a['status'] !== 'awaiting_payment_method')
        return json(res, 400, errors('payment_intent_not_attachable', 'The intent is not awaiting a payment method.'));
      if (method.type !== 'qrph' && !back)
        return json(res, 400, errors('parameter_required', 'return_url is required.'));
      a['status'] = 'awaiting_next_action';
      a['last_payment_error'] = null;
      a['next_action'] =
        method.type === 'qrph'
          ? { type: 'consume_qr', code: { id: 'code_1', amount: a['amount'], label: 'PesoAgad', image_url: QR } }
          : {
              type: 'redirect',
              redirect: {
                url: `https://secure-authentication.paymongo.com/sources?id=src_${serial}`,
                return_url: back,
              },
            };
      return json(res, 200, intent);
    }
    if (req.method === 'GET' && req.path.startsWith('/v1/payment_intents/')) {
      const id = decodeURIComponent(req.path.slice('/v1/payment_intents/'.length));
      const intent = byId(id);
      return intent
        ? json(res, 200, intent)
        : json(res, 404, errors('resource_not_found', `No such payment_intent with id ${id}.`));
    }
    json(res, 404, errors('route_not_found', 'route'));
  },
  () => {
    // Every test starts with no intent and no payment method.
    intents = new Map();
    methods = new Map();
  },
);

/** The payer's attempt fails: the intent goes back to awaiting a payment method (PayMongo "Key concepts"). */
function failAttempt(id: string, failedCode: string) {
  const a = byId(id)!.data.attributes;
  Object.assign(a, {
    status: 'awaiting_payment_method',
    next_action: null,
    last_payment_error: { failed_code: failedCode, failed_message: 'Declined.', payment: 'pay_1' },
  });
}

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
const provider = () => createPaymongoCollections({ secretKey, baseUrl: fake.baseUrl, returnUrl });

describe('PayMongo collections adapter', () => {
  it('creates the intent, creates a GCash payment method and attaches it with the return URL; answers the redirect and the intent id', async () => {
    const p = provider();
    expect(p.name).toBe('paymongo');
    const result = await p.createPayment(request({ method: { type: 'gcash' } }));
    expect(result).toEqual({
      providerRef: 'pi_AAAAAAAAAAAAAAAAAAAAAAA1',
      reference: 'pi_AAAAAAAAAAAAAAAAAAAAAAA1',
      action: { kind: 'redirect', url: 'https://secure-authentication.paymongo.com/sources?id=src_2' },
      status: 'pending',
      amountCentavos: 309_050,
      currency: 'PHP',
      failureCode: null,
    });

    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/payment_intents',
      'POST /v1/payment_methods',
      'POST /v1/payment_intents/pi_AAAAAAAAAAAAAAAAAAAAAAA1/attach',
    ]);
    for (const r of fake.requests)
      expect([r.authorization, r.contentType.split(';')[0]]).toEqual([expectedAuth, 'application/json']);
    expect(fake.requests[0]?.idempotencyKey).toBe(request().idempotencyKey);
    expect(fake.requests[0]?.body).toEqual({
      data: {
        attributes: {
          amount: 309_050,
          currency: 'PHP',
          payment_method_allowed: ['gcash'],
          capture_type: 'automatic',
          description: 'PA-000123 settle',
          metadata: { orderId: 'o-1', orderNo: 'PA-000123', kind: 'settle' },
        },
      },
    });
    // An integer number of centavos on the wire.
    expect(fake.requests[0]?.rawBody).toContain('"amount":309050,');
    expect(fake.requests[1]?.body).toEqual({
      data: { attributes: { type: 'gcash', billing: { name: 'Juan dela Cruz', phone: '+639171234567' } } },
    });
    expect(fake.requests[2]?.body).toEqual({ data: { attributes: { payment_method: 'pm_2', return_url: returnUrl } } });
  });

  it.each<[CollectionRequest['channel'], CollectionMethod, unknown]>([
    ['eWallet', { type: 'grab_pay' }, undefined],
    ['eWallet', { type: 'paymaya' }, undefined],
    ['bank', { type: 'dob', bank: 'bpi' }, { bank_code: 'bpi' }],
    ['bank', { type: 'brankas', bank: 'metrobank' }, { bank_code: 'metrobank' }],
  ])('attaches %s method %o server-side and answers its redirect', async (channel, method, details) => {
    const result = await provider().createPayment(request({ channel, method }));
    expect(result.action?.kind).toBe('redirect');
    expect(
      (fake.requests[1]?.body as { data: { attributes: { type: string; details?: unknown } } }).data.attributes,
    ).toMatchObject({ type: method.type, ...(details !== undefined && { details }) });
    expect((fake.requests[2]?.body as { data: { attributes: unknown } }).data.attributes).toMatchObject({
      return_url: returnUrl,
    });
  });

  it('attaches QR Ph by default (any bank or e-wallet app pays it) and answers the QR image, without a return URL', async () => {
    for (const channel of ['eWallet', 'bank'] as const) {
      fake.reset();
      const result = await provider().createPayment(request({ channel, idempotencyKey: `k-${channel}` }));
      expect(result.action).toEqual({ kind: 'qr', url: `data:image/png;base64,${QR}` });
      expect(
        (fake.requests[0]?.body as { data: { attributes: { payment_method_allowed: string[] } } }).data.attributes
          .payment_method_allowed,
      ).toEqual(['qrph']);
      expect(fake.requests[2]?.body).toEqual({
        data: { attributes: { payment_method: expect.stringMatching(/^pm_/u) as unknown } },
      });
    }
  });

  it('gives a QR Ph code its life explicitly (expiry_seconds: 1800 by default, or the setting) and tells the server the same', async () => {
    const p = provider();
    await p.createPayment(request());
    expect(fake.requests[1]?.body).toEqual({
      data: {
        attributes: { type: 'qrph', expiry_seconds: 1800, billing: { name: 'Juan dela Cruz', phone: '+639171234567' } },
      },
    });
    expect(p.paymentExpiryMs('eWallet')).toBe(1_800_000);
    expect(p.paymentExpiryMs('bank')).toBe(1_800_000);

    fake.reset();
    const tenMinutes = createPaymongoCollections({
      secretKey,
      baseUrl: fake.baseUrl,
      returnUrl,
      qrphExpirySeconds: 600,
    });
    await tenMinutes.createPayment(request({ channel: 'bank', idempotencyKey: 'k-ten' }));
    expect(
      (fake.requests[1]?.body as { data: { attributes: { expiry_seconds?: number } } }).data.attributes.expiry_seconds,
    ).toBe(600);
    expect(tenMinutes.paymentExpiryMs('bank', { type: 'qrph' })).toBe(600_000);

    // A redirect method has no expiry_seconds: its link lives as PayMongo documents; online banking states none.
    fake.reset();
    await tenMinutes.createPayment(request({ method: { type: 'gcash' }, idempotencyKey: 'k-gcash' }));
    expect(fake.requests[1]?.body).not.toHaveProperty('data.attributes.expiry_seconds');
    expect(tenMinutes.paymentExpiryMs('eWallet', { type: 'gcash' })).toBe(4 * 3_600_000);
    expect(tenMinutes.paymentExpiryMs('eWallet', { type: 'grab_pay' })).toBe(15 * 60_000);
    expect(tenMinutes.paymentExpiryMs('bank', { type: 'dob', bank: 'bpi' })).toBeNull();
    expect(tenMinutes.paymentExpiryMs('otc')).toBeNull();

    for (const qrphExpirySeconds of [59, 9001, 90.5])
      expect(() => createPaymongoCollections({ secretKey, returnUrl, qrphExpirySeconds })).toThrow(
        'PAYMONGO_QRPH_EXPIRY_SECONDS_RANGE',
      );
  });

  it('reads an expired QR Ph code back as payable-no-more: pending, no action, no failed attempt', async () => {
    const p = provider();
    const created = await p.createPayment(request());
    expect(created.action?.kind).toBe('qr');
    // PayMongo "Statuses, Messages, Webhook Events": the intent awaits a payment method again once its code expires.
    Object.assign(byId(created.providerRef)!.data.attributes, {
      status: 'awaiting_payment_method',
      next_action: null,
      last_payment_error: null,
    });
    await expect(p.getPayment(created.providerRef)).resolves.toEqual({
      ...created,
      action: null,
      status: 'pending',
      failureCode: null,
    });
  });

  it("parses PayMongo's qrph.expired event to the intent whose code expired, whichever resource carries it", () => {
    const event = (data: unknown, type = 'qrph.expired') => ({
      data: { id: 'evt_qr1', type: 'event', attributes: { type, livemode: false, data } },
    });
    const intent = { id: 'pi_expired1', type: 'payment_intent', attributes: { amount: 309_050, currency: 'PHP' } };
    expect(parseCollectionExpiry(event(intent))).toEqual({ eventId: 'evt_qr1', providerRef: 'pi_expired1' });
    for (const attributes of [
      { payment_intent_id: 'pi_expired1' },
      { payment_intent: 'pi_expired1' },
      { payment_intent: { id: 'pi_expired1', type: 'payment_intent' } },
    ])
      expect(parseCollectionExpiry(event({ id: 'code_1', type: 'qrph', attributes }))).toEqual({
        eventId: 'evt_qr1',
        providerRef: 'pi_expired1',
      });
    // Not an expiry, or no intent to release: nothing.
    expect(parseCollectionExpiry(event(intent, 'payment.failed'))).toBeNull();
    expect(parseCollectionExpiry(event({ id: 'code_1', type: 'qrph', attributes: {} }))).toBeNull();
    expect(parseCollectionExpiry(event(null))).toBeNull();
    expect(parseCollectionExpiry(null)).toBeNull();
    // Never read as a payment event (which would apply money).
    expect(parseCollectionEvent(event(intent))).toBeNull();
  });

  it('refuses over-the-counter and a method that does not pay the channel, without calling PayMongo', async () => {
    const otc = await failure(provider().createPayment(request({ channel: 'otc' })));
    expect(otc.value).toEqual({ code: 'PAYMONGO_CHANNEL_UNSUPPORTED', retryable: false, detail: 'otc' });
    const wrong = await failure(provider().createPayment(request({ channel: 'bank', method: { type: 'gcash' } })));
    expect(wrong.value).toEqual({ code: 'PAYMONGO_CHANNEL_UNSUPPORTED', retryable: false, detail: 'bank gcash' });
    expect(PAYMONGO_CHANNEL_METHODS.otc).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  it('answers a repeat with the same idempotency key with the same intent and action, without attaching again', async () => {
    const p = provider();
    const first = await p.createPayment(request({ method: { type: 'gcash' } }));
    const again = await p.createPayment(request({ method: { type: 'gcash' } }));
    expect(again).toEqual(first);
    expect(intents.size).toBe(1);
    expect(fake.requests.filter((r) => r.path.endsWith('/attach'))).toHaveLength(1);
    const other = await p.createPayment(request({ idempotencyKey: 'cust-1:another-key', method: { type: 'gcash' } }));
    expect(other.providerRef).not.toBe(first.providerRef);
  });

  it('keeps a failed attempt payable: reads it back pending with the failure code, and a retry attaches again', async () => {
    const p = provider();
    const first = await p.createPayment(request({ method: { type: 'gcash' } }));
    failAttempt(first.providerRef, 'insufficient_funds');
    await expect(p.getPayment(first.providerRef)).resolves.toEqual({
      ...first,
      action: null,
      status: 'pending',
      failureCode: 'insufficient_funds',
    });
    const retried = await p.createPayment(request({ method: { type: 'gcash' } }));
    expect(retried).toMatchObject({
      providerRef: first.providerRef,
      status: 'pending',
      failureCode: null,
      action: { kind: 'redirect' },
    });
    expect(fake.requests.filter((r) => r.path.endsWith('/attach'))).toHaveLength(2);
  });

  it('refuses an intent for another amount or currency, a non-integer amount, and a 2xx that is not an intent', async () => {
    const p = provider();
    for (const amountCentavos of [0, 100.5, -1])
      expect((await failure(p.createPayment(request({ amountCentavos })))).code).toBe('PROVIDER_INVALID_REQUEST');
    expect(fake.requests).toEqual([]);

    for (const [amount, currency] of [
      [309_000, 'PHP'],
      [309_050, 'USD'],
    ] as const) {
      fake.setOverride((_req, res) => {
        json(res, 200, {
          data: {
            id: 'pi_x',
            type: 'payment_intent',
            attributes: { amount, currency, status: 'awaiting_payment_method' },
          },
        });
        return true;
      });
      const mismatch = await failure(p.createPayment(request()));
      expect([mismatch.code, mismatch.retryable]).toEqual(['PROVIDER_AMOUNT_MISMATCH', false]);
    }

    fake.setOverride((_req, res) => {
      json(res, 200, {
        data: { id: 'pi_x', attributes: { amount: '3090.50', currency: 'PHP', status: 'awaiting_payment_method' } },
      });
      return true;
    });
    expect((await failure(p.createPayment(request()))).code).toBe('PROVIDER_BAD_RESPONSE');
  });

  it("turns a 4xx into a non-retryable error with PayMongo's error code, never the secret key", async () => {
    fake.setOverride((_req, res) => {
      json(res, 400, errors('parameter_below_minimum', `The minimum value for the amount is 2000. (${secretKey})`));
      return true;
    });
    const error = await failure(provider().createPayment(request()));
    expect(error.value).toEqual({
      code: 'PROVIDER_REFUSED',
      retryable: false,
      detail: 'paymongo HTTP 400 parameter_below_minimum',
    });
    expect(JSON.stringify(error.value) + error.message).not.toContain(secretKey);

    fake.setOverride(null);
    const unauthorized = await failure(
      createPaymongoCollections({ secretKey: 'sk_test_wrong', baseUrl: fake.baseUrl, returnUrl }).getPayment('pi_1'),
    );
    expect(unauthorized.value).toEqual({
      code: 'PROVIDER_UNAUTHORIZED',
      retryable: false,
      detail: 'paymongo HTTP 401 api_key_invalid',
    });
  });

  it('treats a 5xx and a 429 as retryable', async () => {
    fake.setOverride((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad Gateway</h1>');
      return true;
    });
    expect((await failure(provider().createPayment(request()))).value).toEqual({
      code: 'PROVIDER_UNAVAILABLE',
      retryable: true,
      detail: 'paymongo HTTP 502',
    });

    fake.setOverride((_req, res) => {
      json(res, 429, errors('rate_limit_exceeded', 'Too many fake.requests.'));
      return true;
    });
    expect((await failure(provider().getPayment('pi_1'))).value).toEqual({
      code: 'PROVIDER_UNAVAILABLE',
      retryable: true,
      detail: 'paymongo HTTP 429 rate_limit_exceeded',
    });
  });

  it('times out on a server that never answers, and fails on a refused connection, as retryable errors', async () => {
    fake.setOverride(() => true); // hangs; afterAll closes the connection
    const error = await failure(
      createPaymongoCollections({ secretKey, baseUrl: fake.baseUrl, returnUrl, timeoutMs: 200 }).createPayment(
        request(),
      ),
    );
    expect(error.value).toEqual({
      code: 'PROVIDER_TIMEOUT',
      retryable: true,
      detail: 'paymongo POST /v1/payment_intents',
    });
    const refused = await failure(
      createPaymongoCollections({ secretKey, baseUrl: await refusedBaseUrl(), returnUrl }).getPayment('pi_1'),
    );
    expect(refused.value).toEqual({
      code: 'PROVIDER_NETWORK',
      retryable: true,
      detail: 'paymongo GET /v1/payment_intents/pi_1',
    });
  });

  it('reads an intent back and maps PayMongo statuses; null for an unknown id', async () => {
    const p = provider();
    const created = await p.createPayment(request({ method: { type: 'gcash' } }));
    const attributes = byId(created.providerRef)!.data.attributes;
    const cases: [string, unknown, string, string | null][] = [
      ['awaiting_payment_method', null, 'pending', null],
      ['processing', null, 'pending', null],
      ['succeeded', null, 'paid', null],
      [
        'awaiting_payment_method',
        { failed_code: 'insufficient_funds', failed_message: 'Not enough balance.', payment: 'pay_1' },
        'pending',
        'insufficient_funds',
      ],
      ['awaiting_payment_method', { failed_message: 'Declined.' }, 'pending', 'payment_failed'],
      ['cancelled', null, 'failed', 'cancelled'],
    ];
    for (const [status, lastError, ours, failureCode] of cases) {
      attributes['status'] = status;
      attributes['last_payment_error'] = lastError;
      await expect(p.getPayment(created.providerRef)).resolves.toEqual({
        ...created,
        action: null,
        status: ours,
        failureCode,
      });
    }
    const get = fake.requests.at(-1);
    expect([get?.method, get?.path, get?.authorization, get?.idempotencyKey]).toEqual([
      'GET',
      `/v1/payment_intents/${created.providerRef}`,
      expectedAuth,
      undefined,
    ]);
    await expect(p.getPayment('pi_unknown')).resolves.toBeNull();
  });

  it('refuses an empty secret key and does not expose the key on the provider object', () => {
    expect(() => createPaymongoCollections({ secretKey: '', returnUrl })).toThrow('PAYMONGO_SECRET_KEY_MISSING');
    const p = provider();
    expect(JSON.stringify(p)).not.toContain(secretKey);
    expect(Object.values(p)).not.toContain(secretKey);
  });
});
