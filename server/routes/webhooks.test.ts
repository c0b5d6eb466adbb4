import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../db/test-database.ts';
import { parseCollectionEvent, type CollectionEvent } from '../providers/collection/collection-provider.ts';
import { createSimulatedCollectionGateway, SIM_CHECKOUT_BASE } from '../providers/collection/simulated.ts';
import { parsePayoutCallback } from '../providers/payout/payout-provider.ts';
import { createSimulatedPayoutGateway, SIM_PAYOUT_ACCOUNTS } from '../providers/payout/simulated.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';
import { capturedDeliveries, postCollectionWebhook, unixNow } from '../testing/webhooks.ts';

const signatureTime = (header: string | undefined) => Number(/t=(\d+)/u.exec(header ?? '')?.[1]);

describe.each(databaseTargets())('gateway webhooks and simulated gateways on %s', (kind) => {
  let api: TestApi;
  let seen: CollectionEvent[];
  let answer: 'applied' | 'replay' | 'unknown';
  beforeAll(async () => {
    api = await testApi(kind);
    // The loan core's handling is not under test here (server/routes/loans.test.ts): what reaches it is.
    api.loans.paymentEvent = async (event) => {
      seen.push(event);
      return answer;
    };
  });
  afterAll(async () => {
    await api?.close();
  });
  beforeEach(() => {
    seen = [];
    answer = 'applied';
  });

  const paymentEvent = (id: string, type: string, intent: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      data: {
        id,
        type: 'event',
        attributes: {
          type,
          data: {
            id: `pay_${id}`,
            type: 'payment',
            attributes: { amount: 309_050, currency: 'PHP', payment_intent_id: intent, status: 'paid', ...extra },
          },
        },
      },
    });

  it('accepts a retried delivery still signed with its first timestamp (136 minutes old) once, and ignores the same event id again', async () => {
    const body = paymentEvent('evt_late', 'payment.paid', 'pi_late');
    const late = await postCollectionWebhook(api, body, { at: unixNow(api) - 136 * 60 });
    expect(late.json()).toEqual({ ok: true, result: 'applied' });
    // PayMongo retries the same event (same id), signed now or with the first timestamp: handled once.
    expect((await postCollectionWebhook(api, body)).json()).toEqual({ ok: true, result: 'replay' });
    expect((await postCollectionWebhook(api, body, { at: unixNow(api) - 136 * 60 })).json()).toEqual({
      ok: true,
      result: 'replay',
    });
    expect(seen.map((e) => [e.eventId, e.kind])).toEqual([['evt_late', 'paid']]);
  });

  it('hands a failed attempt and the later payment of the same intent to the loan core as two events', async () => {
    expect(
      (
        await postCollectionWebhook(
          api,
          paymentEvent('evt_f1', 'payment.failed', 'pi_twice', { status: 'failed', failed_code: 'insufficient_funds' }),
        )
      ).json(),
    ).toEqual({ ok: true, result: 'applied' });
    expect((await postCollectionWebhook(api, paymentEvent('evt_p1', 'payment.paid', 'pi_twice'))).json()).toEqual({
      ok: true,
      result: 'applied',
    });
    expect(seen).toEqual([
      {
        eventId: 'evt_f1',
        kind: 'attempt_failed',
        providerRef: 'pi_twice',
        paymentId: 'pay_evt_f1',
        amountCentavos: 309_050,
        currency: 'PHP',
        failureCode: 'insufficient_funds',
      },
      {
        eventId: 'evt_p1',
        kind: 'paid',
        providerRef: 'pi_twice',
        paymentId: 'pay_evt_p1',
        amountCentavos: 309_050,
        currency: 'PHP',
        failureCode: null,
      },
    ]);
  });

  it('answers 2xx to signed events it does not handle, and refuses bad signatures and far-future timestamps', async () => {
    const other = JSON.stringify({
      data: {
        id: 'evt_src',
        type: 'event',
        attributes: { type: 'source.chargeable', data: { id: 'src_1', attributes: {} } },
      },
    });
    expect((await postCollectionWebhook(api, other)).json()).toEqual({ ok: true, result: 'ignored' });
    expect(seen).toEqual([]);
    const body = paymentEvent('evt_future', 'payment.paid', 'pi_future');
    expect((await postCollectionWebhook(api, body, { at: unixNow(api) + 3600 })).statusCode).toBe(401);
    const forged = await postCollectionWebhook(api, body, { secret: 'another-secret' });
    expect(forged.statusCode).toBe(401);
    expect(seen).toEqual([]);
  });

  it('answers 404 for a payment it does not know yet and handles the retry of the same event once it does', async () => {
    const body = paymentEvent('evt_early', 'payment.paid', 'pi_early');
    answer = 'unknown';
    expect((await postCollectionWebhook(api, body)).statusCode).toBe(404);
    answer = 'applied';
    expect((await postCollectionWebhook(api, body)).json()).toEqual({ ok: true, result: 'applied' });
    expect((await postCollectionWebhook(api, body)).json()).toEqual({ ok: true, result: 'replay' });
    expect(seen.map((e) => e.eventId)).toEqual(['evt_early', 'evt_early']);
  });

  describe('simulated collection gateway (PayMongo flow)', () => {
    const request = (key: string, phone: string, method?: { type: 'gcash' | 'qrph' }) => ({
      idempotencyKey: key,
      amountCentavos: 309_050,
      channel: 'eWallet' as const,
      ...(method && { method }),
      payer: { phone, name: 'Juan dela Cruz' },
      description: 'PA-1 settle',
      expiresAt: new Date(api.now().getTime() + 3_600_000),
      metadata: { orderId: 'o-1' },
    });

    it('attaches at once: a redirect for GCash, a QR image for QR Ph; the reference is the intent id', async () => {
      const { deliver } = capturedDeliveries();
      const gateway = createSimulatedCollectionGateway({
        db: api.database.db,
        now: api.now,
        delayMs: 60_000,
        failPattern: null,
        webhookSecret: 's',
        deliver,
      });
      const wallet = await gateway.createPayment(request('sim-gcash', '9170000001', { type: 'gcash' }));
      expect(wallet).toMatchObject({
        reference: wallet.providerRef,
        status: 'pending',
        currency: 'PHP',
        action: { kind: 'redirect', url: `${SIM_CHECKOUT_BASE}${wallet.providerRef}` },
      });
      const qr = await gateway.createPayment(request('sim-qr', '9170000002'));
      expect(qr.action).toMatchObject({
        kind: 'qr',
        url: expect.stringMatching(/^data:image\/png;base64,/u) as unknown,
      });
      await expect(gateway.createPayment(request('sim-qr', '9170000002'))).resolves.toEqual(qr);
    });

    it('fails one attempt, keeps the intent payable, then the payer pays: attempt_failed then paid, each with its own event id', async () => {
      let t = api.now();
      const { sent, deliver } = capturedDeliveries();
      const gateway = createSimulatedCollectionGateway({
        db: api.database.db,
        now: () => t,
        delayMs: 1000,
        failPattern: /^9179/u,
        payerRetries: true,
        webhookSecret: 's',
        deliver,
      });
      const intent = await gateway.createPayment(request('sim-retry', '9179000000', { type: 'gcash' }));
      t = new Date(t.getTime() + 1000);
      await gateway.flush();
      await expect(gateway.getPayment(intent.providerRef)).resolves.toMatchObject({
        status: 'pending',
        failureCode: 'generic_decline',
      });
      t = new Date(t.getTime() + 1000);
      await gateway.flush();
      await expect(gateway.getPayment(intent.providerRef)).resolves.toMatchObject({
        status: 'paid',
        failureCode: null,
      });
      const events = sent
        .filter((s) => s.body.includes(intent.providerRef))
        .map((s) => parseCollectionEvent(JSON.parse(s.body)));
      expect(events.map((e) => [e?.kind, e?.providerRef, e?.amountCentavos, e?.currency])).toEqual([
        ['attempt_failed', intent.providerRef, 309_050, 'PHP'],
        ['paid', intent.providerRef, 309_050, 'PHP'],
      ]);
      expect(events[0]?.eventId).not.toBe(events[1]?.eventId);
    });

    it('redelivers an event with the same id and its first timestamp after a failed delivery', async () => {
      let t = api.now();
      let status = 500;
      const { sent, deliver } = capturedDeliveries(() => status);
      const gateway = createSimulatedCollectionGateway({
        db: api.database.db,
        now: () => t,
        delayMs: 0,
        failPattern: null,
        webhookSecret: 's',
        deliver,
      });
      const intent = await gateway.createPayment(request('sim-redeliver', '9170000003'));
      await gateway.flush();
      const first = sent.filter((s) => s.body.includes(intent.providerRef));
      status = 200;
      t = new Date(t.getTime() + 3_600_000);
      await gateway.flush();
      const all = sent.filter((s) => s.body.includes(intent.providerRef));
      expect(all.length).toBe(first.length + 1);
      expect(all.map((s) => s.body)).toEqual(all.map(() => first[0]!.body));
      expect(new Set(all.map((s) => signatureTime(s.headers['paymongo-signature'])))).toEqual(
        new Set([signatureTime(first[0]!.headers['paymongo-signature'])]),
      );
    });
  });

  describe('simulated payout gateway (Xendit outcomes)', () => {
    const account = (accountNumber: string) => ({
      method: 'bank' as const,
      bankCode: 'bdo',
      accountNumber,
      holderName: 'Juan dela Cruz',
      phone: '9171234567',
    });

    it('plays each documented failure code, COMPLIANCE_REJECTED and REVERSED after SUCCEEDED, with their outcomes', async () => {
      let t = api.now();
      const { sent, deliver } = capturedDeliveries();
      const gateway = createSimulatedPayoutGateway({
        db: api.database.db,
        now: () => t,
        delayMs: 1000,
        failPattern: null,
        callbackToken: 'tok',
        deliver,
      });
      const expected: Record<string, [string, string, string | null][]> = {
        '121212': [['payout.failed', 'failed', 'fix_account']],
        '999999': [['payout.failed', 'failed', 'fix_account']],
        '123456': [['payout.failed', 'failed', 'retry']],
        '98018521': [['payout.failed', 'failed', 'staff']],
        '5550000001': [['payout.failed', 'failed', 'retry']],
        '5550000002': [['payout.failed', 'failed', 'fix_account']],
        '5550000003': [['payout.failed', 'failed', 'staff']],
        '5550000004': [['payout.failed', 'failed', 'staff']],
        '5550000005': [
          ['payout.succeeded', 'succeeded', null],
          ['payout.reversed', 'reversed', 'fix_account'],
        ],
        '1234567890': [['payout.succeeded', 'succeeded', null]],
      };
      expect(Object.keys(expected).filter((n) => n in SIM_PAYOUT_ACCOUNTS)).toEqual(Object.keys(SIM_PAYOUT_ACCOUNTS));
      const refs = new Map<string, string>();
      for (const number of Object.keys(expected)) {
        const created = await gateway.createPayout({
          idempotencyKey: `sim-${number}`,
          referenceId: `ref-${number}`,
          amountCentavos: 500_000,
          account: account(number),
          description: 'Loan',
        });
        expect(created).toMatchObject({ status: 'pending', outcome: null, providerStatus: 'ACCEPTED' });
        refs.set(created.providerRef, number);
      }
      for (let i = 0; i < 3; i += 1) {
        t = new Date(t.getTime() + 1000);
        await gateway.flush();
      }
      const got: Record<string, [string, string, string | null][]> = {};
      for (const s of sent) {
        const parsed = JSON.parse(s.body) as { event: string };
        const result = parsePayoutCallback(parsed)!;
        expect(s.headers['x-callback-token']).toBe('tok');
        expect([result.amountCentavos, result.currency]).toEqual([500_000, 'PHP']);
        (got[refs.get(result.providerRef)!] ??= []).push([parsed.event, result.status, result.outcome]);
      }
      expect(got).toEqual(expected);
      const reversed = [...refs].find(([, n]) => n === '5550000005')![0];
      await expect(gateway.getPayout(reversed)).resolves.toMatchObject({
        status: 'reversed',
        providerStatus: 'REVERSED',
      });
    });
  });
});
