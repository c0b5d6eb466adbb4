import { describe, expect, it } from 'vitest';
import {
  parseCollectionEvent,
  sameToken,
  signCollectionWebhook,
  verifyCollectionSignature,
  WEBHOOK_MAX_AGE_SECONDS,
  webhookEventHeader,
} from './collection-provider.ts';

const secret = 'whsk_test_secret_0123456789';
const body =
  '{"data":{"id":"evt_1","type":"event","attributes":{"type":"payment.paid","data":{"id":"pay_1","attributes":{"amount":309000,"currency":"PHP","payment_intent_id":"pi_1"}}}}}';
const at = new Date('2026-11-22T03:00:00Z');
const unix = at.getTime() / 1000;

describe('collection webhook signatures (PayMongo shape)', () => {
  it("accepts its own signature over the raw body, and PayMongo's te/li parts", () => {
    const header = signCollectionWebhook(secret, body, unix);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/u);
    expect(verifyCollectionSignature(header, body, secret, at)).toBe(true);
    expect(verifyCollectionSignature(header.replace('v1=', 'te='), body, secret, at)).toBe(true);
  });

  it('refuses another secret, other bytes, old or future timestamps and malformed headers', () => {
    const header = signCollectionWebhook(secret, body, unix);
    expect(verifyCollectionSignature(header, `${body} `, secret, at)).toBe(false);
    expect(verifyCollectionSignature(header, body, 'another-secret-0123456', at)).toBe(false);
    expect(verifyCollectionSignature(signCollectionWebhook(secret, body, unix + 301), body, secret, at)).toBe(false);
    expect(verifyCollectionSignature(signCollectionWebhook(secret, body, unix + 299), body, secret, at)).toBe(true);
    expect(
      verifyCollectionSignature(
        signCollectionWebhook(secret, body, unix - WEBHOOK_MAX_AGE_SECONDS - 1),
        body,
        secret,
        at,
      ),
    ).toBe(false);
    for (const bad of [undefined, '', 'v1=abc', 't=x,v1=00', `t=${unix},v1=${'0'.repeat(63)}`])
      expect(verifyCollectionSignature(bad, body, secret, at)).toBe(false);
  });

  it('accepts a retried delivery that still carries its first timestamp, 136.5 minutes old (PayMongo "Webhook Retry Logic")', () => {
    const first = unix - 136.5 * 60;
    expect(verifyCollectionSignature(signCollectionWebhook(secret, body, first), body, secret, at)).toBe(true);
    expect(verifyCollectionSignature(signCollectionWebhook(secret, body, unix - 24 * 3600), body, secret, at)).toBe(
      true,
    );
  });

  it('reads payment.paid as paid and payment.failed as one failed attempt, with the intent, payment, amount and currency', () => {
    expect(parseCollectionEvent(JSON.parse(body))).toEqual({
      eventId: 'evt_1',
      kind: 'paid',
      providerRef: 'pi_1',
      paymentId: 'pay_1',
      amountCentavos: 309000,
      currency: 'PHP',
      failureCode: null,
    });
    const failed = {
      data: {
        id: 'evt_2',
        attributes: {
          type: 'payment.failed',
          data: {
            id: 'pay_2',
            attributes: {
              amount: 309000,
              currency: 'PHP',
              payment_intent_id: 'pi_1',
              failed_code: 'insufficient_funds',
            },
          },
        },
      },
    };
    expect(parseCollectionEvent(failed)).toEqual({
      eventId: 'evt_2',
      kind: 'attempt_failed',
      providerRef: 'pi_1',
      paymentId: 'pay_2',
      amountCentavos: 309000,
      currency: 'PHP',
      failureCode: 'insufficient_funds',
    });
    expect(webhookEventHeader({ data: { id: 'evt_3', attributes: { type: 'source.chargeable' } } })).toEqual({
      id: 'evt_3',
      type: 'source.chargeable',
    });
    expect(webhookEventHeader({ data: { attributes: { type: 'payment.paid' } } })).toBeNull();
    expect(
      parseCollectionEvent({
        data: {
          id: 'evt',
          attributes: { type: 'payment.paid', data: { attributes: { amount: 100, payment_intent_id: 'pi' } } },
        },
      }),
    ).toMatchObject({ kind: 'paid', currency: null });
    expect(
      parseCollectionEvent({
        data: {
          id: 'evt',
          attributes: {
            type: 'payment.paid',
            data: { attributes: { amount: 1.5, currency: 'PHP', payment_intent_id: 'pi' } },
          },
        },
      }),
    ).toBeNull();
    expect(
      parseCollectionEvent({
        data: { id: 'evt', attributes: { type: 'source.chargeable', data: { attributes: {} } } },
      }),
    ).toBeNull();
    expect(parseCollectionEvent(null)).toBeNull();
    expect(
      parseCollectionEvent({
        data: {
          id: 'evt',
          attributes: { type: 'payment.paid', data: { attributes: { amount: 1.5, payment_intent_id: 'pi' } } },
        },
      }),
    ).toBeNull();
  });

  it('compares callback tokens in constant time, whatever their lengths', () => {
    expect(sameToken('token-123', 'token-123')).toBe(true);
    expect(sameToken('token-12', 'token-123')).toBe(false);
    expect(sameToken(undefined, 'token-123')).toBe(false);
  });
});
